// The signed-in routes of SPEC 2 under one guarded layout.
import { createRoute, redirect } from '@tanstack/react-router';
import { config } from '../config/config';
import { authResolved, isSignedIn } from '../state/session';
import { AppLayout } from '../ui/layout/AppLayout';
import { AccountPage } from '../ui/pages/AccountPage';
import { CreditsPage } from '../ui/pages/CreditsPage';
import { MyDesignsPage } from '../ui/pages/MyDesignsPage';
import { NotFoundPage } from '../ui/pages/NotFoundPage';
import { SubscriptionPage } from '../ui/pages/SubscriptionPage';
import { rootRoute } from './root';
import { validateSubscriptionSearch, withQuery } from './search';

export const appLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ location, search }) => {
    if (config.standalone) throw redirect({ href: '/external-link' });
    // SPEC 4: ?action=logout signs out on any page; the /auth guard does it and says so.
    if (search.action === 'logout') throw redirect({ href: withQuery('/auth', location.search), replace: true });
    await authResolved();
    if (!isSignedIn()) throw redirect({ href: withQuery('/auth', location.search, { redirect: location.pathname }) });
  },
  component: AppLayout,
});

export const accountRoute = createRoute({ getParentRoute: () => appLayoutRoute, path: '/', component: AccountPage });

export const subscriptionRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/subscription',
  validateSearch: validateSubscriptionSearch,
  component: SubscriptionPage,
});

export const myDesignsRoute = createRoute({ getParentRoute: () => appLayoutRoute, path: '/my-designs', component: MyDesignsPage });

export const creditsRoute = createRoute({ getParentRoute: () => appLayoutRoute, path: '/credits', component: CreditsPage });

/** Any other path: the guard above sends signed-out users to /auth?redirect={path}. */
export const appNotFoundRoute = createRoute({ getParentRoute: () => appLayoutRoute, path: '$', component: NotFoundPage });
