// Payments PayPal has taken that the backend has not recorded yet (docs/reliability.md "Reliability"): kept in local
// storage by uid before the first recording call, and recorded again on each signed-in page load, when the connection
// returns and on Try Again, until the backend records them or refuses them for good. The backend answers the same
// PayPal id idempotently.
import { subscribe } from 'valtio';
import { purchaseCredits } from '../api/account';
import { ApiError } from '../api/client';
import { RETRY_LIMIT } from '../domain/constants';
import { packById } from '../domain/credit-packs';
import {
  decodeLedger,
  decodeNotices,
  heldForOwner,
  heldPayments,
  isFinalRefusal,
  isHeld,
  isPending,
  isWellFormed,
  keepsSubscription,
  PAYMENT_OWNER_MISMATCH,
  paymentId,
  pendingFor,
  takeNotices,
  withNotice,
  withoutHeld,
  withoutId,
  withoutPayment,
  withPayment,
  type KeptPayment,
  type PaymentLedger,
  type PaymentNotice,
  type PendingPayment,
} from '../domain/pending-payments';
import { PAYMENT_REFUNDED, SUBSCRIPTION_UNDONE, undoneWords } from '../domain/payment-refusals';
import { message, plural } from '../messages/catalogue';
import { apiContext } from './api-context';
import { failureText, PortalError } from './errors';
import { PURCHASE } from './payment-errors';
import { loadPlayer, setCredits } from './player';
import { requirePlayer } from './required-player';
import { createStore, singleFlight } from './resource';
import { session } from './session';
import { LOCAL_KEYS, readJson, writeJson } from './storage';
import { activate, loadSubscription } from './subscription';
import { showToast } from './toasts';

export type { PendingPayment } from '../domain/pending-payments';

/** How one recording attempt ended. */
export type Settlement =
  /** The backend recorded it (its success toast is shown) and it is no longer kept. */
  | { status: 'recorded' }
  /** Another attempt (this tab or another) finished it meanwhile: nothing to do or to say. */
  | { status: 'settled' }
  /** Refused for good: no longer kept; `text` is the SPEC 8 text followed by the PayPal id. */
  | { status: 'refused'; text: string }
  /**
   * Refused because another player paid it (PayPal's custom_id is not this player): not this user's any more, but
   * kept for its owner (held), whose next sign-in records it; `text` says so with the PayPal id.
   */
  | { status: 'held'; text: string }
  /** Still kept, for the next try. */
  | { status: 'kept'; error: unknown };

const store = createStore(() => ({
  /**
   * What the shell is recording now (a kept payment, not the one the credits modal or the plan panel shows). Outside
   * `act`: a background run that callers share (singleFlight), whose outcome is `kept`, not a user action's record.
   */
  working: null as PendingPayment['kind'] | null,
  /** How many payments the signed-in user still has kept after the last try: the shell offers Try Again. */
  kept: 0,
  /**
   * The signed-in user has an approved subscription kept (not recorded yet): no plan may be chosen until it is, or the
   * user would pay twice. Follows the ledger at once, unlike `kept`, which waits for the end of a try.
   */
  subscriptionKept: false,
  /** Counts the ledger's writes in this tab: what shows kept payments (My Account's list) reads them again. */
  revision: 0,
}));

export const pendingPayments = store.state;

function readLedger(): PaymentLedger {
  return decodeLedger(readJson(LOCAL_KEYS.pendingPayments), Date.now());
}

function writeLedger(ledger: PaymentLedger): void {
  writeJson(LOCAL_KEYS.pendingPayments, ledger);
  pendingPayments.revision++;
  followSubscription(ledger);
}

function followSubscription(ledger: PaymentLedger = readLedger()): void {
  const uid = session.user?.uid;
  pendingPayments.subscriptionKept = uid ? keepsSubscription(ledger, uid) : false;
}

/**
 * Files `payment` under `uid`, the user who opened the credits modal or the plan panel, whoever is signed in now: the
 * first thing done with PayPal's answer, before any check of the session or of the store (docs/reliability.md "The
 * entry first"). A malformed id is not kept (domain's `withPayment`).
 */
