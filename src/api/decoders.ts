// The only code that reads backend JSON: unknown in, domain types out, or a DecodeError naming what was wrong. Built
// from the readers of src/domain/json.ts.
import type { PaidPlan } from '../config/types';
import type {
  CloudSave,
  CloudSaveEntry,
  Design,
  DirectActivation,
  PurchaseResult,
  UnityAuth,
} from '../domain/entities';
import { finiteNumber, isoDate, isRecord, optString, type JsonRecord } from '../domain/json';
import type { Money, RecordedPayment, RecordedStatus } from '../domain/payments';
import { planByType, type Subscription, type SubscriptionStatus } from '../domain/plans';

/** An answer came but cannot be read: not JSON (client.ts), or not the shape a decoder expects. */
export class DecodeError extends Error {
  constructor(
    readonly what: string,
    detail: string,
  ) {
    super(`${what}: ${detail}`);
    this.name = 'DecodeError';
  }
}

function obj(v: unknown, what: string): JsonRecord {
  if (!isRecord(v)) throw new DecodeError(what, 'expected an object');
  return v;
}

/**
 * The server's subscription record (or the cloud-save subscriptionData entry) in its normalised form;
 * null when it describes no paid subscription (type 0, status NONE or expired).
 */
export function decodeSubscription(json: unknown): Subscription | null {
  const r = obj(json, 'subscription');
  const type = finiteNumber(r.subscriptionType);
  const catalogued = type === null ? undefined : planByType(type);
  if (!catalogued) throw new DecodeError('subscription', 'subscriptionType must be 0 to 3');
  if (catalogued.id === 'FREE') return null;
  const plan = catalogued.id;
  const rawStatus = typeof r.status === 'string' ? r.status.toUpperCase() : '';
  if (rawStatus === 'NONE' || rawStatus === 'EXPIRED' || rawStatus === 'FREE') return null;
  const cancelled =
    r.isCancelled === true || r.isCancelled === 'true' || rawStatus === 'CANCELLED' || rawStatus === 'CANCELED';
  const status: SubscriptionStatus = cancelled ? 'CANCELLED' : rawStatus === 'PAUSED' ? 'PAUSED' : 'ACTIVE';
  return {
    plan,
    status,
    expiresAt: isoDate(r.expiresAt),
    subscriptionSource: optString(r.subscriptionSource) ?? 'unknown',
    subscriptionId: optString(r.subscriptionId),
    pauseUntil: isoDate(r.pauseUntil),
  };
}

function decodeEntry(v: unknown, index: number): CloudSaveEntry {
  const e = obj(v, `cloud save entry ${index}`);
  if (typeof e.key !== 'string') throw new DecodeError('cloud save', `entry ${index} has no key`);
  return { key: e.key, value: e.value, namespace: optString(e.namespace), permission: optString(e.permission) };
}

/** credits is a number, or an object holding a credits number (SPEC 3). */
function decodeCredits(v: unknown): number {
  const direct = finiteNumber(v);
  if (direct !== null) return Math.max(0, direct);
  if (isRecord(v)) {
    const inner = finiteNumber(v.credits);
    if (inner !== null) return Math.max(0, inner);
  }
  return 0;
}

export function decodeCloudSave(json: unknown): CloudSave {
  const r = obj(json, 'cloud save');
  if (!Array.isArray(r.results)) throw new DecodeError('cloud save', 'results must be a list');
  const entries = r.results.map(decodeEntry);
  const find = (key: string) => entries.find((e) => e.key === key);
  const accountType = finiteNumber(find('accountType')?.value);
  const subEntry = find('subscriptionData');
  let subscription: Subscription | null | undefined;
  if (subEntry) {
    try {
      subscription = decodeSubscription(
        typeof subEntry.value === 'string' ? (JSON.parse(subEntry.value) as unknown) : subEntry.value,
      );
    } catch {
      // A broken subscriptionData entry is ignored: the subscription endpoint answers instead.
      subscription = undefined;
    }
  }
  return {
    entries,
    username: optString(r.username),
    credits: decodeCredits(find('credits')?.value),
    accountType,
    needsSetup: accountType === null || accountType === 0,
    subscription,
  };
}

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

/** Throws DecodeError('unity') when playerId or accessToken is missing (SPEC 8 text unityResponseMissing). */
export function decodeUnityAuth(json: unknown): UnityAuth {
  const r = isRecord(json) ? json : {};
  const playerId = optString(r.playerId);
  const accessToken = optString(r.accessToken);
  if (!playerId || !accessToken) throw new DecodeError('unity', 'missing player ID or access token');
  return { playerId, accessToken };
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

/** A purchase reference: PayPal takes a `custom_id` of 1 to 127 characters. */
export function decodePurchaseReference(json: unknown): string {
  const r = obj(json, 'purchase reference');
  if (typeof r.reference !== 'string' || r.reference.length < 1 || r.reference.length > 127)
    throw new DecodeError('purchase reference', 'reference must be text of 1 to 127 characters');
  return r.reference;
}

export function decodeDirectActivation(json: unknown): DirectActivation {
  const r = obj(json, 'subscription activation');
  return { success: r.success === true, expiresAt: isoDate(r.expiresAt) };
}

/** Stored unityAuthData: the same shape, or null when missing or unreadable. */
export function decodeStoredUnityAuth(json: unknown): (UnityAuth & { uid: string | null }) | null {
  if (!isRecord(json)) return null;
  try {
    return { ...decodeUnityAuth(json), uid: optString(json.uid) };
  } catch {
    return null;
  }
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
