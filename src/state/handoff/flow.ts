// The app auth flow of SPEC 4 after sign-in: Unity auth, cloud save, new-user survey, then the token to the host
// webview (by message) or to the desktop app (by redirect): once, at once, and with nothing left behind to reuse.
// Its state is the store's (store.ts); what it may become is decided in src/domain/handoff.ts. Here run the effects.
import { bridge, DESKTOP_PROBE_TIMEOUT_MS, type DesktopProbe, type TokenKind } from '@home-design/portal-bridge';
import * as auth from '../../auth/firebase';
import { config } from '../../config/config';
import { DESKTOP_LEAVE_MS, TOKEN_MIN_VALIDITY_MS } from '../../domain/constants';
import { loginUrl } from '../../domain/desktop-target';
import * as machine from '../../domain/handoff';
import { message } from '../../messages/catalogue';
import { openAffiliateSurvey, whenAffiliateClosed } from '../affiliate';
import { setAuthenticating } from '../authenticating';
import { ensureUnity, loadPlayer, player } from '../player';
import { singleFlight } from '../resource';
import { isSignedIn, session } from '../session';
import { SESSION_KEYS, sessionStore } from '../storage';
import { showToast } from '../toasts';
import {
  cleanAddressHere,
  forgetPendingTargetOnSignOut,
  forgetStoredTarget,
  parkForReturnToApp,
  storeRedirecting,
  storeTargetUsed,
} from './launch';
import { currentPath, page } from './port';
import { change, handoff } from './store';

/**
 * What is in flight beside the store: the early desktop probe, the link question's answer, the timer after leaving.
 * Handles, not state: the sign-out reset drops them with the store's state.
 */
const inFlight = {
  probe: null as Promise<DesktopProbe> | null,
  linkAnswer: null as ((link: boolean) => void) | null,
  stayTimer: undefined as ReturnType<typeof setTimeout> | undefined,
};

const hostPresent = () => bridge.detectHost() !== null;

/** A hand-off will run for this sign-in (domain/handoff.ts `handoffDue`): the /auth guard waits for it. */
export function handoffDue(): boolean {
  return machine.handoffDue(handoff, session.user?.uid, hostPresent());
}

/**
 * A sign-in succeeded on this page (the sign-in screen says so): a host webview then expects the token. The flow
 * itself starts where the session changes (startup.ts `startPortal`), for this sign-in and for a restored session.
 */
export function noteSignInHere(): void {
  change(machine.signedInHere());
}

/**
 * A sign-in attempt leaves. Whether the desktop app listens is asked as an e-mail sign-in leaves, while the identity
 * service answers, rather than in the task that sends the Unity exchange; the flow takes that answer. A popup's answer
 * would be as old as the user's time in the popup: it is asked after.
 */
export function signInLeaving(method: 'email' | 'popup'): void {
  inFlight.probe = method === 'email' ? earlyProbe() : null;
}

/** The attempt failed: its answer is dropped, and the next sign-in's flow asks afresh. */
export function signInFailed(): void {
  inFlight.probe = null;
}

/** Whether the desktop app listens, asked ahead of the flow's redirect where it may be (domain/handoff.ts). */
function earlyProbe(): Promise<DesktopProbe> | null {
  return machine.probesEarly(handoff, hostPresent())
    ? bridge.probeDesktop(handoff.launch.target!, { timeoutMs: config.requestTimeoutMs })
    : null;
}

/** The flow is over without leaving the page: nothing shows, nobody is authenticating any more. */
function settle(): void {
  change(machine.settled());
  setAuthenticating(false);
}

/** The sign-in screen waited for the hand-off (see the /auth guard): once it is over without leaving, go on to the account. */
function goOnToAccount(): void {
  if (currentPath().startsWith('/auth')) page().navigate('/');
}

/** The token of `kind` for the signed-in user: the Unity access token, or an ID token with 5 minutes left at least. */
async function tokenOf(kind: TokenKind): Promise<string | null> {
  if (kind === 'unity') return (await ensureUnity()).accessToken;
  return auth.idTokenValidFor(TOKEN_MIN_VALIDITY_MS);
}

/** Runs the app auth flow once per sign-in (parallel triggers share it; a late host re-runs only the delivery). */
const runAppAuthFlow = singleFlight((now: number = Date.now()) => flow(now));

