// The signed-in routes of SPEC 2 under one guarded layout; guards.ts holds the guard, loaders.ts what each page loads.
import { createRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../ui/pages/NotFoundPage';
import { appLayoutGuard } from './guards';
import { accountLoader, creditsLoader, myDesignsLoader, subscriptionLoader } from './loaders';
import { pageChunk } from './page-chunk';
import { rootRoute } from './root';
import { validateSubscriptionSearch } from './search';

export const appLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: appLayoutGuard,
  // The layout's chunk brings the signed-in stores; their list runs as it arrives, before any signed-in page renders.
  component: pageChunk(
    async () => {
      const layout = await import('../chunks/app-layout');
      layout.startSignedIn();
      return layout;
    },
    'AppLayout',
    [],
    false,
  ),
});

export const accountRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/',
  loader: accountLoader,
  // The lower sections' chunk leaves as soon as the page's arrives: beside the page, not on its critical path, and
  // with the idle prefetch too, so that a later move to My Account fetches no script.
  component: pageChunk(
    async () => {
      const { AccountPage, loadAccountSections } = await import('../chunks/account');
      loadAccountSections().catch(() => undefined);
      return { AccountPage };
    },
    'AccountPage',
    ['account'],
  ),
});

export const subscriptionRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/subscription',
  validateSearch: validateSubscriptionSearch,
  loader: subscriptionLoader,
  component: pageChunk(() => import('../chunks/subscription'), 'SubscriptionPage', ['payments']),
});

export const myDesignsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/my-designs',
  loader: myDesignsLoader,
  component: pageChunk(() => import('../chunks/my-designs'), 'MyDesignsPage', ['account']),
});

export const creditsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/credits',
  loader: creditsLoader,
  component: pageChunk(() => import('../chunks/credits'), 'CreditsPage', ['payments']),
});

/** Any other path: the layout's guard sends signed-out users to /auth?redirect={path}. */
export const appNotFoundRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '$',
  component: NotFoundPage,
});
