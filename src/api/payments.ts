// GET /payments/{playerId}: the player's PayPal payments, credit orders and subscriptions (My Account's list).
import type { RecordedPayment } from '../domain/payments';
import { call, type ApiContext } from './client';
import { decodePayments } from './decoders';

export async function fetchPayments(ctx: ApiContext, playerId: string): Promise<RecordedPayment[]> {
  return decodePayments(
    await call(ctx, { method: 'GET', path: `/payments/${encodeURIComponent(playerId)}`, unity: true, bust: true }),
  );
}
