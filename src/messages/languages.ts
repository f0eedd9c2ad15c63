// The languages the portal speaks, each named in its own script, and how a requested tag finds one (docs/languages.md
// "Languages"). Pure: the store that chooses and loads is src/state/language.ts.

/** Each language the portal may offer: its tag, its own name, and whether it is written right to left. */
export const LANGUAGES = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  'pt-BR': 'Português (Brasil)',
  nl: 'Nederlands',
  pl: 'Polski',
  ru: 'Русский',
  uk: 'Українська',
  tr: 'Türkçe',
  ja: '日本語',
  ko: '한국어',
  'zh-CN': '简体中文',
  ar: 'العربية',
  he: 'עברית',
} as const;

/** A language of LANGUAGES, or a pseudo-locale of a development or e2e build (en-XA, ar-XB), named by its tag. */
export type LanguageTag = keyof typeof LANGUAGES | `${string}-X${string}`;

/** Where a build serves `tag`'s file (tools/build/locale-files.mjs writes it there): named by its content. */
export const localeFilePath = (tag: string, hash: string): string => `/locales/${tag}-${hash}.json`;

/** Where a split build serves `tag`'s pages' texts, beside its file and named by the same hash. */
export const pageTextsPath = (tag: string, hash: string): string => localeFilePath(tag, `${hash}.pages`);

export const ENGLISH: LanguageTag = 'en';

/** Right-to-left languages: the page gets `dir="rtl"`. */
export const isRightToLeft = (tag: string): boolean => /^(ar|he|fa|ur)\b/.test(tag);

/** Longest `lang` value read: a BCP 47 tag with a region and a script is 10 characters; anything far longer is not one. */
const MAX_TAG_CHARS = 35;

/** `value` as a canonical BCP 47 tag, or null when it is not one (hostile launch parameters, junk from a host). */
export function readLanguageTag(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_TAG_CHARS || !/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(value))
    return null;
  try {
    return Intl.getCanonicalLocales(value)[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * The first of `requested` (most wanted first) that one of `offered` serves, or null for English. A region falls back
 * to its language (`de-AT` gets `de`), any Portuguese gets `pt-BR` until there is a European one, and only Simplified
 * Chinese gets `zh-CN`: Traditional (`zh-TW`, `zh-HK`, `zh-Hant`) readers get the next language they asked for.
 */
export function matchLanguage(requested: readonly unknown[], offered: readonly string[]): LanguageTag | null {
  const byLower = new Map(offered.map((tag) => [tag.toLowerCase(), tag]));
  for (const value of requested) {
    const tag = readLanguageTag(value)?.toLowerCase();
    if (!tag) continue;
    const language = tag.split('-')[0]!;
    const candidates: string[] =
      language === 'zh'
        ? /-(hant|tw|hk|mo)\b/.test(tag)
          ? []
          : ['zh-cn']
        : [tag, language === 'iw' ? 'he' : language, ...(language === 'pt' ? ['pt-br'] : [])];
    for (const candidate of candidates) {
      const found = byLower.get(candidate);
      if (found) return found as LanguageTag;
    }
  }
  return null;
}

/**
 * The language a page starts in, most wanted first: the user's own choice on this device, the app's (`lang` launch
 * parameter), the browser's languages, English.
 */
export function startingLanguage(
  wanted: { chosen: unknown; app: unknown; browser: readonly unknown[] },
  offered: readonly string[],
): LanguageTag {
  return matchLanguage([wanted.chosen], offered) ?? matchLanguage([wanted.app, ...wanted.browser], offered) ?? ENGLISH;
}
