// Pure rules of "Sign-in & security": which methods an account has, which may go, password form checks, the e-mail cooldown.
import { PASSWORD_MIN_LENGTH } from './constants';

export type LinkableProvider = 'google.com' | 'apple.com';
export const LINKABLE_PROVIDERS: readonly LinkableProvider[] = ['google.com', 'apple.com'];

/** How long "Send verification e-mail" waits before it may be pressed again. */
export const VERIFICATION_COOLDOWN_MS = 60_000;

export type ProviderNameKey = 'providerEmail' | 'providerGoogle' | 'providerApple';
const NAME_KEYS: Record<string, ProviderNameKey> = {
  password: 'providerEmail',
  'google.com': 'providerGoogle',
  'apple.com': 'providerApple',
};
const ORDER = ['password', 'google.com', 'apple.com'];

/** The catalogue key of a provider's name ("Google"), or null for an unknown provider (shown by its id). */
export function providerNameKey(providerId: string): ProviderNameKey | null {
  return NAME_KEYS[providerId] ?? null;
}

/** The account's sign-in methods, known ones first in a fixed order, without repeats. */
export function signInMethodIds(providerIds: readonly string[]): string[] {
  const unique = [...new Set(providerIds)];
  const known = ORDER.filter((id) => unique.includes(id));
  return [...known, ...unique.filter((id) => !ORDER.includes(id))];
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
