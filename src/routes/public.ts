// The public routes of SPEC 2 and 6: reachable signed out.
import { createRoute, redirect } from '@tanstack/react-router';
import { AuthPage } from '../ui/pages/AuthPage';
import { authGuard, toAuth } from './guards';
import { externalLinkLoader } from './loaders';
import { pageChunk } from './page-chunk';
import { rootRoute } from './root';
import { validateSharedLinkSearch } from './search';

export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth',
  beforeLoad: authGuard,
  onEnter: ({ context }) => context.signIn.enterSignInScreen(),
  onLeave: ({ context }) => context.signIn.leaveSignInScreen(),
  component: AuthPage,
});

/** /auth/redirect/{target}: SPEC 2 reads the target from a path segment after "redirect". */
export const authSplatRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/$',
  beforeLoad: authGuard,
  onEnter: ({ context }) => context.signIn.enterSignInScreen(),
  onLeave: ({ context }) => context.signIn.leaveSignInScreen(),
  component: AuthPage,
});

export const signInRoute = createRoute({ getParentRoute: () => rootRoute, path: '/sign-in', beforeLoad: toAuth });
export const createAccountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/create-account',
  beforeLoad: toAuth,
});

export const returnToAppRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/return-to-app',
  beforeLoad: ({ context }) => {
    if (context.standalone) throw redirect({ href: '/external-link' }); // SPEC 2: standalone serves only the shared-link pages
  },
  // Runs once per visit, not on re-renders; the page shows at once while the calls go out.
  loader: ({ context }) => {
    void context.handoff.callDesktopOnReturn();
  },
  component: pageChunk(() => import('../chunks/return-to-app'), 'ReturnToAppPage'),
});

export const externalLinkRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/external-link',
  validateSearch: validateSharedLinkSearch,
  loaderDeps: ({ search }) => search,
  loader: externalLinkLoader,
  component: pageChunk(() => import('../chunks/external-link'), 'ExternalLinkPage', ['public']),
});

export const shareDesignRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/share-design',
  validateSearch: validateSharedLinkSearch,
  component: pageChunk(() => import('../chunks/share-design'), 'ShareDesignPage', ['public']),
});
