// The affiliate survey shown once per session to new users (SPEC 2, 5): open, choice, POST /affiliate/track, close.
import { trackAffiliate } from '../api/affiliate';
import { AFFILIATE_IDS, type AffiliateId } from '../domain/affiliates';
import { message, type MessageCode } from '../messages/catalogue';
import { apiContext } from './api-context';
import { player } from './player';
import { createStore, idle } from './resource';
import { SESSION_KEYS, sessionStore } from './storage';

/** The catalogue key of each affiliate's label; domain/affiliates.ts holds the list and its order. */
export const AFFILIATE_LABELS = {
  builder_brigade: 'affiliateBuilderBrigade',
  monster_house_plans: 'affiliateMonsterHousePlans',
  barndominium_company: 'affiliateBarndominiumCompany',
  other: 'affiliateOther',
} as const satisfies Record<AffiliateId, MessageCode>;

export { AFFILIATE_IDS, type AffiliateId };

const store = createStore(() => ({
  /** The submit's record; its error is "Please select an option" after a submit with nothing chosen. */
  ...idle(),
  open: false,
  selected: null as AffiliateId | null,
}));

export const affiliate = store.state;

// Outside the store: promise resolvers, not state; nothing renders them.
let waiters: Array<() => void> = [];

function settle(): void {
  const pending = waiters;
  waiters = [];
  for (const resolve of pending) resolve();
}

/**
 * Opens the survey unless it was already shown in this session; returns whether it opened.
 * The hand-off awaits `whenAffiliateClosed()` before sending the browser to the desktop app.
 */
export function openAffiliateSurvey(): boolean {
  if (affiliate.open) return true;
  if (sessionStore.flag(SESSION_KEYS.hasShownAffiliateModal)) return false;
  store.reset();
  affiliate.open = true;
  return true;
}

/** Resolves when the survey is dismissed or completed (at once when it is not open). */
export function whenAffiliateClosed(): Promise<void> {
  if (!affiliate.open) return Promise.resolve();
  return new Promise((resolve) => waiters.push(resolve));
}

export function selectAffiliate(id: AffiliateId): void {
  affiliate.selected = id;
  affiliate.error = null;
}

/** Closes the survey and remembers for this session that it was shown. */
export function dismissAffiliateSurvey(): void {
  if (!affiliate.open) return;
  sessionStore.setFlag(SESSION_KEYS.hasShownAffiliateModal, true);
  affiliate.open = false;
  settle();
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
  await store.act(affiliate, {
    call: async () => {
      if (playerId) await trackAffiliate(await apiContext(), playerId, choice);
    },
    // SPEC 8: affiliate failures close the modal silently.
    failed: () => null,
  });
  dismissAffiliateSurvey();
}

/** Test hook and sign-out: closed, nothing chosen, waiters released. */
export function resetAffiliate(): void {
  store.reset();
  settle();
}
