// What this page was launched with (SPEC 2 sign-in screen, SPEC 4), read into the hand-off's store, and the redirect
// keys of storage.ts, which only this folder reads or writes.
import { config } from '../../config/config';
import { allowedDesktopTarget, desktopPolicy } from '../../domain/desktop-target';
import { launched, resumed } from '../../domain/handoff';
import { parseLaunch } from '../../domain/launch';
import { LOCAL_KEYS, SESSION_KEYS, localStore, sessionStore } from '../storage';
import { currentPath, page } from './port';
import { change, handoff } from './store';

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
  // `?link=` is read once, then out of the URL before any popup opens: kept in memory only, never in history or storage.
  if (parsed.link && page().href() === href) page().replaceUrl(withoutParams(href, ['link']));
  const { target } = parsed;
  // Back or reload to an address that already handed off in this tab: no second token. Only a new launch counts.
  const usedHere = target.kind === 'desktop' && sessionStore.flag(SESSION_KEYS.hasRedirected) && reloadedFromHistory();
  // Dev mode parks the token in local storage for /return-to-app: development builds only (docs/security.md).
  change(launched(parsed, { devAllowed: config.isDevelopment, takeTarget: !usedHere }));
  if (usedHere) return page().replaceUrl(cleanAddress(new URL(href).pathname));
  if (target.kind === 'none') return resumePendingTarget();
  if (target.kind !== 'desktop') return; // an in-app path is the guard's business, not a desktop target
  const { launch } = handoff;
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
  change(
    resumed({
      target: stored,
      unityToken: localStore.flag(LOCAL_KEYS.redirectWithUnityToken),
      state: localStore.get(LOCAL_KEYS.redirectState),
    }),
  );
}

/** The stored target, checked again (storage is not trusted either): /return-to-app's dev-mode calls. */
export function storedTarget(): string | null {
  const stored = localStore.get(LOCAL_KEYS.redirectUrl);
  return stored ? allowedDesktopTarget(stored, policy()) : null;
}

/** This document was loaded by a reload or by Back/Forward, not by a new navigation to its address. */
function reloadedFromHistory(): boolean {
  const type = page().navigationType();
  return type === 'reload' || type === 'back_forward';
}

/** The portal's own address once a token left: no target in the query, the path or the hash. */
function cleanAddress(pathname: string): string {
  return /^\/(auth|sign-in|create-account)(\/|$)/.test(pathname) ? '/auth' : '/';
}

/** Once a token has left or the hand-off was given up, nothing stored could send another one (target, kind, state, token). */
export function forgetStoredTarget(): void {
  sessionStore.remove(SESSION_KEYS.pendingRedirect);
  localStore.remove(
    LOCAL_KEYS.redirectUrl,
    LOCAL_KEYS.redirectWithUnityToken,
    LOCAL_KEYS.redirectState,
    LOCAL_KEYS.authToken,
  );
}

/**
 * A token went to the launch's target: nothing stored could send another, and the tab remembers it handed off
 * (hasRedirected). A page that stays cleans its address too (`cleanAddressHere`).
 */
export function storeTargetUsed(): void {
  forgetStoredTarget();
  sessionStore.setFlag(SESSION_KEYS.hasRedirected, true);
}

/**
 * The portal's address becomes a clean /auth or /: a target in the query, the path or the hash is gone, so Back or a
 * reload finds none.
 */
export function cleanAddressHere(): void {
  page().replaceUrl(cleanAddress(currentPath()));
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

/** The browser redirect is under way (SPEC 3 isRedirecting), or over (`false`): it left, or the page goes on. */
export function storeRedirecting(on: boolean): void {
  if (on) localStore.set(LOCAL_KEYS.isRedirecting, 'true');
  else localStore.remove(LOCAL_KEYS.isRedirecting);
}

/** SPEC 4: a page load never continues an earlier redirect. */
export function clearRedirectingOnPageLoad(): void {
  storeRedirecting(false);
}

/** Sign Out: this tab's pending target is forgotten with the launch's (domain/handoff.ts `signedOut`). */
export function forgetPendingTargetOnSignOut(): void {
  sessionStore.remove(SESSION_KEYS.pendingRedirect);
}
