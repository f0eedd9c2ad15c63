// The server's subscriptionType numbers (SPEC 3): a record's number is its plan's place in this list. Apart from the
// catalogue (plans.ts), so that reading a record on the sign-in screen (the hand-off's cloud save) does not carry the
// prices and savings of the subscription page.
import type { PaidPlan } from '../config/types';

export type PlanId = 'FREE' | PaidPlan;

const PLAN_TYPES: readonly PlanId[] = ['FREE', 'MONTHLY', 'SIX_MONTH', 'ANNUAL'];

/** The plan of a server record's subscriptionType number (0 to 3), or undefined for any other number. */
export const planOfType = (type: number): PlanId | undefined => PLAN_TYPES[type];

/** A plan's subscriptionType number, as a server record holds it. */
export const typeOfPlan = (plan: PlanId) => PLAN_TYPES.indexOf(plan) as 0 | 1 | 2 | 3;
