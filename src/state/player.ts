// The signed-in player: Unity auth, cloud save (username, credits, account type), and the calls that need them.
import { ApiError } from '../api/client';
import { fetchCloudSave, setupCloudSave } from '../api/cloud-save';
import { DecodeError, decodeStoredUnityAuth } from '../api/decoders';
import { exchangeForUnity, linkUnity } from '../api/unity';
import type { CloudSave, UnityAuth } from '../domain/entities';
import { defaultUsername } from '../domain/username';
import { message } from '../messages/catalogue';
import { apiContext, heldApiContext, setUnityTokenSource } from './api-context';
import { CloudSaveError, loadCloudSave } from './cloud-save-loader';
import { cloudSaveErrorText, PortalError } from './errors';
import { createResource } from './resource';
import { pageLeaving, session, signOut } from './session';
import { LOCAL_KEYS, localStore, readJson, writeJson } from './storage';

/**
 * Whose Unity auth `player.unity` holds: every read checks it against the signed-in user (docs/security.md "Security").
 */
let unityOwner: string | null = null;

function storeUnity(uid: string, unity: UnityAuth): UnityAuth {
  player.unity = unity;
  unityOwner = uid;
  writeJson(LOCAL_KEYS.unityAuthData, { ...unity, uid });
  return unity;
}

/**
 * The signed-in user's Unity auth kept in memory or in storage, never another user's (a value without an owner counts
 * as another user's); null when none is kept. A stored value of this user is taken into memory.
 */
export function keptUnity(): UnityAuth | null {
  const uid = session.user?.uid;
  if (!uid) return null;
  if (player.unity && unityOwner === uid) return player.unity;
  const stored = decodeStoredUnityAuth(readJson(LOCAL_KEYS.unityAuthData));
  if (stored?.uid !== uid) return null;
  player.unity = { playerId: stored.playerId, accessToken: stored.accessToken };
  unityOwner = uid;
  return player.unity;
}

async function exchange(uid: string, options: { linkToken?: string; forceRefresh?: boolean }): Promise<UnityAuth> {
  // With the identity token in hand the request leaves in the caller's turn: a sign-in's exchange, started where the
  // session changes (startup.ts), goes before React renders the new session.
  const ctx = (options.forceRefresh ? null : heldApiContext()) ?? (await apiContext(options));
  let unity: UnityAuth;
  try {
    unity = options.linkToken ? await linkUnity(ctx, options.linkToken) : await exchangeForUnity(ctx);
  } catch (error) {
    if (error instanceof DecodeError) throw new PortalError(message('unityResponseMissing'), error);
    throw new PortalError(message('unityAuthFailed'), error);
  }
  // The user signed out or changed while the exchange ran: its answer is nobody's here now, so it is dropped.
  if (session.user?.uid !== uid) throw new PortalError(message('unityAuthFailed'));
  return storeUnity(uid, unity);
}

// Outside the store: the exchange running now, for whom, and whether it links; read here only, never rendered.
let running: { uid: string; links: boolean; done: Promise<UnityAuth> } | null = null;

/**
 * Exchanges the identity token for Unity auth (or links the desktop's player when `linkToken` is given) and stores
 * it for the user it ran for. Parallel callers for the same user share one exchange, with one exception: a link never
 * takes the answer of a plain exchange that was already running (My Account's load, say, while the page asked
 * "Link the progress...?"). It waits for that one to end, then links, and what comes after shares the link.
 */
const authenticateUnity = Object.assign(
  (options: { linkToken?: string; forceRefresh?: boolean } = {}): Promise<UnityAuth> => {
    const uid = session.user?.uid;
    if (!uid) return Promise.reject(new PortalError(message('noAuthenticatedUser')));
    const links = options.linkToken !== undefined;
    const mine = running?.uid === uid ? running : null;
    if (mine && (mine.links || !links)) return mine.done;
    // A link waits for the plain exchange running for this user; with nothing running, it starts in the caller's turn.
    const started = mine ? mine.done.catch(() => undefined).then(() => exchange(uid, options)) : exchange(uid, options);
    const done = started.finally(() => {
      if (running?.done === done) running = null;
    });
    running = { uid, links, done };
    return done;
  },
  {
    clear: () => {
      running = null;
    },
  },
);

/** SPEC 4: stored Unity auth data when it belongs to this user, else a fresh exchange. */
export async function ensureUnity(options: { linkToken?: string } = {}): Promise<UnityAuth> {
  if (options.linkToken) return authenticateUnity(options);
  return keptUnity() ?? authenticateUnity();
}

/** Signs out after a 401, 403 or network failure: the session is no good (SPEC 8). */
function endsSession(error: unknown): boolean {
  const cause = error instanceof CloudSaveError ? error.cause : error;
  return (
    cause instanceof ApiError &&
    (cause.kind === 'network' || (cause.kind === 'http' && (cause.status === 401 || cause.status === 403)))
  );
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
          await setupCloudSave(
            await apiContext(),
            player.unity!.playerId,
            defaultUsername(user?.displayName, user?.email),
            provider,
          );
        } catch (error) {
          throw new PortalError(message('initialDataFailed'), error);
        }
      },
      hasUser: () => session.user !== null,
    });
    return { cloud };
  },
  errorText: cloudSaveErrorText,
  // SPEC 8 signs out on protected pages only: the hand-off on /auth keeps the session (keepSession). The kernel runs
  // this for every caller of a failed load with its own args, so a protected page that joins the hand-off's load still
  // signs out, and a hand-off that joins a page's load adds no sign-out of its own.
  onError: async (error, args) => {
    // A request cut off because the page is being left (a hand-off, a link) is no network failure (docs/reliability.md
    // "Start-up, clocks and tabs").
    if (endsSession(error) && !args.keepSession && !pageLeaving()) await signOut();
  },
});

export const player = resource.state;
// The X-Unity-Token header: only the signed-in user's own Unity token.
setUnityTokenSource(() => (player.unity && unityOwner === session.user?.uid ? player.unity.accessToken : null));

/**
 * Loads the player's cloud save once per page (parallel callers share one request); `force` fetches again, after
 * any running request; `keepSession` (the hand-off on /auth) does not sign out over a failure, since that is for
 * protected pages. Each caller's own `keepSession` decides, whoever started the shared request.
 * Follows SPEC 4 and 8: recovery of 500/401, expired-token refresh, first-time setup, sign-out on 401/403/network.
 * Resolves to the cloud save, or null with `player.status` 'error' and `player.error` set.
 */
export async function loadPlayer(options: { force?: boolean; keepSession?: boolean } = {}): Promise<CloudSave | null> {
  const outcome = await resource.load(options);
  return outcome.status === 'ready' ? player.cloud : null;
}

/** The player's load as the calls that need it see it (required-player.ts): 'ready', or 'error' with its text. */
export const loadPlayerOutcome = (options: { force?: boolean }) => resource.load(options);

/**
 * Sets the credit balance after a purchase paid by `uid`: only while that user is signed in and the loaded player is
 * theirs, so a late answer never writes into the balance of whoever signed in since. Returns whether it was set.
 */
export function setCredits(balance: number, uid: string): boolean {
  if (!player.cloud || session.user?.uid !== uid || unityOwner !== uid) return false;
  player.cloud.credits = balance;
  return true;
}

export function resetPlayer(): void {
  resource.reset();
  authenticateUnity.clear();
}
