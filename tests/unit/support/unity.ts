// The player's Unity auth set through the module's own boundary: stored as an exchange leaves it and read back by
// keptUnity, which takes it into memory for the signed-in user only; never by writing the store from outside.
import type { UnityAuth } from '../../../src/domain/entities';
import { keptUnity, resetPlayer } from '../../../src/state/player';

/** `uid`'s Unity auth in memory, as its exchange answered (`uid` must be signed in); nothing is left stored. */
export function keepUnity(uid: string, unity: UnityAuth): void {
  localStorage.setItem('unityAuthData', JSON.stringify({ ...unity, uid }));
  const kept = keptUnity();
  localStorage.removeItem('unityAuthData');
  if (kept?.playerId !== unity.playerId) throw new Error(`keepUnity: ${uid} is not the signed-in user`);
}

/** No Unity auth at all: the sign-out's reset of the player, and nothing stored. */
export function forgetUnity(): void {
  resetPlayer();
  localStorage.removeItem('unityAuthData');
}
