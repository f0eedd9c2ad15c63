// GET /designs/{playerId}.
import type { Design } from '../domain/entities';
import { call, type ApiContext } from './client';
import { decodeDesigns } from './page-decoders';

export async function fetchDesigns(ctx: ApiContext, playerId: string): Promise<Design[]> {
  return decodeDesigns(
    await call(ctx, { method: 'GET', path: `/designs/${encodeURIComponent(playerId)}`, unity: true }),
  );
}

export function fetchDesignsRaw(ctx: ApiContext, playerId: string): Promise<unknown> {
  return call(ctx, { method: 'GET', path: `/designs/${encodeURIComponent(playerId)}`, unity: true });
}
