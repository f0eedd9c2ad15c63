// The player-facing API of SPEC 7, with the rules of SPEC 4, and GET /payments/{playerId}. Payments are recorded
// through the backend's books (payments.ts), which the webhook route and the sweep share.
import { isAffiliateId } from '../../src/domain/affiliates';
import { packByAmount } from '../../src/domain/credit-packs';
import { PAYMENT_REFUNDED, SUBSCRIPTION_UNDONE } from '../../src/domain/payment-refusals';
import { USERNAME_MAX_LENGTH, usernameProblem } from '../../src/domain/username';
import { isCancelReason, isPauseReason } from '../../src/domain/subscription-reasons';
import { HttpError, type Reply, type RequestContext, type RouteDef } from './http';
import {
  activateAtPayPal,
  cancelAtPayPal,
  NOT_APPROVED,
  NOT_CAPTURED,
  ORDER_AMOUNT_MISMATCH,
  orderRefund,
  paymentsOf,
  purchaseReference,
  recordOrder,
  reconcileSubscription,
  refusalText,
  subscriptionRefund,
  suspendAtPayPal,
  withSubscription,
  type SubscriptionOutcome,
} from './payments';
import type { Player } from './store';
import { effectiveSubscription, planKeyOf, startRefusal, subscriptionRecord, type PlanKey } from './subscriptions';

const PAUSE_DAYS = 30;
const PROVIDER_MAX_LENGTH = 64;

/** The new name (the part before '#'), within the limits the portal also checks (src/domain/username.ts). */
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
  const plan = planKeyOf(ctx.backend.planIds, value, true);
  if (!plan) throw new HttpError(400, 'Unknown plan');
  return plan;
}

function assertMayStart(ctx: RequestContext, player: Player): void {
  const refusal = startRefusal(effectiveSubscription(player, ctx.backend.clock()));
  if (refusal) throw new HttpError(409, refusalText(refusal));
}

/** The plan as it stands after an await: a PayPal call may have taken long, and another request changed it meanwhile. */
function samePlan(ctx: RequestContext, player: Player, subscriptionId: string | null, statuses: string[]) {
  const now = effectiveSubscription(player, ctx.backend.clock());
  if (now.subscriptionId !== subscriptionId || !statuses.includes(now.status))
    throw new HttpError(409, 'The subscription changed meanwhile; load it again');
  return now;
}

/** The activate call's answer: the plan, or the refusal of a subscription undone at PayPal (SUBSCRIPTION_UNDONE). */
function activation(ctx: RequestContext, outcome: SubscriptionOutcome): Reply {
  switch (outcome.kind) {
    case 'granted':
      return { json: { success: true, subscription: outcome.subscription } };
    case 'not-approved':
      throw new HttpError(400, NOT_APPROVED);
    case 'not-paid':
      // Not final: the portal keeps it and asks again; the webhook or the sweep grants it once PayPal shows the payment.
      throw new HttpError(503, "PayPal has not completed this subscription's first payment yet; try again shortly");
    case 'undone':
      if (outcome.undo === 'retry')
        throw new HttpError(
          502,
          `${outcome.undone.error}; PayPal did not cancel or refund this subscription yet, so it is tried again`,
        );
      return {
        status: 409,
        json: {
          error: outcome.undone.error,
          code: SUBSCRIPTION_UNDONE,
          reason: outcome.undone.reason,
          subscriptionId: outcome.undone.subscriptionId,
          refundId: outcome.undone.refundId,
          refund: subscriptionRefund(ctx.backend, outcome.undone.subscriptionId),
        },
      };
  }
}

function cloudSave(player: Player, now: number) {
  if (!player.setUp) return { results: [], username: player.username };
  const entry = (key: string, value: unknown) => ({ key, value, namespace: 'default', permission: 'Private' });
  const results = [entry('credits', player.credits), entry('accountType', player.accountType)];
  const sub = effectiveSubscription(player, now);
  if (sub.status !== 'NONE') results.push(entry('subscriptionData', sub));
  return { results, username: player.username };
}

/** Runs a change of the player's plan when nothing else changes that subscription (payments.ts withSubscription). */
function onPlan(ctx: RequestContext, player: Player, work: () => Promise<Reply>): Promise<Reply> {
  const sub = effectiveSubscription(player, ctx.backend.clock());
  // The player's PayPal plan is theirs, granted, even when its grant predates the books (a seed, older data).
  if (sub.subscriptionSource === 'paypal' && sub.subscriptionId)
    ctx.backend.store.data.usedSubscriptions[sub.subscriptionId] ??= player.playerId;
  return withSubscription(ctx.backend, sub.subscriptionId ?? `player:${player.playerId}`, work);
}

