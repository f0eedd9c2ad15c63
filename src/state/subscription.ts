// The player's subscription: read (cached 5 s, cloud save's subscriptionData preferred) and the changes of SPEC 4.
import * as api from '../api/subscription';
import type { PaidPlan } from '../config/types';
import { SUBSCRIPTION_CACHE_MS } from '../domain/constants';
import type { DirectActivation } from '../domain/entities';
import type { Subscription } from '../domain/plans';
import { message } from '../messages/catalogue';
import { apiContext } from './api-context';
import { failureText, PortalError } from './errors';
import { requirePlayer } from './required-player';
import { createResource } from './resource';

interface SubscriptionLoad {
  now?: number;
  force?: boolean;
}

const resource = createResource({
  initial: () => ({ current: null as Subscription | null, fetchedAt: 0 }),
  fresh: (state, args: SubscriptionLoad) => (args.now ?? Date.now()) - state.fetchedAt < SUBSCRIPTION_CACHE_MS,
  load: async (args: SubscriptionLoad) => {
    const { cloud, unity } = await requirePlayer({ force: args.force });
    const current =
      !args.force && cloud && cloud.subscription !== undefined
        ? cloud.subscription
        : await api.fetchSubscription(await apiContext(), unity.playerId);
    return { current, fetchedAt: Date.now() };
  },
  errorText: (error) =>
    failureText(error, {
      api: (cause) => message('subscriptionFetchFailed', { status: cause.status ?? cause.serverText }),
      decode: message('subscriptionFetchFailed', { status: 'unreadable answer' }),
    }),
});

export const subscription = resource.state;

/** The subscription, from cache when under 5 s old unless `force`; parallel callers share one request. Never rejects. */
export async function loadSubscription(options: { force?: boolean; now?: number } = {}): Promise<Subscription | null> {
  const outcome = await resource.load(options);
  return outcome.status === 'ready' ? subscription.current : null;
}

/** The API context and the player to act for; without a player, SPEC 8's "Authentication data is missing...". */
async function playerContext() {
  const { unity } = await requirePlayer({ missing: message('deletionNoPlayer') });
  return { ctx: await apiContext(), playerId: unity.playerId };
}

export async function cancel(reason: string): Promise<void> {
  const { ctx, playerId } = await playerContext();
  await api.cancelSubscription(ctx, playerId, subscription.current?.subscriptionId ?? null, reason);
}

export async function pause(reason: string): Promise<void> {
  const { ctx, playerId } = await playerContext();
  await api.pauseSubscription(ctx, playerId, reason);
}

export async function resume(): Promise<void> {
  const { ctx, playerId } = await playerContext();
  const id = subscription.current?.subscriptionId;
  // Nothing to resume: no spec text fits, so the catch-all of SPEC 8.
  if (!id) throw new PortalError(message('genericError'));
  await api.resumeSubscription(ctx, playerId, id);
}

export async function activate(subscriptionId: string, plan: PaidPlan): Promise<void> {
  const { ctx, playerId } = await playerContext();
  await api.activateSubscription(ctx, playerId, subscriptionId, plan);
}

export async function activateManually(plan: PaidPlan, manualId: string): Promise<DirectActivation> {
  const { ctx, playerId } = await playerContext();
  return api.activateDirect(ctx, playerId, plan, manualId);
}

export function resetSubscription(): void {
  resource.reset();
}
