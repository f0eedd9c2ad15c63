// The backend's books of PayPal money (docs/harness.md "Payments the server reconciles"): one place decides what a
// capture or a subscription is worth to whom, whoever brings it (the portal's purchase or activate call, a webhook, the
// sweep), always from what PayPal's REST API says. Whichever comes first records it; the others find it recorded.
// Each decision is taken and written with no await in between, so two callers never both record one payment. What
// is refused is undone at PayPal (cancelled, refunded), and an undo PayPal did not do yet is owed and tried again.
import { packById, packByPrice } from '../../src/domain/credit-packs';
import { isPaidPlan, planById } from '../../src/domain/plans';
import {
  PAYMENT_OWNER_MISMATCH,
  REFUSAL_REASONS,
  type PaymentStatus,
  type RefundState,
  type RefusalReason,
} from '../../src/domain/payment-refusals';
import { HttpError, type BackendContext } from './http';
import { PayPalCallError, type PayPalSubscriptionView, type SubscriptionTransactionView } from './paypal-api';
import { issueReference, newReferenceKey, readReference, REFERENCE_TTL_MS } from './purchase-reference';
import {
  atPlanTerms,
  cents,
  effectiveSubscription,
  extended,
  FIRST_PAYMENT_GRACE_MS,
  paidUntil,
  paysPlan,
  planKeyOf,
  shortened,
  startRefusal,
  subscriptionRecord,
  type PlanKey,
} from './subscriptions';
import {
  type PaymentEntry,
  type Player,
  type PurchaseResult,
  type RefusedOrder,
  type SubscriptionRecord,
  type UndoneSubscription,
} from './store';

export const NOT_CAPTURED = 'Order was not captured at PayPal';
export const NOT_APPROVED = 'Subscription was not approved at PayPal';
const ALREADY_ACTIVE = 'You already have an active subscription. Please cancel it before starting a new subscription.';
const ALREADY_PAUSED = 'You have a paused subscription. Please resume or cancel it before starting a new subscription.';

/** The one text of a credits order that is no pack's price, or not the pack the purchase call named. */
export const ORDER_AMOUNT_MISMATCH = 'Order amount does not match the credit pack';

/** The `error` text of each refusal (SPEC 5's where SPEC has one); the portal words the `code` and `reason`. */
const REFUSAL_TEXTS: Record<RefusalReason, string> = {
  AMOUNT: ORDER_AMOUNT_MISMATCH,
  PAYEE: 'This PayPal order paid another merchant',
  ACTIVE_PLAN: ALREADY_ACTIVE,
  PAUSED_PLAN: ALREADY_PAUSED,
  ALREADY_USED: 'Subscription already used',
  ENDED_AT_PAYPAL: 'This PayPal subscription had ended at PayPal before it was activated here',
  UNKNOWN_PLAN: 'This PayPal subscription is for none of our plans',
  PRICE: "This PayPal subscription is not at our plan's price (its plan was overridden, or another quantity or amount)",
  UNPAID: 'PayPal completed no payment for this subscription',
  NO_PLAYER: 'This PayPal payment names no player of ours',
};

export const refusalText = (reason: RefusalReason): string => REFUSAL_TEXTS[reason];

/**
 * Reads from PayPal (never from what the browser or a webhook body says): PayPal's "no such resource" is the caller's
 * mistake (400 `unknown`), anything else PayPal did is the backend's problem for now (502: try again).
 */
async function fromPayPal<T>(read: () => Promise<T>, unknown: string): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof PayPalCallError && error.status === 404) throw new HttpError(400, unknown);
    if (error instanceof PayPalCallError)
      throw new HttpError(502, `PayPal did not answer as expected: ${error.message}`);
    throw error;
  }
}

// ----- Who a payment belongs to: the purchase reference PayPal holds as its `custom_id` -----

function referenceKey(b: BackendContext): string {
  const data = b.store.data;
  if (!data.referenceKey) {
    data.referenceKey = newReferenceKey();
    b.store.save();
  }
  return data.referenceKey;
}

/**
 * A purchase reference for `player` and `product` (a credit pack's id, or a paid plan), for PayPal's `custom_id`:
 * signed by this backend, naming the player, the product and its price, usable for REFERENCE_TTL_MS. Null for a
 * product that is neither.
 */
export function purchaseReference(
  b: BackendContext,
  player: Player,
  product: string,
): { reference: string; expiresAt: string } | null {
  const price = packById(product)?.price ?? (isPaidPlan(product) ? planById(product).price : null);
  if (price === null) return null;
  const expiresAt = b.clock() + REFERENCE_TTL_MS;
  const reference = issueReference(referenceKey(b), {
    playerId: player.playerId,
    product,
    cents: cents(price),
    expiresAt,
  });
  return { reference, expiresAt: isoAt(expiresAt) };
}

/** Who a PayPal payment's `custom_id` names, and for what (null: nothing the backend issued, or used too late). */
interface OwnerClaim {
  playerId: string;
  /** The product and price the reference was issued for; null for a bare player id (acceptPlainCustomId). */
  product: string | null;
  cents: number | null;
}

/**
 * A payment belongs to the player its purchase reference names: one this backend signed, with which PayPal created
 * the order or subscription (its `create_time`) before the reference expired. A bare player id names its player only
 * where `acceptPlainCustomId` allows it (data and tests from before references); anything else names nobody.
 */
function claimOf(b: BackendContext, customId: string | undefined, createTime: string | undefined): OwnerClaim | null {
  if (customId === undefined) return null;
  const ref = readReference(referenceKey(b), customId);
  if (ref) {
    const created = Date.parse(createTime ?? '');
    if (Number.isNaN(created) || created > ref.expiresAt) return null;
    return { playerId: ref.playerId, product: ref.product, cents: ref.cents };
  }
  return b.acceptPlainCustomId && !customId.startsWith('PR1.')
    ? { playerId: customId, product: null, cents: null }
    : null;
}

/**
 * Anyone but the owner presenting a payment gets 403 with `code` PAYMENT_OWNER_MISMATCH, which tells the portal to
 * keep the payment for its owner; a payment whose `custom_id` names nobody belongs to nobody here.
 */
