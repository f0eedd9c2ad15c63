// Pure rules of "Sign-in & security" (issue 16): which methods an account has, which may go, password form checks, the e-mail cooldown.
import { PASSWORD_MIN_LENGTH } from './constants';

export type LinkableProvider = 'google.com' | 'apple.com';
export const LINKABLE_PROVIDERS: readonly LinkableProvider[] = ['google.com', 'apple.com'];

/** How long "Send verification e-mail" waits before it may be pressed again. */
export const VERIFICATION_COOLDOWN_MS = 60_000;

const NAMES: Record<string, string> = { password: 'Email', 'google.com': 'Google', 'apple.com': 'Apple' };
const ORDER = ['password', 'google.com', 'apple.com'];

/** The product name of a provider ("Google"), or its id when unknown. */
export function providerName(providerId: string): string {
  return NAMES[providerId] ?? providerId;
}

/** The account's sign-in methods, known ones first in a fixed order, without repeats. */
export function signInMethodIds(providerIds: readonly string[]): string[] {
  const unique = [...new Set(providerIds)];
  const known = ORDER.filter((id) => unique.includes(id));
  return [...known, ...unique.filter((id) => !ORDER.includes(id))];
}

/** What the Sign-in Method row says: "Email", "Email, Google", or "Unknown" when there is none. */
export function signInMethodsText(providerIds: readonly string[]): string {
  const ids = signInMethodIds(providerIds);
  return ids.length ? ids.map(providerName).join(', ') : 'Unknown';
}

export function hasPassword(providerIds: readonly string[]): boolean {
  return providerIds.includes('password');
}

/** A method may be unlinked only when it is linked and another method would remain. */
export function canUnlink(providerIds: readonly string[], providerId: string): boolean {
  const ids = signInMethodIds(providerIds);
  return ids.includes(providerId) && ids.length > 1;
}

export type PasswordFormProblem = 'currentRequired' | 'newRequired' | 'tooShort' | null;

/**
 * SPEC 5 for the change-password form: the current password is required (when the account has one), the new one
 * is required and at least 6 characters. Spaces count, as Firebase counts them.
 */
export function passwordFormProblem(current: string | null, next: string): PasswordFormProblem {
  if (current !== null && current === '') return 'currentRequired';
  if (next === '') return 'newRequired';
  if (Array.from(next).length < PASSWORD_MIN_LENGTH) return 'tooShort';
  return null;
}

/** Whole seconds until the cooldown ends (0 when it has), rounded up so the button never says 0 while waiting. */
export function cooldownSecondsLeft(now: number, until: number | null): number {
  if (until === null || until <= now) return 0;
  return Math.ceil((until - now) / 1000);
}
