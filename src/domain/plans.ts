// The plan catalogue of SPEC 3 and 9, and what a subscription record means (SPEC 4). What the subscription page offers
// and says about plans is in plan-offers.ts: the entry reads records (the hand-off, the cloud save), the pages offer.
import type { PaidPlan } from '../config/types';
import type { PlanId } from './plan-types';

export type { PlanId } from './plan-types';
export type SubscriptionStatus = 'ACTIVE' | 'CANCELLED' | 'PAUSED';

export interface Plan {
  id: PlanId;
  price: string;
  /** How many months one billing period lasts. */
  months: 1 | 6 | 12;
  savings?: string;
}

/** Every plan, in the order of the subscription page. */
export const planCatalogue: readonly Plan[] = [
  {
    id: 'FREE',
    price: '0.00',
    months: 1,
  },
  {
    id: 'MONTHLY',
    price: '5.99',
    months: 1,
  },
  {
    id: 'SIX_MONTH',
    price: '29.99',
    months: 6,
    savings: '33%',
  },
  {
    id: 'ANNUAL',
    price: '49.99',
    months: 12,
    savings: '50%',
  },
];

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