/** Cancel (SPEC 4): a PayPal plan is cancelled at PayPal first; premium stays to the end of the period. */
async function cancelPlan(ctx: RequestContext, player: Player, reason: string): Promise<Reply> {
  let sub = effectiveSubscription(player, ctx.backend.clock());
  if (sub.status !== 'ACTIVE' && sub.status !== 'PAUSED')
    throw new HttpError(409, 'There is no active subscription to cancel');
  if (ctx.body.subscriptionId !== undefined && ctx.body.subscriptionId !== sub.subscriptionId)
    throw new HttpError(400, 'Subscription id does not match');
  if (sub.subscriptionSource === 'apple')
    throw new HttpError(409, 'Subscriptions bought through Apple are cancelled in the App Store');
  if (sub.subscriptionSource === 'paypal' && sub.subscriptionId) {
    await cancelAtPayPal(ctx.backend, sub.subscriptionId, `Cancelled by the player: ${reason}`);
    sub = samePlan(ctx, player, sub.subscriptionId, ['ACTIVE', 'PAUSED']);
  }
  player.subscription = { ...sub, status: 'CANCELLED', isCancelled: true, pauseUntil: null };
  player.cancelReason = reason;
  ctx.backend.store.save();
  return { json: { success: true, subscription: player.subscription } };
}

/** Pause (SPEC 4: ACTIVE or PAUSED to PAUSED): a PayPal plan is suspended at PayPal first, so it stops billing. */
async function pausePlan(ctx: RequestContext, player: Player, reason: string): Promise<Reply> {
  let sub = effectiveSubscription(player, ctx.backend.clock());
  if (sub.status !== 'ACTIVE' && sub.status !== 'PAUSED')
    throw new HttpError(409, 'There is no active subscription to pause');
  if (sub.subscriptionSource === 'paypal' && sub.subscriptionId) {
    await suspendAtPayPal(ctx.backend, sub.subscriptionId, `Paused by the player: ${reason}`);
    sub = samePlan(ctx, player, sub.subscriptionId, ['ACTIVE', 'PAUSED']);
  }
  player.subscription = {
    ...sub,
    status: 'PAUSED',
    pauseUntil: new Date(ctx.backend.clock() + PAUSE_DAYS * 86_400_000).toISOString(),
  };
  player.pauseReason = reason;
  ctx.backend.store.save();
  return { json: { success: true, subscription: player.subscription } };
}

/** Resume (SPEC 4: PAUSED to ACTIVE): a PayPal plan is activated at PayPal first, so it bills again. */
async function resumePlan(ctx: RequestContext, player: Player, subscriptionId: string | undefined): Promise<Reply> {
  let sub = effectiveSubscription(player, ctx.backend.clock());
  if (sub.status !== 'PAUSED' || sub.subscriptionId !== subscriptionId)
    throw new HttpError(409, 'There is no paused subscription to resume');
  if (sub.subscriptionSource === 'paypal' && sub.subscriptionId) {
    await activateAtPayPal(ctx.backend, sub.subscriptionId, 'Resumed by the player');
    sub = samePlan(ctx, player, sub.subscriptionId, ['PAUSED', 'ACTIVE']);
  }
  player.subscription = { ...sub, status: 'ACTIVE', pauseUntil: null };
  ctx.backend.store.save();
  return { json: { success: true, subscription: player.subscription } };
}

