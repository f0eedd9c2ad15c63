// The hand-off's one store: the state of src/domain/handoff.ts, changed only through its transitions (`change`), and
// reset only by a sign-out (flow.ts `resetHandoffOnSignOut`). What it puts on screen is read here.
import { applyChange, initialHandoff, type HandoffChange, type HandoffPhase } from '../../domain/handoff';
import { subscribe } from 'valtio';
import { createStore } from '../resource';

const store = createStore(initialHandoff);

export const handoff = store.state;

/**
 * Writes a transition's change (src/domain/handoff.ts) into the store: the state `applyChange` gives, field by field,
 * so the proxy and its `launch` stay the same objects and only what changed notifies.
 */
export function change(next: HandoffChange): void {
  const { launch, ...rest } = applyChange(handoff, next);
  Object.assign(handoff, rest);
  Object.assign(handoff.launch, launch);
}

/**
 * Runs `fn` now, or, while the hand-off leaves the page at once (its blocking message), once it stays after all: at
 * the first phase that is not 'redirecting' (the app not listening, the page still here, a sign-out's reset).
 */
export function whenStaying(fn: () => void): void {
  if (handoff.phase !== 'redirecting') return fn();
  const stop = subscribe(handoff, () => {
    if (handoff.phase === 'redirecting') return;
    stop();
    fn();
  });
}

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
