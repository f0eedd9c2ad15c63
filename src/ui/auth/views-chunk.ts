// The sign-in screen's views beyond the provider choice travel in a chunk of their own (src/chunks/auth-views.ts):
// /auth's first load carries only the choice. The views arrive while the choice shows and the browser is idle, at once
// when a pointer or the focus reaches "Continue with Email", and in any case before a view that needs them shows: the
// e-mail button waits for them, the overlay after a sign-in shows as a plain status until they are here, and the
// hand-off's questions show "Loading..." meanwhile. Views that cannot arrive leave the choice on screen with why; the
// hand-off's questions wait for the connection, or reload once into a new release (docs/reliability.md).
import { useState } from 'react';
import { ChunkMissingError, ChunkOfflineError } from '../../domain/chunk-failure';
import { message } from '../../messages/catalogue';
import { pageArrived, reloadForMissingChunk } from '../../state/chunk-loading';
import { chunkOnce, retryOrReload, useChunk } from '../../state/chunk-once';
import { authResolved, isSignedIn } from '../../state/session';
import { showEmailForm, showFormsUnavailable } from '../../state/sign-in';
import { whenIdle } from '../../state/when-idle';

type AuthViews = typeof import('../../chunks/auth-views');

// Their arrival is /auth's page arriving: a reload for a missing file brought the new release, and a later one may
// reload once more.
const views = chunkOnce(() => import('../../chunks/auth-views'), pageArrived);

/** Loads the views' chunk once; a load that failed is tried again by the next call. */
export const loadAuthViews = views.load;

/** Offline: the network message. Gone after a release: one reload into the new one, else the error screen's words. */
function unavailable(error: unknown): void {
  if (error instanceof ChunkMissingError && reloadForMissingChunk()) return;
  showFormsUnavailable(message(error instanceof ChunkOfflineError ? 'networkError' : 'errorScreenText'));
}

/** While the choice shows: once the session is known and nobody is signed in, the views arrive in idle time. */
export function prefetchAuthViews(): () => void {
  let wanted = true;
  void authResolved().then(() =>
    whenIdle(() => {
      if (wanted && !isSignedIn()) loadAuthViews().catch(() => undefined);
    }),
  );
  return () => {
    wanted = false;
  };
}

/** "Continue with Email": the form opens once its code is here. */
export async function openEmailForm(): Promise<void> {
  try {
    await loadAuthViews();
  } catch (error) {
    unavailable(error);
    return;
  }
  showEmailForm('signIn');
}

/** The views, when one that needs them shows: here at once when loaded, else loaded, or the choice says why. */
export function useAuthViews(wanted: boolean): AuthViews | null {
  return useChunk(views, wanted, unavailable);
}

/**
 * The views for the hand-off's questions, which show on any page: a load that fails offline is tried again when the
 * connection is back; a file gone after a release reloads the page once, and after that the error screen shows.
 */
export function useHandoffViews(wanted: boolean): AuthViews | null {
  const [broken, setBroken] = useState<Error | null>(null);
  const loaded = useChunk(views, wanted, (error, retry) => retryOrReload(error, retry, setBroken));
  // The root route's error screen, with Try again.
  if (broken) throw broken;
  return loaded;
}
