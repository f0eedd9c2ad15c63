// The hand-off's state as pages see it, and what it puts on screen.
import { createStore } from '../resource';

/**
 * `askingLink`: a `?link=` launch waits for the user's answer to "Link the progress of ...?".
 * `redirecting`: the token is on its way to the desktop app ("Redirecting...").
 * `notListening`: the desktop app did not answer at its address; the user can open it and try again.
 */
export type HandoffPhase = 'idle' | 'askingLink' | 'redirecting' | 'notListening';

const store = createStore(() => ({
  phase: 'idle' as HandoffPhase,
  /** A redirect target that the allow-list refused: shown to the user, never used. */
  refusedTarget: null as string | null,
}));

export const handoff = store.state;
export const resetHandoffStore = store.reset;

/** The dialog or overlay the hand-off shows over any page (RootLayout), or null. */
export function handoffScreen(phase: HandoffPhase): Exclude<HandoffPhase, 'idle'> | null {
  return phase === 'idle' ? null : phase;
}

/**
 * The sign-in screen's closable "Setting up your account and preparing for redirect..." overlay: from a successful
 * sign-in until the hand-off is over, except while the hand-off itself asks the user something (the link question, the
 * app that is not running) and while the redirect is under way, when SPEC 2's blocking "Setting up your account and
 * redirecting..." takes its place. A dialog left open under it would make the page inert, the blocking message with
 * it, so a click would reach the dialog's close button through the message.
 */
export function showsSignInOverlay(screen: { succeeded: boolean; overlayOpen: boolean }, phase: HandoffPhase): boolean {
  return screen.succeeded && screen.overlayOpen && phase === 'idle';
}
