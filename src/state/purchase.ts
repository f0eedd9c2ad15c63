// The credits purchase flow of SPEC 4: idle -> pack chosen (modal, PayPal buttons after 500 ms) -> captured ->
// purchase call -> success or error. The captured order id is the key: a retry never adds credits twice.
import { ApiError } from '../api/client';
import { purchaseCredits } from '../api/account';
import { config } from '../config/config';
import { PAYMENT_BUTTON_DELAY_MS, RETRY_LIMIT } from '../domain/constants';
import { packById, type CreditPack } from '../domain/credit-packs';
import { message } from '../messages/catalogue';
import { creditsButtonOptions, paypalErrorText, renderButtons } from '../payments/paypal';
import { apiContext } from './api-context';
import { errorText, PortalError } from './errors';
import { mountButtons } from './paypal-buttons';
import { loadPlayer, player, setCredits } from './player';
import { createStore } from './resource';
import { onSignedOut, session } from './session';
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
  packId: null as string | null,
  /** PayPal's captured order id, kept until the backend has recorded it. */
  orderId: null as string | null,
  /** Shown in the modal (its toasts would sit behind it). */
  error: null as string | null,
  /** The buttons could not be shown: the modal offers no payment, only the reason. */
  buttonsError: null as string | null,
}));

export const purchase = store.state;

/** Changes each time the modal opens or closes, so late PayPal callbacks of an old modal are ignored. */
let attempt = 0;

export function chosenPack(): CreditPack | null {
  return purchase.packId ? (packById(purchase.packId) ?? null) : null;
}

function reset(): void {
  attempt++;
  store.reset();
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
  reset();
  purchase.phase = 'choosing';
  purchase.packId = pack.id;
  return true;
}

/**
 * Renders the PayPal buttons into the modal's container after the 500 ms of SPEC 9.
 * Returns the cleanup to run when the container goes away.
 */
export function mountPayButtons(container: HTMLElement, delayMs = PAYMENT_BUTTON_DELAY_MS): () => void {
  const pack = chosenPack();
  if (!pack) return () => {};
  const mine = attempt;
  const live = () => mine === attempt;
  return mountButtons({
    delayMs,
    live,
    render: () =>
      renderButtons(
        'credits',
        container,
        creditsButtonOptions(pack, {
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

function isDropped(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
}

function purchaseErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'http') return message('purchaseError', { message: error.serverText });
    if (error.kind === 'decode') return message('purchaseFailed');
    if (isDropped(error)) return message('purchaseFailed');
    return message('purchaseError', { message: error.serverText });
  }
  if (error instanceof PortalError) return message('purchaseError', { message: error.message });
  return message('purchaseFailed');
}

/**
 * Records the captured order with the backend: POST /consumables/purchase with the pack's credits and the order id.
 * A lost answer is retried (up to the retry limit) with the same order id, which the backend counts once.
 */
export async function recordPurchase(): Promise<boolean> {
  const pack = chosenPack();
  const orderId = purchase.orderId;
  if (!pack || !orderId) return false;
  const mine = attempt;
  purchase.phase = 'recording';
  purchase.error = null;
  for (let tries = 0; ; tries++) {
    try {
      const result = await purchaseCredits(await apiContext(), pack.amount, orderId);
      if (mine !== attempt) return false;
      if (!result.success) {
        purchase.phase = 'unrecorded';
        purchase.error = result.error ? message('purchaseError', { message: result.error }) : message('purchaseFailed');
        return false;
      }
      if (result.newBalance !== null) setCredits(result.newBalance);
      else await loadPlayer({ force: true });
      reset();
      showToast('success', message('purchaseSucceeded', { n: pack.amount }));
      return true;
    } catch (error) {
      if (mine !== attempt) return false;
      if (isDropped(error) && tries < RETRY_LIMIT) continue;
      purchase.phase = 'unrecorded';
      purchase.error = purchaseErrorText(error);
      return false;
    }
  }
}

/** Whether the modal may be closed now: not while PayPal captures or the purchase call runs. */
export function canClosePurchase(): boolean {
  return purchase.phase !== 'capturing' && purchase.phase !== 'recording';
}

/**
 * Closes the modal. Before payment that is a cancellation ("Payment cancelled"); after a capture that the backend
 * did not record, the buyer was charged, so they are told to contact support instead.
 */
export function closePurchase(): void {
  if (purchase.phase === 'idle' || !canClosePurchase()) return;
  const unrecorded = purchase.phase === 'unrecorded' && purchase.orderId !== null;
  reset();
  if (unrecorded) showToast('error', message('purchaseFailed'));
  else showToast('info', message('paymentCancelled'));
}

export function resetPurchase(): void {
  reset();
}

onSignedOut(resetPurchase);
