// Affiliate tracking (SPEC 7), apart from account.ts: the welcome survey's answer may be sent from the entry (a new
// account's hand-off), which need not carry the purchase and deletion calls.
import { call, type ApiContext } from './client';

export async function trackAffiliate(ctx: ApiContext, playerId: string, affiliateId: string): Promise<void> {
  await call(ctx, { method: 'POST', path: '/affiliate/track', body: { playerId, affiliateId }, unity: true });
}
