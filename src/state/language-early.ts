// The language file's request leaves first (docs/languages.md "Languages"): main.tsx imports only this module before
// it imports the rest of the portal (src/app.tsx, which the page's HTML preloads), so the file's request runs beside
// the portal's code on its way, not after it. language.ts takes the answer when it starts.
import { fetchLocaleFile } from '../api/locale-file';
import { ENGLISH, localeFilePath, readLanguageTag, startingLanguage, type LanguageTag } from '../messages/languages';
import { LOCAL_KEYS, localStore } from './storage';

/** The launch parameter that names the app's language (`?lang=de-AT`). */
const LANG_PARAM = 'lang';

/** Each translated language's file's content hash, by tag (build.mjs's LOCALE_FILES). */
export const localeFiles = JSON.parse(LOCALE_FILES) as Readonly<Record<string, string>>;

/** The languages this build offers: English and each one with a file. */
export const offeredLanguages = [ENGLISH, ...Object.keys(localeFiles)] as LanguageTag[];

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

/** The start language and its file's request (English needs none, nor a language without a file). */
function requestStartFile(): { tag: LanguageTag; file: Promise<unknown> } {
  const tag = startTag();
  const hash = localeFiles[tag];
  if (tag === ENGLISH || !hash) return { tag, file: Promise.resolve(tag === ENGLISH ? [] : null) };
  return { tag, file: fetchLocaleFile(localeFilePath(tag, hash)) };
}

/** Made once, when the entry's first module runs: language.ts takes it up. */
export const startFile = requestStartFile();
