// The app auth flow of SPEC 4 after sign-in: Unity auth, cloud save, new-user survey, then the token to the host
// webview (by message) or to the desktop app (by redirect): once, at once, and with nothing left behind to reuse.
import { proxy } from 'valtio';
import { bridge, type DesktopProbe, type TokenKind } from '@home-design/portal-bridge';
import * as auth from '../auth/firebase';
import { config } from '../config/config';
import { TOKEN_MIN_VALIDITY_MS } from '../domain/constants';
import { allowedDesktopTarget, desktopPolicy, loginUrl } from '../domain/desktop-target';
import { parseLaunch } from '../domain/launch';
import { isNewAccount } from '../domain/profile';
import { message } from '../messages/catalogue';
import { openAffiliateSurvey, whenAffiliateClosed } from './affiliate';
import { ensureUnity, loadPlayer } from './player';
import { singleFlight } from './resource';
import { isSignedIn, onSignedOut, session, signedInOnThisPage } from './session';
import { finishAuthenticating } from './sign-in';
import { LOCAL_KEYS, SESSION_KEYS, localStore, sessionStore } from './storage';
import { showToast } from './toasts';

/**
 * `notListening`: the desktop app did not answer at its address; the user can open it and try again.
 * `askingLink`: a `?link=` launch waits for the user's answer to "Link the progress of ...?".
 */
export type HandoffPhase = 'idle' | 'working' | 'askingLink' | 'redirecting' | 'notListening' | 'done';

export const handoff = proxy({
  phase: 'idle' as HandoffPhase,
  /** A redirect target that the allow-list refused: shown to the user, never used. */
  refusedTarget: null as string | null,
});

