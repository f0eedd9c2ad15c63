// What a production build gives away (docs/security.md "Security"): no payment bypass, a closed CSP, nothing but served
// files.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promisify } from 'node:util';
import { contentSecurityPolicy, portalConfig } from '../../../build.mjs';
import { PORTAL_ENTRY, criticalPath, importChain, type Metafile } from '../../../tools/build/critical-path.mjs';
import { KEPT_KEYS, catalogueKeys } from '../../../tools/build/short-message-keys.mjs';

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

describe('the configuration of each flavour', () => {
  it('allows the manual payment bypass in staging and development only (SPEC 1)', () => {
    expect(portalConfig('staging').paymentBypass).toBe(true);
    expect(portalConfig('development').paymentBypass).toBe(true);
    expect(portalConfig('production').paymentBypass).toBe(false);
  });

  it('refuses a desktop port that is not a port', () => {
    const saved = process.env.PORTAL_DESKTOP_PORTS;
    process.env.PORTAL_DESKTOP_PORTS = '5663,99999';
    try {
      expect(() => portalConfig('staging')).toThrow(/PORTAL_DESKTOP_PORTS: "99999" is not a port/);
    } finally {
      if (saved === undefined) delete process.env.PORTAL_DESKTOP_PORTS;
      else process.env.PORTAL_DESKTOP_PORTS = saved;
    }
  });
});