function assertOwner(
  claim: OwnerClaim | null,
  customId: string | undefined,
  player: Player,
  what: 'order' | 'subscription',
): void {
  if (claim?.playerId === player.playerId) return;
  throw new HttpError(
    403,
    customId === undefined || !claim
      ? `This PayPal ${what} names no player (custom_id), so it cannot be recorded for this one`
      : `This PayPal ${what} was paid for by another player`,
    PAYMENT_OWNER_MISMATCH,
  );
}

const isoAt = (ms: number) => new Date(ms).toISOString();

function issue(b: BackendContext, what: string, id: string): void {
  b.store.data.paymentIssues.push({ at: isoAt(b.clock()), what, id });
  console.warn(`[backend] payment ${id}: ${what}`);
}

// ----- One change of a subscription at a time -----

const locks = new WeakMap<BackendContext, Map<string, Promise<unknown>>>();

/**
 * Runs `work` when no other work on subscription `id` runs (reconciling it, pausing, resuming or cancelling it): each
 * reads PayPal, then writes what it read, so two at once would let an older read overwrite a newer change.
 */
export async function withSubscription<T>(b: BackendContext, id: string, work: () => Promise<T>): Promise<T> {
  const held = locks.get(b) ?? new Map<string, Promise<unknown>>();
  locks.set(b, held);
  const before = held.get(id) ?? Promise.resolve();
  const mine = before.then(work, work);
  const tail = mine.catch(() => undefined);
  held.set(id, tail);
  try {
    return await mine;
  } finally {
    if (held.get(id) === tail) held.delete(id);
  }
}

// ----- Undo: refunds and cancels the backend owes PayPal -----

const undoKey = (kind: 'refund' | 'cancel', targetId: string) => `${kind}:${targetId}`;

function owe(b: BackendContext, kind: 'refund' | 'cancel', targetId: string, note: string): string {
  const key = undoKey(kind, targetId);
  b.store.data.pendingUndo[key] ??= { kind, targetId, note, attempts: 0, since: isoAt(b.clock()) };
  return key;
}

function markRefunded(b: BackendContext, moneyId: string, refundId: string | null): void {
  const data = b.store.data;
  const entry = data.payments[moneyId];
  if (entry) entry.state = 'refunded';
  for (const refusal of Object.values(data.refusedOrders))
    if (refusal.captureId === moneyId && refundId) refusal.refundId = refusal.refundId ?? refundId;
  if (entry?.subscriptionId && refundId) {
    const undone = data.undoneSubscriptions[entry.subscriptionId];
    if (undone) undone.refundId = undone.refundId ?? refundId;
  }
}

/**
 * Where an undo stands after an attempt: `done` (PayPal did it, or shows it done), `retry` (PayPal could not answer
 * now, or answered 5xx, 408 or 429: the portal is told to try again, the sweep tries too), `refused` (PayPal refused
 * it with another 4xx: owed, tried again by the sweep with backoff, and said to the payer as pending).
 */
type UndoState = 'done' | 'retry' | 'refused';

const MINUTE = 60_000;

/** How long a refused undo waits before the next try: 1 minute, doubled each time, at most a day. */
const owedBackoffMs = (attempts: number) => Math.min(1_440 * MINUTE, MINUTE * 2 ** Math.min(11, attempts - 1));

/**
 * PayPal said no (403 another merchant's capture, 404, 422 REFUND_TIME_LIMIT_EXCEEDED, ...): asking again at once
 * would be answered the same. Only no answer, a 5xx, 408 or 429 is worth trying again now.
 */
const refusedByPayPal = (status: number | null): status is number =>
  status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429;

const inFlight = new WeakMap<BackendContext, Map<string, Promise<UndoState>>>();

/** Does what `key` owes PayPal (a refused one only once its backoff is over); `done` once nothing is owed any more. */
function settleUndo(b: BackendContext, key: string): Promise<UndoState> {
  const running = inFlight.get(b) ?? new Map<string, Promise<UndoState>>();
  inFlight.set(b, running);
  const existing = running.get(key);
  if (existing) return existing;
  const attempt = runUndo(b, key).finally(() => running.delete(key));
  running.set(key, attempt);
  return attempt;
}

async function runUndo(b: BackendContext, key: string): Promise<UndoState> {
  const data = b.store.data;
  const undo = data.pendingUndo[key];
  if (!undo) return 'done';
  if (undo.refused && undo.nextAt && Date.parse(undo.nextAt) > b.clock()) return 'refused';
  const done = (): UndoState => {
    delete data.pendingUndo[key];
    b.store.save();
    return 'done';
  };
  try {
    if (undo.kind === 'refund') {
      // Never refund what was credited: the one place a refund is asked for says so itself.
      const entry = data.payments[undo.targetId];
      if (entry && (entry.state === 'credited' || entry.state === 'granted')) {
        issue(b, `a refund was owed for money already ${entry.state}; not refunded`, undo.targetId);
        return done();
      }
      const refund = await b.paypal.refundCapture(undo.targetId, undo.note);
      markRefunded(b, undo.targetId, refund.id);
    } else {
      await b.paypal.cancelSubscription(undo.targetId, undo.note);
    }
    return done();
  } catch (error) {
    if (!(error instanceof PayPalCallError)) throw error;
    if (undo.kind === 'refund' && error.status === 422 && error.issue === 'CAPTURE_FULLY_REFUNDED') {
      markRefunded(b, undo.targetId, null);
      return done();
    }
    if (undo.kind === 'cancel' && error.status === 422 && error.issue === 'SUBSCRIPTION_STATUS_INVALID') {
      const sub = await b.paypal.getSubscription(undo.targetId).catch(() => null);
      if (sub && sub.status !== 'ACTIVE' && sub.status !== 'SUSPENDED') return done();
    }
    undo.attempts += 1;
    undo.lastError = error.message;
    if (refusedByPayPal(error.status)) {
      // PayPal keeps the money (or the plan bills on): still owed, never counted as done. Tried again with backoff.
      if (!undo.refused)
        issue(b, `PayPal refused to ${undo.kind} it (${error.message}); owed, tried again`, undo.targetId);
      undo.refused = error.status;
      undo.nextAt = isoAt(b.clock() + owedBackoffMs(undo.attempts));
      b.store.save();
      return 'refused';
    }
    b.store.save();
    return 'retry';
  }
}

