// The app auth flow of SPEC 4 after sign-in: Unity auth, cloud save, new-user survey, then the token to the host
// webview (by message) or to the desktop app (by redirect): once, at once, and with nothing left behind to reuse.
import { bridge, DESKTOP_PROBE_TIMEOUT_MS, type DesktopProbe, type TokenKind } from '@home-design/portal-bridge';
import * as auth from '../../auth/firebase';
import { config } from '../../config/config';
import { TOKEN_MIN_VALIDITY_MS } from '../../domain/constants';
import { loginUrl } from '../../domain/desktop-target';
import { isNewAccount } from '../../domain/profile';
import { message } from '../../messages/catalogue';
import { openAffiliateSurvey, whenAffiliateClosed } from '../affiliate';
import { ensureUnity, loadPlayer } from '../player';
import { singleFlight } from '../resource';
import { isSignedIn, session, signedInOnThisPage } from '../session';
import { finishAuthenticating } from '../sign-in';
import { SESSION_KEYS, sessionStore } from '../storage';
import { showToast } from '../toasts';
import { currentPath, hooks } from './hooks';
import {
  clearRedirecting,
  forgetLaunchOnSignOut,
  forgetTarget,
  launch,
  markRedirecting,
  markTargetUsed,
  parkForReturnToApp,
  resetLaunch,
  tokenKind,
} from './launch';
import { handoff, resetHandoffStore } from './store';

/** The uid whose token a host already received by message (once per sign-in), or that left by redirect. */
let deliveredFor: string | null = null;

/** A host that opened the sign-in screen (or saw a sign-in here) gets the token by message, once per sign-in. */
function hostWantsToken(uid: string): boolean {
  return (launch.atSignIn || signedInOnThisPage()) && deliveredFor !== uid && bridge.detectHost() !== null;
}

/**
 * A hand-off will run for this sign-in: this launch carried a desktop target not yet used, or a host webview waits
 * for the token. Only a new `redirect` makes a target: a later visit to any page sends nothing.
 */
export function handoffDue(): boolean {
  // Leaving: the address was just made clean, and the /auth guard must not take that for "nothing due, go on to /".
  if (leavingForDesktop) return true;
  const uid = session.user?.uid;
  return launch.target !== null || (uid !== undefined && hostWantsToken(uid));
}

/** The sign-in screen waited for the hand-off (see the /auth guard): once it is over without leaving, go on to the account. */
function goOnToAccount(): void {
  if (currentPath().startsWith('/auth')) hooks.navigate('/');
}

/** The token of `kind` for the signed-in user: the Unity access token, or an ID token with 5 minutes left at least. */
async function tokenOf(kind: TokenKind): Promise<string | null> {
  if (kind === 'unity') return (await ensureUnity()).accessToken;
  return auth.idTokenValidFor(TOKEN_MIN_VALIDITY_MS);
}

/** Runs the app auth flow once per sign-in (parallel triggers share it; a late host re-runs only the delivery). */
const runAppAuthFlow = singleFlight((now: number = Date.now()) => flow(now));

/**
 * The hand-off's one entry point: someone is signed in (a sign-in here, or a session restored at load). Runs SPEC 4's
 * app auth flow, and hands the token to a host or to the desktop target when this launch wants one.
 */
export function onSignedIn(now?: number): Promise<void> {
  return runAppAuthFlow(now);
}

async function flow(now: number): Promise<void> {
  const user = session.user;
  if (!user) return;
  const due = handoffDue();
  // Whether the desktop app listens is asked beside the SPEC 4 steps, not after them (a loopback round trip saved).
  // Its answer may take as long as the steps do: the wait for it is counted from the redirect (redirectToDesktop).
  if (launch.target && !launch.devMode && !launch.hostHint && bridge.detectHost() === null)
    earlyProbe = bridge.probeDesktop(launch.target, { timeoutMs: config.requestTimeoutMs });
  try {
    await linkIfWanted(user.uid);
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
    goOnToAccount();
  }
}

let linkAnswer: ((link: boolean) => void) | null = null;

/**
 * `?link=` (a desktop guest player): asks first, and calls /auth/unity-link only on Link. The link token is
 * forgotten after any answer, so a bad one never blocks a hand-off; a failed link is said and the flow goes on.
 */
