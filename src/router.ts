import { createRouter } from '@tanstack/react-router';
import { appLayoutRoute, accountRoute, appNotFoundRoute, creditsRoute, devDataRoute, myDesignsRoute, subscriptionRoute } from './routes/app';
import { authRoute, authSplatRoute, createAccountRoute, externalLinkRoute, returnToAppRoute, shareDesignRoute, signInRoute } from './routes/public';
import { rootRoute } from './routes/root';
import { parseSearch, stringifySearch } from './routes/search';
import { LoadingScreen } from './ui/components/Overlay';

// The development route exists only in development builds (DEV_BUILD is a build-time constant).
const signedInRoutes = DEV_BUILD
  ? [accountRoute, subscriptionRoute, myDesignsRoute, creditsRoute, devDataRoute, appNotFoundRoute]
  : [accountRoute, subscriptionRoute, myDesignsRoute, creditsRoute, appNotFoundRoute];

export const routeTree = rootRoute.addChildren([
  authRoute,
  authSplatRoute,
  signInRoute,
  createAccountRoute,
  returnToAppRoute,
  externalLinkRoute,
  shareDesignRoute,
  appLayoutRoute.addChildren(signedInRoutes),
]);

export function createPortalRouter() {
  return createRouter({
    routeTree,
    parseSearch,
    stringifySearch,
    defaultPendingComponent: LoadingScreen,
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
