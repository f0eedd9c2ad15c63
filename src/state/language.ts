// The page's language (docs/languages.md "Languages"): chosen at start, its file fetched beside the session restore,
// switched live by the picker or the host. Imported first by main.tsx: the fetch leaves before the rest is evaluated.
import { proxy, useSnapshot } from 'valtio';
import { fetchLocaleFile } from '../api/locale-file';
import { applyTranslation, isText, textOrder, type Translation } from '../messages/catalogue';
import {
  ENGLISH,
  isRightToLeft,
  localeFilePath,
  matchLanguage,
  readLanguageTag,
  startingLanguage,
  type LanguageTag,
} from '../messages/languages';
import { LOCAL_KEYS, localStore } from './storage';

/** The launch parameter that names the app's language (`?lang=de-AT`). */
const LANG_PARAM = 'lang';

/** How long the first render waits for a language file before it shows English (and switches when the file comes). */
const FIRST_RENDER_WAIT_MS = 3000;

/** The languages this build offers: English and each one with a file (build.mjs's LOCALE_FILES). */
export const offeredLanguages = [ENGLISH, ...Object.keys(LOCALE_FILES)] as LanguageTag[];

export const language = proxy({
  /** The language on the page now. */
  tag: ENGLISH,
});

/** Re-renders the calling component when the language changes: every component that shows a text calls it. */
export const useLanguage = (): LanguageTag => useSnapshot(language).tag;

// Outside the store: a ticket counter so only the latest language load applies; never rendered.
let loading = 0;

/** Fetches `tag`'s file and puts it in use; English (and a file that fails) needs no fetch. Resolves when done. */
async function load(tag: LanguageTag): Promise<void> {
  const ticket = ++loading;
  const hash = LOCALE_FILES[tag];
  const file = tag === ENGLISH ? [] : hash ? await fetchLocaleFile(localeFilePath(tag, hash)) : null;
  const texts = file === null ? null : decodeTranslation(file);
  // A later choice won the race, or the file is broken: the page stays in the language it had (English at start).
  if (ticket !== loading || !texts) return;
  applyTranslation(tag === ENGLISH ? null : tag, texts, file as unknown[]);
  document.documentElement.lang = tag;
  document.documentElement.dir = isRightToLeft(tag) ? 'rtl' : 'ltr';
  language.tag = tag;
}

/**
 * A language file is the catalogue's texts in its key order (build.mjs): the entry's texts first, then the pages'
 * (their chunks read them from the file when they arrive, catalogue.ts `addTexts`). Anything else is not used at all.
 */
function decodeTranslation(value: unknown): Translation | null {
  const keys = textOrder();
  if (!Array.isArray(value) || value.length < keys.length) return null;
  const texts: Record<string, unknown> = {};
  keys.forEach((key, i) => {
    const text: unknown = value[i];
    if (isText(text)) texts[key] = text;
  });
  return texts as Translation;
}

/** The user's own choice on this device, if they made one: it outlives Sign Out (docs/languages.md "Languages"). */
const chosen = (): LanguageTag | null => matchLanguage([localStore.get(LOCAL_KEYS.language)], offeredLanguages);

/** The picker: remembered on this device, ahead of the app's and the browser's languages. */
export function chooseLanguage(tag: LanguageTag): Promise<void> {
  localStore.set(LOCAL_KEYS.language, tag);
  return load(tag);
}

/** The app's language from the host (bridge `locale`): used unless the user chose one here. Junk is ignored. */
export function hostLanguage(value: unknown): void {
  if (chosen()) return;
  const tag = matchLanguage([value], offeredLanguages);
  if (tag && tag !== language.tag) void load(tag);
}

/**
 * The language at start: the user's choice, else the app's `lang` launch parameter, else the browser's languages, else
 * English. A `lang` that is not a language tag leaves the address (the guards carry a valid one like the others).
 */
function startLanguage(): Promise<void> {
  const url = new URL(window.location.href);
  const param = url.searchParams.get(LANG_PARAM);
  if (param !== null && !readLanguageTag(param)) {
    url.searchParams.delete(LANG_PARAM);
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  }
  const browser = navigator.languages ?? [navigator.language];
  const chosen = localStore.get(LOCAL_KEYS.language);
  return load(startingLanguage({ chosen, app: param, browser }, offeredLanguages));
}

/** Settles when the start language is in use, or failed, or FIRST_RENDER_WAIT_MS passed: main.tsx renders then. */
export const languageReady: Promise<void> = Promise.race([
  startLanguage(),
  new Promise<void>((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
]);