export const playerRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/auth/unity',
    name: 'auth-unity',
    handler(ctx) {
      const identity = ctx.identity();
      const idToken = text(ctx.body, 'idToken', 8192);
      if (ctx.headers.authorization !== `Bearer ${idToken}`)
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
    handler: (ctx) => ({ json: cloudSave(ownedPlayer(ctx, ctx.params.playerId), ctx.backend.clock()) }),
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
    handler: (ctx) => ({ json: effectiveSubscription(ownedPlayer(ctx, ctx.params.playerId), ctx.backend.clock()) }),
  },
  {
    method: 'POST',
    path: '/subscription/activate',
    name: 'subscription-activate',
    /**
     * Records an approved PayPal subscription for its owner, as the webhook and the sweep would: whichever comes first
     * grants it, the others answer the same plan. One the player may not start (another plan runs, the id was used)
     * is cancelled at PayPal and its payment refunded before the answer: 409 SUBSCRIPTION_UNDONE.
     */
    async handler(ctx) {
      const player = ownedPlayer(ctx, text(ctx.body, 'playerId'));
      // The plan named must be one of ours; the one granted is PayPal's (plan_id), so naming another gains nothing.
      planKey(ctx, ctx.body.plan);
      const subscriptionId = text(ctx.body, 'subscriptionId');
      return activation(ctx, await reconcileSubscription(ctx.backend, subscriptionId, { player }));
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
      assertMayStart(ctx, player);
      player.subscription = subscriptionRecord(plan, subscriptionId, 'manual', new Date(ctx.backend.clock()));
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
      if (!isCancelReason(reason)) throw new HttpError(400, 'Unknown cancellation reason');
      return onPlan(ctx, player, () => cancelPlan(ctx, player, reason));
    },
  },
  {
    method: 'POST',
    path: '/subscription/pause',
    name: 'subscription-pause',
    /** A PayPal plan is suspended at PayPal first (it stops billing); if PayPal does not, nothing changes (502). */
    async handler(ctx) {
      const player = ownedPlayer(ctx, text(ctx.body, 'playerId'));
      const reason = text(ctx.body, 'reason');
      if (!isPauseReason(reason)) throw new HttpError(400, 'Unknown pause reason');
      return onPlan(ctx, player, () => pausePlan(ctx, player, reason));
    },
  },
  {
    method: 'POST',
    path: '/subscription/:subscriptionId/resume',
    name: 'subscription-resume',
    /** A PayPal plan is activated at PayPal first (it bills again); if PayPal does not, it stays paused (502). */
    async handler(ctx) {
      const player = ownedPlayer(ctx, text(ctx.body, 'playerId'));
      return onPlan(ctx, player, () => resumePlan(ctx, player, ctx.params.subscriptionId));
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
    /**
     * Records a captured credits order for its owner, as the webhook and the sweep would: whichever comes first credits
     * it, the others answer success with the balance as it is now and creditsAdded 0. An order that costs no pack's
     * price or paid another merchant is refunded at PayPal before the answer: 400 PAYMENT_REFUNDED.
     */
    async handler(ctx) {
      ctx.identity();
      const unity = ctx.unity();
      const player = ownedPlayer(ctx, unity.playerId);
      const amount = ctx.body.creditsAmount;
      const orderId = text(ctx.body, 'orderId');
      const refuse = (status: number, error: string, extra: Record<string, unknown> = {}) => ({
        status,
        json: { success: false, error, ...extra },
      });
      if (ctx.body.paymentMethod !== 'paypal') return refuse(400, "paymentMethod must be 'paypal'");
      if (typeof amount !== 'number' || !packByAmount(amount)) return refuse(400, 'Unknown credit pack');
      let outcome;
      try {
        outcome = await recordOrder(ctx.backend, orderId, { player, credits: amount });
      } catch (error) {
        if (error instanceof HttpError)
          return refuse(error.status, error.message, error.code ? { code: error.code } : {});
        throw error;
      }
      switch (outcome.kind) {
        case 'credited':
          if (outcome.playerId !== player.playerId) return refuse(409, 'Order already used');
          // The same order again (a retry after a lost answer, or the webhook came first): nothing added twice.
          return {
            json: outcome.fresh ? outcome.result : { ...outcome.result, creditsAdded: 0, newBalance: player.credits },
          };
        case 'not-captured':
          return refuse(400, NOT_CAPTURED);
        case 'pack-mismatch':
          return refuse(400, ORDER_AMOUNT_MISMATCH);
        case 'refused':
          if (outcome.undo === 'retry')
            return refuse(502, `${outcome.refusal.error}; PayPal did not refund the order yet, so it is tried again`);
          // Refunded, or refused by PayPal for now and owed by the backend (tried again): `refund` says which.
          return refuse(400, outcome.refusal.error, {
            code: PAYMENT_REFUNDED,
            reason: outcome.refusal.reason,
            refundId: outcome.refusal.refundId,
            refund: orderRefund(ctx.backend, outcome.refusal),
          });
      }
    },
  },
  {
    method: 'POST',
    path: '/payments/reference',
    name: 'payment-reference',
    /**
     * A purchase reference for PayPal's `custom_id` (docs/harness.md "The reference backend and the PayPal stand-in"): the player's, for one
     * product (a credit pack's id or a paid plan) at its price, usable for 30 minutes. 400 for an unknown product.
     */
    handler(ctx) {
      const player = ownedPlayer(ctx, text(ctx.body, 'playerId'));
      const issued = purchaseReference(ctx.backend, player, text(ctx.body, 'product', 40));
      if (!issued) throw new HttpError(400, 'product must be a credit pack or a paid plan');
      return { json: issued };
    },
  },
  {
    method: 'GET',
    path: '/payments/:playerId',
    name: 'payments',
    /** Every PayPal payment the backend holds for the player, newest first (docs/harness.md "GET /payments/{playerId}"). */
    handler: (ctx) => ({ json: { payments: paymentsOf(ctx.backend, ownedPlayer(ctx, ctx.params.playerId)) } }),
  },
  {
    method: 'DELETE',
    path: '/users/:playerId',
    name: 'delete-user',
    async handler(ctx) {
      const player = ownedPlayer(ctx, ctx.params.playerId);
      // A running PayPal plan stops billing before its player goes (if PayPal does not cancel it, nothing is deleted).
      await onPlan(ctx, player, async () => {
        const sub = effectiveSubscription(player, ctx.backend.clock());
        if (
          sub.subscriptionSource === 'paypal' &&
          sub.subscriptionId &&
          (sub.status === 'ACTIVE' || sub.status === 'PAUSED')
        )
          await cancelAtPayPal(ctx.backend, sub.subscriptionId, 'The player deleted their account');
        ctx.backend.store.deletePlayer(player);
        return {};
      });
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
      if (!isAffiliateId(affiliateId)) throw new HttpError(400, 'Unknown affiliate');
      player.affiliateId = affiliateId;
      ctx.backend.store.save();
      return { json: { success: true } };
    },
  },
];
