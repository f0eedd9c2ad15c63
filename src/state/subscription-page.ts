// The /subscription page flow (SPEC 2, 4, 5, 8): plan choice, the PayPal payment panel and its fallback,
// cancel / pause / resume with their reasons, the processing overlay and the reload 5 s after a purchase or cancel.
import { config, type PaidPlan } from '../config/config';
import { FALLBACK_ACTIVATION_DELAY_MS, RELOAD_AFTER_PURCHASE_MS } from '../domain/constants';
import { manualSubscriptionId, startBlock } from '../domain/plans';
import { isCancelReason, isPauseReason } from '../domain/subscription-reasons';
import { message, type MessageCode } from '../messages/catalogue';
import { PayPalError, renderButtons, subscriptionButtonOptions } from '../payments/paypal';
import { paymentsPermission } from './payments-permission';
import { failureText, isAuthOrPlayerFailure } from './errors';
import { countKept, keepPayment, settlePayment, showHeld, showRefusal, subscriptionKeptFor } from './pending-payments';
import { mountButtons } from './paypal-buttons';
import { requirePlayer } from './player';
import { createStore, idle } from './resource';
import { session } from './session';
import { activateManually, cancel, loadSubscription, pause, resume, subscription } from './subscription';
import { showToast } from './toasts';

export type PanelState = 'loading' | 'ready' | 'failed';
export type ReasonDialog = 'cancel' | 'pause';

const store = createStore(() => ({
  /** A banner from the query (success=true / cancelled=true). */
  notice: null as { kind: 'success' | 'info'; text: string } | null,
  /** The plan whose payment panel is open. */
  selected: null as PaidPlan | null,
  /** The PayPal buttons' render: a mount's lifecycle (paypal-buttons.ts), not an action, so outside `act`. */
  panel: 'loading' as PanelState,
  /** Counts panel openings and retries: each one gets fresh PayPal buttons. */
  attempt: 0,
  /** Shown in the panel: a setup or payment error, or the load failure that offers the fallback. */
  panelError: null as string | null,
  /** The subscription change (activate, cancel, pause, resume): its record; the overlay names it while pending. */
  change: { ...idle(), overlay: null as MessageCode | null },
  dialog: null as ReasonDialog | null,
  dialogError: null as string | null,
  /** When the page reloads (ms since epoch) after a purchase or cancel. */
  reloadAt: null as number | null,
}));

export const subscriptionPage = store.state;

/** Changes whenever the panel opens or closes, so callbacks from an old panel are ignored. */
let panelToken = 0;
/** The uid that opened the panel: an approval is filed under this user only, never under one signed in since. */
let panelUid: string | null = null;
let reloadTimer: ReturnType<typeof setTimeout> | null = null;
let reloader: () => void = () => window.location.reload();
let sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** For tests: replace the page reload and the fallback's wait. */
export function setPageEffects(effects: { reload?: () => void; sleep?: (ms: number) => Promise<void> }): void {
  if (effects.reload) reloader = effects.reload;
  if (effects.sleep) sleep = effects.sleep;
}

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
  panelToken++;
  subscriptionPage.attempt++;
  subscriptionPage.selected = plan;
  panelUid = uid;
  subscriptionPage.panel = 'loading';
  subscriptionPage.panelError = null;
}

export function closePanel(): void {
  panelToken++;
  subscriptionPage.selected = null;
  subscriptionPage.panelError = null;
}

/** Loads the SDK again after a failure. */
export function retryPanel(): void {
  if (!subscriptionPage.selected) return;
  panelToken++;
  subscriptionPage.attempt++;
  subscriptionPage.panel = 'loading';
  subscriptionPage.panelError = null;
}

function scheduleReload(): void {
  if (reloadTimer) clearTimeout(reloadTimer);
  subscriptionPage.reloadAt = Date.now() + RELOAD_AFTER_PURCHASE_MS;
  reloadTimer = setTimeout(() => {
    reloadTimer = null;
    reloader();
  }, RELOAD_AFTER_PURCHASE_MS);
}

export function reloadNow(): void {
  reloader();
}

async function refresh(): Promise<void> {
  await loadSubscription({ force: true });
}

async function activated(): Promise<void> {
  showToast('success', message('subscriptionActivatedBanner'));
  await refresh();
  scheduleReload();
}

/**
 * Runs a subscription change under the processing overlay (`overlay` names it): on success a toast and a refresh (or
 * `after`), on failure the error toast `failure` words. After a sign-out the answer is dropped (resource.ts's `act`).
 */
function change<T>(
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
        if (settlement.status === 'refused') showRefusal(settlement.text);
        if (settlement.status === 'held') showHeld(settlement.text);
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
  // The subscription names its subscriber (PayPal's custom_id): the player of the user who opened the panel.
  const subscriber = requirePlayer().then(({ unity }) => unity.playerId);
  const token = panelToken;
  const uid = panelUid;
  const live = () => token === panelToken;
  return mountButtons({
    live,
    render: async () =>
      renderButtons(
        'subscription',
        container,
        subscriptionButtonOptions(config.paypal.planIds[plan], await subscriber, {
          onApprove: (subscriptionId) => onApproved(plan, subscriptionId, uid, live),
          onCancel: () => {
            if (live()) closePanel();
          },
          onError: (kind) => {
            if (!live()) return;
            subscriptionPage.panelError =
              kind === 'setup' ? message('setupSubscriptionError') : message('paymentProcessError');
          },
        }),
      ),
    onReady: () => {
      subscriptionPage.panel = 'ready';
    },
    onFailed: (error) => {
      subscriptionPage.panel = 'failed';
      subscriptionPage.panelError = message('paymentProviderLoadFailed');
      if (!(error instanceof PayPalError)) console.warn('PayPal buttons failed', error);
    },
  });
}

/**
 * The fallback payment path (payment-bypass flag, staging and development only): after 2 s, POST /subscription/direct
 * with a manual id. PAYMENT_BYPASS is a build-time constant, so a production bundle holds no manual activation at all.
 */
export const startFallbackPayment: () => Promise<void> = PAYMENT_BYPASS ? activateWithoutPayPal : async () => undefined;

async function activateWithoutPayPal(): Promise<void> {
  const plan = subscriptionPage.selected;
  if (!plan) return;
  closePanel();
  await change(
    'activatingSubscription',
    async () => {
      await sleep(FALLBACK_ACTIVATION_DELAY_MS);
      const result = await activateManually(plan, manualSubscriptionId(Date.now()));
      if (!result.success) throw new Error('manual activation refused');
    },
    {
      after: activated,
      failure: (error) => (isAuthOrPlayerFailure(error) ? message('authenticationFailed') : message('activateFailed')),
    },
  );
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
    after: async () => {
      await refresh();
      scheduleReload();
    },
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

export function resetSubscriptionPage(): void {
  panelToken++;
  panelUid = null;
  if (reloadTimer) clearTimeout(reloadTimer);
  reloadTimer = null;
  // The attempt keeps counting: a panel opened after the reset still gets fresh buttons.
  const attempt = subscriptionPage.attempt;
  store.reset();
  subscriptionPage.attempt = attempt;
}
