import { createRouter, useMatch, type ErrorComponentProps } from '@tanstack/react-router';
import { createElement } from 'react';
import {
  appLayoutRoute,
  accountRoute,
  appNotFoundRoute,
  creditsRoute,
  myDesignsRoute,
  subscriptionRoute,
} from './routes/app';
import { portalContext, type PortalContext } from './routes/context';
import { devRoutes } from './routes/dev-routes';
import {
  authRoute,
  authSplatRoute,
  createAccountRoute,
  externalLinkRoute,
  returnToAppRoute,
  shareDesignRoute,
  signInRoute,
} from './routes/public';
import { rootRoute } from './routes/root';
import { parseSearch, stringifySearch } from './routes/search';
import { LoadingScreen } from './ui/components/Overlay';
import { ErrorPage } from './ui/pages/ErrorPage';

// The development route exists only in development builds: build.mjs swaps dev-routes.ts for an empty list elsewhere.
const signedInRoutes = [accountRoute, subscriptionRoute, myDesignsRoute, creditsRoute, ...devRoutes, appNotFoundRoute];

const routeTree = rootRoute.addChildren([
  authRoute,
  authSplatRoute,
  signInRoute,
  createAccountRoute,
  returnToAppRoute,
  externalLinkRoute,
  shareDesignRoute,
  appLayoutRoute.addChildren(signedInRoutes),
]);

/**
 * Every route's error screen. Below the signed-in layout it shows inside that layout's <main>; elsewhere it brings its
 * own. React reports the caught error with one console.error; inside a host webview ErrorPage also sends the host a
 * `pageError` bridge message (src/state/host.ts).
 */
function PortalErrorPage(props: ErrorComponentProps) {
  const inLayout = useMatch({
    strict: false,
    select: (match) => String(match.routeId).startsWith(`${appLayoutRoute.id}/`),
  });
  return createElement(ErrorPage, { ...props, landmark: !inLayout });
}

/** The portal's router; guards and loaders reach the stores through `context` only (a test passes its own). */
export function createPortalRouter(context: PortalContext = portalContext) {
  return createRouter({
    routeTree,
    context,
    parseSearch,
    stringifySearch,
    // A link's chunk arrives on hover, touch or focus (the loaders start nothing on a preload, loaders.ts); a preloaded
    // match is never reused, so the navigation itself runs the loaders.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: LoadingScreen,
    defaultErrorComponent: PortalErrorPage,
    defaultPendingMs: 150,
    defaultPendingMinMs: 0,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createPortalRouter>;
  }
}
