// What the signed-in pages' stores do once their code has arrived: their sign-out resets and their page-load steps.
// These stores (payments, purchases, the subscription page, ...) live in the signed-in layout's chunk, not
// in the entry that /auth loads (docs/architecture.md "What the entry holds"), so their steps cannot be in the entry's
// lists (page-load.ts, sign-out-resets.ts). The signed-in layout's route runs this list as its chunk arrives, before
// any signed-in page renders; each step may run again without doing anything twice. A store whose chunk has not
// arrived has nothing to reset: it has never held anything. Sign-in & security's store (account-security.ts) comes
// later still, with My Account's lower sections, whose chunk registers its reset as it arrives.
import { resetAccountOnSignOut } from './account';
import { resetDesigns } from './designs';
import { resetDevData } from './dev-data';
import { followSettledPayments, resetPayments } from './payments';
import { followPendingPayments, resetPendingPayments } from './pending-payments';
import { followSettledPurchase, resetPurchase } from './purchase';
import { onSignedOut } from './session';
import { resetSubscription } from './subscription';
import { resetSubscriptionPage } from './subscription-page';

const SIGN_OUT_RESETS: readonly (() => void)[] = [
  resetSubscription,
  resetDesigns,
  resetSubscriptionPage,
  resetPurchase,
  resetPendingPayments,
  resetPayments,
  resetAccountOnSignOut,
  resetDevData,
];

const STEPS: readonly (() => unknown)[] = [
  // A kept payment recorded or refused (the layout's run, another tab): the credits modal's error no longer holds, and
  // My Account's list is read again.
  followSettledPurchase,
  followSettledPayments,
  // Kept PayPal payments are recorded now, at each sign-in and when the browser is back online (docs/reliability.md).
  followPendingPayments,
];

// Whether the list ran: outside a store, since nothing renders it and a page load runs it at most once.
let started = false;

/** Runs the list once: the signed-in layout's chunk start, and a test's that needs the stores wired as on a page. */
export function startSignedIn(): void {
  if (started) return;
  started = true;
  for (const reset of SIGN_OUT_RESETS) onSignedOut(reset);
  for (const step of STEPS) step();
}
