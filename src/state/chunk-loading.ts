// A page's code that does not arrive never leaves a blank page (src/domain/chunk-failure.ts): offline, the error
// screen says so and the page loads by itself when the connection is back; gone after a release, the tab reloads once
// into the new release, keeping its address (kept payments live in local storage); otherwise the branded error screen
// offers Try again.
import { siteAnswers } from '../api/reachability';
import { ChunkLoadError, ChunkOfflineError, chunkFailure } from '../domain/chunk-failure';
import { SESSION_KEYS, sessionStore } from './storage';

const here = () => `${window.location.pathname}${window.location.search}`;

/** Loads a chunk; on failure waits offline, reloads once, or fails with an error the error screen words. */
export async function loadChunk<T>(importer: () => Promise<T>): Promise<T> {
  try {
    const module = await importer();
    // This page's code arrived: a later release may reload this tab once more.
    if (sessionStore.get(SESSION_KEYS.chunkReload) !== null) sessionStore.remove(SESSION_KEYS.chunkReload);
    return module;
  } catch (cause) {
    const page = here();
    const failure = chunkFailure({
      reachable: await siteAnswers(),
      reloadedFor: sessionStore.get(SESSION_KEYS.chunkReload),
      page,
    });
    if (failure === 'offline') throw new ChunkOfflineError('the page could not load: offline', { cause });
    if (failure === 'failed') throw new ChunkLoadError('the page could not load after a reload', { cause });
    sessionStore.set(SESSION_KEYS.chunkReload, page);
    window.location.reload();
    // The reload replaces this page: nothing renders meanwhile.
    return new Promise<T>(() => {});
  }
}
