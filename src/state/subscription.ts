// The player's subscription: read (cached 5 s, cloud save's subscriptionData preferred) and the changes of SPEC 4.
import { proxy } from 'valtio';
import { ApiError } from '../api/client';
import { DecodeError } from '../api/decoders';
import * as api from '../api/subscription';
import type { PaidPlan } from '../config/types';
import { SUBSCRIPTION_CACHE_MS } from '../domain/constants';
import type { DirectActivation } from '../domain/entities';
import type { Subscription } from '../domain/plans';
import { message } from '../messages/catalogue';
import { apiContext, loadPlayer, player, PortalError, type LoadStatus } from './player';
import { onSignedOut } from './session';

export const subscription = proxy({
  current: null as Subscription | null,
  status: 'idle' as LoadStatus,
  error: null as string | null,
  fetchedAt: 0,
});

let inFlight: Promise<Subscription | null> | null = null;

/** The subscription, from cache when under 5 s old unless `force`; parallel callers share one request. */
export function loadSubscription(options: { force?: boolean; now?: number } = {}): Promise<Subscription | null> {
  const now = options.now ?? Date.now();
  if (inFlight) return inFlight;
  if (!options.force && subscription.status === 'ready' && now - subscription.fetchedAt < SUBSCRIPTION_CACHE_MS) {
    return Promise.resolve(subscription.current);
  }
  subscription.status = 'loading';
  subscription.error = null;
  inFlight = (async () => {
    try {
      const cloud = await loadPlayer({ force: options.force });
      let current: Subscription | null;
      if (!options.force && cloud && cloud.subscription !== undefined) {
        current = cloud.subscription;
      } else {
        current = await api.fetchSubscription(await apiContext(), player.unity!.playerId);
      }
      subscription.current = current;
      subscription.status = 'ready';
      subscription.fetchedAt = Date.now();
      return current;
    } catch (error) {
      subscription.status = 'error';
      subscription.error =
        error instanceof ApiError
          ? message('subscriptionFetchFailed', { status: error.status ?? error.serverText })
          : error instanceof PortalError
            ? error.message
            : error instanceof DecodeError
              ? message('subscriptionFetchFailed', { status: 'unreadable answer' })
              : message('genericError');
      throw error;
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

async function playerContext() {
  await loadPlayer();
  const ctx = await apiContext();
  const playerId = player.unity?.playerId;
  if (!playerId) throw new PortalError(message('deletionNoPlayer'));
  return { ctx, playerId };
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
  subscription.current = null;
  subscription.status = 'idle';
  subscription.error = null;
  subscription.fetchedAt = 0;
  inFlight = null;
}

onSignedOut(resetSubscription);
