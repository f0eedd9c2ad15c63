// What to do when a page's code (a chunk of the build) does not arrive (docs/reliability.md "A page's code that does
// not arrive"). Offline, the page waits for the connection. Online, the file is most likely gone: a release replaced
// it while this tab ran the older one, so one reload brings the new release, with the same address; a second failure
// of the same page after that reload is shown, never reloaded again.

export type ChunkFailure = 'offline' | 'reload' | 'failed';

export interface ChunkFailureFacts {
  /** Whether anything of the site answered just now (the browser's own online flag can be wrong). */
  reachable: boolean;
  /** The page this tab reloaded for its missing code, if it did (session storage), or null. */
  reloadedFor: string | null;
  /** The page now: its path and query. */
  page: string;
}

export function chunkFailure({ reachable, reloadedFor, page }: ChunkFailureFacts): ChunkFailure {
  if (!reachable) return 'offline';
  return reloadedFor === page ? 'failed' : 'reload';
}

/** A page's code did not arrive and the connection is gone: the error screen says so and waits for it. */
export class ChunkOfflineError extends Error {
  override name = 'ChunkOfflineError';
}

/** A page's code did not arrive, online, even after the one reload: the error screen offers Try again. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}
