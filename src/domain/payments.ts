// The player's PayPal payments as My Account lists them: what the backend lists (GET /payments/{playerId}), merged with
// what this browser still keeps for the signed-in user (the ledger, src/domain/pending-payments.ts). Pure rules only.
import type { PaidPlan } from '../config/types';
import { packById } from './credit-packs';
import { paymentId, type KeptPayment } from './pending-payments';
import { planById } from './plans';

/**
 * What the backend says of a payment: credits added, a plan running or ended, refunded at PayPal, a refund the backend
 * owes that PayPal has not confirmed (never shown as refunded), or taken back by PayPal (a reversal or a dispute).
 */
export type RecordedStatus = 'credited' | 'active' | 'ended' | 'refunded' | 'refund_pending' | 'reversed';
/** A row's status: the backend's, or `waiting` for a payment PayPal took that this browser keeps, not recorded yet. */
export type PaymentStatus = RecordedStatus | 'waiting';

export interface Money {
  /** A decimal string, as the backend and PayPal write it ("9.99"). */
  value: string;
  currency: string;
}

interface PaymentBase {
  /** The backend's id of the payment. */
  id: string;
  /** When it was made, ISO 8601. */
  createdAt: string;
  amount: Money;
  status: RecordedStatus;
}

/**
 * One payment as the backend lists it (src/api/decoders.ts `decodePayments`). The backend may not know the pack or the
 * plan of a payment PayPal reported by itself (an amount no pack costs, refunded): null then.
 */
export type RecordedPayment =
  | (PaymentBase & { kind: 'credits'; orderId: string | null; credits: number | null })
  | (PaymentBase & { kind: 'subscription'; subscriptionId: string | null; plan: PaidPlan | null });

/** One line of My Account's list. */
export interface PaymentRow {
  /** Unique in the list. */
  key: string;
  /** PayPal's order id or subscription id. */
  paypalId: string;
  /** What it bought: `credits` for a pack, `plan` for a subscription (null: the backend does not say which). */
  bought: { credits: number | null } | { plan: PaidPlan | null };
  /** When it was made (the backend's date) or kept (this device's clock), ms since the epoch. */
  at: number;
  amount: Money;
  status: PaymentStatus;
}

/** PayPal's id of a recorded payment: its order or subscription id, else the backend's id (PayPal's capture id). */
const recordedPaypalId = (payment: RecordedPayment): string =>
  (payment.kind === 'credits' ? payment.orderId : payment.subscriptionId) ?? payment.id;

function recordedRow(payment: RecordedPayment): PaymentRow {
  return {
    key: `recorded:${payment.id}`,
    paypalId: recordedPaypalId(payment),
    bought: payment.kind === 'credits' ? { credits: payment.credits } : { plan: payment.plan },
    at: Date.parse(payment.createdAt),
    amount: payment.amount,
    status: payment.status,
  };
}

/** A kept payment as a waiting row: its price is the pack's or the plan's (USD, SPEC 9); null when it names neither. */
function keptRow(payment: KeptPayment): PaymentRow | null {
  const base = { key: `kept:${paymentId(payment)}`, paypalId: paymentId(payment), at: payment.keptAt };
  if (payment.kind === 'credits') {
    const pack = packById(payment.packId);
    if (!pack) return null;
    return {
      ...base,
      bought: { credits: pack.amount },
      amount: { value: pack.price, currency: 'USD' },
      status: 'waiting',
    };
  }
  return {
    ...base,
    bought: { plan: payment.plan },
    amount: { value: planById(payment.plan).price, currency: 'USD' },
    status: 'waiting',
  };
}

/**
 * The list My Account shows, newest first: every payment the backend lists, and each payment this browser keeps for
 * the user (`kept`) as `waiting` until the backend lists the same PayPal id. Rows of the same moment keep the
 * backend's order, kept ones after.
 */
export function paymentRows(recorded: readonly RecordedPayment[], kept: readonly KeptPayment[]): PaymentRow[] {
  const listed = new Set(recorded.map(recordedPaypalId));
  const rows = [
    ...recorded.map(recordedRow),
    ...kept.filter((p) => !listed.has(paymentId(p))).flatMap((p) => keptRow(p) ?? []),
  ];
  const order = new Map(rows.map((row, i) => [row, i]));
  const time = (row: PaymentRow) => (Number.isFinite(row.at) ? row.at : -Infinity);
  return rows.sort((a, b) => time(b) - time(a) || order.get(a)! - order.get(b)!);
}