/** What this page was launched with, read at start (and again by a logout link): the URL changes while signing in. */
const launch = {
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

/** The uid whose token a host already received by message (once per sign-in), or that left by redirect. */
let deliveredFor: string | null = null;

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

const policy = () => desktopPolicy(config);

function withoutParams(href: string, names: readonly string[]): string {
  const url = new URL(href);
  for (const name of names) url.searchParams.delete(name);
  return url.pathname + url.search + url.hash;
}

/**
 * Reads the redirect target, the Unity-token choice, the desktop state, dev mode, the host hint and the link token
 * from the page URL (SPEC 2 sign-in screen, SPEC 4), stores what SPEC 3 keeps in local storage, and refuses targets
 * off the allow-list. The stored choices always reflect this launch: a stale unityToken or state never carries over.
 */
export function captureLaunchParams(href: string): void {
  const parsed = parseLaunch(href, policy());
  if (parsed.link) {
    // Read once, then out of the URL before any popup opens: kept in memory only, never in history or storage.
    launch.linkToken = parsed.link;
    if (window.location.href === href) hooks.replaceUrl(withoutParams(href, ['link']));
  }
  // Dev mode parks the token in local storage for /return-to-app: development builds only (issue 25).
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

/** The stored target, checked again (storage is not trusted either): /return-to-app's dev-mode calls. */
export function storedTarget(): string | null {
  const stored = localStore.get(LOCAL_KEYS.redirectUrl);
  return stored ? allowedDesktopTarget(stored, policy()) : null;
}

/** This document was loaded by a reload or by Back/Forward, not by a new navigation to its address. */
function reloadedFromHistory(): boolean {
  try {
    const [entry] = window.performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return entry?.type === 'reload' || entry?.type === 'back_forward';
  } catch {
    return false;
  }
}

/** The portal's own address once a token left: no target in the query, the path or the hash. */
function cleanAddress(pathname: string): string {
  return /^\/(auth|sign-in|create-account)(\/|$)/.test(pathname) ? '/auth' : '/';
}

/** Once a token has left, nothing that could send another one stays behind (target, kind, state, token). */
function forgetTarget(): void {
  launch.target = null;
  sessionStore.remove(SESSION_KEYS.pendingRedirect);
  localStore.remove(LOCAL_KEYS.redirectUrl, LOCAL_KEYS.redirectWithUnityToken, LOCAL_KEYS.redirectState, LOCAL_KEYS.authToken);
}

/** A host that opened the sign-in screen (or saw a sign-in here) gets the token by message, once per sign-in. */
function hostWantsToken(uid: string): boolean {
  return (launch.atSignIn || signedInOnThisPage()) && deliveredFor !== uid && bridge.detectHost() !== null;
}

/**
 * A hand-off will run for this sign-in: this launch carried a desktop target not yet used, or a host webview waits
 * for the token. Only a new `redirect` makes a target: a later visit to any page sends nothing.
 */
export function handoffDue(): boolean {
  const uid = session.user?.uid;
  return launch.target !== null || (uid !== undefined && hostWantsToken(uid));
}

/** The sign-in screen waited for the hand-off (see the /auth guard): once it is over without leaving, go on to the account. */
function leaveSignInScreen(): void {
  if (window.location.pathname.startsWith('/auth')) hooks.navigate('/');
}

/** The token of `kind` for the signed-in user: the Unity access token, or an ID token with 5 minutes left at least. */
async function tokenOf(kind: TokenKind): Promise<string | null> {
  if (kind === 'unity') return (await ensureUnity()).accessToken;
  return auth.idTokenValidFor(TOKEN_MIN_VALIDITY_MS);
}

/** Runs the app auth flow once per sign-in (parallel triggers share it; a late host re-runs only the delivery). */
export const runAppAuthFlow = singleFlight((now: number = Date.now()) => flow(now));

async function flow(now: number): Promise<void> {
  const user = session.user;
  if (!user) return;
  const due = handoffDue();
  if (due) handoff.phase = 'working';
  // Whether the desktop app listens is asked beside the SPEC 4 steps, not after them (a loopback round trip saved).
  if (launch.target && !launch.devMode && !launch.hostHint && bridge.detectHost() === null) earlyProbe = bridge.probeDesktop(launch.target);
  try {
    await linkIfWanted(user.uid, due);
    if (session.user?.uid !== user.uid) return;
    await ensureUnity();
    // Pages show cloud-save errors, and only protected pages sign out over them (SPEC 4): the hand-off goes on.
    await loadPlayer({ keepSession: true });
    if (session.user?.uid !== user.uid) return;
    if (isNewAccount(user.creationTime, now) && !sessionStore.flag(SESSION_KEYS.hasShownAffiliateModal)) {
      openAffiliateSurvey();
      if (due) await whenAffiliateClosed();
    }
    await deliver(user.uid);
  } catch {
    // Signed out, or another user, meanwhile (their exchange was dropped): nothing of this flow is theirs to undo.
    if (session.user?.uid !== user.uid) return;
    earlyProbe = null;
    handoff.phase = 'idle';
    finishAuthenticating();
    leaveSignInScreen();
  }
}

let linkAnswer: ((link: boolean) => void) | null = null;

/**
 * `?link=` (a desktop guest player): asks first, and calls /auth/unity-link only on Link. The link token is
 * forgotten after any answer, so a bad one never blocks a hand-off; a failed link is said and the flow goes on.
 */
async function linkIfWanted(uid: string, due: boolean): Promise<void> {
  const linkToken = launch.linkToken;
  if (!linkToken) return;
  handoff.phase = 'askingLink';
  const link = await new Promise<boolean>((resolve) => (linkAnswer = resolve));
  linkAnswer = null;
  launch.linkToken = null;
  handoff.phase = due ? 'working' : 'idle';
  if (!link || session.user?.uid !== uid) return;
  try {
    await ensureUnity({ linkToken });
  } catch {
    showToast('error', message('appLinkFailed'));
  }
}

/** The answer to "Link the progress of ...?": Link (true) or Not now (false). */
export function answerLink(link: boolean): void {
  linkAnswer?.(link);
}

/** The token to the host by message, else to the desktop target by redirect; nothing when neither wants one. */
async function deliver(uid: string): Promise<void> {
  const kind: TokenKind = launch.unityToken ? 'unity' : 'identity';
  // Only a launch that says a late host is coming waits for it; everyone else hands off at once.
  const host = launch.hostHint ? await bridge.whenHostReady() : bridge.detectHost();
  const target = launch.target;
  if (host !== null && (target !== null || hostWantsToken(uid))) {
    const token = await tokenOf(kind);
    if (token && bridge.sendToken(token, kind, launch.state ?? undefined)) {
      deliveredFor = uid;
      if (target !== null) used();
      handoff.phase = 'done';
      finishAuthenticating();
      leaveSignInScreen();
      return;
    }
  }
  if (target === null || deliveredFor === uid) {
    handoff.phase = 'idle';
    finishAuthenticating();
    return;
  }
  await redirectToDesktop(target, kind);
}

/**
 * Marks the launch's target used: the portal's address becomes a clean /auth or / (a target in the query, the path or
 * the hash is gone, so Back or a reload finds none), and the tab remembers it handed off (hasRedirected).
 */
function used(): void {
  forgetTarget();
  sessionStore.setFlag(SESSION_KEYS.hasRedirected, true);
  hooks.replaceUrl(cleanAddress(window.location.pathname));
}

/** The browser hand-off of SPEC 4 (or dev mode's /return-to-app), after making sure something listens there. */
async function redirectToDesktop(target: string, kind: TokenKind): Promise<void> {
  const state = launch.state;
  handoff.phase = 'redirecting';
  const token = await tokenOf(kind);
  if (!token) throw new Error('no token');
  if (launch.devMode) {
    used();
    deliveredFor = session.user?.uid ?? null;
    localStore.set(LOCAL_KEYS.redirectUrl, target);
    localStore.set(LOCAL_KEYS.authToken, token);
    if (state) localStore.set(LOCAL_KEYS.redirectState, state);
    hooks.navigate('/return-to-app');
    return;
  }
  // A desktop app that is not running would leave the user on the browser's error page with the token in its address
  // bar: where the page can ask without a permission prompt, it asks first.
  const probe = earlyProbe ?? bridge.probeDesktop(target);
  earlyProbe = null;
  if ((await probe) === 'notListening') {
    handoff.phase = 'notListening';
    notListeningTarget = target;
    finishAuthenticating();
    return;
  }
  if (session.user === null) return;
  deliveredFor = session.user.uid;
  used();
  localStore.set(LOCAL_KEYS.isRedirecting, 'true');
  bridge.navigateToDesktop(loginUrl(target, token, state));
}

let notListeningTarget: string | null = null;
let earlyProbe: Promise<DesktopProbe> | null = null;

/** "Try again" on the not-running screen: asks again and hands off with a fresh token when the app listens now. */
export async function retryDesktopHandoff(): Promise<void> {
  const target = notListeningTarget;
  if (!target || !isSignedIn() || handoff.phase !== 'notListening') return;
  try {
    await redirectToDesktop(target, launch.unityToken ? 'unity' : 'identity');
  } catch {
    handoff.phase = 'notListening';
  }
}

/** "Continue to my account" on the not-running screen: gives the hand-off up, the user stays signed in. */
export function skipDesktopHandoff(): void {
  notListeningTarget = null;
  forgetTarget();
  handoff.phase = 'idle';
  leaveSignInScreen();
}

/** A host appeared (Vuplex, late): if the flow already ran without it, hand the token over now. */
export function onLateHost(): void {
  if (isSignedIn() && handoffDue() && handoff.phase !== 'redirecting') void runAppAuthFlow();
}

/**
 * A host asks for a token (protocol v2 `requestToken`, or v1 `unityToken`): the answer carries its `requestId`.
 * An ID token with under 5 minutes left is refreshed first; signed out, the answer says so.
 */
export async function answerTokenRequest(kind: TokenKind, requestId?: string): Promise<void> {
  if (!isSignedIn()) {
    bridge.sendTokenUnavailable('signedOut', kind, requestId);
    return;
  }
  try {
    const token = await tokenOf(kind);
    if (token) bridge.sendToken(token, kind, undefined, requestId);
    else bridge.sendTokenUnavailable('signedOut', kind, requestId);
  } catch {
    bridge.sendTokenUnavailable('failed', kind, requestId);
  }
}

onSignedOut(() => {
  answerLink(false);
  deliveredFor = null;
  notListeningTarget = null;
  earlyProbe = null;
  if (handoff.phase !== 'done') handoff.phase = 'idle';
  // The next user's sign-in runs a flow of its own instead of sharing the one still waiting for this user's answers.
  runAppAuthFlow.clear();
});

/** Test hook. */
export function resetHandoffForTests(): void {
  handoff.phase = 'idle';
  handoff.refusedTarget = null;
  Object.assign(launch, { target: null, unityToken: false, state: null, devMode: false, linkToken: null, hostHint: false, atSignIn: false });
  deliveredFor = null;
  notListeningTarget = null;
  earlyProbe = null;
  linkAnswer = null;
  runAppAuthFlow.clear();
}
