// Sign out everywhere: which tokens a revocation ends, and what counts as a recent sign-in. Firebase counts in seconds
// (`validSince`, `auth_time`); the backend's own Unity tokens carry milliseconds.

/** A sign-in at most this old may sign out everywhere or download the account's data (Firebase asks 5 minutes). */
const RECENT_SIGN_IN_MS = 5 * 60_000;

/** Firebase's `validSince` for a revocation at `revokedAtMs`: whole seconds, as revokeRefreshTokens sets it. */
export function validSinceSeconds(revokedAtMs: number): number {
  return Math.floor(revokedAtMs / 1000);
}

/**
 * An ID token is refused when its sign-in (`auth_time`, seconds) is earlier than `validSince`, as the Admin SDK's
 * verifyIdToken(token, true) does: a sign-in in the same second as the revocation stands.
 */
export function idTokenRevoked(authTimeSeconds: number, revokedAtMs: number | null | undefined): boolean {
  if (revokedAtMs === null || revokedAtMs === undefined) return false;
  return authTimeSeconds * 1000 < validSinceSeconds(revokedAtMs) * 1000;
}

/** A Unity token is refused when it was issued before the revocation, to the millisecond (one without a time: always). */
export function unityTokenRevoked(issuedAtMs: number | null, revokedAtMs: number | null | undefined): boolean {
  if (revokedAtMs === null || revokedAtMs === undefined) return false;
  return issuedAtMs === null || issuedAtMs < revokedAtMs;
}

/** Whether a sign-in at `authTimeSeconds` is recent at `nowMs` (a clock a little behind the service's still counts). */
export function isRecentSignIn(authTimeSeconds: number, nowMs: number): boolean {
  return nowMs - authTimeSeconds * 1000 <= RECENT_SIGN_IN_MS;
}
/** The backend's refusal of a sensitive call without a recent sign-in (403, `code`). */
export const RECENT_SIGN_IN_REQUIRED = 'RECENT_SIGN_IN_REQUIRED';
