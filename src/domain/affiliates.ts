// SPEC 2's affiliates, in the survey's order: the one list the portal offers and the backend accepts
// (harness/backend/routes.ts POST /affiliate/track).
export const AFFILIATE_IDS = ['builder_brigade', 'monster_house_plans', 'barndominium_company', 'other'] as const;

export type AffiliateId = (typeof AFFILIATE_IDS)[number];

export function isAffiliateId(value: unknown): value is AffiliateId {
  return (AFFILIATE_IDS as readonly unknown[]).includes(value);
}
