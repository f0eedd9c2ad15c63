// A page's code arrives with its route (docs/architecture.md "What the entry holds"): each page other than the
// sign-in screen is a chunk of the one build (src/chunks/*), which TanStack Router loads its own way
// (lazyRouteComponent) beside the route's loader. A chunk that does not arrive: src/state/chunk-loading.ts.
import { lazyRouteComponent } from '@tanstack/react-router';
import { createElement, useEffect, type ComponentType } from 'react';
import { loadChunk, pageArrived, type PageStyle } from './context';

/**
 * A route's component from its chunk, with the stylesheets its page needs:
 * `pageChunk(() => import('../chunks/credits'), 'CreditsPage', ['payments'])`.
 */
export function pageChunk<M extends Record<K, ComponentType<object>>, K extends keyof M & string>(
  importer: () => Promise<M>,
  name: K,
  styles: readonly PageStyle[] = [],
  /** A page (true) or a layout around pages (false): only a page that rendered says it arrived. */
  page = true,
) {
  const Lazy = lazyRouteComponent(() => loadChunk(importer, styles), name);
  // Once the page has rendered, a later missing chunk of it may reload the tab once more (state/chunk-loading.ts); a
  // page whose chunk failed never gets here (its error screen shows instead).
  function Page(props: object) {
    // A layout renders even when its page's chunk failed: only the page may clear the reload mark.
    useEffect(() => {
      if (page) pageArrived();
    }, []);
    return createElement(Lazy, props);
  }
  Page.preload = () => Lazy.preload?.();
  return Page;
}
