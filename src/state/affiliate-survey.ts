// The welcome survey's choice and its POST /affiliate/track (SPEC 2, 5, 8), on the survey's store (affiliate.ts). Only
// the survey's chunk imports it.
import { trackAffiliate } from '../api/affiliate';
import { AFFILIATE_IDS, type AffiliateId } from '../domain/affiliates';
import { message, type MessageCode } from '../messages/catalogue';
import { actOnSurvey, affiliate, dismissAffiliateSurvey } from './affiliate';
import { apiContext } from './api-context';
import { player } from './player';

/** The catalogue key of each affiliate's label; domain/affiliates.ts holds the list and its order. */
export const AFFILIATE_LABELS = {
  builder_brigade: 'affiliateBuilderBrigade',
  monster_house_plans: 'affiliateMonsterHousePlans',
  barndominium_company: 'affiliateBarndominiumCompany',
  other: 'affiliateOther',
} as const satisfies Record<AffiliateId, MessageCode>;

export { AFFILIATE_IDS, type AffiliateId };

export function selectAffiliate(id: AffiliateId): void {
  affiliate.selected = id;
  affiliate.error = null;
}

/** Sends the choice; with none chosen shows "Please select an option". Any failure closes the survey silently (SPEC 8). */
export async function submitAffiliate(): Promise<void> {
  if (!affiliate.open || affiliate.status === 'pending') return;
  const choice = affiliate.selected;
  if (!choice) {
    affiliate.error = message('affiliateOptionRequired');
    return;
  }
  const playerId = player.unity?.playerId;
  await actOnSurvey({
    call: async () => {
      if (playerId) await trackAffiliate(await apiContext(), playerId, choice);
    },
    // SPEC 8: affiliate failures close the modal silently.
    failed: () => null,
  });
  dismissAffiliateSurvey();
}
