// The signed-in pages' answers (designs, purchases, payments): apart from decoders.ts, whose cloud save, Unity and
// subscription readers the entry needs, so that the entry does not carry these (docs/architecture.md "What the entry
// holds"). Built from the same readers.
import type { PaidPlan } from '../config/types';
import type { Design, DirectActivation, PurchaseResult } from '../domain/entities';
import { finiteNumber, isoDate, isRecord, optString } from '../domain/json';
import type { Money, RecordedPayment, RecordedStatus } from '../domain/payments';
import type { PurchaseReference } from '../domain/purchase-reference';
import { DecodeError, record as obj } from './decoders';

export function decodeDesigns(json: unknown): Design[] {
  const r = obj(json, 'designs');
  const data = r.data === null || r.data === undefined ? {} : obj(r.data, 'designs data');
  const designs: Design[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (!isRecord(value)) continue;
    const modelName = optString(value.ModelName);
    designs.push({
      key,
      uid: optString(value.UID) ?? key,
      // No name stays null: the UI words it in the page's language (untitledDesign).
      name: optString(value.Name),
      modelName: modelName ?? '',
      lastModified: isoDate(value.LastModified),
    });
  }
  // Most recently edited first; undated designs last.
  return designs.sort((a, b) => (b.lastModified ?? '').localeCompare(a.lastModified ?? ''));
}

export function decodePurchase(json: unknown): PurchaseResult {
  const r = obj(json, 'purchase');
  return {
    success: r.success === true,
    newBalance: finiteNumber(r.newBalance),
    creditsAdded: finiteNumber(r.creditsAdded),
    error: optString(r.error),
  };
}

/** A purchase reference: PayPal takes a `custom_id` of 1 to 127 characters; it is usable until `expiresAt`. */
export function decodePurchaseReference(json: unknown): PurchaseReference {
  const r = obj(json, 'purchase reference');
  if (typeof r.reference !== 'string' || r.reference.length < 1 || r.reference.length > 127)
    throw new DecodeError('purchase reference', 'reference must be text of 1 to 127 characters');
  const expiresAt = isoDate(r.expiresAt);
  if (!expiresAt) throw new DecodeError('purchase reference', 'expiresAt must be a date');
  return { reference: r.reference, expiresAt };
}

export function decodeDirectActivation(json: unknown): DirectActivation {
  const r = obj(json, 'subscription activation');
  return { success: r.success === true, expiresAt: isoDate(r.expiresAt) };
}

const PAID_PLANS: readonly string[] = ['MONTHLY', 'SIX_MONTH', 'ANNUAL'] satisfies PaidPlan[];
const RECORDED_STATUSES: readonly string[] = [
  'credited',
  'active',
  'ended',
  'refunded',
  'refund_pending',
  'reversed',
] satisfies RecordedStatus[];

function decodeMoney(v: unknown, what: string): Money {
  const m = obj(v, `${what} amount`);
  const value = typeof m.value === 'string' && /^\d{1,9}(\.\d{1,2})?$/.test(m.value) ? m.value : null;
  const currency = typeof m.currency === 'string' && /^[A-Z]{3}$/.test(m.currency) ? m.currency : null;
  if (!value || !currency) throw new DecodeError(what, 'amount must be a decimal value and a currency code');
  return { value, currency };
}

/** An optional field: absent (or null) is null, a value of the wrong type makes the entry unreadable. */
function optional<T>(value: unknown, read: (v: unknown) => T | null, what: string, field: string): T | null {
  if (value === undefined || value === null) return null;
  const result = read(value);
  if (result === null) throw new DecodeError(what, `${field} is not valid`);
  return result;
}

const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);
const paidPlan = (v: unknown) => (typeof v === 'string' && PAID_PLANS.includes(v) ? (v as PaidPlan) : null);

function decodePayment(v: unknown, index: number): RecordedPayment {
  const what = `payment ${index}`;
  const p = obj(v, what);
  const id = optString(p.id);
  const createdAt = typeof p.createdAt === 'string' ? isoDate(p.createdAt) : null;
  if (!id || !createdAt) throw new DecodeError(what, 'id and createdAt (ISO 8601) are required');
  if (typeof p.status !== 'string' || !RECORDED_STATUSES.includes(p.status))
    throw new DecodeError(what, `status must be ${RECORDED_STATUSES.join(', ')}`);
  const base = { id, createdAt, amount: decodeMoney(p.amount, what), status: p.status as RecordedStatus };
  if (p.kind === 'credits')
    return {
      ...base,
      kind: 'credits',
      orderId: optional(p.orderId, optString, what, 'orderId'),
      credits: optional(p.credits, count, what, 'credits'),
    };
  if (p.kind === 'subscription')
    return {
      ...base,
      kind: 'subscription',
      subscriptionId: optional(p.subscriptionId, optString, what, 'subscriptionId'),
      plan: optional(p.plan, paidPlan, what, 'plan'),
    };
  throw new DecodeError(what, "kind must be 'credits' or 'subscription'");
}

/**
 * GET /payments/{playerId}: `{ payments: [...] }`, every entry readable (its pack, plan and PayPal ids may be missing),
 * or a DecodeError naming the first that is not.
 */
export function decodePayments(json: unknown): RecordedPayment[] {
  const r = obj(json, 'payments');
  if (!Array.isArray(r.payments)) throw new DecodeError('payments', 'payments must be a list');
  return r.payments.map(decodePayment);
}