describe('contentSecurityPolicy', () => {
  const production = contentSecurityPolicy(portalConfig('production'));

  it('lets nobody frame the portal unless PORTAL_FRAME_ANCESTORS names a host', () => {
    expect(directive(production, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    const framed = contentSecurityPolicy(portalConfig('production', { frameAncestors: ['https://host.example'] }));
    expect(directive(framed, 'frame-ancestors')).toBe('frame-ancestors https://host.example');
  });

  it('names no PayPal sandbox and no gstatic in production, and no inline or eval scripts anywhere', () => {
    expect(production).not.toContain('sandbox.paypal.com');
    expect(production).not.toContain('gstatic.com');
    // Scripts by path: PayPal's SDK, Google's gapi loader and the gapi.iframes module it adds (docs/security.md
    // "Security").
    expect(directive(production, 'script-src')).toBe(
      "script-src 'self' https://www.paypal.com/sdk/js https://apis.google.com/js/api.js https://apis.google.com/_/scs/",
    );
    for (const flavour of ['staging', 'development', 'production'] as const) {
      const script = directive(contentSecurityPolicy(portalConfig(flavour)), 'script-src');
      expect(script).not.toMatch(/unsafe-inline|unsafe-eval/);
    }
  });

  it("loads scripts by path in every flavour: the stand-in's SDK path, never the backend's whole origin", () => {
    const staging = portalConfig('staging', {
      backendUrl: 'http://127.0.0.1:8787',
      paypal: { ...portalConfig('staging').paypal, sdkBaseUrl: 'http://127.0.0.1:8787/paypal/sdk/js' },
    });
    const script = directive(contentSecurityPolicy(staging), 'script-src');
    expect(script.split(' ')).toContain('http://127.0.0.1:8787/paypal/sdk/js');
    expect(script.split(' ')).not.toContain('http://127.0.0.1:8787');
    expect(script).not.toMatch(/ https:\/\/(www\.paypal|apis\.google)\.com( |$)/);
  });

  it('shows images from no wildcard host: Google account photos from lh3-lh6.googleusercontent.com only', () => {
    const img = directive(production, 'img-src');
    expect(img).not.toContain('*');
    expect(img).toContain('https://lh3.googleusercontent.com');
  });

  it('allows style elements from the site only where the stand-in replaces PayPal, and style attributes', () => {
    const staging = contentSecurityPolicy(portalConfig('staging'));
    expect(directive(staging, 'style-src-elem')).toBe("style-src-elem 'self'");
    expect(directive(staging, 'style-src-attr')).toBe("style-src-attr 'unsafe-inline'");
  });

  it('connects to the desktop listener on its ports only', () => {
    const policy = contentSecurityPolicy(portalConfig('staging', { desktopPort: 5662, desktopPorts: [41000] }));
    const connect = directive(policy, 'connect-src');
    expect(connect).toContain(
      'http://127.0.0.1:5662 http://localhost:5662 http://127.0.0.1:41000 http://localhost:41000',
    );
    expect(connect).not.toMatch(/127\.0\.0\.1:\*|localhost:\*|http:\/\/\*/);
    // Development builds may reach a LAN {ip} on the desktop port (SPEC 2 dev mode), and only on that port.
    const dev = directive(
      contentSecurityPolicy(portalConfig('development', { desktopPort: 5662, devLocalIp: '192.168.1.20' })),
      'connect-src',
    );
    expect(dev).toContain('http://192.168.1.20:5662');
  });
});

describe('a production build', () => {
  let dir: string;
  let built: { outdir: string; reportDir: string };

  // The build runs as a user runs it (esbuild does not run under jsdom).
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-production-'));
    built = { outdir: join(dir, 'site'), reportDir: join(dir, 'site.report') };
    // As deployed: a real (https, not loopback) backend; the identity service and PayPal are production's defaults.
    const env = {
      ...process.env,
      PORTAL_BACKEND_URL: 'https://api.portal.example',
      PORTAL_USE_EMULATOR: 'false',
      FIREBASE_PROJECT_ID: 'portal-prod',
      FIREBASE_AUTH_DOMAIN: 'portal-prod.firebaseapp.com',
    };
    await promisify(execFile)('node', ['build.mjs', '--env', 'production', '--outdir', built.outdir], { env });
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** The text of `path`, a file of the served folder. */
  const served = (path: string) => readFileSync(join(built.outdir, path), 'utf8');
  /** The build's metafile, as the build keeps it beside the served folder. */
  const metafile = () => JSON.parse(readFileSync(join(built.reportDir, 'meta.json'), 'utf8')) as Metafile;
  /** Every script of the build, the entry and its chunks, by its path in the served folder. */
  const scriptFiles = () =>
    readdirSync(built.outdir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.js'));
  /** The text of every script of the build. */
  const allScripts = () => scriptFiles().map(served).join('\n');

  it('uploads only what is served: maps, the metafile and the reports stay in the sibling folder', () => {
    const files = readdirSync(built.outdir, { recursive: true }).map(String);
    expect(files.filter((f) => /\.map$|meta\.json$|size-report|csp\.txt/.test(f))).toEqual([]);
    expect(readdirSync(built.reportDir).sort()).toEqual(
      expect.arrayContaining(['csp.txt', 'meta.json', 'size-report.json']),
    );
    expect(readdirSync(built.reportDir).some((f) => f.endsWith('.js.map'))).toBe(true);
    const js = files.find((f) => f.endsWith('.js'))!;
    expect(served(js)).not.toContain('sourceMappingURL');
  });

  it('carries message keys as short codes: no renamed key is spelt in the bundle (tools/build/short-message-keys)', () => {
    const code = allScripts();
    const keys = catalogueKeys(readFileSync('src/messages/catalogue.ts', 'utf8')).filter((k) => !KEPT_KEYS.has(k));
    expect(keys.length).toBeGreaterThan(300);
    // As a catalogue entry, `key:"text"` (other code may say the word itself, as in `("close")`).
    const spelt = (key: string) => new RegExp(`[{,]${key}:["'\`]`).test(code);
    expect(keys.filter(spelt)).toEqual([]);
    expect(spelt('loading')).toBe(true);
    expect(code).toContain('Welcome to {product}');
  });

  // docs/architecture.md "What the entry holds": /auth, the hand-off and the bridge load the entry alone.
  it("keeps /auth's critical path free of what it never shows, naming the import that pulled a module in", () => {
    const meta = metafile();
    const { modules } = criticalPath(meta, PORTAL_ENTRY);
    expect(modules).toContain('src/ui/pages/AuthPage.tsx');
    const never = [
      /node_modules\/qrcode\//,
      /node_modules\/@paypal\/paypal-js\//,
      /^src\/payments\//,
      /^src\/ui\/(account|payments|designs|public|dev-data)\//,
      /^src\/ui\/layout\/AppLayout/,
      /^src\/ui\/pages\/(Account|Credits|Subscription|MyDesigns|DevData|ExternalLink|ShareDesign)Page/,
      // The sign-in screen's views beyond the provider choice, and the dialog they share (src/chunks/auth-views.ts).
      /^src\/ui\/auth\/(EmailForm|ResetForm|CheckEmail|AuthOverlay|DesktopNotListening|LinkPrompt)\./,
      /^src\/ui\/components\/Dialog\./,
      // The pages' halves of subjects the entry also uses (docs/architecture.md "What the entry holds").
      /^src\/auth\/(email|email-errors|account-errors|security|reauth)\.ts$/,
      /^src\/state\/(email-sign-in|affiliate-survey|account|account-security|account-sessions)\.ts$/,
      /^src\/domain\/(plan-offers|profile|paypal-error)\.ts$/,
      /^src\/state\/(payment-errors|paypal-errors)\.ts$/,
      /^src\/messages\/format\.ts$/,
    ];
    const pulled = modules
      .filter((module) => never.some((pattern) => pattern.test(module)))
      .map((module) => importChain(meta, PORTAL_ENTRY, module)!.join(' -> '));
    expect(pulled).toEqual([]);
    // The English texts travel the same way: the sign-in screen's in the entry, a page's with the pages.
    const entryCode = criticalPath(meta, PORTAL_ENTRY)
      .js.map((file) => served(relative(built.outdir, join(process.cwd(), file))))
      .join('\n');
    expect(entryCode).toContain('Welcome to {product}');
    expect(entryCode).not.toContain('Transform Your Designs Into Reality');
    expect(allScripts()).toContain('Transform Your Designs Into Reality');
    // So do PayPal's config and the store addresses (build.mjs configDefines), unlike the rest of the config.
    const { paypal, links } = portalConfig('production');
    expect(entryCode).toContain(JSON.stringify(links.privacy));
    for (const value of [paypal.planIds.MONTHLY, links.appStore, links.googlePlay]) {
      expect(entryCode).not.toContain(value);
      expect(allScripts()).toContain(value);
    }
  });

  // build.mjs COMPILE_HINT: V8 compiles the files' functions as they stream in, off the main thread.
  it("opens every script with V8's compile hint, on its first line", () => {
    const scripts = scriptFiles();
    expect(scripts.length).toBeGreaterThan(10);
    for (const file of scripts) expect(served(file).split('\n')[0], file).toBe('//# allFunctionsCalledOnLoad');
  });

  // main.tsx imports the session restore on its own so that it runs while the rest is on its way (early-start.ts).
  it("keeps the session restore's part of the bundle to Firebase and its wrapper: nothing of React or the stores", () => {
    const meta = metafile();
    const { js, modules } = criticalPath(meta, 'src/state/early-start.ts');
    expect(modules).toContain('src/auth/firebase.ts');
    expect(modules.some((module) => module.includes('node_modules/@firebase/auth/'))).toBe(true);
    const heavy = modules.filter((module) =>
      /^node_modules\/(react|react-dom|scheduler|@tanstack|valtio)\/|^src\/(ui|state\/(?!early-start))/.test(module),
    );
    expect(heavy.map((module) => importChain(meta, 'src/state/early-start.ts', module)!.join(' -> '))).toEqual([]);
    // Every HTML preloads it with the rest of the entry.
    const html = served('index.html');
    for (const file of js) expect(html).toContain(`href="/${relative(built.outdir, join(process.cwd(), file))}"`);
  });

  // Only My Account's lower sections use Sign-in & security's store: Credits, Pro and My Designs never carry it.
  it("keeps Sign-in & security's store in My Account's lower sections, out of the signed-in layout", () => {
    const meta = metafile();
    const store = 'src/state/account-security.ts';
    expect(criticalPath(meta, 'src/chunks/app-layout.ts').modules).not.toContain(store);
    expect(criticalPath(meta, 'src/chunks/account-sections.ts').modules).toContain(store);
  });

  // PayPal's loader is the only code that raises a PayPalError: its chunk brings their texts (paypal-errors.ts).
  it("brings PayPal's failure texts with PayPal's chunk", () => {
    const meta = metafile();
    expect(criticalPath(meta, 'src/chunks/paypal.ts').modules).toContain('src/state/paypal-errors.ts');
  });

  // Over HTTP/1.1 a browser fetches six files at once: the entry, which starts everything else, must not wait
  // behind a page's chunks and images for a connection.
  it('names the entry first in every HTML, before the files it preloads', () => {
    for (const html of readdirSync(built.outdir).filter((f) => f.endsWith('.html'))) {
      const text = served(html);
      const head = text.slice(text.indexOf('<head>'), text.indexOf('</head>'));
      const first = /<script type="module" src="\/app-[A-Z0-9]+\.js"><\/script>/.exec(head);
      expect(first, html).not.toBeNull();
      expect(head.indexOf('<link rel="modulepreload"'), html).toBeGreaterThan(first!.index);
      expect(text.slice(text.indexOf('<body>')), html).not.toContain('<script');
    }
  });

  // tools/build/pages.mjs WARM_UP: one small file that imports nothing, named async by the signed-in pages only.
  it("names the warm-up in the signed-in pages' HTML only, as one small file of its own", () => {
    const meta = metafile();
    const { js, modules } = criticalPath(meta, 'src/chunks/warm-up.ts');
    expect(modules).toEqual(['src/chunks/warm-up.ts']);
    expect(js).toHaveLength(1);
    const file = relative(built.outdir, join(process.cwd(), js[0]!));
    expect(readFileSync(join(built.outdir, file)).length).toBeLessThan(400);
    const tag = `<script type="module" async src="/${file}"`;
    for (const html of ['account.html', 'credits.html', 'subscription.html', 'my-designs.html'])
      expect(served(html), html).toContain(tag);
    // It decodes the images the HTML preloads, which the parser has then met.
    const credits = served('credits.html');
    expect(credits.indexOf('<link rel="preload" as="image"')).toBeGreaterThan(0);
    expect(credits.lastIndexOf('<link rel="preload" as="image"')).toBeLessThan(credits.indexOf(tag));
    for (const html of ['index.html', 'external-link.html', 'share-design.html', 'return-to-app.html'])
      expect(served(html), html).not.toContain('warm-up');
  });

  it('holds no manual activation and no /dev-data explorer', () => {
    const code = allScripts();
    expect(code).not.toContain('/subscription/direct');
    expect(code).not.toContain('MANUAL');
    expect(code).not.toContain('Portal state');
    expect(existsSync(join(built.outdir, 'index.html'))).toBe(true);
  });
});