export function keepPayment(uid: string, payment: PendingPayment): void {
  writeLedger(withPayment(readLedger(), uid, payment, Date.now()));
}

/** The payments this browser keeps for `uid`, oldest first (My Account lists them as waiting). */
export function keptPaymentsOf(uid: string): readonly KeptPayment[] {
  return pendingFor(readLedger(), uid);
}

/** Whether `uid` has an approved subscription kept, not recorded yet: no plan may be chosen meanwhile. */
export function subscriptionKeptFor(uid: string): boolean {
  return keepsSubscription(readLedger(), uid);
}

/** The signed-in user's kept payments, counted again for the shell's notice. */
export function countKept(): void {
  const uid = session.user?.uid;
  const ledger = readLedger();
  pendingPayments.kept = uid ? pendingFor(ledger, uid).length : 0;
  followSubscription(ledger);
}

const settledListeners = new Set<(id: string) => void>();

/** Called with the PayPal id whenever a payment stops being kept (recorded or refused), whoever recorded it. */
export function onPaymentSettled(listener: (id: string) => void): () => void {
  settledListeners.add(listener);
  return () => settledListeners.delete(listener);
}

const LOCK = 'portal-pending-payments';
// Outside the store: the tail of this tab's recording queue, a promise, not state.
let chain: Promise<unknown> = Promise.resolve();

/**
 * One recording at a time, in this tab (a promise chain) and across the browser's tabs (Web Locks where there are),
 * so a payment is recorded and its success toast shown once, by whoever gets there first.
 */
function exclusive<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const run = (): Promise<T> => (locks ? (locks.request(LOCK, fn) as Promise<T>) : fn());
  const next = chain.then(run, run);
  chain = next.catch(() => undefined);
  return next;
}

function isDropped(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
}

function refused(payment: PendingPayment, text: string): Settlement {
  const reference = payment.kind === 'credits' ? 'paypalOrderReference' : 'paypalSubscriptionReference';
  return { status: 'refused', text: message(reference, { text, id: paymentId(payment) }) };
}

const finalRefusal = (error: unknown) =>
  error instanceof ApiError && error.kind === 'http' && isFinalRefusal(error.status);

/**
 * The backend's answer that the payment belongs to another player (docs/harness.md "The reference backend and the
 * PayPal stand-in").
 */
const ownerRefusal = (error: unknown) =>
  error instanceof ApiError && error.kind === 'http' && error.code === PAYMENT_OWNER_MISMATCH;

/** The backend refused the payment and undid it at PayPal first (refunded, or the subscription cancelled there). */
const undone = (error: unknown, code: typeof PAYMENT_REFUNDED | typeof SUBSCRIPTION_UNDONE): error is ApiError =>
  error instanceof ApiError && error.kind === 'http' && error.code === code;

function held(payment: PendingPayment): Settlement {
  const reference = payment.kind === 'credits' ? 'paypalOrderReference' : 'paypalSubscriptionReference';
  return {
    status: 'held',
    text: message(reference, { text: message('paymentOfAnotherAccount'), id: paymentId(payment) }),
  };
}

/** The answer came for `uid`, who is still the one signed in: only then may it change what the page shows. */
const stillSignedIn = (uid: string) => session.user?.uid === uid;

