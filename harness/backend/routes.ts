// The player-facing API of SPEC 7, with the rules of SPEC 4.
import { PAYMENT_OWNER_MISMATCH } from '../../src/domain/pending-payments';
import { USERNAME_MAX_LENGTH, usernameProblem } from '../../src/domain/profile';
import { HttpError, type RequestContext, type RouteDef } from './http';
import { PayPalCallError, type PayPalOrderView, type PayPalSubscriptionView } from './paypal-api';
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

/**
 * Reads a payment from PayPal (never from what the browser says): PayPal's "no such resource" is the caller's
 * mistake (400 `unknown`), anything else PayPal did is the backend's problem for now (502: the portal tries again).
 */
async function fromPayPal<T>(read: () => Promise<T>, unknown: string): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof PayPalCallError && error.status === 404) throw new HttpError(400, unknown);
    if (error instanceof PayPalCallError)
      throw new HttpError(502, `PayPal did not answer as expected: ${error.message}`);
    throw error;
  }
}

/**
 * A payment belongs to the player whose id PayPal holds as its `custom_id` (the portal sets it when it creates the
 * order or subscription). Anyone else presenting it gets 403 with `code` PAYMENT_OWNER_MISMATCH, which tells the
 * portal to keep the payment for its owner; a payment without one belongs to nobody here.
 */
function assertOwner(customId: string | undefined, player: Player, what: 'order' | 'subscription'): void {
  if (customId === player.playerId) return;
  throw new HttpError(
    403,
    customId === undefined
      ? `This PayPal ${what} names no player (custom_id), so it cannot be recorded for this one`
      : `This PayPal ${what} was paid for by another player`,
    PAYMENT_OWNER_MISMATCH,
  );
}

/** The one capture of a completed order, as PayPal shows it. */
function completedCapture(order: PayPalOrderView) {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  return order.status === 'COMPLETED' && capture?.status === 'COMPLETED' ? { unit, capture } : null;
}

function cloudSave(player: Player) {
  if (!player.setUp) return { results: [], username: player.username };
  const entry = (key: string, value: unknown) => ({ key, value, namespace: 'default', permission: 'Private' });
  const results = [entry('credits', player.credits), entry('accountType', player.accountType)];
  const sub = effectiveSubscription(player);
  if (sub.status !== 'NONE') results.push(entry('subscriptionData', sub));
  return { results, username: player.username };
}

/**
 * Stops PayPal's billing before the backend marks a plan cancelled: otherwise PayPal would go on charging a player
 * who cancelled. One PayPal already shows cancelled counts as done; any other failure leaves the plan as it was (502).
 */
async function cancelAtPayPal(ctx: RequestContext, subscriptionId: string, reason: string): Promise<void> {
  try {
    await ctx.backend.paypal.cancelSubscription(subscriptionId, `Cancelled by the player: ${reason}`);
  } catch (error) {
    if (!(error instanceof PayPalCallError)) throw error;
    if (error.status === 422 && error.issue === 'SUBSCRIPTION_STATUS_INVALID') {
      const paypal = await fromPayPal(() => ctx.backend.paypal.getSubscription(subscriptionId), 'Unknown subscription');
      if (paypal.status === 'CANCELLED' || paypal.status === 'EXPIRED') return;
    }
    throw new HttpError(502, `PayPal did not cancel the subscription, so it was not cancelled: ${error.message}`);
  }
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
    async handler(ctx) {
      const player = ownedPlayer(ctx, text(ctx.body, 'playerId'));
      const plan = planKey(ctx, ctx.body.plan);
      const subscriptionId = text(ctx.body, 'subscriptionId');
      const notApproved = 'Subscription was not approved at PayPal';
      const paypal: PayPalSubscriptionView = await fromPayPal(
        () => ctx.backend.paypal.getSubscription(subscriptionId),
        notApproved,
      );
      assertOwner(paypal.custom_id, player, 'subscription');
      const usedBy = ctx.backend.store.data.usedSubscriptions[subscriptionId];
      // Used before: only the player's current subscription is answered again (a retry after a lost answer), as it
      // is, never with a fresh period; any other use of a used id is refused.
      if (usedBy !== undefined) {
        const current = effectiveSubscription(player);
        if (usedBy === player.playerId && current.subscriptionId === subscriptionId && current.status !== 'NONE')
          return { json: { success: true, subscription: current } };
        throw new HttpError(409, 'Subscription already used');
      }
      if (paypal.status !== 'ACTIVE') throw new HttpError(400, notApproved);
      if (!paypal.plan_id || !ctx.backend.planIds[plan]?.includes(paypal.plan_id))
        throw new HttpError(400, 'Subscription plan does not match');
      assertMayStart(player);
      ctx.backend.store.data.usedSubscriptions[subscriptionId] = player.playerId;
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
      // A plan without payment: only where the staging build's bypass is meant to work (docs/security.md "Security").
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
    async handler(ctx) {
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
      if (sub.subscriptionSource === 'paypal' && sub.subscriptionId)
        await cancelAtPayPal(ctx, sub.subscriptionId, reason);
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
    async handler(ctx) {
      ctx.identity();
      const unity = ctx.unity();
      const player = ownedPlayer(ctx, unity.playerId);
      const amount = ctx.body.creditsAmount;
      const orderId = text(ctx.body, 'orderId');
      const refuse = (status: number, error: string, code?: string) => ({
        status,
        json: { success: false, error, ...(code ? { code } : {}) },
      });
      if (ctx.body.paymentMethod !== 'paypal') return refuse(400, "paymentMethod must be 'paypal'");
      if (typeof amount !== 'number' || !(amount in PACK_PRICES)) return refuse(400, 'Unknown credit pack');
      const notCaptured = 'Order was not captured at PayPal';
      let order: PayPalOrderView;
      try {
        order = await fromPayPal(() => ctx.backend.paypal.getOrder(orderId), notCaptured);
        assertOwner(order.purchase_units?.[0]?.custom_id, player, 'order');
      } catch (error) {
        if (error instanceof HttpError) return refuse(error.status, error.message, error.code);
        throw error;
      }
      const recorded = ctx.backend.store.data.recordedOrders[orderId];
      if (recorded) {
        // The same order again (a retry after a lost answer): the same result, nothing added twice.
        if (recorded.playerId !== player.playerId) return refuse(409, 'Order already used');
        return { json: { ...recorded.result, creditsAdded: 0, newBalance: player.credits } };
      }
      const paid = completedCapture(order);
      if (!paid) return refuse(400, notCaptured);
      const captured = paid.capture.amount ?? paid.unit?.amount;
      if (captured?.value !== PACK_PRICES[amount] || captured?.currency_code !== 'USD')
        return refuse(400, 'Order amount does not match the credit pack');
      player.credits += amount;
      const result: PurchaseResult = { success: true, newBalance: player.credits, creditsAdded: amount };
      ctx.backend.store.data.recordedOrders[orderId] = { playerId: player.playerId, result };
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
