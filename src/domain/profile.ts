// Pure rules about the signed-in person: days to expiry, initials, default username, account type.
import { NEW_ACCOUNT_WINDOW_MS } from './constants';
import { currentPlanId, planById, type PlanNameKey, type Subscription, type SubscriptionStatus } from './plans';

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

/** Longest username, in characters (code points) after trimming; the reference backend refuses longer ones. */
export const USERNAME_MAX_LENGTH = 32;

// C0 and C1 controls (NUL included), DEL, line and paragraph separators, and the Bidi_Control characters
// (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069) that make text read other than it is stored.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
const CONTROLS = new RegExp(CONTROL.source, 'gu');

export type UsernameProblem = 'hash' | 'controlCharacter' | 'tooLong';

/**
 * Why a new username (the part before '#') cannot be saved, or null when it can. The same limits hold in the
 * reference backend (harness/backend/routes.ts). An empty name is not a problem here: saving it does nothing (SPEC 5).
 */
export function usernameProblem(name: string): UsernameProblem | null {
  const trimmed = name.trim();
  if (trimmed.includes('#')) return 'hash';
  if (CONTROL.test(trimmed)) return 'controlCharacter';
  if (Array.from(trimmed).length > USERNAME_MAX_LENGTH) return 'tooLong';
  return null;
}

/** A name within the username limits: control characters dropped, cut to USERNAME_MAX_LENGTH characters. */
function withinLimits(name: string | null | undefined): string {
  return Array.from((name ?? '').replace(CONTROLS, '').trim())
    .slice(0, USERNAME_MAX_LENGTH)
    .join('')
    .trim();
}

/**
 * SPEC 5: display name, else the part of the e-mail before @, else "Player" plus a number below 10000; kept within
 * the username limits so first-time setup never fails on a long or odd display name.
 */
export function defaultUsername(
  displayName: string | null | undefined,
  email: string | null | undefined,
  random: () => number = Math.random,
): string {
  const name = withinLimits(displayName);
  if (name) return name;
  const local = withinLimits(email?.split('@')[0]);
  if (local) return local;
  return `Player${Math.floor(random() * 10000)}`;
}

/** The displayed, editable username: the part before '#'. */
export function displayUsername(username: string): string {
  const at = username.indexOf('#');
  return at >= 0 ? username.slice(0, at) : username;
}

/** The suffix after '#', including it, kept when the name changes (empty when there is none). */
export function usernameSuffix(username: string): string {
  const at = username.indexOf('#');
  return at >= 0 ? username.slice(at) : '';
}

/** SPEC 4: an account under 30 seconds old is a new user. */
export function isNewAccount(creationTime: string | null | undefined, now: number): boolean {
  const created = creationTime ? Date.parse(creationTime) : NaN;
  return !Number.isNaN(created) && now - created < NEW_ACCOUNT_WINDOW_MS;
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
    return { nameKey: planById('FREE').nameKey, isPro: false, status: null, expiryDays: null };
  const end = sub.expiresAt ? Date.parse(sub.expiresAt) : NaN;
  return {
    nameKey: planById(planId).nameKey,
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
