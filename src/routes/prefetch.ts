// The next page is already here (docs/architecture.md "What the entry holds"): once the page has loaded and the
// browser is idle, the code of the pages the user will likely open next arrives, one chunk after another, so that a
// move between them fetches no script. Links also preload their route's chunk on intent (router.ts defaultPreload).
import type { AnyRoute, AnyRouter } from '@tanstack/react-router';
import { nextPages, type SignedInPage } from '../domain/next-pages';
import { isNoSessionPath } from '../domain/public-paths';
import { accountRoute, appLayoutRoute, creditsRoute, myDesignsRoute, subscriptionRoute } from './app';
import type { PortalContext } from './context';

const ROUTES: Record<SignedInPage, AnyRoute> = {
  account: accountRoute,
  credits: creditsRoute,
  subscription: subscriptionRoute,
  myDesigns: myDesignsRoute,
};

/** After the load event, when the browser is idle: Safari has no requestIdleCallback, so a second after it there. */
function whenIdle(run: () => void): void {
  const idle = () =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(run, { timeout: 5_000 })
      : window.setTimeout(run, 1_000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** Fetches the likely next pages' chunks once idle; a chunk that fails here is loaded again by its route. */
export function prefetchWhenIdle(router: AnyRouter, context: Pick<PortalContext, 'handoff'>): void {
  whenIdle(() => {
    const pages = nextPages({
      desktopTarget: context.handoff.hasDesktopTarget(),
      sharedLinkPage: isNoSessionPath(window.location.pathname),
    });
    if (pages.length === 0) return;
    void (async () => {
      for (const route of [appLayoutRoute, ...pages.map((page) => ROUTES[page])]) {
        await Promise.resolve(router.loadRouteChunk(route)).catch(() => undefined);
      }
    })();
  });
}
