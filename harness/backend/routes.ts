// The player-facing API of SPEC 7, with the rules of SPEC 4.
import { USERNAME_MAX_LENGTH, usernameProblem } from '../../src/domain/profile';
import { HttpError, type RequestContext, type RouteDef } from './http';
import { effectiveSubscription, subscriptionRecord, type PlanKey, type Player, type PurchaseResult } from './store';

const CANCEL_REASONS = ['too_expensive', 'not_using_enough', 'missing_features', 'poor_experience', 'other'];
const PAUSE_REASONS = [
  'temporarily_not_using',
  'financial_reasons',
  'trying_other_services',
  'missing_features',
  'other',
];
const AFFILIATES = ['builder_brigade', 'monster_house_plans', 'barndominium_company', 'other'];
const PACK_PRICES: Record<number, string> = { 15: '9.99', 30: '14.99', 60: '24.99' };
const PAUSE_DAYS = 30;
const PROVIDER_MAX_LENGTH = 64;

/** The new name (the part before '#'), within the limits the portal also checks (src/domain/profile.ts). */
function username(body: Record<string, unknown>): string {
  const name = text(body, 'username', 256).trim();
  const problem = usernameProblem(name);
  if (problem === 'hash') throw new HttpError(400, 'username may not contain #: the suffix is kept by the server');
  if (problem === 'controlCharacter') throw new HttpError(400, 'username may not contain control characters');
  if (problem === 'tooLong')
    throw new HttpError(400, `username is too long (at most ${USERNAME_MAX_LENGTH} characters)`);
  return name;
}

function text(body: Record<string, unknown>, key: string, max = 200): string {
  const value = body[key];
  if (typeof value !== 'string' || value.trim() === '') throw new HttpError(400, `${key} is required`);
  if (value.length > max) throw new HttpError(400, `${key} is too long`);
  return value;
}

/** The player named in the path, owned by the caller's identity and Unity tokens. */
function ownedPlayer(ctx: RequestContext, playerId: string | undefined): Player {
  const identity = ctx.identity();
  const unity = ctx.unity();
  if (!playerId) throw new HttpError(400, 'playerId is required');
  const player = ctx.backend.store.data.players[playerId];
  if (!player) throw new HttpError(404, 'Player not found');
  if (player.uid !== identity.uid || unity.playerId !== playerId)
    throw new HttpError(403, 'This player belongs to another account');
  return player;
}

function planKey(ctx: RequestContext, value: unknown): PlanKey {
  if (value === 'MONTHLY' || value === 'SIX_MONTH' || value === 'ANNUAL') return value;
  const byId = Object.entries(ctx.backend.planIds).find(([, ids]) => typeof value === 'string' && ids.includes(value));
  if (byId) return byId[0] as PlanKey;
  throw new HttpError(400, 'Unknown plan');
}

function assertMayStart(player: Player): void {
  const sub = effectiveSubscription(player);
  if (sub.status === 'ACTIVE')
    throw new HttpError(
      409,
      'You already have an active subscription. Please cancel it before starting a new subscription.',
    );
  if (sub.status === 'PAUSED')
    throw new HttpError(
      409,
      'You have a paused subscription. Please resume or cancel it before starting a new subscription.',
    );
}

function cloudSave(player: Player) {
  if (!player.setUp) return { results: [], username: player.username };
  const entry = (key: string, value: unknown) => ({ key, value, namespace: 'default', permission: 'Private' });
  const results = [entry('credits', player.credits), entry('accountType', player.accountType)];
  const sub = effectiveSubscription(player);
  if (sub.status !== 'NONE') results.push(entry('subscriptionData', sub));
  return { results, username: player.username };
}

