// Payments PayPal has taken that the backend has not recorded yet, per signed-in uid (docs/reliability.md
// "Reliability"). Like StoreKit's unfinished transactions: kept until recorded or finally refused, and delivered again
// until then. Pure rules only.
//
// The ledger lives in local storage, which anyone at the keyboard can read and edit, so nothing in it is trusted: the
// backend checks every payment's owner at PayPal (custom_id, docs/harness.md "The reference backend and the PayPal
// stand-in"). What the ledger itself holds to: only PayPal's id formats, a bounded number of entries of bounded age,
// and a payment that the backend says belongs to another player is never dropped but held for its owner, who records it
// at their next sign-in.
import type { PaidPlan } from '../config/types';
import { LEDGER_MAX_AGE_MS, LEDGER_MAX_ENTRIES } from './constants';
import { packById } from './credit-packs';
import { isRecord, type JsonRecord } from './json';

export type PendingPayment =
  /** A captured credit order: POST /consumables/purchase with the pack's credits and the order id. */
  | { kind: 'credits'; orderId: string; packId: string }
  /** An approved subscription: POST /subscription/activate with its id and plan. */
  | { kind: 'subscription'; subscriptionId: string; plan: PaidPlan };

/** A payment as the ledger keeps it: with the time (ms since the epoch, device clock) it was first kept. */
export type KeptPayment = PendingPayment & { readonly keptAt: number };

export interface PaymentLedger {
  /** Pending payments by the uid of the user who paid; nothing is ever recorded for another uid. */
  readonly byUid: Readonly<Record<string, readonly KeptPayment[]>>;
  /**
   * Payments the backend refused because they belong to another player than the one who presented them (an entry
   * copied or moved under another uid): kept for their owner, whose next sign-in records them.
   */
  readonly held: readonly KeptPayment[];
}

const PLANS: readonly string[] = ['MONTHLY', 'SIX_MONTH', 'ANNUAL'] satisfies PaidPlan[];

/** PayPal's Orders v2 order id: 17 characters, digits and upper-case letters (e.g. 5O190127TN364715T). */
function isOrderId(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9A-Z]{17}$/.test(value);
}

/** PayPal's Subscriptions v1 subscription id: "I-" and 12 digits or upper-case letters (e.g. I-BW452GLLEP1G). */
function isSubscriptionId(value: unknown): value is string {
  return typeof value === 'string' && /^I-[0-9A-Z]{12}$/.test(value);
}

/** PayPal's id of the payment: the order id or the subscription id. */
export function paymentId(payment: PendingPayment): string {
  return payment.kind === 'credits' ? payment.orderId : payment.subscriptionId;
}

/** Whether the ledger may keep `payment`: PayPal's id format, a known pack or a paid plan. */
export function isWellFormed(payment: PendingPayment): boolean {
  return payment.kind === 'credits'
    ? isOrderId(payment.orderId) && packById(payment.packId) !== undefined
    : isSubscriptionId(payment.subscriptionId) && PLANS.includes(payment.plan);
}

const isUid = (value: string) => value.length > 0 && value.length <= 128;

/** A stored entry, or null; an entry of an older build without its time counts from `now`. */
function decodePayment(value: unknown, now: number): KeptPayment | null {
  if (!isRecord(value)) return null;
  const v = value;
  const keptAt = v.keptAt === undefined ? now : v.keptAt;
  if (typeof keptAt !== 'number' || !Number.isFinite(keptAt)) return null;
  let payment: PendingPayment | null = null;
  if (v.kind === 'credits' && typeof v.orderId === 'string' && typeof v.packId === 'string')
    payment = { kind: 'credits', orderId: v.orderId, packId: v.packId };
  else if (v.kind === 'subscription' && typeof v.subscriptionId === 'string' && typeof v.plan === 'string')
    payment = { kind: 'subscription', subscriptionId: v.subscriptionId, plan: v.plan as PaidPlan };
  return payment && isWellFormed(payment) ? { ...payment, keptAt } : null;
}

function decodeList(list: unknown, now: number): KeptPayment[] {
  if (!Array.isArray(list)) return [];
  const out: KeptPayment[] = [];
  for (const item of list.slice(0, LEDGER_MAX_ENTRIES * 2)) {
    const payment = decodePayment(item, now);
    if (payment && !out.some((p) => paymentId(p) === paymentId(payment))) out.push(payment);
  }
  return out;
}

function table<T = readonly KeptPayment[]>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

function emptyLedger(): PaymentLedger {
  return { byUid: table(), held: [] };
}

