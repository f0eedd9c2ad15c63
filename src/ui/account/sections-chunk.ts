// My Account's lower sections travel in a chunk of their own (src/chunks/account-sections.ts), asked for as soon as My
// Account's chunk arrives (the route's and the idle prefetch's load, src/routes/app.ts), so they come beside the page
// rather than before it. Until they are here the page says "Loading..." where they go; offline they load by themselves
// when the connection is back; a file gone after a release reloads the page once, then the page says why, with Try
// again (docs/reliability.md).
import { useEffect, useState } from 'react';
import { ChunkOfflineError } from '../../domain/chunk-failure';
import { message } from '../../messages/catalogue';
import { loadChunk, reloadForMissingChunk } from '../../state/chunk-loading';
import { retryWhenOnline } from '../../state/connectivity';

type AccountSections = typeof import('../../chunks/account-sections');

// Outside a store: the chunk's module once here, and its load on the way; nothing renders the promise.
let sections: AccountSections | null = null;
let loading: Promise<AccountSections> | null = null;

/** Loads the sections' chunk once; a load that failed is tried again by the next call. */
export function loadAccountSections(): Promise<AccountSections> {
  loading ??= loadChunk(() => import('../../chunks/account-sections')).then(
    (module) => (sections = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export type SectionsState = { sections: AccountSections } | { failed: string; retry: () => void } | null;

/** The sections once here; null while they load; what went wrong and Try again when they cannot come. */
export function useAccountSections(): SectionsState {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (sections) return;
    let live = true;
    const retry = () => {
      if (!live) return;
      setFailed(null);
      setAttempt((n) => n + 1);
    };
    loadAccountSections().then(
      () => live && setAttempt((n) => n + 1),
      (error: unknown) => {
        if (!live) return;
        if (error instanceof ChunkOfflineError) {
          setFailed(message('networkError'));
          retryWhenOnline(retry);
        } else if (!reloadForMissingChunk()) {
          setFailed(message('errorScreenText'));
        }
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  if (sections) return { sections };
  return failed === null
    ? null
    : {
        failed,
        retry: () => {
          setFailed(null);
          setAttempt((n) => n + 1);
        },
      };
}