/** The state of several undos together: any to retry now wins, then any refused. */
const worst = (states: UndoState[]): UndoState =>
  states.includes('retry') ? 'retry' : states.includes('refused') ? 'refused' : 'done';

async function settleAll(b: BackendContext, keys: string[]): Promise<UndoState> {
  const states: UndoState[] = [];
  // One after the other: a subscription is cancelled before its payments are refunded, so it cannot bill between.
  for (const key of keys) states.push(await settleUndo(b, key));
  return worst(states);
}

/** What became of the money of a refused order: refunded, or a refund still owed. */
export function orderRefund(b: BackendContext, refusal: RefusedOrder): RefundState {
  return b.store.data.pendingUndo[undoKey('refund', refusal.captureId)] ? 'pending' : 'refunded';
}

/** What became of the payments of an undone subscription: all refunded, some refund owed, or none was refunded. */
export function subscriptionRefund(b: BackendContext, subscriptionId: string): RefundState {
  const data = b.store.data;
  const mine = Object.values(data.payments).filter((p) => p.subscriptionId === subscriptionId);
  if (mine.some((p) => data.pendingUndo[undoKey('refund', p.id)])) return 'pending';
  return mine.some((p) => p.state === 'refunded') ? 'refunded' : 'none';
}

// ----- Credits orders -----

export type OrderOutcome =
  | { kind: 'credited'; playerId: string; result: PurchaseResult; fresh: boolean }
  | { kind: 'refused'; refusal: RefusedOrder; undo: UndoState }
  | { kind: 'not-captured' }
  | { kind: 'pack-mismatch' };

/**
 * Records a credits order as PayPal shows it: credited once to its `custom_id` owner when its one capture is COMPLETED,
 * pays this merchant and costs a pack's price; otherwise refused and refunded (wrong payee, no pack's price, no
 * player). `caller`: the portal's purchase call, which must come from the owner and name the pack that was paid.
 */
export async function recordOrder(
  b: BackendContext,
  orderId: string,
  caller?: { player: Player; credits: number },
): Promise<OrderOutcome> {
  const order = await fromPayPal(() => b.paypal.getOrder(orderId), NOT_CAPTURED);
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  const customId = unit?.custom_id ?? capture?.custom_id;
  const claim = claimOf(b, customId, order.create_time);
  if (caller) assertOwner(claim, customId, caller.player, 'order');
  // From here to the record there is no await: the decision and its record are one step.
  const data = b.store.data;
  const recorded = data.recordedOrders[orderId];
  if (recorded) return { kind: 'credited', playerId: recorded.playerId, result: recorded.result, fresh: false };
  const refused = data.refusedOrders[orderId];
  if (refused)
    return { kind: 'refused', refusal: refused, undo: await settleUndo(b, undoKey('refund', refused.captureId)) };
  if (order.status !== 'COMPLETED' || capture?.status !== 'COMPLETED' || !capture.id) return { kind: 'not-captured' };
  const owner = claim ? data.players[claim.playerId] : undefined;
  const payee = capture.payee?.merchant_id ?? unit?.payee?.merchant_id;
  const amount = capture.amount ?? unit?.amount;
  const pack =
    amount?.currency_code === 'USD' && typeof amount.value === 'string' ? packByPrice(amount.value) : undefined;
  const now = b.clock();
  const entry = (state: PaymentEntry['state'], playerId: string): PaymentEntry => ({
    id: capture.id!,
    kind: 'credits',
    playerId,
    orderId,
    createdAt: capture.create_time ?? isoAt(now),
    ...(pack ? { credits: pack.amount } : {}),
    amount: { value: amount?.value ?? '0.00', currency: 'USD' },
    state,
  });
  // A reference names the pack and its price: what was paid must be that, whatever else would be a pack's price.
  const asIssued = !claim?.product || (claim.product === pack?.id && claim.cents === cents(pack.price));
  const reason = !owner
    ? REFUSAL_REASONS.noPlayer
    : payee !== b.merchantId
      ? REFUSAL_REASONS.payee
      : !pack || !asIssued
        ? REFUSAL_REASONS.amount
        : null;
  if (reason || !owner || !pack) {
    const why = reason ?? REFUSAL_REASONS.amount;
    const refusal: RefusedOrder = {
      orderId,
      captureId: capture.id,
      playerId: owner?.playerId ?? null,
      customId: customId ?? null,
      reason: why,
      error: REFUSAL_TEXTS[why],
      refundId: null,
      at: isoAt(now),
    };
    data.refusedOrders[orderId] = refusal;
    if (owner) data.payments[capture.id] = entry('refunding', owner.playerId);
    else
      issue(
        b,
        `credits order ${orderId} for no player of ours (custom_id ${customId ?? 'none'}); refunded`,
        capture.id,
      );
    const key = owe(b, 'refund', capture.id, `Refunded: ${REFUSAL_TEXTS[why]}`);
    b.store.save();
    return { kind: 'refused', refusal, undo: await settleUndo(b, key) };
  }
  // The browser names the pack it sold; another pack is its mistake, and the order stays for the webhook or the sweep.
  if (caller && caller.credits !== pack.amount) return { kind: 'pack-mismatch' };
  owner.credits += pack.amount;
  const result: PurchaseResult = { success: true, newBalance: owner.credits, creditsAdded: pack.amount };
  data.recordedOrders[orderId] = { playerId: owner.playerId, result };
  data.payments[capture.id] = entry('credited', owner.playerId);
  b.store.save();
  return { kind: 'credited', playerId: owner.playerId, result, fresh: true };
}

// ----- Subscriptions -----

export type SubscriptionOutcome =
  | { kind: 'granted'; player: Player; subscription: SubscriptionRecord; fresh: boolean }
  | { kind: 'undone'; undone: UndoneSubscription; undo: UndoState }
  | { kind: 'not-approved' }
  /** Approved and running at PayPal, its first payment not completed yet: asked again later, neither granted nor undone. */
  | { kind: 'not-paid' };

