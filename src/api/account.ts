// Credits purchase, account deletion and affiliate tracking (SPEC 7).
import type { PurchaseResult } from '../domain/entities';
import { call, type ApiContext } from './client';
import { decodePurchase } from './decoders';

export async function purchaseCredits(
  ctx: ApiContext,
  creditsAmount: number,
  orderId: string,
): Promise<PurchaseResult> {
  return decodePurchase(
    await call(ctx, {
      method: 'POST',
      path: '/consumables/purchase',
      body: { creditsAmount, paymentMethod: 'paypal', orderId },
      unity: true,
    }),
  );
}

export async function deleteUser(ctx: ApiContext, playerId: string): Promise<void> {
  await call(ctx, { method: 'DELETE', path: `/users/${encodeURIComponent(playerId)}`, unity: true });
}

export async function trackAffiliate(ctx: ApiContext, playerId: string, affiliateId: string): Promise<void> {
  await call(ctx, { method: 'POST', path: '/affiliate/track', body: { playerId, affiliateId }, unity: true });
}
