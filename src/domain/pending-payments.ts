// Payments PayPal has taken that the backend has not recorded yet, per signed-in uid (README Reliability). Like StoreKit's
// unfinished transactions: kept until recorded or finally refused, and delivered again until then. Pure rules only.
import type { PaidPlan } from '../config/types';

export type PendingPayment =
  /** A captured credit order: POST /consumables/purchase with the pack's credits and the order id. */
  | { kind: 'credits'; orderId: string; packId: string }
  /** An approved subscription: POST /subscription/activate with its id and plan. */
  | { kind: 'subscription'; subscriptionId: string; plan: PaidPlan };

/** Pending payments by the uid of the user who paid; nothing is ever recorded for another uid. */
export type PaymentLedger = Readonly<Record<string, readonly PendingPayment[]>>;

const PLANS: readonly string[] = ['MONTHLY', 'SIX_MONTH', 'ANNUAL'] satisfies PaidPlan[];

/** PayPal's id of the payment: the order id or the subscription id. */
export function paymentId(payment: PendingPayment): string {
  return payment.kind === 'credits' ? payment.orderId : payment.subscriptionId;
}

const text = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 200;

function decodePayment(value: unknown): PendingPayment | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (v.kind === 'credits' && text(v.orderId) && text(v.packId))
    return { kind: 'credits', orderId: v.orderId, packId: v.packId };
  if (v.kind === 'subscription' && text(v.subscriptionId) && typeof v.plan === 'string' && PLANS.includes(v.plan)) {
    return { kind: 'subscription', subscriptionId: v.subscriptionId, plan: v.plan as PaidPlan };
  }
  return null;
}

/** Reads a stored ledger; anything unreadable is left out (a stored value may come from an older or newer build). */
export function decodeLedger(json: unknown): PaymentLedger {
  const ledger: Record<string, PendingPayment[]> = Object.create(null) as Record<string, PendingPayment[]>;
  if (!json || typeof json !== 'object' || Array.isArray(json)) return ledger;
  for (const [uid, list] of Object.entries(json as Record<string, unknown>)) {
    if (!uid || !Array.isArray(list)) continue;
    const payments = list.map(decodePayment).filter((p): p is PendingPayment => p !== null);
    if (payments.length > 0) ledger[uid] = payments;
  }
  return ledger;
}

/** The payments `uid` has pending, oldest first. */
export function pendingFor(ledger: PaymentLedger, uid: string): readonly PendingPayment[] {
  return Object.hasOwn(ledger, uid) ? (ledger[uid] ?? []) : [];
}

/** The ledger with `payment` kept for `uid` (once: the same PayPal id is not added twice). */
export function withPayment(ledger: PaymentLedger, uid: string, payment: PendingPayment): PaymentLedger {
  const mine = pendingFor(ledger, uid);
  if (mine.some((p) => p.kind === payment.kind && paymentId(p) === paymentId(payment))) return ledger;
  return { ...ledger, [uid]: [...mine, payment] };
}

/** The ledger without the payment of `uid` whose PayPal id is `id`; a uid left with nothing goes. */
export function withoutPayment(ledger: PaymentLedger, uid: string, id: string): PaymentLedger {
  const rest = pendingFor(ledger, uid).filter((p) => paymentId(p) !== id);
  const next: Record<string, readonly PendingPayment[]> = { ...ledger };
  if (rest.length > 0) next[uid] = rest;
  else delete next[uid];
  return next;
}

/** Whether `id` is still pending for `uid` (another tab may have recorded it meanwhile). */
export function isPending(ledger: PaymentLedger, uid: string, id: string): boolean {
  return pendingFor(ledger, uid).some((p) => paymentId(p) === id);
}

/**
 * Whether an answer ends the payment's wait: the backend recorded it (2xx) or refused it for good, with a 4xx that is
 * not about authentication (401, 403) and not "later" (408 timeout, 429 too many requests). Anything else, and no
 * answer at all (status null: the network, a timeout), keeps the payment for the next try.
 */
export function isFinalRefusal(status: number | null): boolean {
  return status !== null && status >= 400 && status < 500 && ![401, 403, 408, 429].includes(status);
}
