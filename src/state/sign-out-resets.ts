// What a sign-out forgets (SPEC 4: sign out clears all local storage and state): each store's reset, in one list,
// registered once by startPortal. No module hooks itself up as it is imported, so what a sign-out does is read here.
// It runs on every change of uid (session.ts): Sign Out, another user signing in, the host's logout, the session
// check's sign-out, another tab's switch. The signed-in chunks' stores register theirs as their code arrives
// (signed-in-start.ts).
import { resetAffiliate } from './affiliate';
import { resetHandoffOnSignOut } from './handoff';
import { resetPlayer } from './player';
import { onSignedOut } from './session';
import { clearToasts } from './toasts';

const SIGN_OUT_RESETS: readonly (() => void)[] = [
  resetHandoffOnSignOut,
  resetPlayer,
  resetAffiliate,
  // Every toast goes: a refusal that waits to be dismissed (with its PayPal id) or a late success is the last user's.
  clearToasts,
];

/** Hooks every store's reset to the sign-out (once: registering again changes nothing). */
export function registerSignOutResets(): void {
  for (const reset of SIGN_OUT_RESETS) onSignedOut(reset);
}
