// The HTML served for each path (docs/architecture.md "What the entry holds"). Every page but the sign-in screen is a
// chunk of the one build, loaded with its route; so that a first load of a page does not wait for the entry to ask
// for its chunks, the HTML of that path names them at once (<link rel="modulepreload">), from the build's metafile.
// Firebase Hosting serves each page's HTML through a rewrite of its path (hostingConfig in build.mjs); any other path
// gets index.html, which preloads the entry's own files only: /auth, the hand-off, the paths the router turns away.
import { PORTAL_ENTRY, criticalPath, staticClosure, outputOf } from './critical-path.mjs';

/** The folder of the chunks, below the build's root: hashed names, cached for a year. */
export const CHUNKS_DIR = 'chunks';

/** The folder of the pages' stylesheets, below the build's root: hashed names too. */
export const STYLES_DIR = 'styles';

/**
 * The stylesheets that travel with their pages rather than with the entry (the entry's own come with it, as
 * app-<hash>.css). Each is an entry point of the build, STYLES_DIR/<name>-<hash>.css; every HTML names them all in a
 * <meta name="portal:style:<name>">, where a page's chunk finds the one it needs (src/state/page-styles.ts).
 */
export const PAGE_STYLES = {
  account: 'src/ui/styles/account.css',
  payments: 'src/ui/styles/payments.css',
  public: 'src/ui/styles/public.css',
  devData: 'src/ui/styles/dev-data.css',
};

const LAYOUT = ['src/chunks/app-layout.ts'];

/**
 * A script that no module imports, built as an entry of its own (CHUNKS_DIR/warm-up-<hash>.js) and named async by
 * the signed-in pages' HTML: while the page waits for its larger files, it builds the first Intl formatters and
 * decodes the images the HTML preloads, so that the page's first render and frame do not (src/chunks/warm-up.ts says
 * why). The sign-in screen formats no number, shows no image and does not name it.
 */
export const WARM_UP = 'src/chunks/warm-up.ts';

/** A page of the signed-in layout: the layout's chunk before the page's own, and the warm-up. */
function signedIn({ chunk, ...page }) {
  return { ...page, chunks: [...LAYOUT, chunk], scripts: [WARM_UP] };
}

/**
 * Chunks that a page asks for when it needs them and no HTML names: the welcome survey opens once, for an account
 * made in the last 30 s, so it costs that account one request then rather than every signed-in load its bytes (and
 * the Dialog's, which it imports).
 */
export const ON_DEMAND = ['src/chunks/affiliate-survey.ts'];

/**
 * Each path with a page of its own, its HTML file, and the modules its route loads lazily (src/routes/*.ts, every
 * `pageChunk(() => import(...))`; tests/unit/build/pages.test.ts holds the two in step).
 */
export const PAGES = [
  signedIn({ path: '/', html: 'account.html', chunk: 'src/chunks/account.ts', styles: ['account'] }),
  signedIn({
    path: '/credits',
    html: 'credits.html',
    chunk: 'src/chunks/credits.ts',
    styles: ['payments'],
    // The before/after comparison is the page's largest paint: its images leave with the HTML, not after the code.
    images: ['/images/after-render.webp', '/images/before-render.webp'],
  }),
  signedIn({
    path: '/subscription',
    html: 'subscription.html',
    chunk: 'src/chunks/subscription.ts',
    styles: ['payments'],
  }),
  signedIn({ path: '/my-designs', html: 'my-designs.html', chunk: 'src/chunks/my-designs.ts', styles: ['account'] }),
  { path: '/external-link', html: 'external-link.html', chunks: ['src/chunks/external-link.ts'], styles: ['public'] },
  { path: '/share-design', html: 'share-design.html', chunks: ['src/chunks/share-design.ts'], styles: ['public'] },
  { path: '/return-to-app', html: 'return-to-app.html', chunks: ['src/chunks/return-to-app.ts'], styles: [] },
];

/** The HTML file that answers `pathname` ('/credits' -> 'credits.html'), index.html for any other path. */
export function pageHtmlFor(pathname) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PAGES.find((page) => page.path === path)?.html ?? 'index.html';
}

/**
 * What a path's HTML names, as paths below the build's root: the entry, the files it imports (modulepreload), and,
 * for a page, its chunks and theirs; its async scripts (WARM_UP); the entry's stylesheet and the page's own
 * (PAGE_STYLES). `rel` turns a metafile path
 * into one below the build's root; `main` is the build's entry (the bench's floors have their own).
 */
export function pageFiles(metafile, rel, page = null, main = 'src/main.tsx') {
  const entry = criticalPath(metafile, main === PORTAL_ENTRY[0] ? PORTAL_ENTRY : main);
  const js = [...entry.js];
  const css = [...entry.css];
  // A chunk only this build's development flavour has (the dev-data page) is skipped where it does not exist.
  for (const source of page?.chunks ?? []) {
    let start;
    try {
      start = outputOf(metafile, source);
    } catch {
      continue;
    }
    for (const out of staticClosure(metafile, start)) if (!js.includes(out)) js.push(out);
  }
  const styles = pageStyles(metafile, rel);
  const own = (page?.styles ?? []).map((name) => styles[name]).filter(Boolean);
  return {
    entry: rel(js[0]),
    preload: js.slice(1).map(rel),
    scripts: (page?.scripts ?? []).map((source) => rel(outputOf(metafile, source))),
    css: [...css.map(rel), ...own],
    styles,
    images: page?.images ?? [],
  };
}

/** Each page stylesheet's file below the build's root, by name ({} for a build without them, as the floors). */
function pageStyles(metafile, rel) {
  const files = {};
  for (const [name, source] of Object.entries(PAGE_STYLES)) {
    const out = Object.keys(metafile.outputs).find((f) => metafile.outputs[f].entryPoint === source);
    if (out) files[name] = rel(out);
  }
  return files;
}
