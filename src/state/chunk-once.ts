// A part of a page that comes as a chunk of its own, asked for where it is needed (the sign-in screen's views, My
// Account's lower sections): loaded once, its module kept, and its arrival awaited by the React views that show it.
import { useEffect, useState } from 'react';
import { ChunkOfflineError } from '../domain/chunk-failure';
import { loadChunk, reloadForMissingChunk } from './chunk-loading';
import { retryWhenOnline } from './connectivity';

export interface ChunkOnce<T> {
  /** Loads the chunk once; a load that failed is tried again by the next call. */
  load(): Promise<T>;
  /** The chunk's module once here, else null. */
  loaded(): T | null;
}

/** `arrived` runs when the chunk is here (the sign-in screen's views: /auth's page arrived, chunk-loading.ts). */
export function chunkOnce<T>(importer: () => Promise<T>, arrived: () => void = () => undefined): ChunkOnce<T> {
  // Outside a store: a module and a promise, not state; nothing renders them.
  let module: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    load() {
      loading ??= loadChunk(importer).then(
        (here) => {
          module = here;
          arrived();
          return here;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => module,
  };
}

/**
 * `chunk`'s module while `wanted`: at once when loaded, else once it has arrived (null meanwhile). A load that fails
 * goes to `onUnavailable` with a retry, which loads again (for as long as the view is there).
 */
export function useChunk<T>(
  chunk: ChunkOnce<T>,
  wanted: boolean,
  onUnavailable: (error: unknown, retry: () => void) => void,
): T | null {
  const [attempt, arrived] = useState(0);
  useEffect(() => {
    if (!wanted || chunk.loaded()) return;
    let live = true;
    const again = () => live && arrived((n) => n + 1);
    chunk.load().then(again, (error: unknown) => live && onUnavailable(error, again));
    return () => {
      live = false;
    };
    // onUnavailable is read when a load fails, not a reason to load again.
  }, [chunk, wanted, attempt]);
  return wanted ? chunk.loaded() : null;
}

/**
 * The answer to a part that did not come and that shows by itself, not on a click (the hand-off's questions, My
 * Account's lower sections): offline, `retry` when the connection is back; gone after a release, one reload of the
 * page; when that was done already, `broken` with the error.
 */
export function retryOrReload(error: unknown, retry: () => void, broken: (error: Error) => void): void {
  if (error instanceof ChunkOfflineError) retryWhenOnline(retry);
  else if (!reloadForMissingChunk()) broken(error instanceof Error ? error : new Error(String(error)));
}
