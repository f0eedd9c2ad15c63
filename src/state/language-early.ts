// The language file's request leaves first (docs/languages.md "Languages"): main.tsx imports only this module before
// it imports the rest of the portal (src/app.tsx, which the page's HTML preloads), so the file's request runs beside
// the portal's code on its way, not after it. language.ts takes the answer when it starts (api/locale-file.ts keeps
// each request).
import { fetchLocaleFile } from '../api/locale-file';
import {
  ENGLISH,
  localeFilePath,
  pageTextsPath,
  readLanguageTag,
  startingLanguage,
  type LanguageTag,
} from '../messages/languages';
import { LOCAL_KEYS, localStore } from './storage';

/** The launch parameter that names the app's language (`?lang=de-AT`). */
const LANG_PARAM = 'lang';

/** The languages this build offers: English and each one with a file (build.mjs's LOCALE_TAGS). */
export const offeredLanguages = [ENGLISH, ...(JSON.parse(LOCALE_TAGS) as string[])] as LanguageTag[];

/**
 * Where `tag`'s texts are served, and its pages' texts where a split build serves them apart (language.ts); null for
 * English, whose texts are the catalogue, and for a language without a file.
 */
export const filesOf = (tag: LanguageTag): readonly [string, string | null] | null =>
  tag !== ENGLISH && offeredLanguages.includes(tag)
    ? [localeFilePath(tag, LOCALE_HASH), LOCALE_PAGES ? pageTextsPath(tag, LOCALE_HASH) : null]
    : null;

/**
 * The language at start: the user's choice, else the app's `lang` launch parameter, else the browser's languages, else
 * English. A `lang` that is not a language tag leaves the address (the guards carry a valid one like the others).
 */
function startTag(): LanguageTag {
  const url = new URL(window.location.href);
  const param = url.searchParams.get(LANG_PARAM);
  if (param !== null && !readLanguageTag(param)) {
    url.searchParams.delete(LANG_PARAM);
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  }
  const browser = navigator.languages ?? [navigator.language];
  const chosen = localStore.get(LOCAL_KEYS.language);
  return startingLanguage({ chosen, app: param, browser }, offeredLanguages);
}

/**
 * The start language, whose file's request leaves now (English needs none, nor a language without a file). Its pages'
 * texts leave too where the first screen is likely a page's, not the sign-in screen's: language.ts takes both up.
 */
function requestStartFiles(): LanguageTag {
  const tag = startTag();
  const files = filesOf(tag);
  if (files) {
    void fetchLocaleFile(files[0]);
    if (files[1] && window.location.pathname !== '/auth') void fetchLocaleFile(files[1]);
  }
  return tag;
}

/** Made once, when the entry's first module runs: language.ts takes it up. */
export const startLanguage = requestStartFiles();
