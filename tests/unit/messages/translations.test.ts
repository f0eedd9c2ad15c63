// Every language file of src/messages/locales against the English catalogue (docs/languages.md "Languages"): the same
// keys, the same placeholders, the plural forms the language's CLDR rules ask for, nothing left in English by mistake,
// and a served file within its byte budget.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { localeFileText } from '../../../harness/build/locale-files.mjs';
import { messages } from '../../../src/messages/catalogue';
import { LANGUAGES } from '../../../src/messages/languages';

const DIR = join(__dirname, '../../../src/messages/locales');
const files = readdirSync(DIR).filter((f) => f.endsWith('.json'));
const translations = Object.fromEntries(
  files.map((f) => [f.slice(0, -5), JSON.parse(readFileSync(join(DIR, f), 'utf8')) as Record<string, unknown>]),
);

/** The languages issue 36 asks for: every one has a file. */
const REQUIRED = ['de', 'fr', 'es', 'it', 'pt-BR', 'nl', 'pl', 'ru', 'uk', 'tr', 'ja', 'ko', 'zh-CN', 'ar', 'he'];

/** Texts that may read as in English: names that are not translated and symbols. */
const NAMES_AND_SYMBOLS = [
  'paypalButtonsLabel',
  'providerGoogle',
  'providerApple',
  'notAvailable',
  'closeGlyph',
  'compareGrip',
  'creditsBannerName',
  'renderHd',
  'listSeparator',
  'pageTitle',
  'planPriceLine',
  'navPro',
];
/** Words that are the same in the language as in English, by language. */
const SAME_WORD: Record<string, string[]> = {
  de: ['statusLabel', 'pauseLabel', 'upgradeToPro', 'renderStandard', 'pageTitleCredits', 'paymentBoughtCredits'],
  es: ['purchaseError', 'planLabel'],
  fr: ['renderStandard', 'notificationsLabel'],
  it: ['renderStandard', 'passwordLabel', 'navAccount'],
  nl: ['statusLabel', 'pageTitleCredits', 'navAccount', 'paymentBoughtCredits'],
  pl: ['planLabel'],
  tr: ['planLabel'],
};

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
/** The catalogue's entries without the (type-only) readonly: texts and plural forms. */
const english = Object.entries(messages) as Array<[string, string | Record<string, string>]>;

it('has a file for every language the portal offers, and offers every file', () => {
  expect(Object.keys(translations).sort()).toEqual([...REQUIRED].sort());
  for (const tag of REQUIRED) expect(LANGUAGES).toHaveProperty(tag);
});

describe.each(Object.keys(translations))('%s', (tag) => {
  const texts = translations[tag]!;
  const categories = new Intl.PluralRules(tag).resolvedOptions().pluralCategories;

  it('has every key of the catalogue and no other', () => {
    expect(Object.keys(texts).sort()).toEqual(Object.keys(messages).sort());
  });

  it("keeps English's placeholders in every text and every plural form", () => {
    for (const [key, value] of english) {
      const want = placeholders(typeof value === 'string' ? value : value.other!);
      const forms = typeof value === 'string' ? { text: texts[key] } : (texts[key] as Record<string, string>);
      for (const [form, text] of Object.entries(forms)) {
        expect(typeof text, `${key}.${form}`).toBe('string');
        expect(placeholders(text as string), `${key}.${form}`).toEqual(want);
      }
    }
  });

  it("gives each counted text exactly the language's CLDR plural categories", () => {
    for (const [key, value] of english) {
      if (typeof value === 'string') continue;
      expect(Object.keys(texts[key] as object).sort(), key).toEqual([...categories].sort());
    }
  });

  it('leaves no text in English unless it is a name, a symbol or the same word', () => {
    const allowed = new Set([...NAMES_AND_SYMBOLS, ...(SAME_WORD[tag] ?? [])]);
    const same = english.filter(([key, value]) => typeof value === 'string' && texts[key] === value).map(([k]) => k);
    expect(same.filter((key) => !allowed.has(key))).toEqual([]);
  });

  it('is served in at most 8,000 bytes gzip', () => {
    const served = localeFileText(messages, texts);
    expect(gzipSync(served, { level: 9 }).length).toBeLessThanOrEqual(8000);
  });
});
