// The subscription calls of SPEC 7.
import type { PaidPlan } from '../config/types';
import type { DirectActivation } from '../domain/entities';
import type { Subscription } from '../domain/plans';
import { call, type ApiContext } from './client';
import { decodeSubscription } from './decoders';
import { decodeDirectActivation } from './page-decoders';

export async function fetchSubscription(ctx: ApiContext, playerId: string): Promise<Subscription | null> {
  return decodeSubscription(
    await call(ctx, { method: 'GET', path: `/subscription/${encodeURIComponent(playerId)}`, unity: true, bust: true }),
  );
}

export function fetchSubscriptionRaw(ctx: ApiContext, playerId: string): Promise<unknown> {
  return call(ctx, { method: 'GET', path: `/subscription/${encodeURIComponent(playerId)}`, unity: true, bust: true });
}

export async function cancelSubscription(
  ctx: ApiContext,
  playerId: string,
  subscriptionId: string | null,
  reason: string,
): Promise<void> {
  await call(ctx, {
    method: 'POST',
    path: '/subscription/cancel',
    body: { reason, playerId, subscriptionId },
    unity: true,
  });
}

export async function activateSubscription(
  ctx: ApiContext,
  playerId: string,
  subscriptionId: string,
  plan: PaidPlan,
): Promise<void> {
  await call(ctx, {
    method: 'POST',
    path: '/subscription/activate',
    body: { subscriptionId, plan, playerId },
    unity: true,
  });
}

/** The fallback payment path: a manual subscription id, provider MANUAL. */
export async function activateDirect(
  ctx: ApiContext,
  playerId: string,
  planId: PaidPlan,
  subscriptionId: string,
): Promise<DirectActivation> {
  return decodeDirectActivation(
    await call(ctx, {
      method: 'POST',
      path: '/subscription/direct',
      body: { playerId, planId, subscriptionId, provider: 'MANUAL' },
      unity: true,
    }),
  );
}

export async function pauseSubscription(ctx: ApiContext, playerId: string, reason: string): Promise<void> {
  await call(ctx, { method: 'POST', path: '/subscription/pause', body: { reason, playerId }, unity: true });
}

export async function resumeSubscription(ctx: ApiContext, playerId: string, subscriptionId: string): Promise<void> {
  await call(ctx, {
    method: 'POST',
    path: `/subscription/${encodeURIComponent(subscriptionId)}/resume`,
    body: { playerId },
    unity: true,
  });
}
