// The plan catalogue of SPEC 3 and 9, and the subscription rules of SPEC 4.
import type { PaidPlan } from '../config/types';

export type PlanId = 'FREE' | PaidPlan;
export type SubscriptionStatus = 'ACTIVE' | 'CANCELLED' | 'PAUSED';

export interface Plan {
  id: PlanId;
  /** Short card title: Free, Monthly, Semi-Annual, Annual. */
  title: string;
  name: string;
  price: string;
  period: string;
  savings?: string;
  /** subscriptionType number of the server record. */
  type: 0 | 1 | 2 | 3;
}

export const planCatalogue: readonly Plan[] = [
  { id: 'FREE', title: 'Free', name: 'Free', price: '0.00', period: 'per month', type: 0 },
  { id: 'MONTHLY', title: 'Monthly', name: 'Pro Plan - Monthly', price: '5.99', period: 'per month', type: 1 },
  { id: 'SIX_MONTH', title: 'Semi-Annual', name: 'Pro Plan - Semi-Annual', price: '29.99', period: 'per 6 months', savings: '33%', type: 2 },
  { id: 'ANNUAL', title: 'Annual', name: 'Pro Plan - Annual', price: '49.99', period: 'per year', savings: '50%', type: 3 },
];

export const proFeatures = ['24 expert color palettes', '10 Dream Render AI credits each month'] as const;
export const freeFeatures = ['Design and save your homes in 3D', 'Standard color palettes'] as const;

export function planFeatures(id: PlanId): readonly string[] {
  return id === 'FREE' ? freeFeatures : proFeatures;
}

export function planById(id: PlanId): Plan {
  const plan = planCatalogue.find((p) => p.id === id);
  if (!plan) throw new Error(`unknown plan ${id}`);
  return plan;
}

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

/** The current plan: FREE without a subscription; a cancelled plan stays until it expires. */
export function currentPlanId(sub: Subscription | null, now: number): PlanId {
  if (!sub) return 'FREE';
  if (sub.status === 'CANCELLED' && sub.expiresAt && Date.parse(sub.expiresAt) <= now) return 'FREE';
  return sub.plan;
}

/** Plans ordered for display: the current plan first, the rest in catalogue order. */
export function plansForDisplay(current: PlanId): Plan[] {
  const first = planById(current);
  return [first, ...planCatalogue.filter((p) => p.id !== current)];
}

export type StartBlock = 'alreadyActive' | 'alreadyPaused';

/** Why a new subscription may not start (SPEC 4, 5), or null when it may. */
export function startBlock(sub: Subscription | null): StartBlock | null {
  if (sub?.status === 'ACTIVE') return 'alreadyActive';
  if (sub?.status === 'PAUSED') return 'alreadyPaused';
  return null;
}

/** Cancel is offered for an active or paused plan, except one bought through Apple (cancelled in the App Store). */
export const canCancel = (sub: Subscription | null) => (sub?.status === 'ACTIVE' || sub?.status === 'PAUSED') && sub.subscriptionSource !== 'apple';
export const canPause = (sub: Subscription | null) => sub?.status === 'ACTIVE';
export const canResume = (sub: Subscription | null) => sub?.status === 'PAUSED';
export const canRenew = (sub: Subscription | null) => sub?.status === 'CANCELLED';

export type SubscriptionEvent = 'purchase' | 'cancel' | 'pause' | 'resume' | 'renew';

/** The status after `event`, or null when the transition is not allowed (SPEC 4). */
export function nextStatus(status: SubscriptionStatus | 'NONE', event: SubscriptionEvent): SubscriptionStatus | null {
  switch (event) {
    case 'purchase':
      return status === 'NONE' || status === 'CANCELLED' ? 'ACTIVE' : null;
    case 'renew':
      return status === 'CANCELLED' ? 'ACTIVE' : null;
    case 'cancel':
      return status === 'ACTIVE' || status === 'PAUSED' ? 'CANCELLED' : null;
    case 'pause':
      return status === 'ACTIVE' || status === 'PAUSED' ? 'PAUSED' : null;
    case 'resume':
      return status === 'PAUSED' ? 'ACTIVE' : null;
  }
}

/** The paid plan `plan`'s card offers to buy, or null: Free never, the running (not cancelled) plan neither. */
export function choosablePlan(plan: Plan, sub: Subscription | null, now: number): PaidPlan | null {
  if (plan.id === 'FREE') return null;
  if (plan.id === currentPlanId(sub, now) && sub?.status !== 'CANCELLED') return null;
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
  label: 'Active' | 'Paused' | 'Cancelled';
  detail: string | null;
}

/**
 * What the subscription card says about the current state (SPEC 4: premium stays until a cancelled plan ends).
 * `formatDate` is the catalogue's (the locale lives outside domain).
 */
export function statusSummary(sub: Subscription, formatDate: (iso: string) => string): StatusSummary {
  switch (sub.status) {
    case 'ACTIVE':
      return { label: 'Active', detail: sub.expiresAt ? `Current period ends on ${formatDate(sub.expiresAt)}` : null };
    case 'PAUSED':
      return { label: 'Paused', detail: sub.pauseUntil ? `Paused until ${formatDate(sub.pauseUntil)}` : null };
    case 'CANCELLED':
      return { label: 'Cancelled', detail: sub.expiresAt ? `Premium features until ${formatDate(sub.expiresAt)}` : null };
  }
}
