// The credits purchase flow of SPEC 4: idle -> pack chosen (modal, PayPal buttons after 500 ms) -> captured ->
// purchase call -> success or error. The captured order id is the key: a retry never adds credits twice.
import { paypalConfig } from '../config/paypal';
import { PAYMENT_BUTTON_DELAY_MS } from '../domain/constants';
import { packById, type CreditPack } from '../domain/credit-packs';
import { message } from '../messages/catalogue';
import { failureText, PortalError } from './errors';
import { PURCHASE } from './payment-errors';
import { countKept, keepPayment, onPaymentSettled, settlePayment, showRefusal } from './pending-payments';
import { createButtons } from './paypal-buttons';
import { requestReference, type ReferenceSource } from './purchase-reference';
import { loadPlayer, player } from './player';
import { createStore, idle } from './resource';
import { session } from './session';
import { showToast } from './toasts';

const store = createStore(() => ({
  /**
   * The payment's record: pending while PayPal captures (no `orderId` yet) and the purchase call runs; failed with
   * an `orderId` is a capture the backend did not record (Try Again sends the same order id). Its error shows in the
   * modal (its toasts would sit behind it).
   */
  ...idle(),
  /** The uid that opened the modal: its capture is kept and recorded for this user only, never for a later one. */
  uid: null as string | null,
  /** The pack of the open modal; null while no modal is open. */
  packId: null as string | null,
  /** The player who opened the modal: the order's owner (PayPal's custom_id), whoever is signed in later. */
  payerId: null as string | null,
  /** PayPal's captured order id, kept until the backend has recorded it. */
  orderId: null as string | null,
  /** The backend refused the captured order for good: Try Again cannot help, only support (the error says which order). */
  refused: false,
}));

export const purchase = store.state;

/** The modal's PayPal buttons (paypal-buttons.ts): failed, the modal offers no payment, only the reason. */
const buttons = createButtons();
export const purchaseButtons = buttons.state;

/**
 * The open modal's purchase reference (PayPal's `custom_id`), fetched from the backend as the modal opens, and again
 * when the buyer clicks after it has expired (a modal left open).
 */
let reference: ReferenceSource | null = null;

/** The modal and its buttons start again together: each opening gets fresh buttons, a closed modal's are ignored. */
function reset(): void {
  store.reset();
  buttons.reset();
  reference = null;
}

function chosenPack(): CreditPack | null {
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
  if (!paypalConfig.clientId) {
    showToast('error', message('paypalConfigMissing'));
    return false;
  }
  reset();
  purchase.packId = pack.id;
  purchase.uid = session.user.uid;
  purchase.payerId = player.unity.playerId;
  // During the 500 ms before the buttons show: the backend's reference naming this player, this pack and its price.
  reference = requestReference(player.unity.playerId, pack.id);
  return true;
}

/** A captured order that the backend did not record: Try Again (or the layout's notice) sends it again. */
const unrecorded = (): boolean => purchase.status === 'failed' && purchase.orderId !== null;

/**
 * Renders the PayPal buttons into the modal's container after the 500 ms of SPEC 9.
 * Returns the cleanup to run when the container goes away.
 */
export function mountPayButtons(container: HTMLElement, delayMs = PAYMENT_BUTTON_DELAY_MS): () => void {
  const pack = chosenPack();
  const payerId = purchase.payerId;
  const owner = reference;
  if (!pack || !payerId || !owner) return () => {};
  // The store is reset each time the modal opens or closes: late PayPal callbacks of an old modal are ignored.
  const live = store.guard();
  // PayPal's loader is a chunk of its own: it travels while the modal waits its delay.
  const paypal = import('../chunks/paypal');
  // A modal closed before its delay never renders: its failed load is nobody's to report.
  paypal.catch(() => undefined);
  return buttons.mount({
    delayMs,
    live,
    render: async () => {
      const { creditsButtonOptions, renderButtons } = await paypal;
      // No buttons without a reference: they could only create an order that names nobody.
      await owner();
      return renderButtons(
        'credits',
        container,
        creditsButtonOptions(pack, owner, {
          onApprove: async (capture) => {
            if (live()) await pay(capture);
          },
          onCancel: () => {
            if (live()) closePurchase();
          },
          // PayPal's own error during checkout: the payment's record says so, as a failed capture would.
          onError: (error) => {
            if (live())
              store.fail(purchase, error, { failed: (cause) => failureText(cause, { paypal: 'paymentFailed' }) });
          },
        }),
      );
    },
    failed: (error) => failureText(error, 'paypalButtonsFailed'),
  });
}