async function recordCredits(uid: string, payment: Extract<PendingPayment, { kind: 'credits' }>): Promise<Settlement> {
  const pack = packById(payment.packId);
  if (!pack) return refused(payment, message('purchaseFailed'));
  for (let tries = 0; ; tries++) {
    try {
      await requirePlayer();
      const result = await purchaseCredits(await apiContext(), pack.amount, payment.orderId);
      if (!result.success)
        return refused(
          payment,
          result.error ? message('purchaseError', { message: result.error }) : message('purchaseFailed'),
        );
      // A late answer: recorded for the payer, but the balance and the toast belong to whoever is signed in now.
      if (!stillSignedIn(uid)) return { status: 'recorded' };
      if (result.newBalance !== null) setCredits(result.newBalance, uid);
      else await loadPlayer({ force: true });
      if (stillSignedIn(uid)) showToast('success', plural(pack.amount, 'purchaseSucceeded'));
      return { status: 'recorded' };
    } catch (error) {
      // A lost answer is asked again with the same order id, which the backend counts once.
      if (isDropped(error) && tries < RETRY_LIMIT) continue;
      if (ownerRefusal(error)) return held(payment);
      if (undone(error, PAYMENT_REFUNDED))
        return refused(
          payment,
          message(error.detail.refund === 'pending' ? 'paymentRefundPending' : 'paymentRefunded'),
        );
      if (finalRefusal(error)) return refused(payment, failureText(error, PURCHASE));
      return { status: 'kept', error };
    }
  }
}

async function recordSubscription(
  uid: string,
  payment: Extract<PendingPayment, { kind: 'subscription' }>,
): Promise<Settlement> {
  try {
    await activate(payment.subscriptionId, payment.plan);
  } catch (error) {
    if (ownerRefusal(error)) return held(payment);
    if (undone(error, SUBSCRIPTION_UNDONE)) {
      const words = undoneWords(error.detail.reason, error.detail.refund);
      const cause = message(words.cause);
      return refused(payment, words.money ? `${cause} ${message(words.money)}` : cause);
    }
    if (finalRefusal(error)) return refused(payment, message('activateChargedError'));
    return { status: 'kept', error };
  }
  if (!stillSignedIn(uid)) return { status: 'recorded' };
  showToast('success', message('subscriptionActivatedBanner'));
  await loadSubscription({ force: true });
  return { status: 'recorded' };
}

const record = (uid: string, payment: PendingPayment) =>
  payment.kind === 'credits' ? recordCredits(uid, payment) : recordSubscription(uid, payment);

function settled(id: string): void {
  for (const listener of settledListeners) listener(id);
}

/**
 * Records a kept payment of `uid` once: only while that user is signed in, and only if it is still kept (another
 * attempt may have finished it). Recorded, it is no longer kept anywhere in this browser; refused, no longer for
 * `uid`; refused as another player's, it is held for its owner. A payment that is not in PayPal's id format is
 * never kept nor sent.
 */
export function settlePayment(uid: string, payment: PendingPayment): Promise<Settlement> {
  return exclusive(async () => {
    const id = paymentId(payment);
    if (!isWellFormed(payment))
      return {
        status: 'refused',
        text: message(payment.kind === 'credits' ? 'purchaseFailed' : 'activateChargedError'),
      };
    if (session.user?.uid !== uid) return { status: 'kept', error: new PortalError(message('noAuthenticatedUser')) };
    if (!isPending(readLedger(), uid, id)) return { status: 'settled' };
    const settlement = await record(uid, payment);
    if (settlement.status === 'recorded') writeLedger(withoutId(readLedger(), id));
    if (settlement.status === 'refused') writeLedger(withoutPayment(readLedger(), uid, id));
    if (settlement.status === 'held') writeLedger(heldForOwner(readLedger(), uid, id));
    if (settlement.status !== 'kept') settled(id);
    return settlement;
  });
}

/**
 * Offers a payment held for its owner to the backend as `uid`'s: recorded when `uid` is its owner (with the usual
 * success toast), still held when it is another player's or no answer came, forgotten (silently: it may not be this
 * user's) when the backend refuses it for good.
 */
function settleHeld(uid: string, payment: PendingPayment): Promise<Settlement> {
  return exclusive(async () => {
    const id = paymentId(payment);
    if (session.user?.uid !== uid) return { status: 'kept', error: new PortalError(message('noAuthenticatedUser')) };
    if (!isHeld(readLedger(), id)) return { status: 'settled' };
    const settlement = await record(uid, payment);
    if (settlement.status === 'recorded') writeLedger(withoutId(readLedger(), id));
    if (settlement.status === 'refused') writeLedger(withoutHeld(readLedger(), id));
    if (settlement.status === 'recorded' || settlement.status === 'refused') settled(id);
    return settlement;
  });
}

