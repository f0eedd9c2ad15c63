// Builds the portal bundle (one ESM file, its CSS, index.html, images) and the harness CLI.
// esbuild is imported where it builds: the header and policy functions here also load in jsdom tests, where it cannot.
import { mkdir, readFile, writeFile, cp, rm, rename } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildComposition } from './tools/build/composition.mjs';
import { firebaseStaticFields } from './tools/build/firebase-static-fields.mjs';
import {
  CATALOGUE,
  catalogueKeys,
  keysNamedIn,
  shortMessageKeys,
  splitCatalogue,
} from './tools/build/short-message-keys.mjs';
import { PORTAL_ENTRY, criticalPath } from './tools/build/critical-path.mjs';
import { LOCALES_PATH, writeLocaleFiles } from './tools/build/locale-files.mjs';
import { DEFAULT_PORTS, PORT_VARIABLES } from './tools/build/default-ports.mjs';
import { CHUNKS_DIR, WARM_UP, PAGE_STYLES, PAGES, STYLES_DIR, pageFiles } from './tools/build/pages.mjs';

// The project root, also when this file is bundled into dist/cli by buildCli().
const root = (() => {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'home-design-portal') return dir;
    if (dirname(dir) === dir) throw new Error('cannot find the project root');
  }
})();
export const FLAVOURS = ['staging', 'development', 'production'];

const env = (name, fallback) => {
  const value = process.env[name];
  return value === undefined || value === '' ? fallback : value;
};
const list = (value) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const port = (name, value) => {
  const n = Number(value);
  if (!/^\d+$/.test(String(value)) || n < 1 || n > 65535)
    throw new Error(`${name}: "${value}" is not a port (1-65535)`);
  return n;
};

/**
 * The config as the bundle's defines, each JSON text parsed once where it is read (src/config): the page's part for
 * every page, and PayPal's and the stores' addresses apart, so that only the chunks that pay, or draw the store badges,
 * carry them (not /auth's critical path). The build's own fields (liveReloadUrl, localStack) stay in the page's part.
 */
export function configDefines(config) {
  const { paypal, links, ...page } = config;
  const { appStore, googlePlay, microsoftStore, ...pageLinks } = links;
  const define = (value) => JSON.stringify(JSON.stringify(value));
  return {
    __PORTAL_CONFIG__: define({ ...page, links: pageLinks }),
    __PAYPAL_CONFIG__: define(paypal),
    __STORE_LINKS__: define({ appStore, googlePlay, microsoftStore }),
  };
}

/**
 * The typed config of src/config/config.ts, from environment variables and local-stack defaults.
 * Defaults point at the local stack; none of them is a real secret.
 */
