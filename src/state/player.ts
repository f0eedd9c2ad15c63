// The signed-in player: Unity auth, cloud save (username, credits, account type), and the calls that need them.
import { proxy } from 'valtio';
import { ApiError, type ApiContext } from '../api/client';
import { fetchCloudSave, setupCloudSave, updateUsername } from '../api/cloud-save';
import { DecodeError, decodeStoredUnityAuth } from '../api/decoders';
import { exchangeForUnity, linkUnity } from '../api/unity';
import * as auth from '../auth/firebase';
import { config } from '../config/config';
import type { CloudSave, UnityAuth } from '../domain/entities';
import { defaultUsername, displayUsername, usernameSuffix } from '../domain/profile';
import { message } from '../messages/catalogue';
import { CloudSaveError, loadCloudSave } from './cloud-save-loader';
import { onSignedOut, session, signOut } from './session';
import { LOCAL_KEYS, localStore, readJson, writeJson } from './storage';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export const player = proxy({
  unity: null as UnityAuth | null,
  cloud: null as CloudSave | null,
  status: 'idle' as LoadStatus,
  error: null as string | null,
});

/** An error the user should see, with its spec text. */
export class PortalError extends Error {
  constructor(
    text: string,
    override readonly cause?: unknown,
  ) {
    super(text);
    this.name = 'PortalError';
  }
}

async function identityToken(force = false): Promise<string> {
  const token = await auth.idToken(force);
  if (!token) throw new PortalError(message('noAuthenticatedUser'));
  return token;
}

/** The context every backend call needs: base address, identity token and (when known) the Unity token. */
export async function apiContext(options: { forceRefresh?: boolean } = {}): Promise<ApiContext> {
  return {
    baseUrl: config.backendUrl,
    idToken: await identityToken(options.forceRefresh),
    unityToken: player.unity?.accessToken ?? null,
    timeoutMs: config.requestTimeoutMs,
  };
}

function storeUnity(unity: UnityAuth): UnityAuth {
  player.unity = unity;
  writeJson(LOCAL_KEYS.unityAuthData, { ...unity, uid: session.user?.uid ?? null });
  return unity;
}

let exchanging: Promise<UnityAuth> | null = null;

/**
 * Exchanges the identity token for Unity auth (or links the desktop's player when `linkToken` is given) and stores
 * it. Parallel callers share one exchange.
 */
export function authenticateUnity(options: { linkToken?: string; forceRefresh?: boolean } = {}): Promise<UnityAuth> {
  exchanging ??= (async () => {
    const ctx = await apiContext({ forceRefresh: options.forceRefresh });
    try {
      return storeUnity(options.linkToken ? await linkUnity(ctx, options.linkToken) : await exchangeForUnity(ctx));
    } catch (error) {
      if (error instanceof DecodeError) throw new PortalError(message('unityResponseMissing'), error);
      throw new PortalError(message('unityAuthFailed'), error);
    }
  })().finally(() => {
    exchanging = null;
  });
  return exchanging;
}

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

let inFlight: Promise<CloudSave | null> | null = null;

/** Signs out after a 401, 403 or network failure: the session is no good (SPEC 8). */
function endsSession(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'network' || (error.kind === 'http' && (error.status === 401 || error.status === 403)));
}

/**
 * Loads the player's cloud save once per page (parallel callers share one request); `force` fetches again;
 * `keepSession` (the hand-off on /auth) does not sign out over a failure, since that is for protected pages.
 * Follows SPEC 4 and 8: recovery of 500/401, expired-token refresh, first-time setup, sign-out on 401/403/network.
 */
export function loadPlayer(options: { force?: boolean; keepSession?: boolean } = {}): Promise<CloudSave | null> {
  if (inFlight) return inFlight;
  if (!options.force && player.status === 'ready' && player.cloud) return Promise.resolve(player.cloud);
  player.status = 'loading';
  player.error = null;
  inFlight = (async () => {
    try {
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
      player.cloud = cloud;
      player.status = 'ready';
      return cloud;
    } catch (error) {
      const text = describeLoadError(error);
      player.status = 'error';
      player.error = text;
      const cause = error instanceof CloudSaveError ? error.cause : error;
      // Sign-out resets this store, so the text is kept for the caller first.
      // SPEC 8 signs out on protected pages only: the hand-off on /auth keeps the session (keepSession).
      if (endsSession(cause) && !options.keepSession) await signOut().catch(() => undefined);
      throw new PortalError(text, error);
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

function describeLoadError(error: unknown): string {
  if (error instanceof PortalError) return error.message;
  if (error instanceof CloudSaveError) {
    if (error.reason === 'setup') return message('initialDataFailed');
    if (error.cause instanceof PortalError) return error.cause.message;
    if (error.cause instanceof ApiError) return message('cloudSaveFetchFailed', { text: error.cause.serverText });
    if (error.cause instanceof DecodeError) return message('cloudSaveFetchFailed', { text: 'the answer could not be read' });
    return message('cloudSaveFetchFailed', { text: 'no data' });
  }
  return message('cloudSaveFetchFailed', { text: error instanceof Error ? error.message : String(error) });
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
  player.unity = null;
  player.cloud = null;
  player.status = 'idle';
  player.error = null;
  inFlight = null;
  exchanging = null;
}

onSignedOut(resetPlayer);