/**
 * Shows `notice` to `payer` only: now, until dismissed, when the payer is the one signed in; else kept for the payer's
 * next signed-in visit (never shown to whoever is signed in now: it names the payer's PayPal id).
 */
function tellPayer(payer: string, notice: PaymentNotice): void {
  if (session.user?.uid === payer) showToast(notice.tone, notice.text, { duration: null });
  else
    writeJson(LOCAL_KEYS.paymentNotices, withNotice(decodeNotices(readJson(LOCAL_KEYS.paymentNotices)), payer, notice));
}

/** Shows the notices kept for `uid` while someone else was signed in, once. */
function showKeptNotices(uid: string): void {
  const [mine, rest] = takeNotices(decodeNotices(readJson(LOCAL_KEYS.paymentNotices)), uid);
  if (mine.length === 0) return;
  writeJson(LOCAL_KEYS.paymentNotices, rest);
  for (const notice of mine) showToast(notice.tone, notice.text, { duration: null });
}

/** Shows `payer` a final refusal until dismissed: it carries the PayPal id that support needs. */
export function showRefusal(payer: string, text: string): void {
  tellPayer(payer, { tone: 'error', text });
}

/** Says to `payer`, until dismissed, that a payment was another account's and stays kept for it (with the PayPal id). */
export function showHeld(payer: string, text: string): void {
  tellPayer(payer, { tone: 'warning', text });
}

/**
 * Records every payment the signed-in user has kept, oldest first, with a polite status while it runs; parallel
 * callers share one run. On page load in the signed-in layout, when the browser comes back online, and on Try Again.
 */
export const finishPendingPayments = singleFlight(async (): Promise<void> => {
  const uid = session.user?.uid;
  if (!uid) return;
  followSubscription();
  showKeptNotices(uid);
  try {
    let stopped = false;
    /** Refused just now as another player's: not offered again as this user's in the same run. */
    const notMine = new Set<string>();
    for (const payment of pendingFor(readLedger(), uid)) {
      pendingPayments.working = payment.kind;
      const settlement = await settlePayment(uid, payment);
      if (settlement.status === 'refused') showRefusal(uid, settlement.text);
      if (settlement.status === 'held') {
        showHeld(uid, settlement.text);
        notMine.add(paymentId(payment));
      }
      // Still kept: the others would most likely fail the same way now; the next trigger tries them all again.
      stopped = settlement.status === 'kept';
      if (stopped) break;
    }
    // Payments held for an owner this browser cannot name: recorded if this user is that owner, else left held.
    for (const payment of stopped ? [] : heldPayments(readLedger())) {
      // Silently: nothing shows that another user's payment waits here, unless it turns out to be this user's.
      if (notMine.has(paymentId(payment)) || isPending(readLedger(), uid, paymentId(payment))) continue;
      if ((await settleHeld(uid, payment)).status === 'kept') break;
    }
  } finally {
    pendingPayments.working = null;
    countKept();
  }
});

/**
 * A step of the signed-in pages' start-up list (signed-in-start.ts): records what is kept now, at every sign-in after
 * it (the payer coming back, another user of this tab), and whenever the browser comes back online. Returns the undo.
 */
export function followPendingPayments(target: Window = window): () => void {
  const online = () => void finishPendingPayments();
  target.addEventListener('online', online);
  let signedIn = session.status === 'signedIn' ? (session.user?.uid ?? null) : null;
  const stop = subscribe(session, () => {
    const now = session.status === 'signedIn' ? (session.user?.uid ?? null) : null;
    if (now === signedIn) return;
    signedIn = now;
    if (now) void finishPendingPayments();
  });
  void finishPendingPayments();
  return () => {
    target.removeEventListener('online', online);
    stop();
  };
}

export function resetPendingPayments(): void {
  store.reset();
}
