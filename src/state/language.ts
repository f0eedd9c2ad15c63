// The page's language (docs/languages.md "Languages"): chosen at start, its file fetched beside the session restore,
// switched live by the picker or the host. Imported first by main.tsx: the fetch leaves before the rest is evaluated.
import { proxy, useSnapshot } from 'valtio';
import { fetchLocaleFile } from '../api/locale-file';
import { applyTranslation, isText, textOrder, type Translation } from '../messages/catalogue';
import { ENGLISH, isRightToLeft, localeFilePath, matchLanguage, type LanguageTag } from '../messages/languages';
import { localeFiles, offeredLanguages, startFile } from './language-early';
import { LOCAL_KEYS, localStore } from './storage';

/** How long the first render waits for a language file before it shows English (and switches when the file comes). */
const FIRST_RENDER_WAIT_MS = 3000;

export { offeredLanguages };

export const language = proxy({
  /** The language on the page now. */
  tag: ENGLISH,
});

/** Re-renders the calling component when the language changes: every component that shows a text calls it. */
export const useLanguage = (): LanguageTag => useSnapshot(language).tag;

// Outside the store: a ticket counter so only the latest language load applies; never rendered.
let loading = 0;

/**
 * Fetches `tag`'s file and puts it in use; English (and a file that fails) needs no fetch. Resolves when done. The start
 * language's file is the request language-early.ts made.
 */
async function load(tag: LanguageTag, early: Promise<unknown> | null = null): Promise<void> {
  const ticket = ++loading;
  const hash = localeFiles[tag];
  const file = early
    ? await early
    : tag === ENGLISH
      ? []
      : hash
        ? await fetchLocaleFile(localeFilePath(tag, hash))
        : null;
  // English is the catalogue itself: no file, no texts to decode.
  const texts = tag === ENGLISH ? {} : file === null ? null : decodeTranslation(file);
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

/** Settles when the start language is in use, or failed, or FIRST_RENDER_WAIT_MS passed: main.tsx renders then. */
export const languageReady: Promise<void> = Promise.race([
  load(startFile.tag, startFile.file),
  new Promise<void>((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
]);