async function linkIfWanted(uid: string): Promise<void> {
  const linkToken = launch.linkToken;
  if (!linkToken) return;
  handoff.phase = 'askingLink';
  const link = await new Promise<boolean>((resolve) => (linkAnswer = resolve));
  linkAnswer = null;
  launch.linkToken = null;
  handoff.phase = 'idle';
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
  const kind = tokenKind();
  // Only a launch that says a late host is coming waits for it; everyone else hands off at once.
  const host = launch.hostHint ? await bridge.whenHostReady() : bridge.detectHost();
  const target = launch.target;
  if (host !== null && (target !== null || hostWantsToken(uid))) {
    const token = await tokenOf(kind);
    if (token && bridge.sendToken(token, kind, launch.state ?? undefined)) {
      deliveredFor = uid;
      if (target !== null) markTargetUsed();
      handoff.phase = 'idle';
      finishAuthenticating();
      goOnToAccount();
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
 * Whether a wait that began for `uid` and `target` may go on: the same user, the same target, and no sign-out (or
 * change of user) in between. After a sign-out the resets own the screen; with only the target gone, this hand-off ends.
 */
function stillDue(begun: { uid: string; target: string; signOuts: number }): boolean {
  if (signOuts !== begun.signOuts || session.user?.uid !== begun.uid) return false;
  if (launch.target === begun.target) return true;
  handoff.phase = 'idle';
  finishAuthenticating();
  return false;
}

/** The browser hand-off of SPEC 4 (or dev mode's /return-to-app), after making sure something listens there. */
async function redirectToDesktop(target: string, kind: TokenKind): Promise<void> {
  const uid = session.user?.uid;
  if (!uid) return;
  const begun = { uid, target, signOuts };
  const state = launch.state;
  handoff.phase = 'redirecting';
  if (launch.devMode) {
    const token = await tokenOf(kind);
    if (!token) throw new Error('no token');
    if (!stillDue(begun)) return;
    markTargetUsed();
    deliveredFor = uid;
    parkForReturnToApp(target, token, state);
    // /return-to-app makes the desktop call: the hand-off is over here, so nothing covers that page any more.
    handoff.phase = 'idle';
    finishAuthenticating();
    hooks.navigate('/return-to-app');
    return;
  }
  // A desktop app that is not running would leave the user on the browser's error page with the token in its address
  // bar: where the page can ask without a permission prompt, it asks first.
  // However long the steps before took, the app gets the same DESKTOP_PROBE_TIMEOUT_MS to answer once the page leaves.
  const probe = earlyProbe ?? bridge.probeDesktop(target);
  earlyProbe = null;
  const answer = await Promise.race([probe, giveUpAfter(DESKTOP_PROBE_TIMEOUT_MS)]);
  if (!stillDue(begun)) return;
  if (answer === 'notListening') {
    handoff.phase = 'notListening';
    notListeningTarget = target;
    finishAuthenticating();
    return;
  }
  // The token is read after the wait, and leaves only for the user and the target the wait began with.
  const token = await tokenOf(kind);
  if (!token) throw new Error('no token');
  if (!stillDue(begun)) return;
  deliveredFor = uid;
  leavingForDesktop = true;
  markTargetUsed();
  markRedirecting();
  bridge.navigateToDesktop(loginUrl(target, token, state));
  clearTimeout(stayTimer);
  stayTimer = setTimeout(stayedHere, DESKTOP_LEAVE_MS);
}

/**
 * How long the page may still be here after it sent the browser to {target}/login. A desktop app that answers 204, or
 * a navigation the browser blocks, leaves the page where it was: the hand-off is then over, as after SPEC 4's plain
 * redirect (the target is used, the user stays signed in), instead of "Redirecting..." staying up for ever.
 */
export const DESKTOP_LEAVE_MS = 5_000;
let stayTimer: ReturnType<typeof setTimeout> | undefined;

function stayedHere(): void {
  stayTimer = undefined;
  if (!leavingForDesktop) return;
  leavingForDesktop = false;
  clearRedirecting();
  handoff.phase = 'idle';
  finishAuthenticating();
  goOnToAccount();
}

const giveUpAfter = (ms: number) => new Promise<DesktopProbe>((resolve) => setTimeout(() => resolve('unknown'), ms));

let notListeningTarget: string | null = null;
/** Counts the sign-outs (and changes of user): a wait that began before one never sends anything after it. */
let signOuts = 0;
/** The browser is on its way to {target}/login: the page stays as it is until it has gone. */
let leavingForDesktop = false;
let earlyProbe: Promise<DesktopProbe> | null = null;

/** "Try again" on the not-running screen: asks again and hands off with a fresh token when the app listens now. */
export async function retryDesktopHandoff(): Promise<void> {
  const target = notListeningTarget;
  if (!target || !isSignedIn() || handoff.phase !== 'notListening') return;
  try {
    await redirectToDesktop(target, tokenKind());
  } catch {
    handoff.phase = 'notListening';
  }
}

/** "Continue to my account" on the not-running screen: gives the hand-off up, the user stays signed in. */
export function skipDesktopHandoff(): void {
  notListeningTarget = null;
  forgetTarget();
  handoff.phase = 'idle';
  goOnToAccount();
}

/** A host appeared (Vuplex, late): if the flow already ran without it, hand the token over now. */
export function onLateHost(): void {
  if (isSignedIn() && handoffDue() && handoff.phase !== 'redirecting') void onSignedIn();
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

/** A sign-out ends this user's hand-off: an open question counts as Not now, nothing is delivered any more. */
export function resetHandoffOnSignOut(): void {
  signOuts++;
  answerLink(false);
  // SPEC 4 clears all state: the next sign-in in this tab hands off only to a target of its own launch.
  forgetLaunchOnSignOut();
  clearTimeout(stayTimer);
  deliveredFor = null;
  notListeningTarget = null;
  earlyProbe = null;
  leavingForDesktop = false;
  handoff.phase = 'idle';
  // The next user's sign-in runs a flow of its own instead of sharing the one still waiting for this user's answers.
  runAppAuthFlow.clear();
}

/** Test hook: a page that was never launched. */
export function resetHandoffForTests(): void {
  resetHandoffStore();
  resetLaunch();
  deliveredFor = null;
  notListeningTarget = null;
  earlyProbe = null;
  leavingForDesktop = false;
  clearTimeout(stayTimer);
  linkAnswer = null;
  runAppAuthFlow.clear();
}
