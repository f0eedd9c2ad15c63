// GET /payments/{playerId}: the player's PayPal payments, credit orders and subscriptions (My Account's list).
import type { RecordedPayment } from '../domain/payments';
import type { PurchaseReference } from '../domain/purchase-reference';
import { call, type ApiContext } from './client';
import { decodePayments, decodePurchaseReference } from './page-decoders';

/**
 * POST /payments/reference: the backend's signed purchase reference for `product` (a credit pack's id or a paid plan),
 * naming `playerId`, for PayPal's `custom_id` (issue #50; departure 29), and its expiry. Short-lived: fetched as a
 * payment opens, again when it is about to expire.
 */
export async function fetchPurchaseReference(
  ctx: ApiContext,
  playerId: string,
  product: string,
): Promise<PurchaseReference> {
  return decodePurchaseReference(
    await call(ctx, { method: 'POST', path: '/payments/reference', body: { playerId, product }, unity: true }),
  );
}

export async function fetchPayments(ctx: ApiContext, playerId: string): Promise<RecordedPayment[]> {
  return decodePayments(
    await call(ctx, { method: 'GET', path: `/payments/${encodeURIComponent(playerId)}`, unity: true, bust: true }),
  );
}
