import { describe, expect, it } from 'vitest';
import { idTokenRevoked, isRecentSignIn, unityTokenRevoked, validSinceSeconds } from '../../../src/domain/revocation';

const revokedAt = Date.parse('2026-11-28T10:00:00.600Z');
const second = Math.floor(revokedAt / 1000);

/** Firebase's window for a sensitive operation, written out: the test fails if the portal's constant drifts. */
const RECENT_SIGN_IN_MS = 5 * 60_000;

describe('the revocation rules', () => {
  it('validSince is the revocation in whole seconds, as revokeRefreshTokens sets it', () => {
    expect(validSinceSeconds(revokedAt)).toBe(second);
  });

  it('refuses an ID token signed in before the revocation, never one without a revocation', () => {
    expect(idTokenRevoked(second - 1, revokedAt)).toBe(true);
    expect(idTokenRevoked(second - 3600, revokedAt)).toBe(true);
    expect(idTokenRevoked(second - 1, null)).toBe(false);
    expect(idTokenRevoked(0, undefined)).toBe(false);
  });

  it('an ID token signed in the same second as the revocation stands (Firebase counts whole seconds)', () => {
    expect(idTokenRevoked(second, revokedAt)).toBe(false);
    expect(idTokenRevoked(second + 1, revokedAt)).toBe(false);
  });

  it('refuses a Unity token issued before the revocation to the millisecond, even in the same second', () => {
    expect(unityTokenRevoked(revokedAt - 1, revokedAt)).toBe(true);
    expect(unityTokenRevoked(second * 1000, revokedAt)).toBe(true);
    expect(unityTokenRevoked(revokedAt, revokedAt)).toBe(false);
    expect(unityTokenRevoked(revokedAt + 1, revokedAt)).toBe(false);
  });

  it('a Unity token without an issue time (an older release) is refused after any revocation, kept before one', () => {
    expect(unityTokenRevoked(null, revokedAt)).toBe(true);
    expect(unityTokenRevoked(null, null)).toBe(false);
  });

  it('a sign-in of the last five minutes is recent, an older one is not', () => {
    const now = Date.parse('2026-11-28T10:10:00Z');
    const at = (ms: number) => Math.floor((now - ms) / 1000);
    expect(isRecentSignIn(at(0), now)).toBe(true);
    expect(isRecentSignIn(at(RECENT_SIGN_IN_MS), now)).toBe(true);
    expect(isRecentSignIn(at(RECENT_SIGN_IN_MS + 1000), now)).toBe(false);
    // A device clock a little behind the service's: a sign-in "in the future" is recent.
    expect(isRecentSignIn(at(-30_000), now)).toBe(true);
  });
});