/**
 * Drops what is too old (or dated implausibly far ahead), then the oldest beyond LEDGER_MAX_ENTRIES, so a ledger
 * written by anyone stays small and every entry in it ends some day.
 */
function bounded(ledger: PaymentLedger, now: number): PaymentLedger {
  const fresh = (p: KeptPayment) => Math.abs(now - p.keptAt) <= LEDGER_MAX_AGE_MS;
  const all = [...Object.values(ledger.byUid).flat(), ...ledger.held].filter(fresh);
  const kept = new Set(all.sort((a, b) => b.keptAt - a.keptAt).slice(0, LEDGER_MAX_ENTRIES));
  const byUid = table();
  for (const [uid, list] of Object.entries(ledger.byUid)) {
    const rest = list.filter((p) => kept.has(p));
    if (rest.length > 0) byUid[uid] = rest;
  }
  return { byUid, held: ledger.held.filter((p) => kept.has(p)) };
}

/**
 * Reads a stored ledger, `{byUid, held}` or an older build's `{[uid]: payments}`; anything unreadable is left out
 * (a stored value may come from an older or newer build, or from someone at the keyboard), and the bounds apply.
 */
export function decodeLedger(json: unknown, now: number): PaymentLedger {
  const byUid = table();
  if (!isRecord(json)) return emptyLedger();
  const current = isRecord(json.byUid);
  const users = current ? (json.byUid as JsonRecord) : json;
  for (const [uid, list] of Object.entries(users)) {
    if (!isUid(uid)) continue;
    const payments = decodeList(list, now);
    if (payments.length > 0) byUid[uid] = payments;
  }
  return bounded({ byUid, held: current ? decodeList(json.held, now) : [] }, now);
}

/** The payments `uid` has pending, oldest first. */
export function pendingFor(ledger: PaymentLedger, uid: string): readonly KeptPayment[] {
  return Object.hasOwn(ledger.byUid, uid) ? (ledger.byUid[uid] ?? []) : [];
}

/** Whether `uid` has an approved subscription kept: a plan chosen now would be paid for twice. */
export function keepsSubscription(ledger: PaymentLedger, uid: string): boolean {
  return pendingFor(ledger, uid).some((p) => p.kind === 'subscription');
}

/** The payments held for an owner the browser does not know (see PaymentLedger.held), oldest first. */
export function heldPayments(ledger: PaymentLedger): readonly KeptPayment[] {
  return ledger.held;
}

function withList(ledger: PaymentLedger, uid: string, list: readonly KeptPayment[]): PaymentLedger {
  const byUid = table();
  Object.assign(byUid, ledger.byUid);
  if (list.length > 0) byUid[uid] = list;
  else delete byUid[uid];
  return { byUid, held: ledger.held };
}

/**
 * The ledger with `payment` kept for `uid` at `now` (once: the same PayPal id is not added twice). A malformed
 * payment (not PayPal's id format, an unknown pack or plan) is not kept.
 */
export function withPayment(ledger: PaymentLedger, uid: string, payment: PendingPayment, now: number): PaymentLedger {
  if (!isUid(uid) || !isWellFormed(payment)) return ledger;
  const mine = pendingFor(ledger, uid);
  if (mine.some((p) => paymentId(p) === paymentId(payment))) return ledger;
  const next = withList(ledger, uid, [...mine, { ...payment, keptAt: now }]);
  return bounded({ ...next, held: next.held.filter((p) => paymentId(p) !== paymentId(payment)) }, now);
}

/** The ledger without the payment of `uid` whose PayPal id is `id` (and without a held copy); a uid left with nothing goes. */
export function withoutPayment(ledger: PaymentLedger, uid: string, id: string): PaymentLedger {
  const next = withList(
    ledger,
    uid,
    pendingFor(ledger, uid).filter((p) => paymentId(p) !== id),
  );
  return { ...next, held: next.held.filter((p) => paymentId(p) !== id) };
}

/** The ledger with no entry of PayPal id `id` left, under any uid or held: the backend recorded it. */
export function withoutId(ledger: PaymentLedger, id: string): PaymentLedger {
  let next: PaymentLedger = { byUid: ledger.byUid, held: ledger.held.filter((p) => paymentId(p) !== id) };
  for (const uid of Object.keys(ledger.byUid)) next = withoutPayment(next, uid, id);
  return next;
}

/** The ledger without the held payment `id` (the backend refused it for good). */
export function withoutHeld(ledger: PaymentLedger, id: string): PaymentLedger {
  return { byUid: ledger.byUid, held: ledger.held.filter((p) => paymentId(p) !== id) };
}