/** The payment's one action: PayPal's capture (when `capture` is given), then the purchase call. */
async function pay(capture?: () => Promise<string>): Promise<boolean> {
  const pack = chosenPack();
  if (!pack || purchase.refused) return false;
  // Read before any wait: the payer is the user who opened the modal, whatever a reset does to the store meanwhile.
  const uid = purchase.uid;
  // Written only while the store is the one the payment started in (a sign-out resets it): act drops the rest.
  const live = store.guard();
  const ok = await store.act(purchase, {
    call: async () => {
      if (capture) {
        const captured = await capture().catch(() => {
          throw new PortalError(message('paypalPaymentFailed'));
        });
        // The entry first (docs/reliability.md "The entry first"): PayPal has the money, so the order is filed under
        // the payer before anything else is looked at. A sign-out, a switch or a host logout meanwhile skips only the
        // recording call and the modal; the payer's next signed-in page records it.
        if (uid) keepPayment(uid, { kind: 'credits', orderId: captured, packId: pack.id });
        if (!live()) {
          countKept();
          return;
        }
        purchase.orderId = captured;
      }
      const orderId = purchase.orderId;
      if (!orderId) return;
      // Recorded for the user who opened the modal, and only while that user is signed in (settlePayment checks).
      if (!uid) throw new PortalError(message('noAuthenticatedUser'));
      const settlement = await settlePayment(uid, { kind: 'credits', orderId, packId: pack.id });
      if (!live()) return;
      if (settlement.status === 'kept') throw settlement.error;
      if (settlement.status === 'refused' || settlement.status === 'held') {
        purchase.refused = true;
        throw new PortalError(settlement.text);
      }
      // Recorded meanwhile (another tab): nothing to say, but the balance is read again, for the payer only.
      if (settlement.status === 'settled' && session.user?.uid === uid) await loadPlayer({ force: true });
    },
    // A refusal and a failed capture carry their own text; a payment still kept reads as SPEC 8's purchase error.
    failed: (error) => failureText(error, purchase.refused || !purchase.orderId ? {} : PURCHASE),
  });
  if (ok) reset();
  return ok;
}

/**
 * Records the captured order with the backend again (Try Again): POST /consumables/purchase with the pack's credits
 * and the order id. The order was kept in local storage on capture (pending-payments.ts), so a reload or a closed tab
 * does not lose it; a lost answer is retried with the same order id, which the backend counts once.
 */
export function recordPurchase(): Promise<boolean> {
  return purchase.orderId ? pay() : Promise.resolve(false);
}

/** Whether the modal may be closed now: not while PayPal captures or the purchase call runs. */
function canClosePurchase(): boolean {
  return purchase.status !== 'pending';
}

/**
 * Closes the modal. Before payment that is a cancellation ("Payment cancelled"). After a capture that the backend
 * did not record, the order stays kept and the layout's notice takes over (Try Again there, and again by itself);
 * after a final refusal the refusal, with the order id, stays on screen as a toast.
 */
export function closePurchase(): void {
  if (purchase.packId === null || !canClosePurchase()) return;
  const kept = unrecorded();
  const refusal = purchase.refused ? purchase.error : null;
  const payer = purchase.uid;
  reset();
  if (refusal && payer) showRefusal(payer, refusal);
  else if (kept) countKept();
  else showToast('info', message('paymentCancelled'));
}

export function resetPurchase(): void {
  reset();
}

/** Recorded meanwhile by the layout (the connection came back, another tab): the modal's error no longer holds. */
function settledElsewhere(id: string): void {
  if (unrecorded() && purchase.orderId === id && !purchase.refused) reset();
}

/** Start-up registers it once (page-load.ts); registering again changes nothing. */
export function followSettledPurchase(): void {
  onPaymentSettled(settledElsewhere);
}
