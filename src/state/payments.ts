// The player's PayPal payments for My Account: what the backend lists, and what this browser still keeps for the
// signed-in user (pending-payments.ts), merged by src/domain/payments.ts.
import { fetchPayments } from '../api/payments';
import { paymentRows, type PaymentRow, type RecordedPayment } from '../domain/payments';
import { apiContext } from './api-context';
import { failureText } from './errors';
import { keptPaymentsOf, onPaymentSettled } from './pending-payments';
import { requirePlayer } from './required-player';
import { createResource } from './resource';
import { session } from './session';

const resource = createResource({
  initial: () => ({ recorded: [] as RecordedPayment[], loaded: false }),
  // Read again on each visit of My Account: a payment made on another page since must show.
  fresh: () => false,
  load: async () => {
    const { unity } = await requirePlayer();
    return { recorded: await fetchPayments(await apiContext(), unity.playerId), loaded: true };
  },
  // A backend failure or an unreadable answer: the list's own text (the player load's failure carries its own).
  errorText: (error) => failureText(error, 'paymentsFetchFailed'),
});

export const payments = resource.state;

/** Loads the list (parallel callers share one request); each visit of My Account loads it again. Never rejects. */
export async function loadPayments(options: { force?: boolean } = {}): Promise<void> {
  await resource.load(options);
}

/**
 * The rows to show, newest first: the backend's list (`recorded`, a component passes its snapshot) and the signed-in
 * user's kept payments as waiting; empty until the list has loaded once.
 */
export function paymentList(recorded: readonly RecordedPayment[] = payments.recorded): PaymentRow[] {
  const uid = session.user?.uid;
  if (!payments.loaded || !uid) return [];
  return paymentRows(recorded, keptPaymentsOf(uid));
}

/** A kept payment recorded or refused (this tab's run, Try Again): the list the backend gives now says what became of it. */
function settled(): void {
  if (payments.loaded) void resource.load({ force: true });
}

/** Start-up registers it once (page-load.ts); registering again changes nothing. */
export function followSettledPayments(): void {
  onPaymentSettled(settled);
}

/** A sign-out forgets the list (sign-out-resets.ts). */
export const resetPayments = resource.reset;
