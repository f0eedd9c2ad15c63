// The plan catalogue of SPEC 3 and 9, and the subscription rules of SPEC 4.
import type { PaidPlan } from '../config/types';

export type PlanId = 'FREE' | PaidPlan;
export type SubscriptionStatus = 'ACTIVE' | 'CANCELLED' | 'PAUSED';

// Texts a person reads are catalogue keys (src/domain does not import the catalogue); the UI renders them.
type PlanTitleKey = 'planTitleFree' | 'planTitleMonthly' | 'planTitleSixMonth' | 'planTitleAnnual';
export type PlanNameKey = 'planNameFree' | 'planNameMonthly' | 'planNameSixMonth' | 'planNameAnnual';
type PlanPeriodKey = 'periodMonth' | 'periodSixMonths' | 'periodYear';
export type PlanFeatureKey = 'proFeaturePalettes' | 'proFeatureCredits' | 'freeFeatureDesign' | 'freeFeaturePalettes';

export interface Plan {
  id: PlanId;
  /** Short card title: Free, Monthly, Semi-Annual, Annual. */
  titleKey: PlanTitleKey;
  nameKey: PlanNameKey;
  price: string;
  periodKey: PlanPeriodKey;
  /** How many months one billing period lasts. */
  months: 1 | 6 | 12;
  savings?: string;
  /** subscriptionType number of the server record. */
  type: 0 | 1 | 2 | 3;
}

const planCatalogue: readonly Plan[] = [
  {
    id: 'FREE',
    titleKey: 'planTitleFree',
    nameKey: 'planNameFree',
    price: '0.00',
    periodKey: 'periodMonth',
    months: 1,
    type: 0,
  },
  {
    id: 'MONTHLY',
    titleKey: 'planTitleMonthly',
    nameKey: 'planNameMonthly',
    price: '5.99',
    periodKey: 'periodMonth',
    months: 1,
    type: 1,
  },
  {
    id: 'SIX_MONTH',
    titleKey: 'planTitleSixMonth',
    nameKey: 'planNameSixMonth',
    price: '29.99',
    periodKey: 'periodSixMonths',
    months: 6,
    savings: '33%',
    type: 2,
  },
  {
    id: 'ANNUAL',
    titleKey: 'planTitleAnnual',
    nameKey: 'planNameAnnual',
    price: '49.99',
    periodKey: 'periodYear',
    months: 12,
    savings: '50%',
    type: 3,
  },
];

export const proFeatures = ['proFeaturePalettes', 'proFeatureCredits'] as const satisfies readonly PlanFeatureKey[];
const freeFeatures = ['freeFeatureDesign', 'freeFeaturePalettes'] as const satisfies readonly PlanFeatureKey[];

export function planFeatures(id: PlanId): readonly PlanFeatureKey[] {
  return id === 'FREE' ? freeFeatures : proFeatures;
}

export function planById(id: PlanId): Plan {
  const plan = planCatalogue.find((p) => p.id === id);
  if (!plan) throw new Error(`unknown plan ${id}`);
  return plan;
}

/** How many months one billing period of a paid plan lasts (its catalogue period: 1, 6 or 12). */
export function billingMonths(id: PaidPlan): number {
  return planById(id).months;
}

const PAID_PLANS: readonly string[] = ['MONTHLY', 'SIX_MONTH', 'ANNUAL'] satisfies PaidPlan[];

/** Whether `value` names a paid plan of the catalogue (MONTHLY, SIX_MONTH, ANNUAL). */
export function isPaidPlan(value: unknown): value is PaidPlan {
  return typeof value === 'string' && PAID_PLANS.includes(value);
}

/** The plan of a server record's subscriptionType number (0 to 3), or undefined for any other number. */
export function planByType(type: number): Plan | undefined {
  return planCatalogue.find((p) => p.type === type);
}

/** The normalised subscription of SPEC 3. */
export interface Subscription {
  plan: PaidPlan;
  status: SubscriptionStatus;
  expiresAt: string | null;
  subscriptionSource: string;
  subscriptionId: string | null;
  pauseUntil: string | null;
}

/** A cancelled plan past its expiry is no plan at all (SPEC 4: premium stays only until a cancelled plan ends). */
export function cancelledAndEnded(sub: { status: string; expiresAt: string | null }, now: number): boolean {
  return sub.status === 'CANCELLED' && sub.expiresAt !== null && Date.parse(sub.expiresAt) <= now;
}

