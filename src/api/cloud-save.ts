// The cloud-save calls of SPEC 7.
import type { CloudSave } from '../domain/entities';
import { displayUsername } from '../domain/username';
import { call, type ApiContext } from './client';
import { decodeCloudSave } from './decoders';

const base = (playerId: string) => `/cloud-save/${encodeURIComponent(playerId)}`;

export async function fetchCloudSave(ctx: ApiContext, playerId: string): Promise<CloudSave> {
  return decodeCloudSave(await call(ctx, { method: 'GET', path: base(playerId), unity: true, bust: true }));
}

/** Raw answer for the development explorer. */
export function fetchCloudSaveRaw(ctx: ApiContext, playerId: string): Promise<unknown> {
  return call(ctx, { method: 'GET', path: base(playerId), unity: true, bust: true });
}

export async function setupCloudSave(
  ctx: ApiContext,
  playerId: string,
  username: string,
  provider: string,
): Promise<void> {
  await call(ctx, { method: 'POST', path: `${base(playerId)}/setup`, body: { username, provider }, unity: true });
}

/**
 * PUT /cloud-save/{playerId}/username with `{username}`: exactly the new name, the part before '#' (anything from a
 * '#' on is not sent). The '#suffix' belongs to the server, which keeps the player's existing one: "New" on a player
 * "Old#1234" makes "New#1234" (tests/integration/api.test.ts). The answer's body is not read (SPEC 7: not shown).
 */
export async function updateUsername(ctx: ApiContext, playerId: string, username: string): Promise<void> {
  await call(ctx, {
    method: 'PUT',
    path: `${base(playerId)}/username`,
    body: { username: displayUsername(username) },
    unity: true,
  });
}
