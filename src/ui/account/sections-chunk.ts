// My Account's lower sections travel in a chunk of their own (src/chunks/account-sections.ts), asked for as soon as My
// Account's chunk arrives (the route's and the idle prefetch's load, src/routes/app.ts), so they come beside the page
// rather than before it. Until they are here the page says "Loading..." where they go; offline they load by themselves
// when the connection is back; a file gone after a release reloads the page once, then the page says why, with Try
// again (docs/reliability.md).
import { useState } from 'react';
import { ChunkOfflineError } from '../../domain/chunk-failure';
import { message } from '../../messages/catalogue';
import { chunkOnce, retryOrReload, useChunk } from '../../state/chunk-once';

type AccountSections = typeof import('../../chunks/account-sections');

const sections = chunkOnce(() => import('../../chunks/account-sections'));

/** Loads the sections' chunk once; a load that failed is tried again by the next call. */
export const loadAccountSections = sections.load;

export type SectionsState = { sections: AccountSections } | { failed: string; retry: () => void } | null;

/** The sections once here; null while they load; what went wrong and Try again when they cannot come. */
export function useAccountSections(): SectionsState {
  const [failed, setFailed] = useState<{ text: string; retry: () => void } | null>(null);
  const loaded = useChunk(sections, true, (error, retry) => {
    const again = () => {
      setFailed(null);
      retry();
    };
    // Offline the page says so while it waits for the connection.
    if (error instanceof ChunkOfflineError) setFailed({ text: message('networkError'), retry: again });
    retryOrReload(error, again, () => setFailed({ text: message('errorScreenText'), retry: again }));
  });
  if (loaded) return { sections: loaded };
  return failed && { failed: failed.text, retry: failed.retry };
}
