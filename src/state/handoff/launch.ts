// What this page was launched with (SPEC 2 sign-in screen, SPEC 4): the desktop target, the token kind, the desktop
// state, dev mode, the host hint and the link token. Only this folder reads or writes the redirect keys of storage.ts.
import { config } from '../../config/config';
import { allowedDesktopTarget, desktopPolicy } from '../../domain/desktop-target';
import { parseLaunch } from '../../domain/launch';
import { LOCAL_KEYS, SESSION_KEYS, localStore, sessionStore } from '../storage';
import { handoff } from './store';
import { currentPath, hooks } from './hooks';

/** Read at start (and again by a logout link): the URL changes while signing in. */
export const launch = {
  /** The allowed desktop target of this launch, until a token has gone to it. Only a new `redirect` sets it. */
  target: null as string | null,
  unityToken: false,
  state: null as string | null,
  devMode: false,
  /** `?link=`: the desktop guest's Unity token, in memory only (it left the URL when read), until the user answers. */
  linkToken: null as string | null,
  /** `?host=vuplex`: a host that injects its object late is on its way, so the hand-off waits for it. */
  hostHint: false,
  /** Opened at the sign-in screen: a host that opens /auth expects the token after sign-in. */
  atSignIn: false,
};

export function resetLaunch(): void {
  Object.assign(launch, {
    target: null,
    unityToken: false,
    state: null,
    devMode: false,
    linkToken: null,
    hostHint: false,
    atSignIn: false,
  });
}

const policy = () => desktopPolicy(config);

function withoutParams(href: string, names: readonly string[]): string {
  const url = new URL(href);
  for (const name of names) url.searchParams.delete(name);
  return url.pathname + url.search + url.hash;
}

/**
 * Reads the launch from the page URL, stores what SPEC 3 keeps in local storage, and refuses targets off the
 * allow-list. The stored choices always reflect this launch: a stale unityToken or state never carries over.
 */
export function captureLaunchParams(href: string): void {
  const parsed = parseLaunch(href, policy());
  if (parsed.link) {
    // Read once, then out of the URL before any popup opens: kept in memory only, never in history or storage.
    launch.linkToken = parsed.link;
    if (hooks.href() === href) hooks.replaceUrl(withoutParams(href, ['link']));
  }
  // Dev mode parks the token in local storage for /return-to-app: development builds only (docs/security.md
  // "Security").
  launch.devMode = parsed.dev && config.isDevelopment;
  launch.hostHint = parsed.hostHint;
  launch.atSignIn = parsed.atSignIn;
  launch.unityToken = parsed.unityToken;
  launch.state = parsed.state;
  const { target } = parsed;
  if (target.kind === 'refused') handoff.refusedTarget = target.raw;
  if (target.kind === 'none') resumePendingTarget();
  if (target.kind !== 'desktop') return; // an in-app path is the guard's business, not a desktop target
  if (sessionStore.flag(SESSION_KEYS.hasRedirected) && reloadedFromHistory()) {
    // Back or reload to an address that already handed off in this tab: no second token. Only a new launch counts.
    hooks.replaceUrl(cleanAddress(new URL(href).pathname));
    return;
  }
  handoff.refusedTarget = null;
  launch.target = target.target;
  sessionStore.set(SESSION_KEYS.pendingRedirect, target.target);
  localStore.set(LOCAL_KEYS.redirectUrl, target.target);
  localStore.setFlag(LOCAL_KEYS.redirectWithUnityToken, launch.unityToken);
  if (launch.state) localStore.set(LOCAL_KEYS.redirectState, launch.state);
  else localStore.remove(LOCAL_KEYS.redirectState);
}

/**
 * SPEC 4 hands off to the stored redirectUrl too: only in the tab that was launched with it and has not used it yet (a
 * reload, or the sign-in screen reached again without the query). Another tab or a later session gets nothing.
 */
function resumePendingTarget(): void {
  const stored = storedTarget();
  if (!stored || sessionStore.get(SESSION_KEYS.pendingRedirect) !== stored) return;
  launch.target = stored;
  launch.unityToken = localStore.flag(LOCAL_KEYS.redirectWithUnityToken);
  launch.state = localStore.get(LOCAL_KEYS.redirectState);
}

