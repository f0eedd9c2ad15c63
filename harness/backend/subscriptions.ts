// The backend's subscription rules (SPEC 4, docs/harness.md "A plan is granted only for what PayPal was paid"): what a
// plan and its period are worth, when a new plan may start, which PayPal payments pay for a plan, and how a paid or
// refunded cycle moves the end of the period. The portal's own rules (src/domain/plans.ts) are used, never rewritten.
import type { PaidPlan } from '../../src/config/types';
import { startBlock } from '../../src/domain/plan-offers';
import { typeOfPlan } from '../../src/domain/plan-types';
import { billingMonths, cancelledAndEnded, isPaidPlan, planById } from '../../src/domain/plans';
import { REFUSAL_REASONS, type RefusalReason } from '../../src/domain/payment-refusals';
import type { PayPalSubscriptionView, SubscriptionTransactionView } from './paypal-api';
import type { Player, SubscriptionRecord } from './store';

/** A paid plan (SPEC 3); its subscriptionType and period come from the portal's src/domain/plan-types.ts and plans.ts. */
export type PlanKey = PaidPlan;

const MINUTE = 60_000;

function addMonths(from: Date, months: number): Date {
  const d = new Date(from);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

/** A new ACTIVE record of `plan`, one billing period from `now`. */
export function subscriptionRecord(
  plan: PlanKey,
  subscriptionId: string,
  source: string,
  now = new Date(),
): SubscriptionRecord {
  return {
    subscriptionType: typeOfPlan(plan),
    isCancelled: false,
    status: 'ACTIVE',
    expiresAt: addMonths(now, billingMonths(plan)).toISOString(),
    subscriptionId,
    subscriptionSource: source,
    pauseUntil: null,
  };
}

const NO_SUBSCRIPTION: SubscriptionRecord = {
  subscriptionType: 0,
  isCancelled: false,
  status: 'NONE',
  expiresAt: null,
  subscriptionId: null,
  subscriptionSource: 'unknown',
  pauseUntil: null,
};

/** The player's plan as it stands: a cancelled subscription past its end is no subscription at all. */
export function effectiveSubscription(player: Player, now = Date.now()): SubscriptionRecord {
  const sub = player.subscription;
  if (!sub || cancelledAndEnded(sub, now)) return NO_SUBSCRIPTION;
  return sub;
}

/**
 * The plan a PayPal plan id is (by the plan ids each environment uses), or a plan named by its key (MONTHLY,
 * SIX_MONTH, ANNUAL) when `byKey`; null for anything else.
 */
export function planKeyOf(planIds: Record<string, string[]>, value: unknown, byKey = false): PlanKey | null {
  if (byKey && isPaidPlan(value)) return value;
  if (typeof value !== 'string' || !value) return null;
  const key = Object.entries(planIds).find(([, ids]) => ids.includes(value))?.[0];
  return isPaidPlan(key) ? key : null;
}

/** Why a new plan may not start while `current` runs (SPEC 4: none while ACTIVE or PAUSED), or null when it may. */
export function startRefusal(current: SubscriptionRecord | null): RefusalReason | null {
  const block = current ? startBlock(current) : null;
  return block === 'alreadyActive'
    ? REFUSAL_REASONS.activePlan
    : block === 'alreadyPaused'
      ? REFUSAL_REASONS.pausedPlan
      : null;
}

/** An amount of PayPal's ("9.99") in cents, NaN when it is not one. */
export const cents = (value: string | undefined) =>
  value !== undefined && /^\d{1,15}(\.\d{1,2})?$/.test(value) ? Math.round(Number(value) * 100) : NaN;

/** A completed payment of one cycle of `plan` at the plan's price in USD (what PayPal billed, not what was asked). */
export function paysPlan(tx: SubscriptionTransactionView, plan: PlanKey): boolean {
  const gross = tx.amount_with_breakdown?.gross_amount;
  return (
    tx.status === 'COMPLETED' && gross?.currency_code === 'USD' && cents(gross.value) === cents(planById(plan).price)
  );
}

/** PayPal shows the plan's own terms: no inline override (`plan_overridden`) and a quantity of 1. */
export const atPlanTerms = (sub: PayPalSubscriptionView) =>
  sub.plan_overridden !== true && (sub.quantity === undefined || sub.quantity === '1');

/** A subscription approved this recently may not show its first payment yet: asked again, not refused. */
export const FIRST_PAYMENT_GRACE_MS = 10 * MINUTE;

/** The end of a period that `tx`, a paid cycle of `plan`, adds to one ending at `end` (ms): it never shortens it. */
export function extended(end: number, tx: SubscriptionTransactionView, plan: PlanKey, now: number): number {
  const paidAt = tx.time ? Date.parse(tx.time) : now;
  return addMonths(new Date(Math.max(end, Number.isNaN(paidAt) ? now : paidAt)), billingMonths(plan)).getTime();
}

/** What a refunded or reversed cycle of `plan` takes off a period ending at `end` (never before `now`). */
export const shortened = (end: number, plan: PlanKey, now: number) =>
  Math.max(now, addMonths(new Date(end), -billingMonths(plan)).getTime());

/** The time a player has already paid for and keeps (a cancelled plan's rest), which a new plan adds to. */
export function paidUntil(sub: SubscriptionRecord | null, now: number): number {
  const end = sub?.expiresAt ? Date.parse(sub.expiresAt) : NaN;
  return sub && sub.status !== 'NONE' && end > now ? end : now;
}
