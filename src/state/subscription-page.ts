// The /subscription page flow (SPEC 2, 4, 5, 8): plan choice, the PayPal payment panel (its fallback is
// fallback-payment.ts), cancel / pause / resume with their reasons, the processing overlay and the reload 5 s after a
// purchase or cancel.
import type { PaidPlan } from '../config/config';
import { paypalConfig } from '../config/paypal';
import { RELOAD_AFTER_PURCHASE_MS } from '../domain/constants';
import { renewalStart, startBlock } from '../domain/plan-offers';
import { isCancelReason, isPauseReason } from '../domain/subscription-reasons';
import { message, type MessageCode } from '../messages/catalogue';
import { PayPalError } from '../domain/paypal-error';
import { paymentsPermission } from './payments-permission';
import { failureText } from './errors';
import { isAuthOrPlayerFailure } from './payment-errors';
import { countKept, keepPayment, settlePayment, showHeld, showRefusal, subscriptionKeptFor } from './pending-payments';
import { createButtons } from './paypal-buttons';
import { requestReference } from './purchase-reference';
import { requirePlayer } from './required-player';
import { createStore, idle } from './resource';
import { session } from './session';
import { cancel, loadSubscription, pause, resume, subscription } from './subscription';
import { showToast } from './toasts';

export type ReasonDialog = 'cancel' | 'pause';

const store = createStore(() => ({
  /** A banner from the query (success=true / cancelled=true). */
  notice: null as { kind: 'success' | 'info'; text: string } | null,
  /** The plan whose payment panel is open. */
  selected: null as PaidPlan | null,
  /** The uid that opened the panel: an approval is filed under this user only, never under one signed in since. */
  uid: null as string | null,
  /** Counts panel openings and retries: each one gets fresh PayPal buttons. */
  attempt: 0,
  /** Shown in the panel above its buttons: the setup or payment error PayPal reported. */
  panelError: null as string | null,
  /** The subscription change (activate, cancel, pause, resume): its record; the overlay names it while pending. */
  change: { ...idle(), overlay: null as MessageCode | null },
  dialog: null as ReasonDialog | null,
  dialogError: null as string | null,
  /** When the page reloads (ms since epoch) after a purchase or cancel. */
  reloadAt: null as number | null,
}));

export const subscriptionPage = store.state;

/** The panel's PayPal buttons (paypal-buttons.ts), reset as it opens, retries or closes; failed, it offers the fallback. */
const buttons = createButtons();
export const planButtons = buttons.state;

/** Try Again over a failed read (SPEC 8) reloads the page. */
export function reloadNow(): void {
  window.location.reload();
}

// The reload 5 s after a purchase or cancel (SPEC 4, 9) is a timer of the page's store (resource.ts), so a sign-out's
// reset stops it; `reloadAt` tells the page it is coming.
const reload = store.timer(reloadNow);

export interface ArrivalQuery {
  success?: boolean;
  cancelled?: boolean;
  canMakePayments?: boolean;
}

/**
 * The page opened (SPEC 2): success=true shows the activation banner and refreshes; cancelled=true shows its banner;
 * canMakePayments forces a refresh. Resolves to true when the caller should return to a bare /subscription.
 */
export async function arrive(query: ArrivalQuery): Promise<boolean> {
  subscriptionPage.notice = null;
  if (query.success) subscriptionPage.notice = { kind: 'success', text: message('subscriptionActivatedBanner') };
  else if (query.cancelled) subscriptionPage.notice = { kind: 'info', text: message('subscriptionCancelledBanner') };
  const force = query.success === true || query.canMakePayments !== undefined;
  await loadSubscription({ force });
  return query.success === true;
}

