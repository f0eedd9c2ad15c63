// The hand-off of SPEC 2 and 4 as one state and its transitions: what this page was launched with, where the token
// has gone, and what the page shows meanwhile. Pure: src/state/handoff/ holds the one store and runs the effects (the
// bridge, the desktop probe, the address bar), and asks these functions what the state becomes.
import { NEW_ACCOUNT_WINDOW_MS } from './constants';
import type { Launch } from './launch';

/**
 * `askingLink`: a `?link=` launch waits for the user's answer to "Link the progress of ...?".
 * `redirecting`: the token is on its way to the desktop app ("Redirecting...").
 * `notListening`: the desktop app did not answer at its address; the user can open it and try again.
 */
export type HandoffPhase = 'idle' | 'askingLink' | 'redirecting' | 'notListening';

/** Which token a hand-off carries: the Unity access token (`unityToken=true`), else the identity token. */
export type HandoffTokenKind = 'unity' | 'identity';

/** What the page was launched with, as far as the hand-off needs it. */
interface LaunchState {
  /** The allowed desktop target of this launch, until a token has gone to it. Only a new `redirect` sets it. */
  target: string | null;
  unityToken: boolean;
  state: string | null;
  /** Development builds only: the token goes through /return-to-app. */
  devMode: boolean;
  /** `?link=`: the desktop guest's Unity token, in memory only (it left the URL when read), until the user answers. */
  linkToken: string | null;
  /** `?host=vuplex`: a host that injects its object late is on its way, so the hand-off waits for it. */
  hostHint: boolean;
  /** Opened at the sign-in screen: a host that opens /auth expects the token after sign-in. */
  atSignIn: boolean;
}

export interface HandoffState {
  phase: HandoffPhase;
  /** A redirect target that the allow-list refused: shown to the user, never used. */
  refusedTarget: string | null;
  launch: LaunchState;
  /** Someone signed in on this page (not a session restored at load): a host webview then expects the token. */
  signedInHere: boolean;
  /** The uid whose token a host already received by message (once per sign-in), or that left by redirect. */
  deliveredFor: string | null;
  /** The target the not-running screen offers to try again. */
  notListeningTarget: string | null;
  /** The browser is on its way to {target}/login: the page stays as it is until it has gone. */
  leaving: boolean;
  /** Counts the sign-outs (and changes of user): a wait that began before one never sends anything after it. */
  signOuts: number;
}

function initialLaunch(): LaunchState {
  return {
    target: null,
    unityToken: false,
    state: null,
    devMode: false,
    linkToken: null,
    hostHint: false,
    atSignIn: false,
  };
}

/** A page that was never launched and where nobody signed in. */
export function initialHandoff(): HandoffState {
  return {
    phase: 'idle',
    refusedTarget: null,
    launch: initialLaunch(),
    signedInHere: false,
    deliveredFor: null,
    notListeningTarget: null,
    leaving: false,
    signOuts: 0,
  };
}

/** What a change of state writes: the fields that change. */
export type HandoffChange = Partial<Omit<HandoffState, 'launch'>> & { launch?: Partial<LaunchState> };

// ---- Launch --------------------------------------------------------------------------------------------------------

/**
 * A launch read from the address (domain/launch.ts). How the page was opened always follows this launch; a desktop
 * target only when `takeTarget` (not a Back or reload to an address that already handed off in this tab).
 */
export function launched(parsed: Launch, options: { devAllowed: boolean; takeTarget: boolean }): HandoffChange {
  const launch: Partial<LaunchState> = {
    devMode: parsed.dev && options.devAllowed,
    hostHint: parsed.hostHint,
    atSignIn: parsed.atSignIn,
    unityToken: parsed.unityToken,
    state: parsed.state,
  };
  if (parsed.link) launch.linkToken = parsed.link;
  const { target } = parsed;
  if (target.kind === 'refused') return { launch, refusedTarget: target.raw };
  if (target.kind === 'desktop' && options.takeTarget)
    return { launch: { ...launch, target: target.target }, refusedTarget: null };
  return { launch };
}

/** SPEC 4's stored redirectUrl, resumed in the tab that was launched with it and has not used it yet. */
export function resumed(stored: { target: string; unityToken: boolean; state: string | null }): HandoffChange {
  return { launch: { target: stored.target, unityToken: stored.unityToken, state: stored.state } };
}

export function tokenKind(state: HandoffState): HandoffTokenKind {
  return state.launch.unityToken ? 'unity' : 'identity';
}

// ---- Decisions -----------------------------------------------------------------------------------------------------

/** A host that opened the sign-in screen (or saw a sign-in here) gets the token by message, once per sign-in. */
export function hostWantsToken(state: HandoffState, uid: string, hostPresent: boolean): boolean {
  return (state.launch.atSignIn || state.signedInHere) && state.deliveredFor !== uid && hostPresent;
}

/**
 * A hand-off will run for this sign-in: this launch carried a desktop target not yet used, or a host webview waits
 * for the token. While the browser leaves for the desktop, the address was just made clean: still due, so the /auth
 * guard does not take that for "nothing due, go on to /".
 */
