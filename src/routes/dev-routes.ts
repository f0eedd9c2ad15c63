// The development-only routes (SPEC 2 /dev-data). Only development builds bundle this file: build.mjs resolves
// './routes/dev-routes' to no-dev-routes.ts in every other flavour, so no explorer code ships there.
import { createRoute } from '@tanstack/react-router';
import { DevDataPage } from '../ui/pages/DevDataPage';
import { appLayoutRoute } from './app';

export const devDataRoute = createRoute({ getParentRoute: () => appLayoutRoute, path: '/dev-data', component: DevDataPage });

export const devRoutes = DEV_BUILD ? [devDataRoute] : [];
