// The credits purchase flow of SPEC 4: idle -> pack chosen (modal, PayPal buttons after 500 ms) -> captured ->
// purchase call -> success or error. The captured order id is the key: a retry never adds credits twice.
import { config } from '../config/config';
import { PAYMENT_BUTTON_DELAY_MS } from '../domain/constants';
import { packById, type CreditPack } from '../domain/credit-packs';
import { message } from '../messages/catalogue';
import { creditsButtonOptions, paypalErrorText, renderButtons } from '../payments/paypal';
import { errorText, PortalError } from './errors';
import {
  countKept,
  keepPayment,
  onPaymentSettled,
  purchaseErrorText,
  settlePayment,
  showRefusal,
  type Settlement,
} from './pending-payments';
import { mountButtons } from './paypal-buttons';
import { loadPlayer, player } from './player';
import { createStore } from './resource';
import { session } from './session';
import { showToast } from './toasts';

export type PurchasePhase =
  /** No modal. */
  | 'idle'
  /** Modal open, PayPal buttons on their way (or failed to come: see `buttonsError`). */
  | 'choosing'
  /** PayPal buttons shown. */
  | 'ready'
  /** Approved; PayPal is capturing. */
  | 'capturing'
  /** Captured; the purchase call runs. */
  | 'recording'
  /** Captured, but the purchase call failed: retry with the same order id. */
  | 'unrecorded';

const store = createStore(() => ({
  phase: 'idle' as PurchasePhase,
  /** The uid that opened the modal: its capture is kept and recorded for this user only, never for a later one. */
  uid: null as string | null,
  packId: null as string | null,
  /** The player who opened the modal: the order's owner (PayPal's custom_id), whoever is signed in later. */
  payerId: null as string | null,
  /** PayPal's captured order id, kept until the backend has recorded it. */
  orderId: null as string | null,
  /** Shown in the modal (its toasts would sit behind it). */
  error: null as string | null,
  /** The buttons could not be shown: the modal offers no payment, only the reason. */
  buttonsError: null as string | null,
  /** The backend refused the captured order for good: Try Again cannot help, only support (the error says which order). */
  refused: false,
}));

export const purchase = store.state;

export function chosenPack(): CreditPack | null {
  return purchase.packId ? (packById(purchase.packId) ?? null) : null;
}

/** Opens the payment modal for a pack. Returns false (with the spec's toast) when a purchase cannot start. */
export function choosePack(packId: string): boolean {
  const pack = packById(packId);
  if (!pack) return false;
  if (!session.user || !player.unity) {
    showToast('error', message('purchaseNeedsLogin'));
    return false;
  }
  if (!config.paypal.clientId) {
    showToast('error', message('paypalConfigMissing'));
    return false;
  }
  store.reset();
  purchase.phase = 'choosing';
  purchase.packId = pack.id;
  purchase.uid = session.user.uid;
  purchase.payerId = player.unity.playerId;
  return true;
}

/**
 * Renders the PayPal buttons into the modal's container after the 500 ms of SPEC 9.
 * Returns the cleanup to run when the container goes away.
 */
export function mountPayButtons(container: HTMLElement, delayMs = PAYMENT_BUTTON_DELAY_MS): () => void {
  const pack = chosenPack();
  const payerId = purchase.payerId;
  if (!pack || !payerId) return () => {};
  // The store is reset each time the modal opens or closes: late PayPal callbacks of an old modal are ignored.
  const live = store.guard();
  return mountButtons({
    delayMs,
    live,
    render: () =>
      renderButtons(
        'credits',
        container,
        creditsButtonOptions(pack, payerId, {
          onProcessing: () => {
            if (!live()) return;
            purchase.phase = 'capturing';
            purchase.error = null;
          },
          onCaptureFailed: () => {
            if (!live()) return;
            purchase.phase = 'ready';
            purchase.error = message('paypalPaymentFailed');
          },
          onCaptured: async (orderId) => {
            if (!live()) return;
            purchase.orderId = orderId;
            // Kept before the first recording call: from here a reload or a closed tab does not lose it.
            try {
              // Only for the user who opened the modal: one signed in since gets nothing of it.
              if (session.user?.uid === purchase.uid) keepPayment({ kind: 'credits', orderId, packId: pack.id });
            } catch {
              // No signed-in user: the recording below says so.
            }
            await recordPurchase();
          },
          onCancel: () => {
            if (live()) closePurchase();
          },
          onError: (error) => {
            if (!live()) return;
            purchase.phase = 'ready';
            purchase.error = message('paymentFailed', { message: paypalErrorText(error) });
          },
        }),
      ),
    onReady: () => {
      if (purchase.phase === 'choosing') purchase.phase = 'ready';
    },
    onFailed: (error) => {
      purchase.buttonsError = errorText(error, 'paypalButtonsFailed');
    },
  });
}

/**
 * Records the captured order with the backend: POST /consumables/purchase with the pack's credits and the order id.
 * The order was kept in local storage on capture (pending-payments.ts), so a reload or a closed tab does not lose it;
 * a lost answer is retried with the same order id, which the backend counts once.
 */
export async function recordPurchase(): Promise<boolean> {
  const pack = chosenPack();
  const orderId = purchase.orderId;
  if (!pack || !orderId || purchase.refused) return false;
  const current = store.guard();
  purchase.phase = 'recording';
  purchase.error = null;
  const payment = { kind: 'credits', orderId, packId: pack.id } as const;
  // Recorded for the user who opened the modal, and only while that user is signed in (settlePayment checks).
  const uid = purchase.uid;
  const settlement: Settlement = uid
    ? await settlePayment(uid, payment).catch((error: unknown): Settlement => ({ status: 'kept', error }))
    : { status: 'kept', error: new PortalError(message('noAuthenticatedUser')) };
  if (!current()) return settlement.status === 'recorded';
  switch (settlement.status) {
    case 'recorded':
      store.reset();
      return true;
    case 'settled':
      // Recorded meanwhile (another tab): nothing to say, but the balance is read again.
      store.reset();
      await loadPlayer({ force: true });
      return true;
    case 'refused':
    case 'held':
      purchase.phase = 'unrecorded';
      purchase.error = settlement.text;
      purchase.refused = true;
      return false;
    case 'kept':
      purchase.phase = 'unrecorded';
      purchase.error = purchaseErrorText(settlement.error);
      return false;
  }
}

/** Whether the modal may be closed now: not while PayPal captures or the purchase call runs. */
export function canClosePurchase(): boolean {
  return purchase.phase !== 'capturing' && purchase.phase !== 'recording';
}

/**
 * Closes the modal. Before payment that is a cancellation ("Payment cancelled"). After a capture that the backend
 * did not record, the order stays kept and the layout's notice takes over (Try Again there, and again by itself);
 * after a final refusal the refusal, with the order id, stays on screen as a toast.
 */
export function closePurchase(): void {
  if (purchase.phase === 'idle' || !canClosePurchase()) return;
  const unrecorded = purchase.phase === 'unrecorded' && purchase.orderId !== null;
  const refusal = purchase.refused ? purchase.error : null;
  store.reset();
  if (refusal) showRefusal(refusal);
  else if (unrecorded) countKept();
  else showToast('info', message('paymentCancelled'));
}

export function resetPurchase(): void {
  store.reset();
}

// Recorded meanwhile by the layout (the connection came back, another tab): the modal's error no longer holds.
onPaymentSettled((id) => {
  if (purchase.phase === 'unrecorded' && purchase.orderId === id && !purchase.refused) store.reset();
});
