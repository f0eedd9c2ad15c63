// The signed-in player: Unity auth, cloud save (username, credits, account type), and the calls that need them.
import { ApiError } from '../api/client';
import { fetchCloudSave, setupCloudSave, updateUsername } from '../api/cloud-save';
import { DecodeError, decodeStoredUnityAuth } from '../api/decoders';
import { exchangeForUnity, linkUnity } from '../api/unity';
import type { CloudSave, UnityAuth } from '../domain/entities';
import { defaultUsername, displayUsername, usernameSuffix } from '../domain/profile';
import { message } from '../messages/catalogue';
import { apiContext, setUnityTokenSource } from './api-context';
import { CloudSaveError, loadCloudSave } from './cloud-save-loader';
import { cloudSaveErrorText, PortalError } from './errors';
import { createResource, singleFlight } from './resource';
import { onSignedOut, pageLeaving, session, signOut } from './session';
import { LOCAL_KEYS, localStore, readJson, writeJson } from './storage';

export type { LoadStatus } from './resource';
export { PortalError } from './errors';
export { apiContext } from './api-context';

function storeUnity(unity: UnityAuth): UnityAuth {
  player.unity = unity;
  writeJson(LOCAL_KEYS.unityAuthData, { ...unity, uid: session.user?.uid ?? null });
  return unity;
}

/**
 * Exchanges the identity token for Unity auth (or links the desktop's player when `linkToken` is given) and stores
 * it. Parallel callers share one exchange.
 */
export const authenticateUnity = singleFlight(async (options: { linkToken?: string; forceRefresh?: boolean } = {}): Promise<UnityAuth> => {
  const ctx = await apiContext({ forceRefresh: options.forceRefresh });
  try {
    return storeUnity(options.linkToken ? await linkUnity(ctx, options.linkToken) : await exchangeForUnity(ctx));
  } catch (error) {
    if (error instanceof DecodeError) throw new PortalError(message('unityResponseMissing'), error);
    throw new PortalError(message('unityAuthFailed'), error);
  }
});

/** SPEC 4: stored Unity auth data when it belongs to this user, else a fresh exchange. */
export async function ensureUnity(options: { linkToken?: string } = {}): Promise<UnityAuth> {
  if (options.linkToken) return authenticateUnity(options);
  if (player.unity) return player.unity;
  const stored = decodeStoredUnityAuth(readJson(LOCAL_KEYS.unityAuthData));
  if (stored && (stored.uid === null || stored.uid === session.user?.uid)) {
    player.unity = { playerId: stored.playerId, accessToken: stored.accessToken };
    return player.unity;
  }
  return authenticateUnity();
}

/** Signs out after a 401, 403 or network failure: the session is no good (SPEC 8). */
function endsSession(error: unknown): boolean {
  const cause = error instanceof CloudSaveError ? error.cause : error;
  return cause instanceof ApiError && (cause.kind === 'network' || (cause.kind === 'http' && (cause.status === 401 || cause.status === 403)));
}

interface PlayerLoad {
  keepSession?: boolean;
}

const resource = createResource({
  initial: () => ({ unity: null as UnityAuth | null, cloud: null as CloudSave | null }),
  fresh: (state) => state.cloud !== null,
  load: async (_args: PlayerLoad) => {
    const unity = await ensureUnity();
    const user = session.user;
    const cloud = await loadCloudSave({
      fetch: async () => fetchCloudSave(await apiContext(), player.unity?.playerId ?? unity.playerId),
      recover: async () => {
        await authenticateUnity({ forceRefresh: true });
      },
      setup: async () => {
        try {
          const provider = localStore.get(LOCAL_KEYS.authProvider) ?? user?.providerIds[0] ?? 'unknown';
          await setupCloudSave(await apiContext(), player.unity!.playerId, defaultUsername(user?.displayName, user?.email), provider);
        } catch (error) {
          throw new PortalError(message('initialDataFailed'), error);
        }
      },
      hasUser: () => session.user !== null,
    });
    return { cloud };
  },
  errorText: cloudSaveErrorText,
  // SPEC 8 signs out on protected pages only: the hand-off on /auth keeps the session (keepSession).
  onError: async (error, args) => {
    // A request cut off because the page is being left (a hand-off, a link) is no network failure (README, Start-up).
    if (endsSession(error) && !args.keepSession && !pageLeaving()) await signOut();
  },
});

export const player = resource.state;
setUnityTokenSource(() => player.unity?.accessToken ?? null);

/**
 * Loads the player's cloud save once per page (parallel callers share one request); `force` fetches again;
 * `keepSession` (the hand-off on /auth) does not sign out over a failure, since that is for protected pages.
 * Follows SPEC 4 and 8: recovery of 500/401, expired-token refresh, first-time setup, sign-out on 401/403/network.
 * Resolves to the cloud save, or null with `player.status` 'error' and `player.error` set.
 */
export async function loadPlayer(options: { force?: boolean; keepSession?: boolean } = {}): Promise<CloudSave | null> {
  const outcome = await resource.load(options);
  return outcome.status === 'ready' ? player.cloud : null;
}

/** For calls that need the player: loads it, or throws a PortalError with the load's text. */
export async function requirePlayer(options: { force?: boolean } = {}): Promise<{ cloud: CloudSave | null; unity: UnityAuth }> {
  const outcome = await resource.load(options);
  if (outcome.status !== 'ready' || !player.unity) throw new PortalError(outcome.error ?? message('genericError'));
  return { cloud: player.cloud, unity: player.unity };
}

/** The name to show and edit: the part before '#'. */
export function shownUsername(cloud: { readonly username: string | null } | null): string {
  return cloud?.username ? displayUsername(cloud.username) : '';
}

/** Saves a new username (the '#' suffix is kept); an empty name does nothing (SPEC 5). Returns whether it saved. */
export async function saveUsername(name: string): Promise<boolean> {
  const trimmed = name.trim();
  if (!trimmed || !player.unity) return false;
  await updateUsername(await apiContext(), player.unity.playerId, trimmed);
  if (player.cloud) player.cloud.username = trimmed + usernameSuffix(player.cloud.username ?? '');
  return true;
}

/** Sets the credit balance after a purchase. */
export function setCredits(balance: number): void {
  if (player.cloud) player.cloud.credits = balance;
}

export function resetPlayer(): void {
  resource.reset();
  authenticateUnity.clear();
}

onSignedOut(resetPlayer);
