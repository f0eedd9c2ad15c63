// The context every backend call needs. The Unity token comes from the player store, which registers its source
// here (importing the store would make a cycle: the store calls the API too).
import type { ApiContext } from '../api/client';
import * as auth from '../auth/firebase';
import { config } from '../config/config';
import { message } from '../messages/catalogue';
import { PortalError } from './errors';

// Outside a store: a function the player store registers, so this module need not import it (no cycle).
let unityToken: () => string | null = () => null;

/** Called once by the player store. */
export function setUnityTokenSource(source: () => string | null): void {
  unityToken = source;
}

/** The signed-in user's identity token; `force` refreshes it. */
async function identityToken(force = false): Promise<string> {
  const token = await auth.idToken(force);
  if (!token) throw new PortalError(message('noAuthenticatedUser'));
  return token;
}

const contextWith = (idToken: string): ApiContext => ({
  baseUrl: config.backendUrl,
  idToken,
  unityToken: unityToken(),
  timeoutMs: config.requestTimeoutMs,
});

/**
 * The context at once, from the identity token Firebase holds, or null when only an asynchronous read can give one (see
 * `apiContext`). A call made with it leaves in the caller's turn: the Unity exchange of a sign-in goes before the
 * renders of the new session. The token has a minute left at least: the call's own time (up to its timeout) and a
 * clock's drift fit in it, and Firebase would give the same token until its last 30 seconds.
 */
export function heldApiContext(): ApiContext | null {
  const token = auth.heldIdToken(60_000);
  return token === null ? null : contextWith(token);
}

/** Base address, identity token and (when known) the Unity token. */
export async function apiContext(options: { forceRefresh?: boolean } = {}): Promise<ApiContext> {
  return contextWith(await identityToken(options.forceRefresh));
}
