// What the signed-in pages' calls need of the player store (payments, designs, sessions, the subscription, dev data):
// here, not in player.ts, which /auth loads, since only those pages' chunks ask for it (docs/architecture.md "What the
// entry holds").
import type { CloudSave, UnityAuth } from '../domain/entities';
import { message } from '../messages/catalogue';
import { PortalError } from './errors';
import { loadPlayerOutcome, player } from './player';

/**
 * For calls that need the player: loads it, or throws a PortalError with the load's text (or `missing`, the caller's
 * own words for an action that cannot be done without a player).
 */
export async function requirePlayer(
  options: { force?: boolean; missing?: string } = {},
): Promise<{ cloud: CloudSave | null; unity: UnityAuth }> {
  const outcome = await loadPlayerOutcome({ force: options.force });
  if (outcome.status !== 'ready' || !player.unity)
    throw new PortalError(options.missing ?? outcome.error ?? message('genericError'));
  return { cloud: player.cloud, unity: player.unity };
}
