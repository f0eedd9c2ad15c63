// The player's saved designs.
import { proxy } from 'valtio';
import { fetchDesigns } from '../api/designs';
import type { Design } from '../domain/entities';
import { message } from '../messages/catalogue';
import { apiContext, loadPlayer, player, type LoadStatus } from './player';
import { onSignedOut } from './session';

export const designs = proxy({
  items: [] as Design[],
  status: 'idle' as LoadStatus,
  error: null as string | null,
});

let inFlight: Promise<void> | null = null;

/** Loads the designs once per page (parallel callers share it); `force` (Try Again) fetches again. */
export function loadDesigns(options: { force?: boolean } = {}): Promise<void> {
  if (inFlight) return inFlight;
  if (!options.force && designs.status === 'ready') return Promise.resolve();
  designs.status = 'loading';
  designs.error = null;
  inFlight = (async () => {
    try {
      await loadPlayer();
      designs.items = await fetchDesigns(await apiContext(), player.unity!.playerId);
      designs.status = 'ready';
    } catch {
      designs.status = 'error';
      designs.error = message('designsFetchFailed');
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

onSignedOut(() => {
  designs.items = [];
  designs.status = 'idle';
  designs.error = null;
  inFlight = null;
});
