// The page's language (docs/languages.md "Languages"): chosen at start, its file fetched beside the session restore,
// switched live by the picker or the host. Imported first by main.tsx: the fetch leaves before the rest is evaluated.
// A split build serves each language in two files (tools/build/locale-files.mjs): the entry's texts, which every first
// screen needs, and the pages' texts, fetched once a page's chunk is asked for (`pageTexts`) and with every later load.
import { proxy, useSnapshot } from 'valtio';
import { fetchLocaleFile } from '../api/locale-file';
import { applyTranslation, isText, textOrder, type Translation } from '../messages/catalogue';
import { ENGLISH, isRightToLeft, matchLanguage, type LanguageTag } from '../messages/languages';
import { filesOf, offeredLanguages, startLanguage } from './language-early';
import { LOCAL_KEYS, localStore } from './storage';

/** How long a render waits for a language's files before it shows English (and switches when the files come). */
const FIRST_RENDER_WAIT_MS = 3000;

export { offeredLanguages };

export const language = proxy({
  /** The language on the page now. */
  tag: ENGLISH,
  /** How many times texts were put in use: pages' texts may arrive after their page showed, in the same language. */
  texts: 0,
});

/** Re-renders the calling component when the language or its texts change: every component showing a text calls it. */
export const useLanguage = (): LanguageTag => {
  const { tag, texts } = useSnapshot(language);
  void texts;
  return tag;
};

// Outside the store, never rendered: a ticket counter so only the latest language load applies; the language it puts
// in use; whether pages' texts are in use (a page's chunk was asked for), and the language whose pages' texts are in
// use or on their way; and the latest load, which an older one ends with.
let loading = 0;
let wanted = startLanguage;
let withPages = false;
let pagesOf: LanguageTag | null = null;
let latest: Promise<void> = Promise.resolve();

/** `settled`, or FIRST_RENDER_WAIT_MS, whichever comes first. */
const within = (settled: Promise<void>): Promise<void> =>
  Promise.race([settled, new Promise<void>((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]);

/**
 * Fetches `tag`'s file (and its pages' texts once they are in use) and puts it in use; English needs no fetch. A file
 * that fails leaves the page as it was; pages' texts that fail show in English. Resolves when the latest load is done.
 */
function load(tag: LanguageTag): Promise<void> {
  return (latest = put(tag));
}

async function put(tag: LanguageTag): Promise<void> {
  const ticket = ++loading;
  wanted = tag;
  pagesOf = withPages ? tag : null;
  const files = filesOf(tag);
  // English is the catalogue itself: no file, no texts to decode.
  const [file, pages] = await Promise.all(
    tag === ENGLISH
      ? [[], []]
      : files
        ? [fetchLocaleFile(files[0]), withPages && files[1] && fetchLocaleFile(files[1])]
        : [null],
  );
  // A later choice won the race: this one ends when it does. A broken file: the language stays (English at start).
  if (ticket !== loading) return latest;
  // Texts that did not come are asked for again with the next page's chunk.
  if (!Array.isArray(pages)) pagesOf = null;
  if (!Array.isArray(file)) return;
  const all = Array.isArray(pages) ? [...(file as unknown[]), ...(pages as unknown[])] : (file as unknown[]);
  applyTranslation(tag === ENGLISH ? null : tag, decodeTranslation(all), all);
  document.documentElement.lang = tag;
  document.documentElement.dir = isRightToLeft(tag) ? 'rtl' : 'ltr';
  language.tag = tag;
  language.texts++;
}

/**
 * A language's texts, in the catalogue's key order so far (build.mjs): the entry's, then each chunk's as it arrived
 * (their chunks read the rest from the file in use when they arrive, catalogue.ts `addTexts`). A key past the file's
 * end, or whose value is not a text, shows in English.
 */
function decodeTranslation(file: readonly unknown[]): Translation {
  const texts: Record<string, unknown> = {};
  textOrder().forEach((key, i) => {
    if (isText(file[i])) texts[key] = file[i];
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
 * Pages' texts are wanted (a page's chunk is on its way, or a page showed): the first call asks for them in the
 * language in use or on its way, and a call after they failed asks again; every later load of a language brings them.
 */
export function wantPageTexts(): void {
  withPages = true;
  if (pagesOf !== wanted && filesOf(wanted)?.[1]) void load(wanted);
}

/**
 * For a page's chunk (state/chunk-loading.ts): settles when the pages' texts of the language in use (or on its way)
 * are too, or FIRST_RENDER_WAIT_MS passed.
 */
export function pageTexts(): Promise<void> {
  wantPageTexts();
  return within(latest);
}

/** Settles when the start language is in use, or failed, or FIRST_RENDER_WAIT_MS passed: main.tsx renders then. */
export const languageReady: Promise<void> = within(load(startLanguage));