/**
 * The hand-off's one entry point, called by startPortal where the session changes (startup.ts): someone is signed in
 * (a sign-in here, or a session restored at load). Runs SPEC 4's app auth flow, and hands the token to a host or to
 * the desktop target when this launch wants one.
 */
export function onSignedIn(now?: number): Promise<void> {
  return runAppAuthFlow(now);
}

async function flow(now: number): Promise<void> {
  const user = session.user;
  if (!user) return;
  const due = handoffDue();
  // Only a `?link=` launch waits for the user's answer. Any other starts the player's load first: with the identity
  // token in hand its Unity exchange leaves in this same turn (player.ts), before the probe below and before the
  // renders the new session sets off.
  const { linkToken } = handoff.launch;
  const loading = linkToken ? null : loadPlayer({ keepSession: true });
  // Whether the desktop app listens is asked beside the SPEC 4 steps, not after them (a loopback round trip saved).
  // Its answer may take as long as the steps do: the wait for it is counted from the redirect (redirectToDesktop).
  inFlight.probe ??= earlyProbe();
  // SPEC 4's welcome survey for a new account, once per tab: shown before the token goes.
  const surveyDue = () =>
    machine.isNewAccount(user.creationTime, now) && !sessionStore.flag(SESSION_KEYS.hasShownAffiliateModal);
  if (machine.redirectsAtOnce(handoff, hostPresent(), surveyDue())) change(machine.redirecting());
  try {
    if (linkToken) {
      await askToLink(user.uid, linkToken);
      if (session.user?.uid !== user.uid) return;
    }
    // Pages show cloud-save errors, and only protected pages sign out over them (SPEC 4): the hand-off goes on. With
    // no Unity auth at all there is no player to hand off: the flow ends as after any failure.
    await (loading ?? loadPlayer({ keepSession: true }));
    if (session.user?.uid !== user.uid) return;
    if (!player.unity) throw new Error('no Unity auth');
    if (surveyDue()) {
      openAffiliateSurvey();
      if (due) await whenAffiliateClosed();
    }
    await deliver(user.uid);
  } catch {
    // Signed out, or another user, meanwhile (their exchange was dropped): nothing of this flow is theirs to undo.
    if (session.user?.uid !== user.uid) return;
    inFlight.probe = null;
    settle();
    goOnToAccount();
  }
}

/**
 * `?link=` (a desktop guest player): asks first, and calls /auth/unity-link only on Link. The link token is
 * forgotten after any answer, so a bad one never blocks a hand-off; a failed link is said and the flow goes on.
 */
async function askToLink(uid: string, linkToken: string): Promise<void> {
  change(machine.askingLink());
  const link = await new Promise<boolean>((resolve) => (inFlight.linkAnswer = resolve));
  inFlight.linkAnswer = null;
  change(machine.linkAnswered());
  if (!link || session.user?.uid !== uid) return;
  try {
    await ensureUnity({ linkToken });
  } catch {
    showToast('error', message('appLinkFailed'));
  }
}

/** The answer to "Link the progress of ...?": Link (true) or Not now (false). */
export function answerLink(link: boolean): void {
  inFlight.linkAnswer?.(link);
}

/** The token to the host by message, else to the desktop target by redirect; nothing when neither wants one. */
async function deliver(uid: string): Promise<void> {
  const kind = machine.tokenKind(handoff);
  // Only a launch that says a late host is coming waits for it; everyone else hands off at once.
  const host = handoff.launch.hostHint ? await bridge.whenHostReady() : bridge.detectHost();
  const { target, state } = handoff.launch;
  if (host !== null && (target !== null || machine.hostWantsToken(handoff, uid, true))) {
    const token = await tokenOf(kind);
    if (token && bridge.sendToken(token, kind, state ?? undefined)) {
      change(machine.delivered(uid, target !== null));
      if (target !== null) {
        storeTargetUsed();
        cleanAddressHere();
      }
      setAuthenticating(false);
      goOnToAccount();
      return;
    }
  }
  if (target === null || handoff.deliveredFor === uid) return settle();
  await redirectToDesktop(target, kind);
}

/** Whether a wait that began as `begun` may go on; with only the target gone, this hand-off ends here. */
function stillDue(begun: machine.HandoffBegun): boolean {
  const verdict = machine.afterWait(handoff, begun, session.user?.uid);
  if (verdict === 'targetGone') settle();
  return verdict === 'go';
}