/** Plan card chosen: refused when payments are off or a subscription is running (SPEC 5), else the panel opens. */
export function selectPlan(plan: PaidPlan): void {
  if (!paymentsPermission.allowed || subscriptionPage.change.status === 'pending') return;
  const uid = session.user?.uid ?? null;
  // An approved subscription not recorded yet: a second plan now would be paid for twice (the cards say so too;
  // departure 25).
  const block: MessageCode | null =
    uid && subscriptionKeptFor(uid) ? 'planPaymentKept' : startBlock(subscription.current);
  if (block) {
    showToast('warning', message(block));
    return;
  }
  subscriptionPage.selected = plan;
  subscriptionPage.uid = uid;
  retryPanel();
}

export function closePanel(): void {
  buttons.reset();
  subscriptionPage.selected = null;
  subscriptionPage.uid = null;
  subscriptionPage.panelError = null;
}

/** Loads the SDK again after a failure (and at each opening): fresh buttons, the last ones' callbacks ignored. */
export function retryPanel(): void {
  if (!subscriptionPage.selected) return;
  buttons.reset();
  subscriptionPage.attempt++;
  subscriptionPage.panelError = null;
}

function scheduleReload(): void {
  subscriptionPage.reloadAt = Date.now() + RELOAD_AFTER_PURCHASE_MS;
  reload.start(RELOAD_AFTER_PURCHASE_MS);
}

const refresh = () => loadSubscription({ force: true });

/** After a purchase or cancel: the subscription read again, then the page reloads 5 s later. */
export async function refreshThenReload(): Promise<void> {
  await refresh();
  scheduleReload();
}

/**
 * Runs a subscription change under the processing overlay (`overlay` names it): on success a toast and a refresh (or
 * `after`), on failure the error toast `failure` words. After a sign-out the answer is dropped (resource.ts's `act`).
 */
export function change<T>(
  overlay: MessageCode,
  call: () => Promise<T>,
  outcome: { success?: MessageCode; failure: (error: unknown) => string | null; after?: (value: T) => unknown },
): Promise<boolean> {
  subscriptionPage.change.overlay = overlay;
  return store.act(subscriptionPage.change, {
    call,
    async succeeded(value) {
      if (outcome.success) showToast('success', message(outcome.success));
      await (outcome.after ?? refresh)(value);
    },
    failed: outcome.failure,
    toast: true,
  });
}

/**
 * PayPal approved the subscription (PayPal has the money): the entry first, filed under `uid`, the user who opened the
 * panel, before any check of the session or of the panel (docs/reliability.md "The entry first"). Then, only while the
 * panel is still the one the payment began in and its user is signed in, record it with the backend
 * (POST /subscription/activate). What the backend did not record stays kept and is recorded again later.
 */
async function onApproved(
  plan: PaidPlan,
  subscriptionId: string | null,
  uid: string | null,
  live: () => boolean,
): Promise<void> {
  const payment = subscriptionId ? ({ kind: 'subscription', subscriptionId, plan } as const) : null;
  if (payment && uid) keepPayment(uid, payment);
  // A sign-out, a switch or a host logout since the panel opened (it reset the page): no recording call, no word here;
  // the payer's next signed-in page records it.
  if (!live()) {
    countKept();
    return;
  }
  closePanel();
  if (!payment) {
    showToast('error', message('activateChargedError'));
    return;
  }
  // Another user signed in since the panel opened without the page's reset (a backstop): not theirs to record.
  if (uid === null || session.user?.uid !== uid) {
    countKept();
    return;
  }
  await change(
    'activatingSubscription',
    async () => {
      const settlement = await settlePayment(uid, payment);
      if (settlement.status === 'kept') throw settlement.error;
      return settlement;
    },
    {
      after: (settlement) => {
        if (settlement.status === 'recorded') scheduleReload();
        if (settlement.status === 'settled') return refresh();
        if (settlement.status === 'refused') showRefusal(uid, settlement.text);
        if (settlement.status === 'held') showHeld(uid, settlement.text);
      },
      // Still kept: the layout's notice offers Try Again; only a refused identity has a text of its own.
      failure: (error) => {
        countKept();
        return isAuthOrPlayerFailure(error) ? message('authenticationFailed') : null;
      },
    },
  );
}