const running = (sub: PayPalSubscriptionView) => sub.status === 'ACTIVE' || sub.status === 'SUSPENDED';

/** What the backend holds of money PayPal shows gone: refunded, or reversed (a chargeback, a denied capture). */
const moneyBackState = (status: string | undefined): 'refunded' | 'reversed' =>
  status === 'REFUNDED' || status === 'PARTIALLY_REFUNDED' ? 'refunded' : 'reversed';

/** A subscription payment as the backend keeps it. */
function saleEntry(
  tx: SubscriptionTransactionView,
  subscriptionId: string,
  playerId: string,
  plan: PlanKey | null,
  state: PaymentEntry['state'],
  now: number,
): PaymentEntry {
  return {
    id: tx.id,
    kind: 'subscription',
    playerId,
    subscriptionId,
    createdAt: tx.time ?? isoAt(now),
    ...(plan ? { plan } : {}),
    amount: { value: tx.amount_with_breakdown?.gross_amount?.value ?? '0.00', currency: 'USD' },
    state,
  };
}

/**
 * Brings the backend's record of a PayPal subscription in line with PayPal's: grants it to its `custom_id` owner when
 * it runs there and the owner may start a plan (SPEC 4), follows PayPal's status for the owner's running plan
 * (CANCELLED at PayPal: cancelled here; SUSPENDED: paused), and undoes at PayPal what it will not grant (cancelled,
 * and its payments refunded unless they paid for a plan the player had). `caller`: the portal's activate call, which
 * must come from the owner; the plan is PayPal's (plan_id), whatever the call names.
 */
export function reconcileSubscription(
  b: BackendContext,
  subscriptionId: string,
  caller?: { player: Player },
): Promise<SubscriptionOutcome> {
  return withSubscription(b, subscriptionId, () => reconcileNow(b, subscriptionId, caller));
}

async function reconcileNow(
  b: BackendContext,
  subscriptionId: string,
  caller?: { player: Player },
): Promise<SubscriptionOutcome> {
  const sub = await fromPayPal(() => b.paypal.getSubscription(subscriptionId), NOT_APPROVED);
  const claim = claimOf(b, sub.custom_id, sub.create_time);
  if (caller) assertOwner(claim, sub.custom_id, caller.player, 'subscription');
  const known = () =>
    b.store.data.usedSubscriptions[subscriptionId] !== undefined ||
    b.store.data.undoneSubscriptions[subscriptionId] !== undefined;
  const candidate = claim ? b.store.data.players[claim.playerId] : undefined;
  if (!known() && running(sub) && candidate) {
    // Before a running plan blocks this one, that plan is read from PayPal too: it may have ended there unheard.
    const mine = effectiveSubscription(candidate, b.clock());
    if (
      mine.subscriptionSource === 'paypal' &&
      mine.subscriptionId &&
      mine.subscriptionId !== subscriptionId &&
      (mine.status === 'ACTIVE' || mine.status === 'PAUSED')
    )
      await reconcileSubscription(b, mine.subscriptionId);
  }
  const now = b.clock();
  const transactions =
    sub.status === 'APPROVAL_PENDING'
      ? []
      : await fromPayPal(
          () =>
            b.paypal.listSubscriptionTransactions(
              subscriptionId,
              sub.create_time ?? isoAt(now - 400 * 86_400_000),
              isoAt(now + 60_000),
            ),
          NOT_APPROVED,
        );
  // From here to the record there is no await: the decision and its record are one step.
  const data = b.store.data;
  const owner = claim ? data.players[claim.playerId] : undefined;
  // The owner's plan already (granted before the backend kept this record, or seeded): it is granted, not a stranger.
  if (
    owner &&
    owner.subscription?.subscriptionId === subscriptionId &&
    data.usedSubscriptions[subscriptionId] === undefined
  )
    data.usedSubscriptions[subscriptionId] = owner.playerId;
  if (data.usedSubscriptions[subscriptionId] !== undefined)
    return grantedBefore(b, sub, transactions, caller?.player ?? null);
  const undone = data.undoneSubscriptions[subscriptionId];
  if (undone) return undo(b, sub, transactions, undone);
  if (sub.status === 'APPROVAL_PENDING') return { kind: 'not-approved' };
  const plan = planKeyOf(b.planIds, sub.plan_id);
  const current = owner ? effectiveSubscription(owner, now) : null;
  let reason: RefusalReason | null = !owner
    ? REFUSAL_REASONS.noPlayer
    : !running(sub)
      ? REFUSAL_REASONS.endedAtPayPal
      : !plan
        ? REFUSAL_REASONS.unknownPlan
        : null;
  reason ??= startRefusal(current);
  // Only what PayPal billed at the plan's price pays for a plan: never the plan id alone (the browser sets the rest).
  const completed = transactions
    .filter((tx) => tx.status === 'COMPLETED')
    .sort((x, y) => (x.time ?? '').localeCompare(y.time ?? ''));
  // A reference names the plan and its price: another plan bought with it is not what was issued.
  const asIssued = !claim?.product || (claim.product === plan && claim.cents === cents(planById(plan).price));
  if (!reason && plan && (!atPlanTerms(sub) || !asIssued || completed.some((tx) => !paysPlan(tx, plan))))
    reason = REFUSAL_REASONS.price;
  const keeps = paidUntil(current, now);
  if (!reason && completed.length === 0) {
    const start = Date.parse(sub.start_time ?? sub.create_time ?? '');
    const since = Date.parse(sub.status_update_time ?? sub.create_time ?? '');
    // A plan that starts when the player's paid time ends (PayPal's start_time) is granted on that time, unpaid so far.
    if (start > now && keeps > now && start <= keeps + DAY) reason = null;
    else if (!(start > now) && now - (Number.isNaN(since) ? now : since) < FIRST_PAYMENT_GRACE_MS)
      return { kind: 'not-paid' };
    else reason = REFUSAL_REASONS.unpaid;
  }
  if (reason || !owner || !plan) {
    const why = reason ?? REFUSAL_REASONS.noPlayer;
    const record: UndoneSubscription = {
      subscriptionId,
      playerId: owner?.playerId ?? null,
      customId: sub.custom_id ?? null,
      reason: why,
      error: REFUSAL_TEXTS[why],
      refundId: null,
      at: isoAt(now),
    };
    data.undoneSubscriptions[subscriptionId] = record;
    if (!owner)
      issue(
        b,
        `subscription for no player of ours (custom_id ${sub.custom_id ?? 'none'}); cancelled and refunded`,
        subscriptionId,
      );
    return undo(b, sub, transactions, record);
  }
  data.usedSubscriptions[subscriptionId] = owner.playerId;
  // Each paid cycle adds its months to the time the player already had: a paid period is never shortened.
  let end = keeps;
  for (const tx of completed) end = extended(end, tx, plan, now);
  const granted = { ...subscriptionRecord(plan, subscriptionId, 'paypal', new Date(now)), expiresAt: isoAt(end) };
  owner.subscription = sub.status === 'SUSPENDED' ? { ...granted, status: 'PAUSED', pauseUntil: null } : granted;
  if (sub.status === 'SUSPENDED') owner.pauseReason = 'suspended_at_paypal';
  for (const tx of transactions)
    data.payments[tx.id] ??= saleEntry(
      tx,
      subscriptionId,
      owner.playerId,
      plan,
      tx.status === 'COMPLETED' ? 'granted' : moneyBackState(tx.status),
      now,
    );
  b.store.save();
  return { kind: 'granted', player: owner, subscription: owner.subscription, fresh: true };
}