/** The current plan: FREE without a subscription; a cancelled plan stays until it expires. */
export function currentPlanId(sub: Subscription | null, now: number): PlanId {
  if (!sub || cancelledAndEnded(sub, now)) return 'FREE';
  return sub.plan;
}

/** Plans ordered for display: the current plan first, the rest in catalogue order. */
export function plansForDisplay(current: PlanId): Plan[] {
  const first = planById(current);
  return [first, ...planCatalogue.filter((p) => p.id !== current)];
}

export type StartBlock = 'alreadyActive' | 'alreadyPaused';

/** Why a new subscription may not start (SPEC 4, 5), or null when it may. */
export function startBlock(sub: { status: string } | null): StartBlock | null {
  if (sub?.status === 'ACTIVE') return 'alreadyActive';
  if (sub?.status === 'PAUSED') return 'alreadyPaused';
  return null;
}

/** Cancel is offered for an active or paused plan, except one bought through Apple (cancelled in the App Store). */
export const canCancel = (sub: Subscription | null) =>
  (sub?.status === 'ACTIVE' || sub?.status === 'PAUSED') && sub.subscriptionSource !== 'apple';
/** Pause is offered for an active plan and, as SPEC 4's PAUSED -> PAUSED allows, a paused one (it extends the pause). */
export const canPause = (sub: Subscription | null) => sub?.status === 'ACTIVE' || sub?.status === 'PAUSED';
export const canResume = (sub: Subscription | null) => sub?.status === 'PAUSED';
/** A cancelled plan can be renewed (SPEC 4): its card is offered again. */
const canRenew = (sub: Subscription | null) => sub?.status === 'CANCELLED';

/**
 * When a new plan bought now starts (PayPal's `start_time`): when a cancelled plan's paid time ends, so none of it is
 * lost; null to start now. The backend adds a paid cycle to the time left anyway (docs/harness.md "Payments the
 * server reconciles"); this makes PayPal bill then, not now.
 */
export function renewalStart(sub: Subscription | null, now: number): string | null {
  if (sub?.status !== 'CANCELLED' || !sub.expiresAt) return null;
  const end = Date.parse(sub.expiresAt);
  return end > now + 60_000 ? new Date(end).toISOString() : null;
}

/** The paid plan `plan`'s card offers to buy, or null: Free never, the running plan neither unless it can be renewed. */
export function choosablePlan(plan: Plan, sub: Subscription | null, now: number): PaidPlan | null {
  if (plan.id === 'FREE') return null;
  if (plan.id === currentPlanId(sub, now) && !canRenew(sub)) return null;
  return plan.id;
}

/** The id sent with a manual (fallback) activation: unique per attempt, readable in support logs. */
export function manualSubscriptionId(now: number, random: () => number = Math.random): string {
  const suffix = Math.floor(random() * 36 ** 6)
    .toString(36)
    .toUpperCase()
    .padStart(6, '0');
  return `MANUAL-${now}-${suffix}`;
}

export interface StatusSummary {
  labelKey: 'subscriptionActive' | 'subscriptionPaused' | 'subscriptionCancelled';
  /** The detail line's catalogue key and the ISO date it names; the UI formats the date (the locale lives outside domain). */
  detail: { key: 'periodEndsOn' | 'pausedUntil' | 'premiumUntil'; date: string } | null;
}

/** What the subscription card says about the current state (SPEC 4: premium stays until a cancelled plan ends). */
export function statusSummary(sub: Subscription): StatusSummary {
  switch (sub.status) {
    case 'ACTIVE':
      return {
        labelKey: 'subscriptionActive',
        detail: sub.expiresAt ? { key: 'periodEndsOn', date: sub.expiresAt } : null,
      };
    case 'PAUSED':
      return {
        labelKey: 'subscriptionPaused',
        detail: sub.pauseUntil ? { key: 'pausedUntil', date: sub.pauseUntil } : null,
      };
    case 'CANCELLED':
      return {
        labelKey: 'subscriptionCancelled',
        detail: sub.expiresAt ? { key: 'premiumUntil', date: sub.expiresAt } : null,
      };
  }
}
