// What to do when a page's code (a chunk of the build, or its page's stylesheet) does not arrive (docs/reliability.md
// "A page's code that does not arrive"). Offline, the page waits for the connection. Online, the file is most likely
// gone: a release replaced it while this tab ran the older one, so one reload brings the new release, with the same
// address; a second failure of the same page after that reload is shown, never reloaded again. Only a page the user
// opens decides: a chunk fetched ahead (idle, or a link's intent) that fails is asked for again when it is needed.

export type ChunkFailure = 'reload' | 'failed';

/** Whether to reload for `page`'s missing code, given the page this tab reloaded for already (or null). */
export function chunkFailure(page: string, reloadedFor: string | null): ChunkFailure {
  return reloadedFor === page ? 'failed' : 'reload';
}

/** A page's code did not arrive and the connection is gone: the error screen says so and waits for it. */
export class ChunkOfflineError extends Error {
  override name = 'ChunkOfflineError';
}

/** A page's code did not arrive while the site answers: gone after a release, most likely. */
export class ChunkMissingError extends Error {
  override name = 'ChunkMissingError';
}
