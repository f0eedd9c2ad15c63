// The public routes of SPEC 2 and 6: reachable signed out.
import { createRoute, redirect } from '@tanstack/react-router';
import { config } from '../config/config';
import { authResolved, isSignedIn } from '../state/session';
import { AuthPage } from '../ui/pages/AuthPage';
import { ExternalLinkPage } from '../ui/pages/ExternalLinkPage';
import { ReturnToAppPage } from '../ui/pages/ReturnToAppPage';
import { ShareDesignPage } from '../ui/pages/ShareDesignPage';
import { rootRoute } from './root';
import { inAppPath, stringifySearch, validateSharedLinkSearch, withQuery, type RawSearch } from './search';

async function authGuard({ location }: { location: { search: RawSearch } }) {
  if (config.standalone) throw redirect({ href: '/external-link' });
  await authResolved();
  const search = location.search;
  // Signed in already: go on to the in-app path it asked for, or to / carrying the query for the hand-off.
  if (isSignedIn() && search.action !== 'logout') {
    const path = inAppPath(typeof search.redirect === 'string' ? search.redirect : undefined);
    if (path) {
      const { redirect: _drop, ...rest } = search;
      throw redirect({ href: path + stringifySearch(rest) });
    }
    throw redirect({ href: '/' + stringifySearch(search) });
  }
}

export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth',
  beforeLoad: authGuard,
  component: AuthPage,
});

/** /auth/redirect/{target}: SPEC 2 reads the target from a path segment after "redirect". */
export const authSplatRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/$',
  beforeLoad: authGuard,
  component: AuthPage,
});

const toAuth = ({ location }: { location: { search: RawSearch } }) => {
  throw redirect({ href: withQuery('/auth', location.search) });
};

export const signInRoute = createRoute({ getParentRoute: () => rootRoute, path: '/sign-in', beforeLoad: toAuth });
export const createAccountRoute = createRoute({ getParentRoute: () => rootRoute, path: '/create-account', beforeLoad: toAuth });

export const returnToAppRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/return-to-app',
  component: ReturnToAppPage,
});

export const externalLinkRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/external-link',
  validateSearch: validateSharedLinkSearch,
  component: ExternalLinkPage,
});

export const shareDesignRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/share-design',
  validateSearch: validateSharedLinkSearch,
  component: ShareDesignPage,
});
