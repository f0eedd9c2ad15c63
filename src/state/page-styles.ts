// A page's stylesheet travels with the page (tools/build/pages.mjs PAGE_STYLES): its chunk waits for it, so that the
// page never shows unstyled. The HTML of a page's own path has already linked it; an in-app move links it here. Every
// HTML names each stylesheet's file in a <meta name="portal:style:<name>">.

/** The stylesheets a chunk may ask for (tools/build/pages.mjs PAGE_STYLES). */
export type PageStyle = 'account' | 'payments' | 'public' | 'devData';

/** A stylesheet did not load (offline, or gone after a release): the chunk's failure, handled as one. */
class StyleLoadError extends Error {
  override name = 'StyleLoadError';
}

function loaded(link: HTMLLinkElement): Promise<void> {
  return new Promise((resolve, reject) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => reject(new StyleLoadError(`stylesheet ${link.href} did not load`)), {
      once: true,
    });
  });
}

// Outside a store: the stylesheets on their way, by address, so that two loads of one page share one link (a second
// load must never replace a link still loading: the first would wait for it forever). Nothing renders it.
const inFlight = new Map<string, Promise<void>>();

/** Links `name`'s stylesheet (once) and resolves when it applies; a build without it (a test) resolves at once. */
export function loadPageStyle(name: PageStyle): Promise<void> {
  const href = document.querySelector<HTMLMetaElement>(`meta[name="portal:style:${name}"]`)?.content;
  if (!href) return Promise.resolve();
  const pending = inFlight.get(href);
  if (pending) return pending;
  const linked = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find(
    (link) => link.getAttribute('href') === href,
  );
  // A link that applies is done. The page's HTML linked its own before its scripts ran, which wait for it: with no
  // sheet, it failed, and is asked again.
  if (linked?.sheet) return Promise.resolve();
  linked?.remove();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  document.head.append(link);
  const load = loaded(link).then(
    () => void inFlight.delete(href),
    (error: unknown) => {
      inFlight.delete(href);
      link.remove();
      throw error;
    },
  );
  inFlight.set(href, load);
  return load;
}
