// The route guards (beforeLoad). They read only the router context, the location and the search, never a store, so a
// test runs them with a plain object; they let a page show or throw a redirect.
import { redirect } from '@tanstack/react-router';
import { parseLaunch } from '../domain/launch';
import type { PortalContext } from './context';
import { stringifySearch, withQuery, type RawSearch } from './search';

/** What the /auth guard needs of the location TanStack hands to beforeLoad. */
interface AuthLocation {
  pathname: string;
  search: RawSearch;
  hash: string;
  href: string;
}

/** What the /auth guard uses of the router context. */
export type AuthGuardContext = Pick<PortalContext, 'standalone' | 'desktopPolicy' | 'session' | 'signIn' | 'handoff'>;

/**
 * The /auth guard. ?action=logout signs out first (SPEC 2) and drops only `action` from the URL: the redirect
 * is a history replace, other parameters and the hash stay. A signed-in user goes on to the in-app path it asked
 * for, or to / carrying the query (and a redirect target found in the path or hash) for the hand-off.
 */
export async function authGuard({
  location,
  context,
}: {
  location: AuthLocation;
  context: AuthGuardContext;
}): Promise<void> {
  if (context.standalone) throw redirect({ href: '/external-link' });
  await context.session.authResolved();
  const search = location.search;
  const hash = location.hash ? `#${location.hash}` : '';
  if (search.action === 'logout') {
    const outcome = await context.signIn.runLogoutAction();
    const { action: _drop, ...rest } = search;
    const href = location.pathname + stringifySearch(rest) + hash;
    // The logout forgot the stored target; a target in this same link still counts ("log out, then sign in for me").
    if (outcome === 'loggedOut') context.handoff.captureLaunchParams(new URL(href, window.location.origin).href);
    // `link` is read once and kept in memory only: it never comes back into the address.
    const { link: _link, ...kept } = rest;
    throw redirect({ href: location.pathname + stringifySearch(kept) + hash, replace: true });
  }
  if (!context.session.isSignedIn()) return;
  // A hand-off to the desktop is due: stay here, overlay up, until the token has gone out (no page loads meanwhile).
  if (context.handoff.handoffDue()) return;
  const { target } = parseLaunch(new URL(location.href, 'http://portal.invalid').href, context.desktopPolicy);
  if (target.kind === 'inApp' && typeof search.redirect === 'string') {
    const { redirect: _drop, ...rest } = search;
    throw redirect({ href: target.path + stringifySearch(rest) });
  }
  // A target in the path or hash travels on in the query (the banner of a refused one reads it there too).
  const carried =
    (target.kind === 'desktop' || target.kind === 'refused') && typeof search.redirect !== 'string'
      ? target.raw
      : undefined;
  throw redirect({ href: '/' + stringifySearch(carried ? { ...search, redirect: carried } : search) });
}

/** What the signed-in layout's guard uses of the router context. */
export type AppGuardContext = Pick<PortalContext, 'standalone' | 'session'>;

/** The signed-in layout's guard: signed-out visitors go to /auth, keeping the query and asking to come back here. */
export async function appLayoutGuard({
  context,
  location,
  search,
}: {
  context: AppGuardContext;
  location: { pathname: string; search: RawSearch };
  search: { action?: string };
}): Promise<void> {
  if (context.standalone) throw redirect({ href: '/external-link' });
  // SPEC 4: ?action=logout signs out on any page; the /auth guard does it and says so.
  if (search.action === 'logout') throw redirect({ href: withQuery('/auth', location.search), replace: true });
  await context.session.authResolved();
  if (!context.session.isSignedIn())
    throw redirect({ href: withQuery('/auth', location.search, { redirect: location.pathname }) });
}

/** /sign-in and /create-account: the sign-in screen, with the same query. */
export function toAuth({ location }: { location: { search: RawSearch } }): never {
  throw redirect({ href: withQuery('/auth', location.search) });
}
