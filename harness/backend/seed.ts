// Creates or updates a ready-made player for `portal-harness seed` and the tests.
import { randomInt } from 'node:crypto';
import { HttpError } from './server';
import { subscriptionRecord, id, table, type PlanKey, type Store } from './store';

export interface SeedRequest {
  uid: string;
  email: string;
  name?: string;
  /** The full username with its suffix, verbatim (e.g. "Old#1234"); else name plus a random #suffix. */
  username?: string;
  credits?: number;
  plan?: 'free' | 'monthly' | 'six-month' | 'annual';
  designs?: number;
  /** Leave the player before first-time setup (accountType missing). */
  setUp?: boolean;
  subscriptionSource?: string;
}

const PLANS: Record<string, PlanKey | null> = { free: null, monthly: 'MONTHLY', 'six-month': 'SIX_MONTH', annual: 'ANNUAL' };

export function seedPlayer(store: Store, body: Record<string, unknown>) {
  const uid = body.uid;
  const email = body.email;
  if (typeof uid !== 'string' || !uid || typeof email !== 'string') throw new HttpError(400, 'uid and email are required');
  const player = store.ensurePlayer(uid, email);
  const name = typeof body.name === 'string' && body.name ? body.name : email.split('@')[0]!;
  if (body.setUp !== false) {
    player.setUp = true;
    player.accountType = 1;
    player.username = typeof body.username === 'string' && body.username ? body.username : `${name}#${randomInt(1000, 10000)}`;
    player.provider = 'password';
  }
  if (typeof body.credits === 'number') player.credits = body.credits;
  const planName = typeof body.plan === 'string' ? body.plan : 'free';
  const plan = Object.hasOwn(PLANS, planName) ? PLANS[planName] : undefined;
  if (plan === undefined) throw new HttpError(400, 'plan must be free, monthly, six-month or annual');
  player.subscription = plan ? subscriptionRecord(plan, id('I-SEED', 4), typeof body.subscriptionSource === 'string' ? body.subscriptionSource : 'paypal') : null;
  player.designs = table();
  if (typeof body.designs === 'number' && body.designs > 0) store.addDesigns(player, Math.min(body.designs, 200));
  store.save();
  return { playerId: player.playerId, username: player.username, credits: player.credits, plan: body.plan ?? 'free', designs: Object.keys(player.designs).length };
}