/** Undoes a subscription the backend refused: cancelled at PayPal if it runs there, each payment of it refunded. */
async function undo(
  b: BackendContext,
  sub: PayPalSubscriptionView,
  transactions: SubscriptionTransactionView[],
  record: UndoneSubscription,
): Promise<SubscriptionOutcome> {
  const data = b.store.data;
  const keys: string[] = [];
  if (running(sub)) keys.push(owe(b, 'cancel', sub.id, `Cancelled: ${record.error}`));
  const plan = planKeyOf(b.planIds, sub.plan_id);
  for (const tx of transactions) {
    if (tx.status !== 'COMPLETED') continue;
    const known = data.payments[tx.id];
    if (known && known.state !== 'refunding') continue;
    if (record.playerId && !known)
      data.payments[tx.id] = saleEntry(tx, sub.id, record.playerId, plan, 'refunding', b.clock());
    keys.push(owe(b, 'refund', tx.id, `Refunded: ${record.error}`));
  }
  for (const key of Object.keys(data.pendingUndo))
    if (!keys.includes(key) && data.pendingUndo[key]?.targetId === sub.id) keys.unshift(key);
  b.store.save();
  return { kind: 'undone', undone: record, undo: await settleAll(b, keys) };
}

/** A subscription granted before: follow PayPal's status while it is its holder's plan; stop its billing otherwise. */
async function grantedBefore(
  b: BackendContext,
  sub: PayPalSubscriptionView,
  transactions: SubscriptionTransactionView[],
  caller: Player | null,
): Promise<SubscriptionOutcome> {
  const data = b.store.data;
  const now = b.clock();
  const holderId = data.usedSubscriptions[sub.id]!;
  const holder = data.players[holderId];
  const plan = planKeyOf(b.planIds, sub.plan_id);
  const current = holder ? effectiveSubscription(holder, now) : null;
  const isCurrent = Boolean(current && current.subscriptionId === sub.id && current.status !== 'NONE');
  // Its payments paid for a plan the holder had; a later cycle at the plan's price adds to the period it pays for. One
  // at another price (the plan revised or overridden at PayPal) pays for nothing: refunded, and the plan cancelled.
  const owed: string[] = [];
  const terms = atPlanTerms(sub);
  /** A paid cycle of the holder's plan went back just now (its months taken off). */
  let tookBack = false;
  for (const tx of transactions) {
    const known = data.payments[tx.id];
    if (known) {
      const back = tx.status === 'COMPLETED' ? null : moneyBackState(tx.status);
      if (back && known.state !== 'refunded' && known.state !== 'reversed') {
        if (known.state === 'granted') {
          issue(b, `a subscription payment was ${back} at PayPal, not by the backend`, tx.id);
          // The period it paid for ends with it.
          if (isCurrent && holder?.subscription?.expiresAt && plan) {
            const end = shortened(Date.parse(holder.subscription.expiresAt), plan, now);
            holder.subscription = { ...holder.subscription, expiresAt: isoAt(end) };
            tookBack = true;
          }
        }
        known.state = back;
        delete data.pendingUndo[undoKey('refund', tx.id)];
      }
      continue;
    }
    if (!holder) continue;
    // (A plan id none of ours, such as a seeded plan's, is left as it was: there is no price to hold it to.)
    if (tx.status === 'COMPLETED' && plan && !paysPlan(tx, plan)) {
      data.payments[tx.id] = saleEntry(tx, sub.id, holderId, plan, 'refunding', now);
      owed.push(owe(b, 'refund', tx.id, `Refunded: ${REFUSAL_TEXTS.PRICE}`));
      continue;
    }
    data.payments[tx.id] = saleEntry(
      tx,
      sub.id,
      holderId,
      plan,
      tx.status === 'COMPLETED' ? 'granted' : moneyBackState(tx.status),
      now,
    );
    if (isCurrent && holder.subscription && plan && tx.status === 'COMPLETED') {
      const end = holder.subscription.expiresAt ? Date.parse(holder.subscription.expiresAt) : now;
      holder.subscription = { ...holder.subscription, expiresAt: isoAt(extended(end, tx, plan, now)) };
    }
  }
  if (isCurrent && holder?.subscription && running(sub) && !terms) {
    // Revised at PayPal to terms other than the plan's: it stops billing; the time paid so far stays.
    owed.unshift(owe(b, 'cancel', sub.id, `Cancelled: ${REFUSAL_TEXTS.PRICE}`));
    holder.subscription = { ...holder.subscription, status: 'CANCELLED', isCancelled: true, pauseUntil: null };
    holder.cancelReason ??= 'revised_at_paypal';
  }
  if (tookBack && holder?.subscription?.expiresAt && Date.parse(holder.subscription.expiresAt) <= now && running(sub)) {
    // Its paid cycles refunded or reversed: no time left, and it must not bill again. (A period that ran out while
    // PayPal retries a renewal is not this: PayPal bills late, and the plan stays.)
    owed.unshift(owe(b, 'cancel', sub.id, 'Cancelled: its payments were refunded'));
    holder.subscription = { ...holder.subscription, status: 'CANCELLED', isCancelled: true, pauseUntil: null };
  }
  if (owed.length > 0) {
    b.store.save();
    await settleAll(b, owed);
  }
  if (holder && isCurrent && holder.subscription) {
    const mine = holder.subscription;
    if (
      (sub.status === 'CANCELLED' || sub.status === 'EXPIRED') &&
      (mine.status === 'ACTIVE' || mine.status === 'PAUSED')
    ) {
      holder.subscription = { ...mine, status: 'CANCELLED', isCancelled: true, pauseUntil: null };
      holder.cancelReason ??= 'cancelled_at_paypal';
    } else if (sub.status === 'SUSPENDED' && mine.status === 'ACTIVE') {
      // SPEC 4 has no "payment failed": a plan PayPal stopped billing is PAUSED, until it bills again.
      holder.subscription = { ...mine, status: 'PAUSED', pauseUntil: null };
      holder.pauseReason = 'suspended_at_paypal';
    } else if (sub.status === 'ACTIVE' && mine.status === 'PAUSED') {
      holder.subscription = { ...mine, status: 'ACTIVE', pauseUntil: null };
    }
    const failed = sub.billing_info?.failed_payments_count ?? 0;
    if (failed > 0) holder.paymentFailedAt = sub.billing_info?.last_failed_payment?.time ?? isoAt(now);
    else delete holder.paymentFailedAt;
    b.store.save();
    // Cancelled now and its period already over, it is no plan any more: then it is a used id like any other.
    const after = effectiveSubscription(holder, now);
    if ((!caller || caller.playerId === holderId) && after.status !== 'NONE')
      return { kind: 'granted', player: holder, subscription: after, fresh: false };
  }
  // Used before and not its holder's plan now (or presented by someone else): it must not bill. Its payments paid for
  // the plan its holder had, so nothing is refunded.
  const keys = running(sub) ? [owe(b, 'cancel', sub.id, `Cancelled: ${REFUSAL_TEXTS.ALREADY_USED}`)] : [];
  b.store.save();
  const record: UndoneSubscription = {
    subscriptionId: sub.id,
    playerId: holderId,
    customId: sub.custom_id ?? null,
    reason: REFUSAL_REASONS.alreadyUsed,
    error: REFUSAL_TEXTS.ALREADY_USED,
    refundId: null,
    at: isoAt(now),
  };
  return { kind: 'undone', undone: record, undo: await settleAll(b, keys) };
}