/**
 * The backend refused `uid`'s payment `id` because it belongs to another player: it leaves `uid` (who did not pay)
 * but is not dropped. It is held for its owner, unless another uid still keeps it (that copy will do) or it is held
 * already.
 */
export function heldForOwner(ledger: PaymentLedger, uid: string, id: string): PaymentLedger {
  const payment = pendingFor(ledger, uid).find((p) => paymentId(p) === id);
  const next = withList(
    ledger,
    uid,
    pendingFor(ledger, uid).filter((p) => paymentId(p) !== id),
  );
  if (!payment) return next;
  const elsewhere =
    Object.values(next.byUid).some((list) => list.some((p) => paymentId(p) === id)) ||
    next.held.some((p) => paymentId(p) === id);
  return elsewhere ? next : { byUid: next.byUid, held: [...next.held, payment] };
}

/** Whether `id` is still pending for `uid` (another tab may have recorded it meanwhile). */
export function isPending(ledger: PaymentLedger, uid: string, id: string): boolean {
  return pendingFor(ledger, uid).some((p) => paymentId(p) === id);
}

/** Whether `id` is still held for its owner. */
export function isHeld(ledger: PaymentLedger, id: string): boolean {
  return ledger.held.some((p) => paymentId(p) === id);
}

/**
 * Whether an answer ends the payment's wait: the backend recorded it (2xx) or refused it for good, with a 4xx that is
 * not about authentication (401, 403) and not "later" (408 timeout, 429 too many requests). Anything else, and no
 * answer at all (status null: the network, a timeout), keeps the payment for the next try.
 */
export function isFinalRefusal(status: number | null): boolean {
  return status !== null && status >= 400 && status < 500 && ![401, 403, 408, 429].includes(status);
}

/**
 * The code of the backend's refusal of a payment that belongs to another player (403, `{error, code}`; docs/harness.md
 * "The reference backend and the PayPal stand-in"). Such a refusal is never final: the payment is held for its
 * owner. Defined with the backend's other refusal codes in payment-refusals.ts.
 */
export { PAYMENT_OWNER_MISMATCH } from './payment-refusals';

/**
 * A refusal or a hold whose answer came when its payer was no longer signed in here: kept for that payer's next visit,
 * never shown to whoever is signed in now (issue #50). `tone`: a refusal is an error, a hold a warning.
 */
export interface PaymentNotice {
  tone: 'error' | 'warning';
  text: string;
}

/** Notices by uid; at most this many per payer, the newest kept. */
export type PaymentNotices = Record<string, PaymentNotice[]>;
const NOTICES_PER_PAYER = 10;
const NOTICE_MAX_LENGTH = 1000;

/** Notices as stored (anyone may have edited them): well-formed ones only, for well-formed uids. */
export function decodeNotices(json: unknown): PaymentNotices {
  const out: PaymentNotices = table<PaymentNotice[]>();
  if (!isRecord(json)) return out;
  for (const [uid, list] of Object.entries(json)) {
    if (!isUid(uid) || !Array.isArray(list)) continue;
    const notices = list.filter(
      (n): n is PaymentNotice =>
        isRecord(n) &&
        (n.tone === 'error' || n.tone === 'warning') &&
        typeof n.text === 'string' &&
        n.text.length > 0 &&
        n.text.length <= NOTICE_MAX_LENGTH,
    );
    if (notices.length > 0) out[uid] = notices.slice(-NOTICES_PER_PAYER);
  }
  return out;
}

/** `notices` with `notice` added for `uid` (the same text once). */
export function withNotice(notices: PaymentNotices, uid: string, notice: PaymentNotice): PaymentNotices {
  const mine = (Object.hasOwn(notices, uid) ? notices[uid] : undefined) ?? [];
  if (mine.some((n) => n.text === notice.text)) return notices;
  const out: PaymentNotices = table<PaymentNotice[]>();
  Object.assign(out, notices);
  out[uid] = [...mine, notice].slice(-NOTICES_PER_PAYER);
  return out;
}

/** `uid`'s notices, and what is left once they are taken. */
export function takeNotices(notices: PaymentNotices, uid: string): [PaymentNotice[], PaymentNotices] {
  const mine = (Object.hasOwn(notices, uid) ? notices[uid] : undefined) ?? [];
  const out: PaymentNotices = table<PaymentNotice[]>();
  for (const [key, list] of Object.entries(notices)) if (key !== uid) out[key] = list;
  return [mine, out];
}