/** The desktop hand-off by navigation of SPEC 4 (or dev mode's /return-to-app), after making sure something listens there. */
async function redirectToDesktop(target: string, kind: TokenKind): Promise<void> {
  const uid = session.user?.uid;
  if (!uid) return;
  const begun = { uid, target, signOuts: handoff.signOuts };
  const { state } = handoff.launch;
  if (handoff.launch.devMode) {
    change(machine.redirecting());
    const token = await tokenOf(kind);
    if (!token) throw new Error('no token');
    if (!stillDue(begun)) return;
    // /return-to-app makes the desktop call: the hand-off is over here, so nothing covers that page any more.
    change(machine.delivered(uid, true));
    storeTargetUsed();
    cleanAddressHere();
    parkForReturnToApp(target, token, state);
    setAuthenticating(false);
    page().navigate('/return-to-app');
    return;
  }
  // A desktop app that is not running would leave the user on the browser's error page with the token in its address
  // bar: where the page can ask without a permission prompt, it asks first.
  // However long the steps before took, the app gets the same DESKTOP_PROBE_TIMEOUT_MS to answer once the page leaves.
  const probe = inFlight.probe ?? bridge.probeDesktop(target);
  inFlight.probe = null;
  // Asked beside the steps before, the answer is usually here: then the browser leaves at once and the blocking
  // message comes with it (leavingFor). Shown first, it would swap the sign-in overlay for itself, a commit that closes
  // a dialog, before the navigation starts. A wait shows it while it lasts.
  let answer = await ifSettled(probe);
  if (answer === null) {
    change(machine.redirecting());
    answer = await Promise.race([probe, giveUpAfter(DESKTOP_PROBE_TIMEOUT_MS)]);
  }
  if (!stillDue(begun)) return;
  if (answer === 'notListening') {
    change(machine.notListening(target));
    setAuthenticating(false);
    return;
  }
  // The token is read after the wait, and leaves only for the user and the target the wait began with.
  const token = await tokenOf(kind);
  if (!token) throw new Error('no token');
  if (!stillDue(begun)) return;
  change(machine.leavingFor(uid));
  // The browser leaves by location.replace, which takes the launch's address out of history itself. Cleaned first, it
  // would set the router to work before the navigation starts, which waits for that work; a page that stays gets its
  // clean address then (stayedHere).
  storeTargetUsed();
  storeRedirecting(true);
  bridge.navigateToDesktop(loginUrl(target, token, state));
  clearTimeout(inFlight.stayTimer);
  inFlight.stayTimer = setTimeout(stayedHere, DESKTOP_LEAVE_MS);
}

function stayedHere(): void {
  inFlight.stayTimer = undefined;
  if (!handoff.leaving) return;
  storeRedirecting(false);
  cleanAddressHere();
  change(machine.stayed());
  setAuthenticating(false);
  goOnToAccount();
}

/** `promise`'s value if it has settled already, else null: a settled promise's reaction is queued before the other's. */
const ifSettled = <T>(promise: Promise<T>): Promise<T | null> => Promise.race([promise, Promise.resolve(null)]);

const giveUpAfter = (ms: number) => new Promise<DesktopProbe>((resolve) => setTimeout(() => resolve('unknown'), ms));

/** "Try again" on the not-running screen: asks again and hands off with a fresh token when the app listens now. */
export async function retryDesktopHandoff(): Promise<void> {
  const target = handoff.notListeningTarget;
  if (!target || !isSignedIn() || handoff.phase !== 'notListening') return;
  try {
    await redirectToDesktop(target, machine.tokenKind(handoff));
  } catch {
    change(machine.notListening(target));
  }
}

/** "Continue to my account" on the not-running screen: gives the hand-off up, the user stays signed in. */
export function skipDesktopHandoff(): void {
  change(machine.skipped());
  forgetStoredTarget();
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

/**
 * The hand-off's one reset, run by every sign-out (sign-out-resets.ts): an open question counts as Not now, nothing
 * is delivered any more, and the next user's sign-in runs a flow of its own instead of sharing the one still waiting.
 */
export function resetHandoffOnSignOut(): void {
  answerLink(false);
  inFlight.linkAnswer = null;
  inFlight.probe = null;
  clearTimeout(inFlight.stayTimer);
  forgetPendingTargetOnSignOut();
  change(machine.signedOut(handoff));
  runAppAuthFlow.clear();
}
