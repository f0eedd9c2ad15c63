// What the subscription page offers and says about plans (SPEC 3, 4, 5): their texts, the order of the cards, which
// step each state allows, and a renewal's start. Only the pages use it, so /auth carries none of it.
import { currentPlanId, planById, planCatalogue, type Plan, type PlanId, type Subscription } from './plans';
import type { PaidPlan } from '../config/types';

// Texts a person reads are catalogue keys (src/domain does not import the catalogue); the UI renders them.
export type PlanNameKey = 'planNameFree' | 'planNameMonthly' | 'planNameSixMonth' | 'planNameAnnual';
type PlanFeatureKey = 'proFeaturePalettes' | 'proFeatureCredits' | 'freeFeatureDesign' | 'freeFeaturePalettes';

export interface PlanTexts {
  /** Short card title: Free, Monthly, Semi-Annual, Annual. */
  titleKey: 'planTitleFree' | 'planTitleMonthly' | 'planTitleSixMonth' | 'planTitleAnnual';
  nameKey: PlanNameKey;
  periodKey: 'periodMonth' | 'periodSixMonths' | 'periodYear';
}

const texts: Record<PlanId, PlanTexts> = {
  FREE: { titleKey: 'planTitleFree', nameKey: 'planNameFree', periodKey: 'periodMonth' },
  MONTHLY: { titleKey: 'planTitleMonthly', nameKey: 'planNameMonthly', periodKey: 'periodMonth' },
  SIX_MONTH: { titleKey: 'planTitleSixMonth', nameKey: 'planNameSixMonth', periodKey: 'periodSixMonths' },
  ANNUAL: { titleKey: 'planTitleAnnual', nameKey: 'planNameAnnual', periodKey: 'periodYear' },
};

/** The catalogue keys that name plan `id`. */
export function planTexts(id: PlanId): PlanTexts {
  return texts[id];
}

export const proFeatures = ['proFeaturePalettes', 'proFeatureCredits'] as const satisfies readonly PlanFeatureKey[];
const freeFeatures = ['freeFeatureDesign', 'freeFeaturePalettes'] as const satisfies readonly PlanFeatureKey[];

export function planFeatures(id: PlanId): readonly PlanFeatureKey[] {
  return id === 'FREE' ? freeFeatures : proFeatures;
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