export const playerRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/auth/unity',
    name: 'auth-unity',
    handler(ctx) {
      const identity = ctx.identity();
      const idToken = text(ctx.body, 'idToken', 8192);
      if (ctx.req.headers.authorization !== `Bearer ${idToken}`)
        throw new HttpError(401, 'idToken does not match the bearer token');
      const player = ctx.backend.store.ensurePlayer(identity.uid, identity.email);
      return {
        json: { playerId: player.playerId, accessToken: ctx.backend.unityTokens.issue(player.playerId, identity.uid) },
      };
    },
  },
  {
    method: 'POST',
    path: '/auth/unity-link',
    name: 'auth-unity-link',
    handler(ctx) {
      const identity = ctx.identity();
      text(ctx.body, 'idToken', 8192);
      const guest = ctx.unity();
      // Only a desktop guest's token (no account) may be linked: another account's player is never handed over.
      if (guest.uid !== null) throw new HttpError(400, "Only a guest player's Unity token can be linked to an account");
      const player = ctx.backend.store.linkPlayer(identity.uid, guest.playerId, identity.email);
      if (!player) throw new HttpError(409, 'This player is already linked to another account');
      return {
        json: { playerId: player.playerId, accessToken: ctx.backend.unityTokens.issue(player.playerId, identity.uid) },
      };
    },
  },
  {
    method: 'GET',
    path: '/cloud-save/:playerId',
    name: 'cloud-save',
    handler: (ctx) => ({ json: cloudSave(ownedPlayer(ctx, ctx.params.playerId)) }),
  },
  {
    method: 'POST',
    path: '/cloud-save/:playerId/setup',
    name: 'cloud-save-setup',
    handler(ctx) {
      const player = ownedPlayer(ctx, ctx.params.playerId);
      // Setup keeps only the part before '#' (Unity's generated suffix stays), so '#' is dropped here, not refused.
      const name = username({ username: text(ctx.body, 'username', 256).split('#')[0] });
      const provider = ctx.body.provider === undefined ? 'unknown' : ctx.body.provider;
      if (typeof provider !== 'string' || provider === '')
        throw new HttpError(400, 'provider must be a provider id or unknown');
      if (provider.length > PROVIDER_MAX_LENGTH)
        throw new HttpError(400, `provider is too long (at most ${PROVIDER_MAX_LENGTH} characters)`);
      const suffix = player.username.includes('#') ? player.username.slice(player.username.indexOf('#')) : '';
      player.username = `${name}${suffix}`;
      player.provider = provider;
      player.accountType = 1;
      player.setUp = true;
      ctx.backend.store.save();
      return { json: { status: 'ok' } };
    },
  },
  {
    method: 'PUT',
    path: '/cloud-save/:playerId/username',
    name: 'cloud-save-username',
    /**
     * The username contract (SPEC 5): the body holds the new name only, the part before '#'; the server keeps the
     * player's existing '#suffix' (Unity's), so "New" on "Old#1234" gives "New#1234". A '#' in the body is refused.
     */
    handler(ctx) {
      const player = ownedPlayer(ctx, ctx.params.playerId);
      const name = username(ctx.body);
      const suffix = player.username.includes('#') ? player.username.slice(player.username.indexOf('#')) : '';
      player.username = `${name}${suffix}`;
      ctx.backend.store.save();
      return { json: { username: player.username } };
    },
  },
  {
    method: 'GET',
    path: '/subscription/:playerId',
    name: 'subscription',
    handler: (ctx) => ({ json: effectiveSubscription(ownedPlayer(ctx, ctx.params.playerId)) }),
  },
  {
    method: 'POST',
    path: '/subscription/activate',
    name: 'subscription-activate',
    handler(ctx) {
      const player = ownedPlayer(ctx, text(ctx.body, 'playerId'));
      const plan = planKey(ctx, ctx.body.plan);
      const subscriptionId = text(ctx.body, 'subscriptionId');
      const paypal = ctx.backend.store.data.paypalSubscriptions[subscriptionId];
      if (!paypal || paypal.status !== 'ACTIVE') throw new HttpError(400, 'Subscription was not approved at PayPal');
      if (!ctx.backend.planIds[plan]?.includes(paypal.planId))
        throw new HttpError(400, 'Subscription plan does not match');
      if (paypal.usedBy && paypal.usedBy !== player.playerId) throw new HttpError(409, 'Subscription already used');
      if (paypal.usedBy === player.playerId && player.subscription?.subscriptionId === subscriptionId) {
        return { json: { success: true, subscription: player.subscription } };
      }
      assertMayStart(player);
      paypal.usedBy = player.playerId;
      player.subscription = subscriptionRecord(plan, subscriptionId, 'paypal');
      ctx.backend.store.save();
      return { json: { success: true, subscription: player.subscription } };
    },
  },
  {
    method: 'POST',
    path: '/subscription/direct',
    name: 'subscription-direct',
    handler(ctx) {
      const player = ownedPlayer(ctx, text(ctx.body, 'playerId'));
      if (ctx.body.provider !== 'MANUAL') throw new HttpError(400, "provider must be 'MANUAL'");
      // A plan without payment: only where the staging build's bypass is meant to work (README "Security").
      if (!ctx.backend.allowPaymentBypass) throw new HttpError(403, 'Manual activation is not enabled on this server');
      const plan = planKey(ctx, ctx.body.planId);
      const subscriptionId = text(ctx.body, 'subscriptionId');
      assertMayStart(player);
      player.subscription = subscriptionRecord(plan, subscriptionId, 'manual');
      ctx.backend.store.save();
      return { json: { success: true, expiresAt: player.subscription.expiresAt } };
    },
  },
  {
    method: 'POST',
    path: '/subscription/cancel',
    name: 'subscription-cancel',
    handler(ctx) {
      const player = ownedPlayer(ctx, text(ctx.body, 'playerId'));
      const reason = text(ctx.body, 'reason');
      if (!CANCEL_REASONS.includes(reason)) throw new HttpError(400, 'Unknown cancellation reason');
      const sub = effectiveSubscription(player);
      if (sub.status !== 'ACTIVE' && sub.status !== 'PAUSED')
        throw new HttpError(409, 'There is no active subscription to cancel');
      if (ctx.body.subscriptionId !== undefined && ctx.body.subscriptionId !== sub.subscriptionId)
        throw new HttpError(400, 'Subscription id does not match');
      if (sub.subscriptionSource === 'apple')
        throw new HttpError(409, 'Subscriptions bought through Apple are cancelled in the App Store');
      player.subscription = { ...sub, status: 'CANCELLED', isCancelled: true, pauseUntil: null };
      player.cancelReason = reason;
      ctx.backend.store.save();
      return { json: { success: true, subscription: player.subscription } };
    },
  },
  {
    method: 'POST',
    path: '/subscription/pause',
    name: 'subscription-pause',
    handler(ctx) {
      const player = ownedPlayer(ctx, text(ctx.body, 'playerId'));
      const reason = text(ctx.body, 'reason');
      if (!PAUSE_REASONS.includes(reason)) throw new HttpError(400, 'Unknown pause reason');
      const sub = effectiveSubscription(player);
      if (sub.status !== 'ACTIVE' && sub.status !== 'PAUSED')
        throw new HttpError(409, 'There is no active subscription to pause');
      player.subscription = {
        ...sub,
        status: 'PAUSED',
        pauseUntil: new Date(Date.now() + PAUSE_DAYS * 86_400_000).toISOString(),
      };
      player.pauseReason = reason;
      ctx.backend.store.save();
      return { json: { success: true, subscription: player.subscription } };
    },
  },
  {
    method: 'POST',
    path: '/subscription/:subscriptionId/resume',
    name: 'subscription-resume',
    handler(ctx) {
      const player = ownedPlayer(ctx, text(ctx.body, 'playerId'));
      const sub = effectiveSubscription(player);
      if (sub.status !== 'PAUSED' || sub.subscriptionId !== ctx.params.subscriptionId)
        throw new HttpError(409, 'There is no paused subscription to resume');
      player.subscription = { ...sub, status: 'ACTIVE', pauseUntil: null };
      ctx.backend.store.save();
      return { json: { success: true, subscription: player.subscription } };
    },
  },
  {
    method: 'GET',
    path: '/designs/:playerId',
    name: 'designs',
    handler: (ctx) => ({ json: { data: ownedPlayer(ctx, ctx.params.playerId).designs } }),
  },
  {
    method: 'POST',
    path: '/consumables/purchase',
    name: 'purchase',
    handler(ctx) {
      ctx.identity();
      const unity = ctx.unity();
      const player = ownedPlayer(ctx, unity.playerId);
      const amount = ctx.body.creditsAmount;
      const orderId = text(ctx.body, 'orderId');
      if (ctx.body.paymentMethod !== 'paypal')
        return { status: 400, json: { success: false, error: "paymentMethod must be 'paypal'" } };
      if (typeof amount !== 'number' || !(amount in PACK_PRICES))
        return { status: 400, json: { success: false, error: 'Unknown credit pack' } };
      const order = ctx.backend.store.data.paypalOrders[orderId];
      if (!order || order.status !== 'COMPLETED')
        return { status: 400, json: { success: false, error: 'Order was not captured at PayPal' } };
      if (order.purchase) {
        // The same order again (a retry after a lost answer): the same result, nothing added twice.
        if (order.purchase.playerId !== player.playerId)
          return { status: 409, json: { success: false, error: 'Order already used' } };
        return { json: { ...order.purchase.result, creditsAdded: 0, newBalance: player.credits } };
      }
      if (order.amount !== PACK_PRICES[amount] || order.currency !== 'USD')
        return { status: 400, json: { success: false, error: 'Order amount does not match the credit pack' } };
      player.credits += amount;
      const result: PurchaseResult = { success: true, newBalance: player.credits, creditsAdded: amount };
      order.purchase = { playerId: player.playerId, result };
      ctx.backend.store.save();
      return { json: result };
    },
  },
  {
    method: 'DELETE',
    path: '/users/:playerId',
    name: 'delete-user',
    async handler(ctx) {
      const player = ownedPlayer(ctx, ctx.params.playerId);
      ctx.backend.store.deletePlayer(player);
      // The real backend deletes the identity account with the Admin SDK; here the emulator's admin API does it.
      await ctx.backend.emulator?.deleteUser(player.uid).catch(() => undefined);
      return { json: { success: true } };
    },
  },
  {
    method: 'POST',
    path: '/affiliate/track',
    name: 'affiliate',
    handler(ctx) {
      const player = ownedPlayer(ctx, text(ctx.body, 'playerId'));
      const affiliateId = text(ctx.body, 'affiliateId');
      if (!AFFILIATES.includes(affiliateId)) throw new HttpError(400, 'Unknown affiliate');
      player.affiliateId = affiliateId;
      ctx.backend.store.save();
      return { json: { success: true } };
    },
  },
];
