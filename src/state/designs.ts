// The player's saved designs.
import { fetchDesigns } from '../api/designs';
import type { Design } from '../domain/entities';
import { message } from '../messages/catalogue';
import { apiContext } from './api-context';
import { requirePlayer } from './required-player';
import { createResource } from './resource';

const resource = createResource({
  initial: () => ({ items: [] as Design[] }),
  load: async () => {
    const { unity } = await requirePlayer();
    return { items: await fetchDesigns(await apiContext(), unity.playerId) };
  },
  errorText: () => message('designsFetchFailed'),
});

export const designs = resource.state;

/** Loads the designs once per page (parallel callers share it); `force` (Try Again) fetches again. Never rejects. */
export async function loadDesigns(options: { force?: boolean } = {}): Promise<void> {
  await resource.load(options);
}

/** A sign-out forgets the designs (sign-out-resets.ts). */
export const resetDesigns = resource.reset;
