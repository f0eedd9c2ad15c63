// A page's code that does not arrive never leaves a blank page (src/domain/chunk-failure.ts). The load tells offline
// from gone; the page's error screen, which shows only for a page the user opened, reloads once into the new release
// (keeping the address; kept payments live in local storage) or shows itself, with Try again.
import { siteAnswers } from '../api/reachability';
import { ChunkMissingError, ChunkOfflineError, chunkFailure } from '../domain/chunk-failure';
import { pageTexts, wantPageTexts } from './language';
import { loadPageStyle, type PageStyle } from './page-styles';
import { SESSION_KEYS, sessionStore } from './storage';

const here = () => `${window.location.pathname}${window.location.search}`;

/**
 * Loads a chunk, the stylesheets its page needs (page-styles.ts) and the pages' texts in the page's language
 * (language.ts), together; a failure is a ChunkOfflineError when the site does not answer, else a ChunkMissingError.
 * Texts that do not arrive are no failure: they show in English.
 */
export async function loadChunk<T>(importer: () => Promise<T>, styles: readonly PageStyle[] = []): Promise<T> {
  try {
    const [module] = await Promise.all([importer(), ...styles.map(loadPageStyle), pageTexts()]);
    return module;
  } catch (cause) {
    if (!(await siteAnswers())) throw new ChunkOfflineError('the page could not load: offline', { cause });
    throw new ChunkMissingError('the page could not load', { cause });
  }
}

/**
 * For the error screen of a page whose code is missing: reloads the tab once for this page (true), or, when it did
 * already, says so (false) and the screen shows.
 */
export function reloadForMissingChunk(): boolean {
  const page = here();
  if (chunkFailure(page, sessionStore.get(SESSION_KEYS.chunkReload)) === 'failed') return false;
  sessionStore.set(SESSION_KEYS.chunkReload, page);
  window.location.reload();
  return true;
}

/**
 * A page rendered: a later release may reload this tab once more. Pages' texts that could not load when its chunk came
 * (ahead of time, perhaps offline) are asked for again: the page switches to them when they come.
 */
export function pageArrived(): void {
  if (sessionStore.get(SESSION_KEYS.chunkReload) !== null) sessionStore.remove(SESSION_KEYS.chunkReload);
  wantPageTexts();
}
