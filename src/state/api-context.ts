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

/** Base address, identity token and (when known) the Unity token. */
export async function apiContext(options: { forceRefresh?: boolean } = {}): Promise<ApiContext> {
  return {
    baseUrl: config.backendUrl,
    idToken: await identityToken(options.forceRefresh),
    unityToken: unityToken(),
    timeoutMs: config.requestTimeoutMs,
  };
}
