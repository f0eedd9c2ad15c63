// Where a user is signed in, and sign out everywhere. Sessions are recorded from the calls the backend already
// receives (the verified identity token's user and auth_time, the kind of client its User-Agent names); a revocation
// is made at the identity service first, then every ID token signed in before it and every Unity token issued before
// it is refused with 401 SESSION_REVOKED (docs/security.md "Sign out everywhere").
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  idTokenRevoked,
  isRecentSignIn,
  RECENT_SIGN_IN_REQUIRED,
  unityTokenRevoked,
  validSinceSeconds,
} from '../../src/domain/revocation';
import { SESSION_REVOKED } from '../../src/domain/session-revoked';
import { describeUserAgent, type ClientKind, type SessionRow } from '../../src/domain/user-agent';
import { HttpError, type BackendContext, type RequestContext, type RouteDef } from './http';
import type { Player } from './store';
import type { IdTokenClaims, UnityClaims } from './tokens';

/** A session as GET /account/sessions and the export show it. */
export type SessionView = SessionRow;

/**
 * Where a revocation is made at the identity service. Emulator mode: the Auth emulator's admin API (`accounts:update`
 * with `validSince`, EmulatorAdmin.revokeSessions). A production backend passes the Admin SDK's
 * `{ revokeSessions: (uid) => getAuth().revokeRefreshTokens(uid) }` and verifies with `verifyIdToken(token, true)`.
 */
interface IdentityAdmin {
  revokeSessions(uid: string, validSinceSeconds: number): Promise<void>;
}

/** The most sessions kept per user: the least recently active go first. */
const MAX_SESSIONS = 20;
const USER_AGENT_MAX = 256;

function userAgentOf(headers: IncomingHttpHeaders): string {
  const ua = headers['user-agent'];
  return typeof ua === 'string' ? ua.slice(0, USER_AGENT_MAX) : '';
}

/** One id per sign-in, kind, browser and system: two devices that signed in in the same second stay apart. */
function sessionId(uid: string, authTime: number, userAgent: string): { id: string; kind: ClientKind } {
  const client = describeUserAgent(userAgent);
  const key = [uid, authTime, client.kind, client.browser ?? '', client.system ?? ''].join('\n');
  return { id: createHash('sha256').update(key).digest('base64url').slice(0, 16), kind: client.kind };
}

function refuseRevoked(): never {
  throw new HttpError(401, 'This session was signed out everywhere: sign in again', SESSION_REVOKED);
}

/**
 * A verified identity token, checked against the user's last sign-out everywhere (401 SESSION_REVOKED) and recorded
 * as a session (its last activity now). Returns the claims.
 */
export function admitIdentity(
  backend: BackendContext,
  claims: IdTokenClaims,
  headers: IncomingHttpHeaders,
): IdTokenClaims {
  const { data } = backend.store;
  if (idTokenRevoked(claims.authTime, data.revokedAt[claims.uid])) refuseRevoked();
  const userAgent = userAgentOf(headers);
  const { id, kind } = sessionId(claims.uid, claims.authTime, userAgent);
  const now = new Date(backend.clock()).toISOString();
  const sessions = (data.sessions[claims.uid] ??= []);
  const known = sessions.find((s) => s.id === id);
  if (known) {
    known.lastActiveAt = now;
    known.userAgent = userAgent;
    return claims;
  }
  sessions.push({ id, authTime: claims.authTime, kind, userAgent, lastActiveAt: now });
  sessions.sort((a, b) => b.lastActiveAt.localeCompare(a.lastActiveAt));
  sessions.length = Math.min(sessions.length, MAX_SESSIONS);
  backend.store.save();
  return claims;
}

/** A verified Unity token of an account, refused when it was issued before the account's last sign-out everywhere. */
export function admitUnity(backend: BackendContext, claims: UnityClaims): UnityClaims {
  if (claims.uid !== null && unityTokenRevoked(claims.issuedAt, backend.store.data.revokedAt[claims.uid]))
    refuseRevoked();
  return claims;
}

/** The caller's own player, by both tokens (as GET /payments checks its owner): nothing of another user is reached. */
export function callerPlayer(ctx: RequestContext): { identity: IdTokenClaims; player: Player } {
  const identity = ctx.identity();
  const unity = ctx.unity();
  const player = ctx.backend.store.data.players[unity.playerId];
  if (!player || player.uid !== identity.uid) throw new HttpError(403, 'This player belongs to another account');
  return { identity, player };
}

/** Sign out everywhere and the export ask for a sign-in of the last few minutes, as Firebase does for a password. */
export function requireRecentSignIn(ctx: RequestContext, identity: IdTokenClaims): void {
  if (!isRecentSignIn(identity.authTime, ctx.backend.clock()))
    throw new HttpError(403, 'Sign in again to do this: the last sign-in is too old', RECENT_SIGN_IN_REQUIRED);
}

/** The user's sessions, most recently active first, the one of `current` (this request's) marked. */
export function sessionViews(
  backend: BackendContext,
  uid: string,
  current?: { authTime: number; userAgent: string },
): SessionView[] {
  const currentId = current ? sessionId(uid, current.authTime, current.userAgent).id : null;
  return (backend.store.data.sessions[uid] ?? []).map((s) => ({
    id: s.id,
    kind: s.kind,
    userAgent: s.userAgent,
    signedInAt: new Date(s.authTime * 1000).toISOString(),
    lastActiveAt: s.lastActiveAt,
    current: s.id === currentId,
  }));
}

/**
 * Revokes every session of `uid`: at the identity service first (if it fails, nothing changes here), then in the
 * backend's own record, which every later call is checked against. Returns the time of the revocation (ms).
 */
async function revokeEverywhere(backend: BackendContext, uid: string, admin: IdentityAdmin | null) {
  const at = backend.clock();
  try {
    await admin?.revokeSessions(uid, validSinceSeconds(at));
  } catch (error) {
    console.error('[backend] revocation at the identity service failed', error);
    throw new HttpError(502, 'The identity service did not revoke the sessions; nothing was changed');
  }
  const { data } = backend.store;
  data.revokedAt[uid] = Math.max(data.revokedAt[uid] ?? 0, at);
  data.sessions[uid] = (data.sessions[uid] ?? []).filter((s) => !idTokenRevoked(s.authTime, at));
  backend.store.save();
  return at;
}

export const sessionRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/account/sessions',
    name: 'account-sessions',
    handler(ctx) {
      const { identity } = callerPlayer(ctx);
      const current = { authTime: identity.authTime, userAgent: userAgentOf(ctx.headers) };
      // The portal inside an app's webview says so (its bridge found the host), where its user agent may not.
      if (ctx.headers['x-client-kind'] === 'webview') {
        const { id } = sessionId(identity.uid, current.authTime, current.userAgent);
        const own = ctx.backend.store.data.sessions[identity.uid]?.find((s) => s.id === id);
        if (own && own.kind === 'browser') own.kind = 'webview';
      }
      return { json: { sessions: sessionViews(ctx.backend, identity.uid, current) } };
    },
  },
  {
    method: 'POST',
    path: '/account/sign-out-everywhere',
    name: 'account-sign-out-everywhere',
    async handler(ctx) {
      const { identity } = callerPlayer(ctx);
      requireRecentSignIn(ctx, identity);
      const at = await revokeEverywhere(ctx.backend, identity.uid, ctx.backend.emulator);
      return { json: { success: true, revokedAt: new Date(at).toISOString() } };
    },
  },
];