// ----- The player's own changes, done at PayPal first -----

/** PayPal's answer to an action it would not take, re-read: already in the status the action wanted counts as done. */
async function atPayPal(
  b: BackendContext,
  subscriptionId: string,
  action: () => Promise<void>,
  already: (status: string) => boolean,
  what: [verb: string, done: string],
): Promise<void> {
  try {
    await action();
  } catch (error) {
    if (!(error instanceof PayPalCallError)) throw error;
    if (error.status === 422) {
      const paypal = await fromPayPal(() => b.paypal.getSubscription(subscriptionId), 'Unknown subscription');
      if (already(paypal.status)) return;
    }
    throw new HttpError(502, `PayPal did not ${what[0]} the subscription, so it was not ${what[1]}: ${error.message}`);
  }
}

/** Stops PayPal's billing for good before a plan is marked cancelled (already cancelled or expired there: done). */
export const cancelAtPayPal = (b: BackendContext, subscriptionId: string, reason: string) =>
  atPayPal(
    b,
    subscriptionId,
    () => b.paypal.cancelSubscription(subscriptionId, reason),
    (s) => s === 'CANCELLED' || s === 'EXPIRED',
    ['cancel', 'cancelled'],
  );

/** Stops PayPal's billing before a plan is marked paused (already suspended there: done). */
export const suspendAtPayPal = (b: BackendContext, subscriptionId: string, reason: string) =>
  atPayPal(
    b,
    subscriptionId,
    () => b.paypal.suspendSubscription(subscriptionId, reason),
    (s) => s === 'SUSPENDED',
    ['suspend', 'paused'],
  );

/** Makes PayPal bill again before a plan is marked active (already active there: done). */
export const activateAtPayPal = (b: BackendContext, subscriptionId: string, reason: string) =>
  atPayPal(
    b,
    subscriptionId,
    () => b.paypal.activateSubscription(subscriptionId, reason),
    (s) => s === 'ACTIVE',
    ['activate', 'resumed'],
  );

// ----- What the player sees -----

/** One payment as GET /payments/{playerId} shows it: what the backend holds, less whose it is, with its status. */
export type PaymentView = Omit<PaymentEntry, 'playerId' | 'state'> & { status: PaymentStatus };

/**
 * Every PayPal payment the backend holds for `player`, newest first. A refund PayPal has yet to confirm is
 * `refund_pending`, never `refunded`; money PayPal took back is `reversed`.
 */
export function paymentsOf(b: BackendContext, player: Player): PaymentView[] {
  const current = effectiveSubscription(player, b.clock());
  return Object.values(b.store.data.payments)
    .filter((p) => p.playerId === player.playerId)
    .sort((x, y) => y.createdAt.localeCompare(x.createdAt) || x.id.localeCompare(y.id))
    .map((p) => {
      const status: PaymentStatus =
        p.state === 'refunded' || p.state === 'reversed'
          ? p.state
          : p.state === 'refunding'
            ? 'refund_pending'
            : p.kind === 'credits'
              ? 'credited'
              : current.subscriptionId === p.subscriptionId &&
                  (current.status === 'ACTIVE' || current.status === 'PAUSED')
                ? 'active'
                : 'ended';
      const { playerId: _owner, state: _state, takenBack: _taken, ...view } = p;
      return { ...view, status };
    });
}

// ----- Webhooks and the sweep -----