export function portalConfig(flavour = 'staging', overrides = {}) {
  if (!FLAVOURS.includes(flavour)) throw new Error(`unknown flavour ${flavour}: use ${FLAVOURS.join(', ')}`);
  const backendPort = env(PORT_VARIABLES.backend, String(DEFAULT_PORTS.backend));
  const backendUrl = env('PORTAL_BACKEND_URL', `http://127.0.0.1:${backendPort}`);
  const production = flavour === 'production';
  // A build meant for deployment (production, or `npm run deploy -- --env staging`) never defaults to the stand-in.
  const deployed = production || overrides.deployment === true;
  // Production and development/staging use different PayPal plan ids; development and staging share theirs.
  const planIds = production
    ? {
        MONTHLY: env('PAYPAL_PLAN_MONTHLY_PROD', 'P-PROD-MONTHLY'),
        SIX_MONTH: env('PAYPAL_PLAN_SIX_MONTH_PROD', 'P-PROD-SIX-MONTH'),
        ANNUAL: env('PAYPAL_PLAN_ANNUAL_PROD', 'P-PROD-ANNUAL'),
      }
    : {
        MONTHLY: env('PAYPAL_PLAN_MONTHLY', 'P-TEST-MONTHLY'),
        SIX_MONTH: env('PAYPAL_PLAN_SIX_MONTH', 'P-TEST-SIX-MONTH'),
        ANNUAL: env('PAYPAL_PLAN_ANNUAL', 'P-TEST-ANNUAL'),
      };
  const config = {
    flavour,
    isProduction: production,
    isDevelopment: flavour === 'development',
    isStaging: flavour === 'staging',
    // SPEC 1: the manual fallback payment path exists in the staging build (and development); never in production.
    paymentBypass: !production,
    useEmulator: env('PORTAL_USE_EMULATOR', production ? 'false' : 'true') === 'true',
    authEmulatorUrl: env(
      'PORTAL_AUTH_EMULATOR_URL',
      `http://127.0.0.1:${env(PORT_VARIABLES.auth, String(DEFAULT_PORTS.auth))}`,
    ),
    backendUrl,
    requestTimeoutMs: Number(env('PORTAL_REQUEST_TIMEOUT_MS', '15000')),
    paypal: {
      clientId: env('PAYPAL_CLIENT_ID', 'test-client-id'),
      sdkBaseUrl: env('PAYPAL_SDK_BASE_URL', deployed ? '' : `${backendUrl}/paypal/sdk/js`),
      planIds,
    },
    firebase: {
      apiKey: env('FIREBASE_API_KEY', 'demo-api-key'),
      authDomain: env('FIREBASE_AUTH_DOMAIN', 'demo-portal.firebaseapp.com'),
      projectId: env('FIREBASE_PROJECT_ID', 'demo-portal'),
      appId: env('FIREBASE_APP_ID', '1:000000000000:web:0000000000000000'),
    },
    productName: env('PRODUCT_NAME', 'Dream Book'),
    siteUrl: env('PORTAL_SITE_URL', 'https://dreambook.example'),
    links: {
      privacy: env('PRIVACY_URL', 'https://dreambook.example/privacy'),
      terms: env('TERMS_URL', 'https://dreambook.example/terms'),
      appStore: env('APP_STORE_URL', 'https://apps.apple.com/app/id0000000000'),
      googlePlay: env('GOOGLE_PLAY_URL', 'https://play.google.com/store/apps/details?id=example.dreambook'),
      microsoftStore: env('MICROSOFT_STORE_URL', 'https://apps.microsoft.com/detail/9NBLGGH00000'),
    },
    deepLinkScheme: env('DEEP_LINK_SCHEME', 'dreambook'),
    desktopPort: port(PORT_VARIABLES.desktop, env(PORT_VARIABLES.desktop, String(DEFAULT_PORTS.desktop))),
    // Only these loopback ports receive a token (issue: any loopback port let any local process collect one).
    desktopPorts: list(env('PORTAL_DESKTOP_PORTS', '')).map((p) => port('PORTAL_DESKTOP_PORTS', p)),
    devLocalIp: env('DEV_LOCAL_IP', ''),
    allowedDesktopOrigins: list(env('PORTAL_ALLOWED_DESKTOP_ORIGINS', '')),
    webkitHandlerName: env('PORTAL_WEBKIT_HANDLER', 'portal'),
    androidBridgeName: env('PORTAL_ANDROID_BRIDGE', 'PortalBridge'),
    standalone: env('PORTAL_STANDALONE', 'false') === 'true',
    // Origins allowed to frame the portal (CSP frame-ancestors); none unless a host really frames it.
    frameAncestors: list(env('PORTAL_FRAME_ANCESTORS', '')),
    // The pseudo-locales en-XA and ar-XB (docs/languages.md "Languages"): development builds and the e2e suite only.
    pseudoLocales: env('PORTAL_PSEUDO_LOCALES', flavour === 'development' ? 'true' : 'false') === 'true',
    ...overrides,
  };
  return config;
}

/** This machine, in any spelling the URL parser leaves (it folds 0x7f.1, 2130706433 and 0:0:0:0:0:0:0:1 already). */
function isLoopbackHost(hostname) {
  const host = hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\./.test(host) ||
    host === '0.0.0.0' ||
    host === '::1' ||
    host === '::' ||
    /^::ffff:(127\.|7f[0-9a-f]{2}:)/.test(host)
  );
}

/**
 * Why a build meant for deployment may not be made from `config`, in one line, or null. Production builds are always
 * meant for deployment; a staging build is when `deployment` is set (`npm run deploy -- --env staging`). A build with
 * `localStack: true` (set only through buildPortal's JS `config`, never by a variable: the bench and the tests, which
 * run a production bundle against the local stack) is exempt, and can never be a deployment.
 */