/** What the desktop hand-off keeps in local storage, and the redirect URL (SPEC 2, ?action=logout). */
export const DESKTOP_AUTH_KEYS = [
  LOCAL_KEYS.authToken,
  LOCAL_KEYS.unityAuthData,
  LOCAL_KEYS.redirectUrl,
  LOCAL_KEYS.redirectPath,
  LOCAL_KEYS.isRedirecting,
  LOCAL_KEYS.redirectWithUnityToken,
  LOCAL_KEYS.redirectState,
] as const;

/** The stored target, checked again (storage is not trusted either): /return-to-app's dev-mode calls. */
export function storedTarget(): string | null {
  const stored = localStore.get(LOCAL_KEYS.redirectUrl);
  return stored ? allowedDesktopTarget(stored, policy()) : null;
}

/** This document was loaded by a reload or by Back/Forward, not by a new navigation to its address. */
function reloadedFromHistory(): boolean {
  const type = hooks.navigationType();
  return type === 'reload' || type === 'back_forward';
}

/** The portal's own address once a token left: no target in the query, the path or the hash. */
function cleanAddress(pathname: string): string {
  return /^\/(auth|sign-in|create-account)(\/|$)/.test(pathname) ? '/auth' : '/';
}

/** Once a token has left, nothing that could send another one stays behind (target, kind, state, token). */
export function forgetTarget(): void {
  launch.target = null;
  sessionStore.remove(SESSION_KEYS.pendingRedirect);
  localStore.remove(
    LOCAL_KEYS.redirectUrl,
    LOCAL_KEYS.redirectWithUnityToken,
    LOCAL_KEYS.redirectState,
    LOCAL_KEYS.authToken,
  );
}

/**
 * Marks the launch's target used: the portal's address becomes a clean /auth or / (a target in the query, the path or
 * the hash is gone, so Back or a reload finds none), and the tab remembers it handed off (hasRedirected).
 */
export function markTargetUsed(): void {
  forgetTarget();
  sessionStore.setFlag(SESSION_KEYS.hasRedirected, true);
  hooks.replaceUrl(cleanAddress(currentPath()));
}

/** Dev mode of /external-link (SPEC 2): the desktop listener and the path /return-to-app will call. */
export function parkPathForReturnToApp(target: string, path: string): void {
  localStore.set(LOCAL_KEYS.redirectUrl, target);
  localStore.set(LOCAL_KEYS.redirectPath, path);
}

/** Dev mode (SPEC 2 /return-to-app): the target, the token and the state parked for /return-to-app's calls. */
export function parkForReturnToApp(target: string, token: string, state: string | null): void {
  localStore.set(LOCAL_KEYS.redirectUrl, target);
  localStore.set(LOCAL_KEYS.authToken, token);
  if (state) localStore.set(LOCAL_KEYS.redirectState, state);
}

/** The browser redirect is under way (SPEC 3 isRedirecting). */
export function markRedirecting(): void {
  localStore.set(LOCAL_KEYS.isRedirecting, 'true');
}

/** A token delivered by message or by redirect is a hand-off: the launch's kind decides which token. */
export function tokenKind(): 'unity' | 'identity' {
  return launch.unityToken ? 'unity' : 'identity';
}

/** The browser redirect is over: it left, or it did not and the page goes on (SPEC 3 isRedirecting). */
export function clearRedirecting(): void {
  localStore.remove(LOCAL_KEYS.isRedirecting);
}

/** SPEC 4: a page load never continues an earlier redirect. */
export function clearRedirectingOnPageLoad(): void {
  clearRedirecting();
}

/**
 * Sign Out (SPEC 4: it clears all state): the launch's desktop target and `?link=` token are forgotten in this tab, so
 * the next sign-in here hands off only to a target its own launch brings. What says how the page was opened (a host,
 * the sign-in screen, dev mode, the token kind) stays: it is about the page, not about the user who signed out.
 */
export function forgetLaunchOnSignOut(): void {
  launch.target = null;
  launch.linkToken = null;
  sessionStore.remove(SESSION_KEYS.pendingRedirect);
}