/**
 * Takes back the credits of a capture whose money went back to the buyer, never below zero: what the player already
 * spent is recorded as owed by the player (`owedCredits`), for a person to settle.
 */
function takeCreditsBack(b: BackendContext, entry: PaymentEntry, state: 'refunded' | 'reversed'): void {
  const player = b.store.data.players[entry.playerId];
  const credits = entry.credits ?? 0;
  const taken = player ? Math.min(player.credits, credits) : 0;
  if (player) {
    player.credits -= taken;
    if (credits > taken) player.owedCredits = (player.owedCredits ?? 0) + credits - taken;
  }
  if (credits > taken)
    issue(b, `${credits - taken} credits of a ${state} capture were spent; owed by the player`, entry.id);
  entry.state = state;
  entry.takenBack = taken;
}

/**
 * Money PayPal reports gone (PAYMENT.CAPTURE.REFUNDED, REVERSED, DENIED, PAYMENT.SALE.REFUNDED, a dispute): read from
 * PayPal, then what the backend holds follows it. Credits go back with their capture; a refund the backend owed is
 * confirmed; a subscription payment is reconciled with its subscription (the period it paid for ends).
 */
async function noteMoneyBack(b: BackendContext, moneyId: string, disputed = false): Promise<void> {
  const entry = b.store.data.payments[moneyId];
  if (entry?.subscriptionId && !disputed) {
    await reconcileSubscription(b, entry.subscriptionId);
    return;
  }
  const capture = await fromPayPal(() => b.paypal.getCapture(moneyId), 'Unknown capture');
  if (!disputed && (capture.status === 'COMPLETED' || capture.status === 'PENDING')) return;
  if (!entry || entry.state === 'refunded' || entry.state === 'reversed') return;
  const state = disputed ? 'reversed' : moneyBackState(capture.status);
  if (entry.state === 'credited') takeCreditsBack(b, entry, state);
  else if (entry.state === 'granted') {
    issue(b, `${state} at PayPal after it paid a plan`, moneyId);
    entry.state = state;
  } else {
    markRefunded(b, moneyId, null);
    entry.state = state;
  }
  delete b.store.data.pendingUndo[undoKey('refund', moneyId)];
  b.store.save();
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * What a verified webhook event asks of the backend: the resource it names is read again from PayPal and reconciled
 * (the body is only a pointer). A resource PayPal does not know is logged; PayPal failing throws 502 (it retries).
 */
export async function handleWebhookEvent(
  b: BackendContext,
  type: string,
  resource: Record<string, unknown>,
): Promise<void> {
  try {
    if (type === 'PAYMENT.CAPTURE.COMPLETED') {
      const captureId = str(resource.id);
      let orderId = str(obj(obj(resource.supplementary_data).related_ids).order_id);
      if (!orderId && captureId) {
        const capture = await fromPayPal(() => b.paypal.getCapture(captureId), 'Unknown capture');
        orderId = capture.supplementary_data?.related_ids?.order_id;
      }
      if (orderId) await recordOrder(b, orderId);
    } else if (type === 'PAYMENT.CAPTURE.REFUNDED' || type === 'PAYMENT.CAPTURE.REVERSED') {
      // The resource is the refund; the capture is its `up` link.
      const up = Array.isArray(resource.links) ? resource.links.map(obj).find((l) => l.rel === 'up') : undefined;
      const captureId = str(up?.href)?.split('/').pop();
      if (captureId) await noteMoneyBack(b, captureId);
    } else if (type === 'PAYMENT.CAPTURE.DENIED') {
      const captureId = str(resource.id);
      if (captureId) await noteMoneyBack(b, captureId);
    } else if (type.startsWith('CUSTOMER.DISPUTE.')) {
      // While a dispute is open or lost, the money is not the merchant's: its credits go back (read from PayPal).
      const disputeId = str(resource.dispute_id);
      if (disputeId) {
        const dispute = await fromPayPal(() => b.paypal.getDispute(disputeId), 'Unknown dispute');
        const won = dispute.status === 'RESOLVED' && dispute.dispute_outcome?.outcome_code === 'RESOLVED_SELLER_FAVOUR';
        if (!won)
          for (const t of dispute.disputed_transactions ?? [])
            if (t.seller_transaction_id) await noteMoneyBack(b, t.seller_transaction_id, true);
      }
    } else if (type === 'PAYMENT.SALE.COMPLETED') {
      const subscriptionId = str(resource.billing_agreement_id);
      if (subscriptionId) await reconcileSubscription(b, subscriptionId);
    } else if (type === 'PAYMENT.SALE.REFUNDED') {
      const saleId = str(resource.sale_id);
      const subscriptionId = saleId ? b.store.data.payments[saleId]?.subscriptionId : undefined;
      if (subscriptionId) await reconcileSubscription(b, subscriptionId);
      else if (saleId) await noteMoneyBack(b, saleId);
    } else if (type.startsWith('BILLING.SUBSCRIPTION.')) {
      const subscriptionId = str(resource.id);
      if (subscriptionId) await reconcileSubscription(b, subscriptionId);
    }
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) {
      issue(b, `webhook ${type}: ${error.message}`, str(resource.id) ?? 'unknown');
      return;
    }
    throw error;
  }
}

export interface SweepOptions {
  /** Payments younger than this are left to the fast paths (the portal, webhooks). */
  graceMs: number;
  /** How far back Transaction Search is read (at most PayPal's 31 days). */
  lookbackMs: number;
}

export interface SweepResult {
  /** Transactions Transaction Search listed in the window. */
  searched: number;
  /** Orders and subscriptions reconciled (read from PayPal again). */
  reconciled: number;
  /** Refunds and cancels still owed to PayPal after the sweep (those PayPal refused among them: `refused`). */
  owed: number;
  refused: number;
  failures: string[];
}

const DAY = 86_400_000;

/** How far back Transaction Search reaches: three years. */
const SEARCH_KEPT_MS = 3 * 365 * DAY;

/** Transaction Search's rows of money going back: T1107 a refund, T1106 a reversal by PayPal, T1201 a chargeback. */
const MONEY_BACK_CODES = new Set(['T1106', 'T1107', 'T1201']);

