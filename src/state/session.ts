// Who is signed in: auth resolution, the session guard's checks and sign-out. Valtio store with its actions.
import { proxy } from 'valtio';
import * as auth from '../auth/firebase';
import type { PortalUser } from '../auth/firebase';
import { removeEarlierSession } from '../auth/earlier-session';
import { bridge } from '@home-design/portal-bridge';
import { observeRevocation } from '../api/client';
import { AUTH_SLOW_MS } from '../domain/constants';
import { message } from '../messages/catalogue';
import { act, idle, singleFlight } from './resource';
import { DESKTOP_AUTH_KEYS, localStore } from './storage';

export type SessionStatus = 'loading' | 'signedOut' | 'signedIn';

export const session = proxy({
  status: 'loading' as SessionStatus,
  user: null as PortalUser | null,
  /** The guard is asking the identity service whether the session still stands. */
  validating: false,
  /** The identity service has not answered for AUTH_SLOW_MS: the "Loading..." screen offers a reload. */
  authSlow: false,
  /** The Sign Out button's action (signOutByUser): pending while it runs, its failure SPEC 8's text. */
  signingOut: idle(),
  /** This session ended because its tokens were revoked (sign out everywhere): /auth says so until the next sign-in. */
  revoked: false,
});

// Outside the store, like every `let` below: a timer's handle, read by this module only, never rendered.
let slowTimer: ReturnType<typeof setTimeout> | undefined;

// A promise's resolver, not state: `ready` settles once, at the first answer.
let resolveReady: () => void = () => {};
const ready = new Promise<void>((resolve) => (resolveReady = resolve));
/** The session listens to the identity service for the rest of the page's life (a fresh page is a fresh module). */
let listening = false;
const signOutListeners = new Set<() => void>();

/** The page is going away: a request that the navigation cut off says nothing about the session (read, never shown). */
let leaving = false;
// The handle of the wait that ends `leaving`.
let leavingTimer: ReturnType<typeof setTimeout> | undefined;
/** A page still here this long after `beforeunload` was not left after all (a cancelled or external navigation). */
const LEAVING_MS = 10_000;

/**
 * True from `beforeunload` (a navigation starts; Chromium cuts the page's requests off before `pagehide`) or `pagehide`
 * until `pageshow`: a network failure now is the page leaving, not a bad session (docs/reliability.md "Start-up, clocks
 * and tabs").
 */
export function pageLeaving(): boolean {
  return leaving;
}

/**
 * A page restored from the back/forward cache missed what happened meanwhile (a sign-out in another tab, an account
 * deleted): it reads the stored session again and checks it. It never runs a hand-off again: the target was used.
 */
// Once per page: the page's listeners are added once, whoever starts the session.
let lifecycleWatched = false;
function watchPageLifecycle(): void {
  if (lifecycleWatched) return;
  lifecycleWatched = true;
  window.addEventListener('beforeunload', () => {
    leaving = true;
    clearTimeout(leavingTimer);
    leavingTimer = setTimeout(() => (leaving = false), LEAVING_MS);
  });
  window.addEventListener('pagehide', () => {
    clearTimeout(leavingTimer);
    leaving = true;
  });
  window.addEventListener('pageshow', (event) => {
    clearTimeout(leavingTimer);
    leaving = false;
    if (!event.persisted) return;
    auth.rereadStoredUser();
    void validateSession();
  });
}

/** Starts listening to the identity service; the first answer resolves `authResolved()`. */
export function startSession(): void {
  if (listening) return;
  watchPageLifecycle();
  slowTimer = setTimeout(() => {
    if (session.status === 'loading') session.authSlow = true;
  }, AUTH_SLOW_MS);
  auth.onUserChanged((user) => {
    clearTimeout(slowTimer);
    session.authSlow = false;
    // Any change of uid, however it came (another tab signed out or replaced the stored session, a sign-in over a
    // restored session), forgets the last user in every store before the next one is set: nothing of theirs shows.
    if (session.user !== null && session.user.uid !== user?.uid) forgetUser();
    if (user) session.revoked = false;
    session.user = user;
    session.status = user ? 'signedIn' : 'signedOut';
    resolveReady();
  });
  listening = true;
  observeRevocation(() => void endRevokedSession());
}

/**
 * The backend refused this session's tokens after a sign out everywhere (here or on another device): signs out as Sign
 * Out does (every tab, the host's `logout`), and /auth says why.
 */
export async function endRevokedSession(): Promise<void> {
  if (!isSignedIn() || session.revoked) return;
  session.revoked = true;
  await signOut().catch(() => undefined);
}

/** Resolves once the identity service has said who is signed in (SPEC 2 "Loading..."); starts listening if needed. */
export function authResolved(): Promise<void> {
  startSession();
  return ready;
}

export function isSignedIn(): boolean {
  return session.status === 'signedIn' && session.user !== null;
}

/**
 * Called with no arguments after every sign-out, and before any other change of the signed-in uid takes effect (the
 * stores' resets: sign-out-resets.ts); returns the unsubscribe.
 */
export function onSignedOut(listener: () => void): () => void {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

/** Runs the sign-out resets of every store (they may run twice for one sign-out: each is idempotent). */
function forgetUser(): void {
  for (const listener of signOutListeners) listener();
}

/** Forgets the user in every store and, unless the host itself asked, tells a host webview (bridge `logout`). */
function afterSignOut(tellHost: boolean): void {
  session.user = null;
  session.status = 'signedOut';
  forgetUser();
  if (tellHost) bridge.sendLogout();
}

/**
 * Signs out of the identity service and, beside it, removes a session an earlier release kept in IndexedDB (best
 * effort, bounded): otherwise the next load would move that account back in. Throws when the identity service fails.
 */
async function endSession(): Promise<void> {
  await Promise.all([auth.signOutUser(), removeEarlierSession()]);
}

/** SPEC 4: sign out clears all local storage and state. Throws when the identity service fails. */
export async function signOut(options: { tellHost?: boolean } = {}): Promise<void> {
  await endSession();
  localStore.clear();
  afterSignOut(options.tellHost ?? true);
}

/**
 * The layout's Sign Out (SPEC 4), as the session's action, then `leave` (the way to /auth) within it: refused while one
 * runs; a failure is SPEC 8's "Failed to sign out. Please try again." as an error toast, and nothing is cleared.
 */
export function signOutByUser(leave: () => Promise<unknown> | void = () => {}): Promise<boolean> {
  return act(session.signingOut, {
    call: async () => {
      await signOut();
      await leave();
    },
    failed: () => message('logoutFailed'),
    toast: true,
  });
}

/**
 * SPEC 2 ?action=logout: signs out and forgets only the desktop-app auth data and the redirect URL; other
 * choices (paymentsDisabled) stay, unlike the Sign Out button. Throws when the identity service fails.
 */
export async function signOutClearingDesktopData(): Promise<void> {
  await endSession();
  localStore.remove(...DESKTOP_AUTH_KEYS);
  afterSignOut(true);
}

/** Checks the session once (concurrent callers share one check) on every route change (SPEC 4); an invalid one is signed out. */
export function validateSession(): Promise<boolean> {
  return isSignedIn() ? checkSession() : Promise.resolve(false);
}

const checkSession = singleFlight(async () => {
  session.validating = true;
  try {
    const valid = await auth.sessionStillValid();
    if (valid === 'revoked') session.revoked = true;
    if (valid !== true) await signOut().catch(() => undefined);
    return valid === true;
  } finally {
    session.validating = false;
  }
});
