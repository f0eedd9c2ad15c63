// GET /account/export: one JSON file of what the backend and the identity service hold of the caller (GDPR art. 15
// and 20), described by account-export.schema.json. Every field is picked by name, so nothing else (a password hash, a
// salt, a token, another player's record) can slip in.
import { EXPORT_FORMAT_VERSION, exportFileName } from '../../src/domain/account-export';
import type { RequestContext, RouteDef } from './http';
import { paymentsOf } from './payments';
import { callerPlayer, requireRecentSignIn, sessionViews } from './sessions';
import type { Player } from './store';
import { effectiveSubscription } from './subscriptions';
import type { IdTokenClaims } from './tokens';

/** The product the file is named after: the build's PRODUCT_NAME (build.mjs), "Dream Book" by default. */
const productName = () => process.env.PRODUCT_NAME || 'Dream Book';

const isoOrNull = (ms: unknown): string | null => {
  const n = typeof ms === 'string' ? Number(ms) : typeof ms === 'number' ? ms : NaN;
  return Number.isFinite(n) ? new Date(n).toISOString() : null;
};

/**
 * The identity part: from the identity service's record (the emulator's accounts:lookup, the Admin SDK's getUser in
 * production), or from the verified token when there is none to ask.
 */
async function identityPart(ctx: RequestContext, claims: IdTokenClaims) {
  const record = await ctx.backend.emulator?.lookup(claims.uid).catch(() => null);
  if (!record) {
    return {
      uid: claims.uid,
      email: claims.email,
      emailVerified: claims.emailVerified,
      providers: claims.identities,
      createdAt: null,
      lastSignInAt: new Date(claims.authTime * 1000).toISOString(),
    };
  }
  const providers = Array.isArray(record.providerUserInfo)
    ? (record.providerUserInfo as Array<Record<string, unknown>>)
        .map((p) => p.providerId)
        .filter((p): p is string => typeof p === 'string')
        .sort()
    : [];
  return {
    uid: claims.uid,
    email: typeof record.email === 'string' ? record.email : null,
    emailVerified: record.emailVerified === true,
    providers,
    createdAt: isoOrNull(record.createdAt),
    lastSignInAt: isoOrNull(record.lastLoginAt),
  };
}

/** What the backend holds of `player`, field by field. */
function playerPart(ctx: RequestContext, player: Player) {
  const now = ctx.backend.clock();
  // The plan as the backend holds it, an ended one too (a cancelled plan past its end is still on record).
  const sub = player.subscription;
  return {
    profile: {
      playerId: player.playerId,
      username: player.username,
      accountType: player.accountType,
      signInProvider: player.provider,
      createdAt: player.createdAt,
    },
    credits: player.credits,
    owedCredits: player.owedCredits ?? 0,
    subscription: sub
      ? {
          subscriptionType: sub.subscriptionType,
          status: sub.status,
          isCancelled: sub.isCancelled,
          ended: effectiveSubscription(player, now).status === 'NONE',
          expiresAt: sub.expiresAt,
          subscriptionId: sub.subscriptionId,
          subscriptionSource: sub.subscriptionSource,
          pauseUntil: sub.pauseUntil,
          cancelReason: player.cancelReason ?? null,
          pauseReason: player.pauseReason ?? null,
        }
      : null,
    paymentFailedAt: player.paymentFailedAt ?? null,
    payments: paymentsOf(ctx.backend, player),
    designs: Object.entries(player.designs).map(([key, d]) => ({
      key,
      uid: d.UID,
      name: d.Name,
      modelName: d.ModelName,
      lastModified: d.LastModified,
    })),
    affiliate: { answer: player.affiliateId ?? null },
  };
}

export const exportRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/account/export',
    name: 'account-export',
    async handler(ctx) {
      const { identity, player } = callerPlayer(ctx);
      requireRecentSignIn(ctx, identity);
      const now = new Date(ctx.backend.clock());
      const file = {
        format: 'account-export',
        version: EXPORT_FORMAT_VERSION,
        generatedAt: now.toISOString(),
        identity: await identityPart(ctx, identity),
        ...playerPart(ctx, player),
        sessions: sessionViews(ctx.backend, identity.uid).map(({ current: _current, ...s }) => s),
      };
      return {
        json: file,
        headers: { 'content-disposition': `attachment; filename="${exportFileName(productName(), now)}"` },
      };
    },
  },
];
