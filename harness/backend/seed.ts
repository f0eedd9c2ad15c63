// Creates or updates a ready-made player for `portal-harness seed` and the tests.
import { randomInt } from 'node:crypto';
import { HttpError } from './http';
import { id, table } from '../records';
import type { Store } from './store';
import { subscriptionRecord, type PlanKey } from './subscriptions';

/** The plans a seeded player can have (`portal-harness seed --plan`). */
export const SEED_PLANS = ['free', 'monthly', 'six-month', 'annual'] as const;
export type SeedPlan = (typeof SEED_PLANS)[number];

/** The body of POST /__harness/seed: the one definition, used by the CLI, the e2e fixtures and the bench. */
export interface SeedRequest {
  uid: string;
  email: string;
  name?: string;
  /** The full username with its suffix, verbatim (e.g. "Old#1234"); else name plus a random #suffix. */
  username?: string;
  credits?: number;
  plan?: SeedPlan;
  designs?: number;
  /** Leave the player before first-time setup (accountType missing). */
  setUp?: boolean;
  subscriptionSource?: string;
}

/** What a caller chooses about a seeded player: everything but whose it is. */
export type SeedOptions = Omit<SeedRequest, 'uid' | 'email'>;

/** The answer of POST /__harness/seed. */
export interface SeedResult {
  playerId: string;
  username: string;
  credits: number;
  plan: SeedPlan;
  designs: number;
}

const PLANS: Record<SeedPlan, PlanKey | null> = {
  free: null,
  monthly: 'MONTHLY',
  'six-month': 'SIX_MONTH',
  annual: 'ANNUAL',
};

/** PayPal's side of a seeded PayPal plan, made by whoever serves the stand-in beside the backend (stack-backend.ts). */
export type SeedAtPayPal = (subscription: { id: string; plan: PlanKey; customId: string }) => void;

export function seedPlayer(store: Store, body: Record<string, unknown>, atPayPal?: SeedAtPayPal): SeedResult {
  const uid = body.uid;
  const email = body.email;
  if (typeof uid !== 'string' || !uid || typeof email !== 'string')
    throw new HttpError(400, 'uid and email are required');
  const player = store.ensurePlayer(uid, email);
  const name = typeof body.name === 'string' && body.name ? body.name : email.split('@')[0]!;
  if (body.setUp !== false) {
    player.setUp = true;
    player.accountType = 1;
    player.username =
      typeof body.username === 'string' && body.username ? body.username : `${name}#${randomInt(1000, 10000)}`;
    player.provider = 'password';
  }
  if (typeof body.credits === 'number') player.credits = body.credits;
  const planName = typeof body.plan === 'string' ? body.plan : 'free';
  if (!Object.hasOwn(PLANS, planName)) throw new HttpError(400, `plan must be ${SEED_PLANS.join(', ')}`);
  const plan = PLANS[planName as SeedPlan];
  player.subscription = plan
    ? subscriptionRecord(
        plan,
        id('I-SEED', 4),
        typeof body.subscriptionSource === 'string' ? body.subscriptionSource : 'paypal',
      )
    : null;
  // A seeded PayPal plan exists at PayPal too (the stand-in), active and owned by this player, as one bought through
  // the portal would: the backend cancels at PayPal before it marks a plan cancelled.
  const subscriptionId = player.subscription?.subscriptionId;
  if (plan && subscriptionId && player.subscription?.subscriptionSource === 'paypal') {
    store.data.usedSubscriptions[subscriptionId] = player.playerId;
    atPayPal?.({ id: subscriptionId, plan, customId: player.playerId });
  }
  player.designs = table();
  if (typeof body.designs === 'number' && body.designs > 0) store.addDesigns(player, Math.min(body.designs, 200));
  store.save();
  return {
    playerId: player.playerId,
    username: player.username,
    credits: player.credits,
    plan: planName as SeedPlan,
    designs: Object.keys(player.designs).length,
  };
}