/**
 * The reconciliation sweep: what PayPal completed that no webhook or portal call brought is found in Transaction
 * Search and recorded for its owner; the running plans follow PayPal's status; owed refunds and cancels are tried again.
 */
export async function sweep(b: BackendContext, options: SweepOptions): Promise<SweepResult> {
  const now = b.clock();
  const data = b.store.data;
  const result: SweepResult = { searched: 0, reconciled: 0, owed: 0, refused: 0, failures: [] };
  const attempt = async (what: string, run: () => Promise<unknown>) => {
    try {
      await run();
      result.reconciled += 1;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      result.failures.push(`${what}: ${error.message}`);
    }
  };
  const end = now - options.graceMs;
  // From the last instant read without a failure (or the lookback, whichever is earlier: rows show up late), in windows
  // of PayPal's 31 days at most, never more than Transaction Search keeps (three years).
  const lookbackStart = now - Math.min(options.lookbackMs, 31 * DAY);
  let from = Math.max(Math.min(data.searchedUntil ?? lookbackStart, lookbackStart), now - SEARCH_KEPT_MS);
  const subscriptions = new Set<string>();
  windows: while (end > from) {
    const to = Math.min(end, from + 31 * DAY);
    const failedBefore = result.failures.length;
    for (let page = 1, pages = 1; page <= pages && page <= 100; page++) {
      let found;
      try {
        found = await fromPayPal(() => b.paypal.searchTransactions(isoAt(from), isoAt(to), page), 'Unknown');
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        result.failures.push(`transaction search: ${error.message}`);
        break windows;
      }
      pages = found.total_pages ?? 1;
      for (const row of found.transaction_details ?? []) {
        const info = row.transaction_info ?? {};
        result.searched += 1;
        const moneyId = info.transaction_id;
        const reference = info.paypal_reference_id;
        if (!moneyId || !reference) continue;
        const known = data.payments[moneyId];
        const code = info.transaction_event_code ?? '';
        if (MONEY_BACK_CODES.has(code) && info.paypal_reference_id_type === 'TXN') {
          // Money gone back (a refund, a reversal), dated when it went: the payment it undoes may be older than the
          // window, and its webhook may never have come. Its credits or its paid period go with it.
          const paid = data.payments[reference];
          if (paid && (paid.state === 'credited' || paid.state === 'granted'))
            await attempt(`payment ${reference} taken back`, () => noteMoneyBack(b, reference));
          continue;
        }
        if (code === 'T0006') {
          // Credited, and since refunded or reversed at PayPal ('V'): its credits go back even if no webhook said so.
          if (known?.state === 'credited' && info.transaction_status === 'V') {
            await attempt(`capture ${moneyId} taken back`, () => noteMoneyBack(b, moneyId));
            continue;
          }
          if (known && known.state !== 'refunding') continue;
          if (
            Object.values(data.refusedOrders).some(
              (r) => r.captureId === moneyId && !data.pendingUndo[undoKey('refund', moneyId)],
            )
          )
            continue;
          const orderId = info.paypal_reference_id_type === 'ODR' ? reference : undefined;
          await attempt(`order of capture ${moneyId}`, async () => {
            const id =
              orderId ??
              (await fromPayPal(() => b.paypal.getCapture(moneyId), 'Unknown capture')).supplementary_data?.related_ids
                ?.order_id;
            if (id) await recordOrder(b, id);
          });
        } else if (code === 'T0002' && info.paypal_reference_id_type === 'SUB') {
          if (!known || known.state === 'refunding') subscriptions.add(reference);
        }
      }
    }
    // A window with a failure is read again by the next sweep, from its start.
    if (result.failures.length > failedBefore) break;
    data.searchedUntil = to;
    from = to;
  }
  b.store.save();
  // The running plans follow PayPal (a CANCELLED or SUSPENDED whose webhook never came).
  for (const player of Object.values(data.players)) {
    const sub = effectiveSubscription(player, now);
    if (
      sub.subscriptionSource === 'paypal' &&
      sub.subscriptionId &&
      (sub.status === 'ACTIVE' || sub.status === 'PAUSED')
    )
      subscriptions.add(sub.subscriptionId);
  }
  for (const id of subscriptions) await attempt(`subscription ${id}`, () => reconcileSubscription(b, id));
  // Each owed undo is tried again; one PayPal refused only once its backoff is over (settleUndo).
  for (const key of Object.keys(data.pendingUndo)) await settleUndo(b, key);
  result.owed = Object.keys(data.pendingUndo).length;
  result.refused = Object.values(data.pendingUndo).filter((u) => u.refused).length;
  return result;
}

/** One line of what is stuck, for an operator (GET /__harness/owed, `npx portal-harness owed`). */
export interface OwedView {
  kind: 'refund' | 'cancel' | 'credits';
  /** The capture or sale to refund, the subscription to cancel, or the player who owes credits. */
  targetId: string;
  playerId: string | null;
  /** Credits the player owes (kind `credits`). */
  credits?: number;
  since?: string;
  attempts?: number;
  refusedWith?: number;
  nextAt?: string;
  lastError?: string;
}

/** Everything the books say is owed: refunds and cancels PayPal has not done, credits players spent and owe back. */
export function owedList(b: BackendContext): OwedView[] {
  const data = b.store.data;
  const undos: OwedView[] = Object.values(data.pendingUndo).map((u) => ({
    kind: u.kind,
    targetId: u.targetId,
    playerId:
      data.payments[u.targetId]?.playerId ??
      data.undoneSubscriptions[u.targetId]?.playerId ??
      data.usedSubscriptions[u.targetId] ??
      null,
    since: u.since,
    attempts: u.attempts,
    ...(u.refused ? { refusedWith: u.refused } : {}),
    ...(u.nextAt ? { nextAt: u.nextAt } : {}),
    ...(u.lastError ? { lastError: u.lastError } : {}),
  }));
  const credits: OwedView[] = Object.values(data.players)
    .filter((p) => (p.owedCredits ?? 0) > 0)
    .map((p) => ({ kind: 'credits', targetId: p.playerId, playerId: p.playerId, credits: p.owedCredits }));
  return [...undos, ...credits];
}