export function deploymentProblem(config) {
  const deployment = config.isProduction || config.deployment === true;
  if (!deployment) return null;
  if (config.localStack === true)
    return config.deployment === true ? 'a localStack build (bench and tests only) cannot be deployed' : null;
  const what = config.isProduction ? 'production build' : `${config.flavour} build for deployment`;
  if (config.pseudoLocales) return `${what} refused: PORTAL_PSEUDO_LOCALES is true (pseudo-locales are for tests)`;
  if (config.useEmulator)
    return `${what} refused: PORTAL_USE_EMULATOR is true (set PORTAL_USE_EMULATOR=false: the real identity service)`;
  const checks = [
    ['PORTAL_BACKEND_URL', config.backendUrl],
    ['FIREBASE_AUTH_DOMAIN', `https://${config.firebase.authDomain}`],
    ...(config.paypal.sdkBaseUrl ? [['PAYPAL_SDK_BASE_URL', config.paypal.sdkBaseUrl]] : []),
  ];
  for (const [name, value] of checks) {
    let url;
    try {
      url = new URL(value);
    } catch {
      return `${what} refused: ${name} "${value}" is not a URL`;
    }
    if (isLoopbackHost(url.hostname))
      return `${what} refused: ${name} is ${value}, this machine (loopback), not the deployed service`;
    if (url.protocol !== 'https:') return `${what} refused: ${name} is ${value}, not https`;
  }
  // A demo- project exists only in the emulator: with it, the real identity service answers every sign-in with an error.
  if (config.firebase.projectId.startsWith('demo-'))
    return `${what} refused: FIREBASE_PROJECT_ID is ${config.firebase.projectId}, the emulator's demo project (set the FIREBASE_* variables of the real project)`;
  return null;
}

/** Throws the one-line problem of deploymentProblem (code PORTAL_UNSAFE_CONFIG), for build.mjs to exit 2 with. */
export function assertDeployable(config) {
  const problem = deploymentProblem(config);
  if (problem) throw Object.assign(new Error(problem), { code: 'PORTAL_UNSAFE_CONFIG' });
}

/**
 * The Content-Security-Policy a host should send with the portal built from `config`. docs/security.md
 * "Content-Security-Policy" gives the reason for every source; keep the two in step.
 */