/** Renders the PayPal subscription buttons for the selected plan into the panel; returns the cleanup. */
export function mountSubscriptionButtons(container: HTMLElement): () => void {
  const plan = subscriptionPage.selected;
  if (!plan) return () => {};
  // The subscription names its subscriber (PayPal's custom_id): the backend's purchase reference for the player of the
  // user who opened the panel, this plan and its price, fetched while PayPal's script loads (and again on a click
  // after it has expired).
  const subscriber = requirePlayer().then(({ unity }) => requestReference(unity.playerId, plan));
  subscriber.catch(() => undefined);
  const { uid } = subscriptionPage;
  // A renewal starts when the paid time ends, as the panel says (planStartsOn).
  const start = renewalStart(subscription.current, Date.now());
  const live = buttons.guard();
  // PayPal's loader is a chunk of its own, asked for as the panel opens.
  const paypal = import('../chunks/paypal');
  paypal.catch(() => undefined);
  return buttons.mount({
    live,
    render: async () => {
      const { renderButtons, subscriptionButtonOptions } = await paypal;
      const owner = await subscriber;
      // No buttons without a reference: they could only create a subscription that names nobody.
      await owner();
      return renderButtons(
        'subscription',
        container,
        subscriptionButtonOptions(
          paypalConfig.planIds[plan],
          owner,
          {
            onApprove: (subscriptionId) => onApproved(plan, subscriptionId, uid, live),
            onCancel: () => {
              if (live()) closePanel();
            },
            onError: (kind) => {
              if (!live()) return;
              subscriptionPage.panelError =
                kind === 'setup' ? message('setupSubscriptionError') : message('paymentProcessError');
            },
          },
          start,
        ),
      );
    },
    failed: (error) => {
      if (!(error instanceof PayPalError)) console.warn('PayPal buttons failed', error);
      return message('paymentProviderLoadFailed');
    },
  });
}

export function openReasonDialog(kind: ReasonDialog): void {
  subscriptionPage.dialog = kind;
  subscriptionPage.dialogError = null;
}

export function closeReasonDialog(): void {
  subscriptionPage.dialog = null;
  subscriptionPage.dialogError = null;
}

/**
 * A failed change's toast: `apiText` words a backend failure, the portal's own errors already carry their spec
 * text, and anything unexpected gets the catch-all of SPEC 8.
 */
const changeFailure = (apiText: (serverText: string) => string) => (error: unknown) =>
  failureText(error, { api: (cause) => apiText(cause.serverText) });

/** Cancel with a reason (SPEC 5); the page reloads 5 s after it succeeds. Returns whether it was sent. */
export async function confirmCancel(reason: string | null): Promise<boolean> {
  if (!isCancelReason(reason)) {
    subscriptionPage.dialogError = message('cancelReasonRequired');
    return false;
  }
  closeReasonDialog();
  await change('cancellingSubscription', () => cancel(reason), {
    success: 'cancelSucceeded',
    after: refreshThenReload,
    failure: changeFailure((serverText) => message('cancelFailed', { message: serverText })),
  });
  return true;
}

/** Pause with a reason (SPEC 5). */
export async function confirmPause(reason: string | null): Promise<boolean> {
  if (!isPauseReason(reason)) {
    subscriptionPage.dialogError = message('pauseReasonRequired');
    return false;
  }
  closeReasonDialog();
  await change('pausingSubscription', () => pause(reason), {
    success: 'pauseSucceeded',
    failure: changeFailure(() => message('pauseFailed')),
  });
  return true;
}

export async function resumeSubscription(): Promise<void> {
  await change('resumingSubscription', () => resume(), {
    success: 'resumeSucceeded',
    failure: changeFailure(() => message('resumeFailed')),
  });
}

/** A sign-out: the panel and its buttons close, and the reload that was coming stops with the store's reset. */
export function resetSubscriptionPage(): void {
  buttons.reset();
  // The attempt keeps counting: a panel opened after the reset still gets fresh buttons.
  const attempt = subscriptionPage.attempt;
  store.reset();
  subscriptionPage.attempt = attempt;
}
