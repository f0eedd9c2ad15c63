// The app auth flow of SPEC 4 after sign-in: Unity auth, cloud save, new-user survey, then the token to the desktop app.
import { proxy } from 'valtio';
import { navigateToDesktop, sendToken, whenHostReady } from '../../bridge';
import * as auth from '../auth/firebase';
import { config } from '../config/config';
import { allowedDesktopTarget, loginUrl } from '../domain/desktop-target';
import { isNewAccount } from '../domain/profile';
import { inAppPath, readRedirectTarget } from '../domain/redirect-target';
import { openAffiliateSurvey, whenAffiliateClosed } from './affiliate';
import { ensureUnity, loadPlayer, player } from './player';
import { session } from './session';
import { finishAuthenticating } from './sign-in';
import { LOCAL_KEYS, SESSION_KEYS, localStore, sessionStore } from './storage';

export type HandoffPhase = 'idle' | 'working' | 'redirecting' | 'done';

export const handoff = proxy({
  phase: 'idle' as HandoffPhase,
  /** A redirect target that the allow-list refused: shown to the user, never used. */
  refusedTarget: null as string | null,
});

/** What the page was opened with, read once at start (the URL may change while signing in). */
const opened = {
  /** The redirect query (or another form of it) was present: hand off again even if done this session. */
  fresh: false,
  devMode: false,
  linkToken: null as string | null,
};

export interface HandoffHooks {
  /** Replaces the current URL without navigating (drops used parameters). */
  replaceUrl(href: string): void;
  navigate(to: string): void;
}

let hooks: HandoffHooks = {
  replaceUrl: (href) => window.history.replaceState(window.history.state, '', href),
  navigate: (to) => window.location.assign(to),
};

export function setHandoffHooks(next: HandoffHooks): void {
  hooks = next;
}

function withoutParams(href: string, names: string[]): string {
  const url = new URL(href);
  for (const name of names) url.searchParams.delete(name);
  return url.pathname + url.search + url.hash;
}

/**
 * Reads the redirect target, the Unity-token choice, the desktop state, dev mode and the link token from the page URL
 * (SPEC 2 sign-in screen, SPEC 4), stores what SPEC 3 keeps in local storage, and refuses targets off the allow-list.
 */
export function captureLaunchParams(href: string): void {
  const url = new URL(href);
  const raw = readRedirectTarget(href);
  const params = url.searchParams;
  if (params.get('link')) opened.linkToken = params.get('link');
  if (params.get('dev') === 'true' && url.pathname.startsWith('/auth')) opened.devMode = true;
  if (!raw || inAppPath(raw)) return; // an in-app path is the guard's business, not a desktop target
  const target = allowedDesktopTarget(raw, config.allowedDesktopOrigins);
  if (!target) {
    handoff.refusedTarget = raw;
    return;
  }
  handoff.refusedTarget = null;
  opened.fresh = true;
  localStore.set(LOCAL_KEYS.redirectUrl, target);
  const unityToken = params.get('unityToken');
  if (unityToken !== null) localStore.setFlag(LOCAL_KEYS.redirectWithUnityToken, unityToken === 'true');
  const state = params.get('state');
  if (state) localStore.set(LOCAL_KEYS.redirectState, state);
  else localStore.remove(LOCAL_KEYS.redirectState);
}

/** The stored target, checked again: storage is not trusted either. */
export function storedTarget(): string | null {
  const stored = localStore.get(LOCAL_KEYS.redirectUrl);
  return stored ? allowedDesktopTarget(stored, config.allowedDesktopOrigins) : null;
}

/** A hand-off will run for this sign-in: a stored target, not yet used this session or asked for again. */
export function handoffDue(): boolean {
  return storedTarget() !== null && (opened.fresh || !sessionStore.flag(SESSION_KEYS.hasRedirected));
}

/** The sign-in screen waited for the hand-off (see the /auth guard): once it is over without leaving, go on to the account. */
function leaveSignInScreen(): void {
  if (window.location.pathname.startsWith('/auth')) hooks.navigate('/');
}

let running: Promise<void> | null = null;

/** Runs the app auth flow once per sign-in (parallel triggers share it). */
export function runAppAuthFlow(now = Date.now()): Promise<void> {
  running ??= flow(now).finally(() => {
    running = null;
  });
  return running;
}

async function flow(now: number): Promise<void> {
  const user = session.user;
  if (!user) return;
  handoff.phase = 'working';
  try {
    const linkToken = opened.linkToken;
    const unity = await ensureUnity(linkToken ? { linkToken } : {});
    if (linkToken) {
      opened.linkToken = null;
      hooks.replaceUrl(withoutParams(window.location.href, ['link']));
    }
    await loadPlayer().catch(() => undefined); // pages show cloud-save errors; the hand-off goes on
    if (session.user?.uid !== user.uid) return;
    const target = storedTarget();
    const due = handoffDue();
    if (isNewAccount(user.creationTime, now) && !sessionStore.flag(SESSION_KEYS.hasShownAffiliateModal)) {
      openAffiliateSurvey();
      if (due) await whenAffiliateClosed();
    }
    if (!due || !target) {
      handoff.phase = 'idle';
      finishAuthenticating();
      return;
    }
    const useUnity = localStore.flag(LOCAL_KEYS.redirectWithUnityToken);
    const token = useUnity ? (player.unity?.accessToken ?? unity.accessToken) : await auth.idToken();
    if (!token) {
      handoff.phase = 'idle';
      finishAuthenticating();
      leaveSignInScreen();
      return;
    }
    const state = localStore.get(LOCAL_KEYS.redirectState);
    opened.fresh = false;
    sessionStore.setFlag(SESSION_KEYS.hasRedirected, true);
    handoff.phase = 'redirecting';
    // A reload or Back must not hand off again: the used parameters leave the URL first.
    hooks.replaceUrl(withoutParams(window.location.href, ['redirect', 'unityToken', 'state', 'dev']));
    if ((await whenHostReady()) !== null && sendToken(token, useUnity ? 'unity' : 'identity', state ?? undefined)) {
      handoff.phase = 'done';
      finishAuthenticating();
      leaveSignInScreen();
      return;
    }
    if (opened.devMode) {
      localStore.set(LOCAL_KEYS.authToken, token);
      hooks.navigate('/return-to-app');
      return;
    }
    localStore.set(LOCAL_KEYS.isRedirecting, 'true');
    navigateToDesktop(loginUrl(target, token, state));
  } catch {
    handoff.phase = 'idle';
    finishAuthenticating();
    leaveSignInScreen();
  }
}

/** Test hook. */
export function resetHandoffForTests(): void {
  handoff.phase = 'idle';
  handoff.refusedTarget = null;
  opened.fresh = false;
  opened.devMode = false;
  opened.linkToken = null;
  running = null;
}
