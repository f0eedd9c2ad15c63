// Credits purchase and account deletion (SPEC 7); affiliate tracking is affiliate.ts, which the entry carries.
import type { PurchaseResult } from '../domain/entities';
import { call, type ApiContext } from './client';
import { decodePurchase } from './page-decoders';

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