export function contentSecurityPolicy(config) {
  const origin = (url) => (url ? new URL(url).origin : '');
  // The desktop listener's ports only; CSP host-sources cannot name IPv6 literals, so [::1] is reached by navigation.
  const desktopPorts = [...new Set([config.desktopPort, ...(config.desktopPorts ?? [])])];
  // Development builds may also hand off to a LAN {ip} on those ports (SPEC 2 dev mode); CSP cannot name an address
  // range, so there it is DEV_LOCAL_IP when set, else any host on the desktop ports (the allow-list still checks).
  const lan = config.isDevelopment ? (config.devLocalIp ? [`http://${config.devLocalIp}`] : ['http://*']) : [];
  const desktop = desktopPorts
    .flatMap((p) => [`http://127.0.0.1:${p}`, `http://localhost:${p}`, ...lan.map((h) => `${h}:${p}`)])
    .join(' ');
  // Firebase's popup sign-in loads Google's gapi loader (apis.google.com/js/api.js), whose gapi.load('gapi.iframes')
  // adds its module from apis.google.com/_/scs/; scripts by path only, the helper frames by origin.
  const google = 'https://apis.google.com';
  const googleScripts = 'https://apis.google.com/js/api.js https://apis.google.com/_/scs/';
  const identity =
    'https://identitytoolkit.googleapis.com https://securetoken.googleapis.com https://www.googleapis.com';
  // The stand-in (or any SDK base URL) in staging and development; PayPal's live host, never its sandbox, in production.
  const paypal = config.paypal.sdkBaseUrl
    ? origin(config.paypal.sdkBaseUrl)
    : config.isProduction
      ? 'https://www.paypal.com'
      : 'https://www.paypal.com https://www.sandbox.paypal.com';
  // paypal-js loads `${sdkBaseUrl}?client-id=...` (PayPal's https://www.paypal.com/sdk/js by default); its buttons and
  // checkout run in frames of www.paypal.com, so the page needs that one script path (CSP ignores the query).
  const withoutQuery = (url) => url.replace(/[?#].*$/, '');
  const paypalScript = config.paypal.sdkBaseUrl
    ? withoutQuery(config.paypal.sdkBaseUrl)
    : config.isProduction
      ? 'https://www.paypal.com/sdk/js'
      : 'https://www.paypal.com/sdk/js https://www.sandbox.paypal.com/sdk/js';
  // PayPal's live SDK writes <style> elements into the page for its button container and recommends 'unsafe-inline'
  // for styles; the stand-in does not, so only a build that loads PayPal's own SDK allows inline style elements.
  const paypalStyles = config.paypal.sdkBaseUrl ? '' : `${paypal} 'unsafe-inline'`;
  const paypalImages = config.paypal.sdkBaseUrl ? '' : 'https://www.paypalobjects.com';
  const emulator = config.useEmulator ? origin(config.authEmulatorUrl) : '';
  const authDomain = `https://${config.firebase.authDomain}`;
  const ancestors = config.frameAncestors?.length ? config.frameAncestors.join(' ') : "'none'";
  // `npm run dev` only: the page listens to the watch's reload events (checked by liveReloadOrigin to be development).
  const liveReload = liveReloadOrigin(config);
  const join = (...parts) => [...new Set(parts.join(' ').split(/\s+/).filter(Boolean))].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${join("'self'", paypalScript, googleScripts)}`,
    // Style elements only from the site (and PayPal's SDK where it runs); style attributes stay allowed, since React
    // sets a few (the before/after slider's position). Browsers without the -elem/-attr directives use style-src.
    `style-src 'self' 'unsafe-inline'`,
    `style-src-elem ${join("'self'", paypalStyles)}`,
    `style-src-attr 'unsafe-inline'`,
    // The account page shows the identity provider's photoURL: Google's are on lh3-lh6.googleusercontent.com (Apple
    // gives none, e-mail accounts have none); another host is refused and the initials show instead.
    `img-src ${join("'self'", 'data: blob:', paypal, paypalImages, GOOGLE_PHOTO_HOSTS)}`,
    `font-src 'self' data:`,
    `connect-src ${join("'self'", origin(config.backendUrl), paypal, emulator, identity, desktop, ...config.allowedDesktopOrigins, liveReload)}`,
    `frame-src ${join(authDomain, emulator, paypal, google)}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    // Nobody may frame the portal (clickjacking of Delete Account and payments) unless PORTAL_FRAME_ANCESTORS says so.
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}

/** V8's explicit compile hint for a whole file: it must be the file's first line (v8.dev/blog/explicit-compile-hints). */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** esbuild's banner option for these lines, none for none. */
const banner = (lines) => (lines.length > 0 ? { banner: { js: lines.join('\n') } } : {});

/** Where Google account photos (Firebase's photoURL for Google sign-in) are served from. */
const GOOGLE_PHOTO_HOSTS = ['lh3', 'lh4', 'lh5', 'lh6'].map((h) => `https://${h}.googleusercontent.com`).join(' ');

/** The origin of the live-reload event source, only in a development build that has one; '' otherwise. */
function liveReloadOrigin(config) {
  if (!config.liveReloadUrl) return '';
  if (!config.isDevelopment)
    throw new Error(`liveReloadUrl is for the development flavour only, not ${config.flavour}`);
  return new URL(config.liveReloadUrl).origin;
}

/** Headers every answer of the portal carries, wherever it is served (Firebase Hosting, the harness's static server). */
export function securityHeaders(config) {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    // A site that opened the portal loses its handle on the tab (it could navigate it to a look-alike); Firebase's
    // sign-in and PayPal's checkout popups, which the portal opens, keep theirs.
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  };
}

/**
 * The policy of every file that is not a page (scripts, stylesheets, language files, images): it runs nothing if one is
 * ever opened as a document (an SVG, say), and at about 20 bytes it spares each of them the page policy's kilobyte, which
 * HTTP/1.1 would repeat on every answer (/auth's HTML names eight files). A policy on a script or a stylesheet governs
 * nothing else: the page's own governs what they load.
 */
export const ASSET_POLICY = "default-src 'none'";

/** Cache-Control by kind of file: hashed names never change content, index.html must be revalidated on every load. */
export const CACHE_CONTROL = {
  hashed: 'public, max-age=31536000, immutable',
  index: 'no-cache',
  // /images keep their names across releases: a day fresh, then revalidated (ETag) while the old copy is still shown.
  images: 'public, max-age=86400, stale-while-revalidate=604800',
};

/**
 * The `hosting` section of firebase.json for the portal built from `config` and served from `publicDir` (relative to
 * the firebase.json that holds it). Headers match the request path, not the rewritten one, so the `**` rule gives
 * every SPA path (and index.html) the policy and no-cache, and the later rules override Cache-Control and the policy for
 * files (ASSET_POLICY).
 */
export function hostingConfig(config, publicDir) {
  const headers = (values) => Object.entries(values).map(([key, value]) => ({ key, value }));
  const asset = (cache) => headers({ 'Cache-Control': cache, 'Content-Security-Policy': ASSET_POLICY });
  return {
    public: publicDir,
    ignore: ['firebase.json', '**/.*', '**/node_modules/**'],
    // A page's path answers its own HTML, which preloads its chunks (tools/build/pages.mjs); every other path the router
    // owns answers index.html. A missing image, language file or chunk stays a 404 instead of a page.
    rewrites: [
      ...PAGES.map((page) => ({ source: page.path, destination: `/${page.html}` })),
      { source: `!/@(images|${LOCALES_PATH.slice(1)}|${CHUNKS_DIR}|${STYLES_DIR})/**`, destination: '/index.html' },
    ],
    headers: [
      { source: '**', headers: headers({ ...securityHeaders(config), 'Cache-Control': CACHE_CONTROL.index }) },
      { source: '/app-*.@(js|css)', headers: asset(CACHE_CONTROL.hashed) },
      { source: '/assets/**', headers: asset(CACHE_CONTROL.hashed) },
      { source: `/@(${CHUNKS_DIR}|${STYLES_DIR})/**`, headers: asset(CACHE_CONTROL.hashed) },
      { source: `${LOCALES_PATH}/**`, headers: asset(CACHE_CONTROL.hashed) },
      { source: '/images/**', headers: asset(CACHE_CONTROL.images) },
    ],
  };
}

/** Outside development builds, routes/dev-routes resolves to an empty list: the /dev-data code is not bundled at all. */
const withoutDevRoutes = {
  name: 'without-dev-routes',
  setup(build) {
    build.onResolve({ filter: /\/dev-routes$/ }, () => ({ path: join(root, 'src/routes/no-dev-routes.ts') }));
  },
};

function sizeOf(bytes) {
  // gzip -9, the level the size targets (docs/performance.md "Performance") are stated in.
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, brotli: brotliCompressSync(bytes).length };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;

/**
 * Which catalogue keys the entry's modules name (a first build, written nowhere: the entry's critical path from its
 * metafile): the two halves of a language file, those keys and the pages', each in the catalogue's order
 * (tools/build/short-message-keys.mjs, tools/build/locale-files.mjs).
 */
async function catalogueSplit(esbuild, options) {
  const probe = await esbuild.build({
    ...options,
    write: false,
    minify: false,
    sourcemap: false,
    logLevel: 'silent',
    plugins: options.plugins.filter((plugin) => plugin.name !== 'short-message-keys'),
  });
  const catalogue = await readFile(join(root, CATALOGUE), 'utf8');
  const keys = catalogueKeys(catalogue);
  const sources = await Promise.all(
    criticalPath(probe.metafile, PORTAL_ENTRY)
      .modules.filter((module) => module.startsWith('src/') && /\.tsx?$/.test(module))
      .map((module) => readFile(join(root, module), 'utf8')),
  );
  const entryKeys = keysNamedIn(sources, keys);
  const { pageKeys } = splitCatalogue(catalogue, entryKeys);
  return { entryKeys, entry: keys.filter((key) => entryKeys.has(key)), pages: pageKeys };
}

/** Builds the portal (or another `entry` the same way, as the bench's floor) into `outdir`; returns its size report. */
export async function buildPortal({
  flavour = 'staging',
  outdir,
  config: overrides = {},
  watch = false,
  quiet = false,
  entry = 'src/main.tsx',
  onRebuild,
} = {}) {
  const esbuild = await import('esbuild');
  // The portal's own entry; a floor's build (tests/bench/floor) takes the card's packages as they are.
  const portal = entry === 'src/main.tsx';
  const config = portalConfig(flavour, overrides);
  assertDeployable(config);
  const out = resolve(
    outdir ?? join(root, 'dist', config.standalone ? `portal-${flavour}-standalone` : `portal-${flavour}`),
  );
  // The deployable folder holds only what is served; source maps, the metafile, the size report and the policy go to
  // this sibling, which the bench and tools read and nobody uploads.
  const reportDir = `${out}.report`;
  await rm(out, { recursive: true, force: true });
  await rm(reportDir, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  await mkdir(reportDir, { recursive: true });
  const optionsWith = (localeFiles, entryKeys) => ({
    // The portal's entry, the stylesheets that travel with their pages and the signed-in pages' warm-up
    // (tools/build/pages.mjs); a floor has none.
    entryPoints: {
      app: join(root, entry),
      ...(portal
        ? {
            ...Object.fromEntries(
              Object.entries(PAGE_STYLES).map(([name, source]) => [`${STYLES_DIR}/${name}`, join(root, source)]),
            ),
            [`${CHUNKS_DIR}/warm-up`]: join(root, WARM_UP),
          }
        : {}),
    },
    bundle: true,
    absWorkingDir: root,
    format: 'esm',
    splitting: true,
    platform: 'browser',
    target: ['es2022', 'chrome110', 'safari16', 'firefox115'],
    outdir: out,
    entryNames: '[dir]/[name]-[hash]',
    chunkNames: `${CHUNKS_DIR}/[name]-[hash]`,
    assetNames: 'assets/[name]-[hash]',
    minify: true,
    // External: the bundle names no map, and the maps move to the report folder.
    sourcemap: 'external',
    legalComments: 'none',
    // The texts' typographic quotes and ellipses as they are (3 bytes of UTF-8), not as \u escapes (6): a module
    // script is always read as UTF-8.
    charset: 'utf8',
    metafile: true,
    jsx: 'automatic',
    loader: { '.svg': 'file', '.png': 'file', '.webp': 'file' },
    define: {
      // JSON text, parsed once (src/config/config.ts says why not an object).
      // A floor (tests/bench/floor) reads the whole config as one text, as the portal did before the split: the floor
      // stays as it was, so that each round's figures compare with the last.
      ...(portal ? configDefines(config) : { __PORTAL_CONFIG__: JSON.stringify(JSON.stringify(config)) }),
      DEV_BUILD: JSON.stringify(config.isDevelopment),
      // The translated languages and the one hash that names their files (tools/build/locale-files.mjs). The list as
      // JSON text, as the config: an array define becomes a variable shared between chunks.
      LOCALE_TAGS: JSON.stringify(JSON.stringify(localeFiles.tags)),
      LOCALE_HASH: JSON.stringify(localeFiles.hash),
      // Whether each language's pages' texts are a file of their own (a split build, below).
      LOCALE_PAGES: JSON.stringify(entryKeys !== null),
      PAYMENT_BYPASS: JSON.stringify(config.paymentBypass),
      // Whether Firebase Auth talks to the emulator: a constant, so production holds no connectAuthEmulator at all.
      USE_AUTH_EMULATOR: JSON.stringify(config.useEmulator),
      'process.env.NODE_ENV': JSON.stringify(config.isDevelopment ? 'development' : 'production'),
      // Primitives, so valtio's `(import.meta.env ? import.meta.env.MODE : void 0) !== "production"` dev checks fold
      // away (an object define becomes a shared variable that esbuild cannot fold). Only the members below are read.
      'import.meta.env': 'true',
      'import.meta.env.MODE': JSON.stringify('production'),
      'import.meta.env.DEV': 'false',
      'import.meta.env.PROD': 'true',
    },
    // React 19 has useSyncExternalStore: @tanstack/react-store's selector needs no shim.
    alias: { 'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector' },
    logLevel: quiet ? 'silent' : 'warning',
    plugins: [
      firebaseStaticFields(),
      ...(config.isDevelopment ? [] : [withoutDevRoutes]),
      // Message keys as short codes in every built bundle, so the e2e suite runs what production ships. Not in watch
      // builds: a rebuild does not load unchanged files again, and a key added to the catalogue moves later codes.
      ...(watch ? [] : [shortMessageKeys(root, { entryKeys })]),
    ],
    // Every file opens with V8's explicit compile hint (Chrome 136+; a plain comment elsewhere): its functions are
    // compiled as the file streams in, on a background thread, instead of on the main thread at their first call. The
    // files run at once when they arrive (the entry and its chunks start the page; a page's chunk, PayPal's or the QR
    // code's are fetched when they are about to run). Lazily compiled, the one function esbuild wraps around
    // react-dom's CommonJS module was parsed twice on the main thread: once to find its end, once more when called.
    // In `npm run dev`, the reload client follows it (the CSP forbids inline scripts); absent in every other build.
    // esbuild puts a banner at the top of every file it writes, chunks too: the first file a page runs opens the one
    // connection, the others find it.
    ...banner([
      // Not in a floor's build (tests/bench/floor): the floor stays the card's packages as they are.
      ...(portal ? [COMPILE_HINT] : []),
      ...(liveReloadOrigin(config)
        ? [
            'if (!globalThis.__portalLiveReload) {',
            `  globalThis.__portalLiveReload = new EventSource(${JSON.stringify(config.liveReloadUrl)});`,
            "  globalThis.__portalLiveReload.addEventListener('change', () => location.reload());",
            '}',
          ]
        : []),
    ]),
  });
  // A production-like build (not watch, the portal's entry) splits the English catalogue: the texts the entry's modules
  // name stay in the entry, the rest go with the pages (tools/build/short-message-keys.mjs); each language gets a file
  // of the entry's texts and one of the pages'. A first pass, written nowhere, finds the entry's modules.
  const split = watch || !portal ? null : await catalogueSplit(esbuild, optionsWith({ hash: '', tags: [] }, null));
  const localeFiles = await writeLocaleFiles({
    root,
    out,
    pseudoLocales: config.pseudoLocales,
    ...(split ? { split: { entry: split.entry, pages: split.pages } } : {}),
  });
  const options = optionsWith(localeFiles, split?.entryKeys ?? null);
  const writeShell = async (metafile) => {
    // A chunk's own stylesheet holds only the entry's styles (its imports reach the entry's; a page's come from
    // PAGE_STYLES): nothing names it, so it is not served.
    const chunkCss = (f) => f.endsWith('.css') && relative(out, join(root, f)).startsWith(`${CHUNKS_DIR}/`);
    for (const f of Object.keys(metafile.outputs).filter(chunkCss)) {
      await rm(join(root, f), { force: true });
      await rm(join(root, `${f}.map`), { force: true });
      delete metafile.outputs[f];
      delete metafile.outputs[`${f}.map`];
    }
    const outputs = Object.keys(metafile.outputs);
    // Metafile paths are relative to the project root; the HTML and the reports name files below the build's root.
    const rel = (f) => relative(out, join(root, f)).split('\\').join('/');
    const template = await readFile(join(root, 'src/index.html'), 'utf8');
    // The first screen waits on the identity service (the session restore) and the backend (the cloud save): the
    // connections open while the bundle loads. Cross-origin fetches without credentials: `crossorigin` pools.
    const identity = config.useEmulator
      ? new URL(config.authEmulatorUrl).origin
      : 'https://identitytoolkit.googleapis.com';
    const preconnect = config.standalone ? [] : [identity, new URL(config.backendUrl).origin];
    // index.html for /auth and every path without a page of its own; one HTML per page, naming its chunks.
    // Another entry (the bench's floors) has no pages: index.html alone.
    const pages = portal ? PAGES : [];
    const shells = [{ html: 'index.html', page: null }, ...pages.map((page) => ({ html: page.html, page }))];
    for (const { html, page } of shells) {
      const files = pageFiles(metafile, rel, page, entry);
      const head = [
        `<script type="module" src="/${files.entry}"></script>`,
        ...preconnect.map((o) => `<link rel="preconnect" href="${escapeHtml(o)}" crossorigin>`),
        ...files.preload.map((f) => `<link rel="modulepreload" href="/${f}">`),
        ...files.css.map((f) => `<link rel="stylesheet" href="/${f}">`),
        ...files.images.map((f) => `<link rel="preload" as="image" href="${f}" fetchpriority="high">`),
        // Async: runs as soon as it arrives, while the larger files are still on their way (WARM_UP), and decodes
        // the images named above. High, so that Chromium's first requests do not hold it back as an async script's
        // low priority would; it is a few hundred bytes.
        ...files.scripts.map((f) => `<script type="module" async src="/${f}" fetchpriority="high"></script>`),
        // Where a page's chunk finds its stylesheet when it arrives by an in-app move (src/state/page-styles.ts).
        ...Object.entries(files.styles).map(([name, f]) => `<meta name="portal:style:${name}" content="/${f}">`),
      ];
      const text = template
        .replaceAll('{{PRODUCT}}', escapeHtml(config.productName))
        .replace('{{HEAD}}', head.join('\n    '));
      await writeFile(join(out, html), text);
    }
    await cp(join(root, 'src/public'), out, { recursive: true });
    for (const map of outputs.filter((f) => f.endsWith('.map'))) {
      await mkdir(dirname(join(reportDir, rel(map))), { recursive: true });
      await rename(join(root, map), join(reportDir, rel(map)));
    }
    await writeFile(join(reportDir, 'csp.txt'), contentSecurityPolicy(config) + '\n');
    // Generated with every build, beside (not inside) the uploaded folder: `firebase deploy --config` reads it there.
    await writeFile(
      join(reportDir, 'firebase.json'),
      JSON.stringify({ hosting: hostingConfig(config, `../${basename(out)}`) }, null, 2) + '\n',
    );
    const report = {};
    for (const f of outputs.filter((f) => /\.(js|css)$/.test(f))) {
      report[rel(f)] = sizeOf(await readFile(join(root, f)));
    }
    await writeFile(join(reportDir, 'size-report.json'), JSON.stringify({ flavour, report }, null, 2));
    await writeFile(join(reportDir, 'meta.json'), JSON.stringify(metafile));
    return report;
  };
  if (watch) {
    let firstBuild;
    const built = new Promise((resolve) => (firstBuild = resolve));
    const ctx = await esbuild.context({
      ...options,
      plugins: [
        ...options.plugins,
        {
          name: 'shell',
          setup: (b) =>
            b.onEnd(async (r) => {
              // A failed rebuild keeps the last good bundle served; esbuild has printed the errors.
              if (r.metafile && r.errors.length === 0) {
                await writeShell(r.metafile);
                await onRebuild?.();
              }
              firstBuild();
            }),
        },
      ],
    });
    await ctx.watch();
    await built;
    return { outdir: out, reportDir, config, ctx };
  }
  const result = await esbuild.build(options);
  const report = await writeShell(result.metafile);
  // The JS part by part (own code, each package), gzip -9 alone, from every JS file and its source map.
  const scripts = Object.keys(report).filter((f) => f.endsWith('.js'));
  const composition = buildComposition(
    await Promise.all(
      scripts.map(async (file) => ({
        code: await readFile(join(out, file), 'utf8'),
        map: JSON.parse(await readFile(join(reportDir, `${file}.map`), 'utf8')),
      })),
    ),
  );
  await writeFile(join(reportDir, 'size-report.json'), JSON.stringify({ flavour, report, composition }, null, 2));
  if (!quiet) {
    console.log(
      `portal (${flavour}${config.standalone ? ', standalone' : ''}) -> ${out} (maps and reports: ${reportDir})`,
    );
    for (const [file, s] of Object.entries(report)) {
      console.log(
        `  ${file.padEnd(28)} raw ${kb(s.raw).padStart(10)}  gzip ${kb(s.gzip).padStart(9)}  brotli ${kb(s.brotli).padStart(9)}`,
      );
    }
  }
  return { outdir: out, reportDir, config, report, composition, metafile: result.metafile };
}

/** Bundles a Node entry (the harness CLI by default) with its TypeScript imports; dependencies stay external. */
export async function buildCli({ entry = 'cli/index.ts', outfile = join(root, 'dist/cli/index.mjs') } = {}) {
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [join(root, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    sourcemap: 'inline',
    logLevel: 'warning',
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  return outfile;
}

function escapeHtml(s) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const USAGE = `Usage: node build.mjs [--env ${FLAVOURS.join('|')}] [--outdir DIR] [--watch] [--standalone]
       node build.mjs --cli
  --env FLAVOUR  the portal build flavour (default staging)
  --outdir DIR   where the bundle goes (default dist/portal-FLAVOUR)
  --watch        rebuild on every change under src/ and bridge/
  --standalone   the public pages alone (standalone mode)
  --cli          bundle the portal-harness CLI into dist/cli instead
  --help         print this text
Configuration comes from environment variables (README.md, Configuration).`;

/** The command line's options, or exit 2 with one line saying what is wrong and the usage (no stack trace). */
function buildArgs() {
  const usageError = (message) => {
    process.stderr.write(`build.mjs: ${message}\n${USAGE}\n`);
    process.exit(2);
  };
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        env: { type: 'string', default: 'staging' },
        outdir: { type: 'string' },
        watch: { type: 'boolean', default: false },
        standalone: { type: 'boolean', default: false },
        cli: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    // parseArgs throws TypeErrors (ERR_PARSE_ARGS_*) for unknown options, missing values and positionals.
    usageError(error.message);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  if (!FLAVOURS.includes(values.env)) usageError(`--env: unknown flavour "${values.env}" (use ${FLAVOURS.join(', ')})`);
  return values;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const values = buildArgs();
  if (values.cli) {
    console.log(`cli -> ${await buildCli()}`);
  } else {
    const overrides = values.standalone ? { standalone: true } : {};
    const result = await buildPortal({
      flavour: values.env,
      outdir: values.outdir,
      config: overrides,
      watch: values.watch,
    }).catch((error) => {
      // An unsafe configuration for a deployed build: one line, exit 2 (a usage error, like a bad option).
      if (error?.code !== 'PORTAL_UNSAFE_CONFIG') throw error;
      process.stderr.write(`build.mjs: ${error.message}\n`);
      process.exit(2);
    });
    if (values.watch) console.log(`watching src/ -> ${result.outdir}`);
  }
}