export function handoffDue(state: HandoffState, uid: string | undefined, hostPresent: boolean): boolean {
  if (state.leaving) return true;
  return state.launch.target !== null || (uid !== undefined && hostWantsToken(state, uid, hostPresent));
}

/** Whether the desktop app is asked if it listens beside the SPEC 4 steps (a browser launch with a real target). */
export function probesEarly(state: HandoffState, hostPresent: boolean): boolean {
  const { launch } = state;
  return launch.target !== null && !launch.devMode && !launch.hostHint && !hostPresent;
}

/**
 * A session restored at load, with a desktop target and nothing to ask first (no `?link=`, no welcome survey, no host
 * to wait for): the redirect is under way from the start, so SPEC 2's blocking "Setting up your account and
 * redirecting..." shows at once instead of the sign-in choice of a user who is already signed in. A sign-in made here
 * is no different in practice: its session changes, and starts the flow, a moment before its attempt settles and
 * notes it (`signedInHere`), so the blocking message is on top from then until the browser leaves, as the e2e suite
 * checks. `signedInHere` decides only for a flow that starts after that note.
 */
export function redirectsAtOnce(state: HandoffState, hostPresent: boolean, surveyFirst: boolean): boolean {
  const { launch } = state;
  return (
    launch.target !== null &&
    launch.linkToken === null &&
    !launch.hostHint &&
    !hostPresent &&
    !state.signedInHere &&
    !surveyFirst
  );
}

/** A wait that began for a user and a target, in the sign-out count it began in. */
export interface HandoffBegun {
  uid: string;
  target: string;
  signOuts: number;
}

/**
 * Whether a wait that began as `begun` may go on (`go`); `signedOut` when a sign-out or another user came between
 * (the resets own the screen); `targetGone` when only the target went (this hand-off is over).
 */
export function afterWait(
  state: HandoffState,
  begun: HandoffBegun,
  uid: string | undefined,
): 'go' | 'signedOut' | 'targetGone' {
  if (state.signOuts !== begun.signOuts || uid !== begun.uid) return 'signedOut';
  return state.launch.target === begun.target ? 'go' : 'targetGone';
}

// ---- Transitions ---------------------------------------------------------------------------------------------------

/** A sign-in succeeded on this page. */
export const signedInHere = (): HandoffChange => ({ signedInHere: true });

/** The flow is over for now without leaving the page: nothing shows. */
export const settled = (): HandoffChange => ({ phase: 'idle' });

export const askingLink = (): HandoffChange => ({ phase: 'askingLink' });

/** The user answered the link question: the link token is forgotten whatever the answer. */
export const linkAnswered = (): HandoffChange => ({ phase: 'idle', launch: { linkToken: null } });

export const redirecting = (): HandoffChange => ({ phase: 'redirecting' });

/** A token went to `uid`'s host by message, or (`targetUsed`) to the launch's target. */
export function delivered(uid: string, targetUsed: boolean): HandoffChange {
  return { phase: 'idle', deliveredFor: uid, ...(targetUsed && { launch: { target: null } }) };
}

/** The browser was sent to {target}/login with `uid`'s token: the blocking message shows until the page has gone. */
export function leavingFor(uid: string): HandoffChange {
  return { phase: 'redirecting', deliveredFor: uid, leaving: true, launch: { target: null } };
}

/** The page was still here DESKTOP_LEAVE_MS after it sent the browser away: the hand-off is over, the user stays. */
export const stayed = (): HandoffChange => ({ leaving: false, phase: 'idle' });

export function notListening(target: string): HandoffChange {
  return { phase: 'notListening', notListeningTarget: target };
}

/** "Continue to my account": the hand-off is given up, the target forgotten. */
export const skipped = (): HandoffChange => ({ phase: 'idle', notListeningTarget: null, launch: { target: null } });

/**
 * Sign Out (SPEC 4 clears all state): nothing of this user's hand-off stays. The launch's target and `?link=` token are
 * forgotten, so the next sign-in here hands off only to a target its own launch brings. How the page was opened (a
 * host, the sign-in screen, dev mode, the token kind) stays: it is about the page, not about the user who left.
 */
export function signedOut(state: HandoffState): HandoffChange {
  return {
    phase: 'idle',
    signedInHere: false,
    deliveredFor: null,
    notListeningTarget: null,
    leaving: false,
    signOuts: state.signOuts + 1,
    launch: { target: null, linkToken: null },
  };
}

/** `state` with `change` written over it: what the store (src/state/handoff/store.ts) becomes. */
export function applyChange(state: HandoffState, change: HandoffChange): HandoffState {
  return { ...state, ...change, launch: { ...state.launch, ...change.launch } };
}

/** SPEC 4: an account under 30 seconds old is a new user (the hand-off opens the welcome survey for it). */
export function isNewAccount(creationTime: string | null | undefined, now: number): boolean {
  const created = creationTime ? Date.parse(creationTime) : NaN;
  return !Number.isNaN(created) && now - created < NEW_ACCOUNT_WINDOW_MS;
}
