import { createRouter } from '@tanstack/react-router';
import { appLayoutRoute, accountRoute, appNotFoundRoute, creditsRoute, myDesignsRoute, subscriptionRoute } from './routes/app';
import { devRoutes } from './routes/dev-routes';
import { authRoute, authSplatRoute, createAccountRoute, externalLinkRoute, returnToAppRoute, shareDesignRoute, signInRoute } from './routes/public';
import { rootRoute } from './routes/root';
import { parseSearch, stringifySearch } from './routes/search';
import { LoadingScreen } from './ui/components/Overlay';

// The development route exists only in development builds: build.mjs swaps dev-routes.ts for an empty list elsewhere.
const signedInRoutes = [accountRoute, subscriptionRoute, myDesignsRoute, creditsRoute, ...devRoutes, appNotFoundRoute];

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
