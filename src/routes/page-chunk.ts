// A page's code arrives with its route (docs/architecture.md "What the entry holds"): each page other than the
// sign-in screen is a chunk of the one build (src/chunks/*), which TanStack Router loads its own way
// (lazyRouteComponent) beside the route's loader. A chunk that does not arrive: src/state/chunk-loading.ts.
import { lazyRouteComponent } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { loadChunk } from './context';

/** A route's component from its chunk: `pageChunk(() => import('./lazy/credits'), 'CreditsPage')`. */
export function pageChunk<M extends Record<K, ComponentType<object>>, K extends keyof M & string>(
  importer: () => Promise<M>,
  name: K,
) {
  return lazyRouteComponent(() => loadChunk(importer), name);
}
