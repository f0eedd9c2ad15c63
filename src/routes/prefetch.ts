// The next page is already here (docs/architecture.md "What the entry holds"): once the page has loaded, the first
// page has painted and the browser is idle, the code of the pages the user will likely open next arrives, one chunk
// after another, so that a move between them fetches no script. Links also preload their route's chunk on intent
// (router.ts defaultPreload).
import type { AnyRoute, AnyRouter } from '@tanstack/react-router';
import { nextPages, type SignedInPage } from '../domain/next-pages';
import { isNoSessionPath } from '../domain/public-paths';
import { accountRoute, appLayoutRoute, creditsRoute, myDesignsRoute, subscriptionRoute } from './app';
import { whenIdle, type PortalContext } from './context';

const ROUTES: Record<SignedInPage, AnyRoute> = {
  account: accountRoute,
  credits: creditsRoute,
  subscription: subscriptionRoute,
  myDesigns: myDesignsRoute,
};

/**
 * Fetches the likely next pages' chunks once the first page has rendered (the router's first navigation resolved)
 * and the browser is idle; a chunk that fails here is loaded again by its route.
 */
export function prefetchWhenIdle(router: AnyRouter, context: Pick<PortalContext, 'handoff'>): void {
  const stop = router.subscribe('onResolved', () => {
    stop();
    whenIdle(() => void prefetch(router, context));
  });
}

async function prefetch(router: AnyRouter, context: Pick<PortalContext, 'handoff'>): Promise<void> {
  const pages = nextPages({
    desktopTarget: context.handoff.hasDesktopTarget(),
    sharedLinkPage: isNoSessionPath(window.location.pathname),
  });
  if (pages.length === 0) return;
  // The page on screen is not a next one: its own route loads it, or its error screen asks for it again.
  const next = pages.map((page) => ROUTES[page]).filter((route) => route.fullPath !== window.location.pathname);
  for (const route of [appLayoutRoute, ...next]) {
    await Promise.resolve(router.loadRouteChunk(route)).catch(() => undefined);
  }
}
