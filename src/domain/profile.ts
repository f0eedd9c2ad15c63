// Pure rules of My Account's profile: days to expiry, initials, avatar colour, account type. The username's rules,
// which the hand-off and the cloud save need too, are in username.ts.
import { planTexts, type PlanNameKey } from './plan-offers';
import { currentPlanId, type Subscription, type SubscriptionStatus } from './plans';

const DAY = 86_400_000;

function startOfDay(t: number): number {
  const d = new Date(t);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/**
 * Whole calendar days from `now` to the expiry, never below 0 (0 when the date cannot be read); the UI words it.
 * @internal Exported for its unit test too: daylight-saving changes and any two instants, which a plan cannot reach.
 */
export function expiryDays(now: number, expiresAt: string | number): number {
  const end = typeof expiresAt === 'number' ? expiresAt : Date.parse(expiresAt);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.round((startOfDay(end) - startOfDay(now)) / DAY));
}

/** Up to two initials from the name, else from the e-mail; "?" when there is nothing to go on. */
export function initials(name: string | null | undefined, email: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (firstChar(words[0]!) + firstChar(words[words.length - 1]!)).toUpperCase();
  if (words.length === 1) return firstChar(words[0]!).toUpperCase();
  const local = (email ?? '').split('@')[0] ?? '';
  return local ? firstChar(local).toUpperCase() : '?';
}

function firstChar(s: string): string {
  return Array.from(s)[0] ?? '';
}

/** What "Account Type" shows: Free or the Pro plan's name (a catalogue key), its status and (for Pro) the days to expiry. */
export interface AccountTypeView {
  nameKey: PlanNameKey;
  isPro: boolean;
  /** null for Free. */
  status: SubscriptionStatus | null;
  /** Calendar days until the plan expires, or null when there is no expiry to tell. */
  expiryDays: number | null;
}

export function accountTypeView(sub: Subscription | null, now: number): AccountTypeView {
  const planId = currentPlanId(sub, now);
  if (planId === 'FREE' || !sub)
    return { nameKey: planTexts('FREE').nameKey, isPro: false, status: null, expiryDays: null };
  const end = sub.expiresAt ? Date.parse(sub.expiresAt) : NaN;
  return {
    nameKey: planTexts(planId).nameKey,
    isPro: true,
    status: sub.status,
    expiryDays: Number.isNaN(end) ? null : expiryDays(now, end),
  };
}

/** How many colours the initials placeholder has: one `.avatar-tone-N` rule each in src/ui/styles/account.css. */
const AVATAR_TONES = 6;

/** A stable colour slot (0..AVATAR_TONES-1) for the initials placeholder, so a person keeps the same colour. */
export function avatarTone(seed: string): number {
  let hash = 0;
  for (const ch of seed) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return hash % AVATAR_TONES;
}
