// The HTML served for each path (docs/architecture.md "What the entry holds"). Every page but the sign-in screen is a
// chunk of the one build, loaded with its route; so that a first load of a page does not wait for the entry to ask
// for its chunks, the HTML of that path names them at once (<link rel="modulepreload">), from the build's metafile.
// Firebase Hosting serves each page's HTML through a rewrite of its path (hostingConfig in build.mjs); any other path
// gets index.html, which preloads the entry's own files only: /auth, the hand-off, the paths the router turns away.
import { criticalPath, staticClosure, outputOf } from './critical-path.mjs';

/** The folder of the chunks, below the build's root: hashed names, cached for a year. */
export const CHUNKS_DIR = 'chunks';

const LAYOUT = ['src/chunks/app-layout.ts'];

/**
 * Each path with a page of its own, its HTML file, and the modules its route loads lazily (src/routes/*.ts, every
 * `pageChunk(() => import(...))`; tests/unit/build/pages.test.ts holds the two in step).
 */
export const PAGES = [
  { path: '/', html: 'account.html', chunks: [...LAYOUT, 'src/chunks/account.ts'] },
  { path: '/credits', html: 'credits.html', chunks: [...LAYOUT, 'src/chunks/credits.ts'] },
  { path: '/subscription', html: 'subscription.html', chunks: [...LAYOUT, 'src/chunks/subscription.ts'] },
  { path: '/my-designs', html: 'my-designs.html', chunks: [...LAYOUT, 'src/chunks/my-designs.ts'] },
  { path: '/external-link', html: 'external-link.html', chunks: ['src/chunks/external-link.ts'] },
  { path: '/share-design', html: 'share-design.html', chunks: ['src/chunks/share-design.ts'] },
  { path: '/return-to-app', html: 'return-to-app.html', chunks: ['src/chunks/return-to-app.ts'] },
];

/** The HTML file that answers `pathname` ('/credits' -> 'credits.html'), index.html for any other path. */
export function pageHtmlFor(pathname) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PAGES.find((page) => page.path === path)?.html ?? 'index.html';
}

/**
 * What a path's HTML names, as paths below the build's root: the entry, the files it imports (modulepreload), and,
 * for a page, its chunks and theirs; the stylesheets of the entry and of those chunks. `rel` turns a metafile path
 * into one below the build's root.
 */
export function pageFiles(metafile, rel, page = null) {
  const entry = criticalPath(metafile, 'src/main.tsx');
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
    for (const out of staticClosure(metafile, start)) {
      if (!js.includes(out)) js.push(out);
      const bundle = metafile.outputs[out].cssBundle;
      if (bundle && !css.includes(bundle)) css.push(bundle);
    }
  }
  return { entry: rel(js[0]), preload: js.slice(1).map(rel), css: css.map(rel) };
}
