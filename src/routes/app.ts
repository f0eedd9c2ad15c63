// The signed-in routes of SPEC 2 under one guarded layout; guards.ts holds the guard, loaders.ts what each page loads.
import { createRoute } from '@tanstack/react-router';
import { AppLayout } from '../ui/layout/AppLayout';
import { AccountPage } from '../ui/pages/AccountPage';
import { CreditsPage } from '../ui/pages/CreditsPage';
import { MyDesignsPage } from '../ui/pages/MyDesignsPage';
import { NotFoundPage } from '../ui/pages/NotFoundPage';
import { SubscriptionPage } from '../ui/pages/SubscriptionPage';
import { appLayoutGuard } from './guards';
import { accountLoader, creditsLoader, myDesignsLoader, subscriptionLoader } from './loaders';
import { rootRoute } from './root';
import { validateSubscriptionSearch } from './search';

export const appLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: appLayoutGuard,
  component: AppLayout,
});

export const accountRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/',
  loader: accountLoader,
  component: AccountPage,
});

export const subscriptionRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/subscription',
  validateSearch: validateSubscriptionSearch,
  loader: subscriptionLoader,
  component: SubscriptionPage,
});

export const myDesignsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/my-designs',
  loader: myDesignsLoader,
  component: MyDesignsPage,
});

export const creditsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/credits',
  loader: creditsLoader,
  component: CreditsPage,
});

/** Any other path: the layout's guard sends signed-out users to /auth?redirect={path}. */
export const appNotFoundRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '$',
  component: NotFoundPage,
});
