// The development-only routes (SPEC 2 /dev-data). Only development builds bundle this file: build.mjs resolves
// './routes/dev-routes' to no-dev-routes.ts in every other flavour, so no explorer code ships there.
import { createRoute } from '@tanstack/react-router';
import { appLayoutRoute } from './app';
import { pageChunk } from './page-chunk';

const devDataRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/dev-data',
  // What the portal holds, side by side with the backend's raw answers the page fetches per tab.
  loader: ({ context }) => {
    void context.loads.loadPlayer();
    void context.loads.loadSubscription();
    void context.loads.loadDesigns();
  },
  component: pageChunk(() => import('../chunks/dev-data'), 'DevDataPage', ['account', 'devData']),
});

export const devRoutes = [devDataRoute];
