// The public routes of SPEC 2 and 6: reachable signed out.
import { createRoute, redirect } from '@tanstack/react-router';
import { config } from '../config/config';
import { callDesktopOnReturn } from '../state/return-to-app';
import { desktopPolicy } from '../domain/desktop-target';
import { parseLaunch } from '../domain/launch';
import { captureLaunchParams, handoffDue } from '../state/handoff';
import { authResolved, isSignedIn } from '../state/session';
import { enterSignInScreen, leaveSignInScreen, runLogoutAction } from '../state/sign-in';
import { AuthPage } from '../ui/pages/AuthPage';
import { ExternalLinkPage } from '../ui/pages/ExternalLinkPage';
import { ReturnToAppPage } from '../ui/pages/ReturnToAppPage';
import { ShareDesignPage } from '../ui/pages/ShareDesignPage';
import { rootRoute } from './root';
import { stringifySearch, validateSharedLinkSearch, withQuery, type RawSearch } from './search';

/** What the /auth guard needs of the location TanStack hands to beforeLoad. */
interface AuthLocation {
  pathname: string;
  search: RawSearch;
  hash: string;
  href: string;
}

/**
 * The /auth guard. ?action=logout signs out first (SPEC 2) and drops only `action` from the URL: the redirect
 * is a history replace, other parameters and the hash stay. A signed-in user goes on to the in-app path it asked
 * for, or to / carrying the query (and a redirect target found in the path or hash) for the hand-off.
 */
export async function authGuard({ location }: { location: AuthLocation }): Promise<void> {
  if (config.standalone) throw redirect({ href: '/external-link' });
  await authResolved();
  const search = location.search;
  const hash = location.hash ? `#${location.hash}` : '';
  if (search.action === 'logout') {
    const outcome = await runLogoutAction();
    const { action: _drop, ...rest } = search;
    const href = location.pathname + stringifySearch(rest) + hash;
    // The logout forgot the stored target; a target in this same link still counts ("log out, then sign in for me").
    if (outcome === 'loggedOut') captureLaunchParams(new URL(href, window.location.origin).href);
    throw redirect({ href, replace: true });
  }
  if (!isSignedIn()) return;
  // A hand-off to the desktop is due: stay here, overlay up, until the token has gone out (no page loads meanwhile).
  if (handoffDue()) return;
  const { target } = parseLaunch(new URL(location.href, 'http://portal.invalid').href, desktopPolicy(config));
  if (target.kind === 'inApp' && typeof search.redirect === 'string') {
    const { redirect: _drop, ...rest } = search;
    throw redirect({ href: target.path + stringifySearch(rest) });
  }
  // A target in the path or hash travels on in the query (the banner of a refused one reads it there too).
  const carried = (target.kind === 'desktop' || target.kind === 'refused') && typeof search.redirect !== 'string' ? target.raw : undefined;
  throw redirect({ href: '/' + stringifySearch(carried ? { ...search, redirect: carried } : search) });
}

export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth',
  beforeLoad: authGuard,
  onEnter: enterSignInScreen,
  onLeave: leaveSignInScreen,
  component: AuthPage,
});

/** /auth/redirect/{target}: SPEC 2 reads the target from a path segment after "redirect". */
export const authSplatRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/$',
  beforeLoad: authGuard,
  onEnter: enterSignInScreen,
  onLeave: leaveSignInScreen,
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
  beforeLoad: () => {
    if (config.standalone) throw redirect({ href: '/external-link' }); // SPEC 2: standalone serves only the shared-link pages
  },
  // Runs once per visit, not on re-renders; the page shows at once while the calls go out.
  loader: () => {
    void callDesktopOnReturn();
  },
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
