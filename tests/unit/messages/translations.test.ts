// Every language file of src/messages/locales against the English catalogue (docs/languages.md "Languages"): the same
// keys, the same placeholders, the plural forms the language's CLDR rules ask for (a form worded without its figure only
// where its category holds one count), nothing left in English by mistake, no empty text, one ellipsis, French
// typography, whole sentences, and a served file within its byte budget. The term lists: terms.test.ts.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { localeFileText } from '../../../tools/build/locale-files.mjs';
import { messages } from '../../../src/messages/catalogue';
import devMessages from '../../../src/messages/dev-messages.json';
import { LANGUAGES } from '../../../src/messages/languages';
import { allTexts, translations } from './texts';

/** The languages issue 36 asks for: every one has a file. */
const REQUIRED = ['de', 'fr', 'es', 'it', 'pt-BR', 'nl', 'pl', 'ru', 'uk', 'tr', 'ja', 'ko', 'zh-CN', 'ar', 'he'];

/** Texts that may read as in English in every language: names that are not translated, codes and symbols. */
const NAMES_AND_SYMBOLS = [
  'paypalButtonsLabel', // "PayPal", the provider's name
  'providerGoogle', // "Google"
  'providerApple', // "Apple"
  'creditsBannerName', // "Dream Render AI", the product's feature name
  'navPro', // "Pro", the plan's name
  'affiliateBuilderBrigade', // the survey's partners (SPEC 2): company names
  'affiliateMonsterHousePlans',
  'affiliateBarndominiumCompany',
  'renderHd', // "HD", a code
  'notAvailable', // "—"
  'closeGlyph', // "×"
  'compareGrip', // "‹ ›"
  'listSeparator', // ", "
  'pageTitle', // "{page} · {product}": placeholders and a symbol
  'planPriceLine', // "{plan}: {price} {period}"
];
/**
 * The development page's tabs (SPEC 2: User, Subscription, Unity, Cloud Save, Designs) are developer labels, not
 * product texts: the page exists only in development builds, its readers are the team, and the tabs name the backend's
 * sources and services. They live in src/messages/dev-catalogue.ts, in English, and in no language file.
 */
const DEVELOPER_LABELS = ['devTabUser', 'devTabSubscription', 'devTabUnity', 'devTabCloudSave', 'devTabDesigns'];
/** Words that are the same in the language as in English, by language (a loanword or the same spelling). */
const SAME_WORD: Record<string, string[]> = {
  // Status, Pause, Upgrade, Standard, Credits, "{n} Credits", "{n} Dream Render Credits": German loanwords (the term
  // list's "Credits") and the feature's name
  de: [
    'statusLabel',
    'pauseLabel',
    'upgradeToPro',
    'renderStandard',
    'pageTitleCredits',
    'packTitle',
    'creditCount',
    'packDescription',
    'paymentBoughtCredits',
  ],
  es: ['purchaseError', 'planLabel'], // "Error: {message}", Plan
  fr: ['renderStandard', 'notificationsLabel'], // Standard, Notifications
  it: ['renderStandard', 'passwordLabel', 'navAccount'], // Standard, Password, Account
  // Status, Credits, Account, "{n} credits", Accounttype (the same words, one compound)
  nl: [
    'statusLabel',
    'pageTitleCredits',
    'navAccount',
    'creditCount',
    'packTitle',
    'paymentBoughtCredits',
    'accountTypeLabel',
  ],
  pl: ['planLabel'], // Plan
  tr: ['planLabel'], // Plan
};

/**
 * The counted texts whose dual a language words without the figure ("يومين", "יומיים"), beside its "one" ("يوم واحد").
 * Arabic does so for every counted noun; Hebrew only for a few (days, weeks, months, years, times).
 */
const DUALS: Record<string, 'all' | string[]> = { ar: 'all', he: ['expiresInDays'] };
/**
 * The plural categories a form may word without {n} ("نقطة واحدة", "نقطتان", "יומיים"): those that hold exactly one
 * count in 0–1000 by the language's CLDR rules. Russian and Ukrainian "one" holds 1, 21, 31, 101…: a form there words
 * no number and keeps {n}.
 */
function wordable(tag: string): Set<string> {
  const rules = new Intl.PluralRules(tag);
  const counts = new Map<string, number>();
  for (let n = 0; n <= 1000; n++) counts.set(rules.select(n), (counts.get(rules.select(n)) ?? 0) + 1);
  return new Set([...counts].filter(([, count]) => count === 1).map(([category]) => category));
}
/**
 * Texts that may be empty, in any language: the words before the address of "Look for an email sent to {address}." go
 * after it in a language that ends on its verb (Japanese, Korean, Turkish).
 */
const MAY_BE_EMPTY = ['checkEmailLeadBefore'];
/** The same text once the ellipsis, the case and the spaces are set aside: "Loading..." and "loading …" are one. */
const normalised = (text: string) =>
  text
    .replace(/\.\.\./g, '…')
    .replace(/[\s\u00a0\u202f]+/gu, '')
    .toLocaleLowerCase('en');
/** Languages that end every sentence of a text with a full stop, and the texts that end on a link's words instead. */
const WHOLE_SENTENCES = ['ja', 'zh-CN', 'ko'];
const ENDS_ON_A_LINK = ['toSignIn', 'toCreateAccount'];

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
/** The catalogue's entries without the (type-only) readonly: texts and plural forms. */
const english = Object.entries(messages) as Array<[string, string | Record<string, string>]>;
const counted = english.filter(([, value]) => typeof value !== 'string').map(([key]) => key);

it('has a file for every language the portal offers, and offers every file', () => {
  expect(Object.keys(translations).sort()).toEqual([...REQUIRED].sort());
  for (const tag of REQUIRED) expect(LANGUAGES).toHaveProperty(tag);
});

it('keeps the development tabs as developer labels: in the development catalogue, in English, in no language file', () => {
  for (const key of DEVELOPER_LABELS) {
    expect(devMessages, key).toHaveProperty(key);
    expect(messages, key).not.toHaveProperty(key);
    for (const texts of Object.values(translations)) expect(texts, key).not.toHaveProperty(key);
  }
  expect(DEVELOPER_LABELS.map((key) => devMessages[key as keyof typeof devMessages])).toEqual([
    'User',
    'Subscription',
    'Unity',
    'Cloud Save',
    'Designs',
  ]);
});

it('lets no English form of a counted text leave out {n}', () => {
  for (const key of counted) {
    for (const text of Object.values(messages[key as keyof typeof messages] as Record<string, string>))
      expect(text, key).toContain('{n}');
  }
});

describe.each(Object.keys(translations))('%s', (tag) => {
  const texts = translations[tag]!;
  const categories = new Intl.PluralRules(tag).resolvedOptions().pluralCategories;
  const worded = wordable(tag);

  it('has every key of the catalogue and no other', () => {
    expect(Object.keys(texts).sort()).toEqual(Object.keys(messages).sort());
  });

  it("keeps English's placeholders in every text and plural form; only a category of one count leaves out {n}", () => {
    for (const [key, value] of english) {
      const want = placeholders(typeof value === 'string' ? value : value.other!);
      const forms = typeof value === 'string' ? { text: texts[key] } : (texts[key] as Record<string, string>);
      for (const [form, text] of Object.entries(forms)) {
        expect(typeof text, `${key}.${form}`).toBe('string');
        const have = placeholders(text as string);
        const words = worded.has(form) && !have.includes('n');
        expect(have, `${key}.${form}`).toEqual(words ? want.filter((p) => p !== 'n') : want);
        // A worded form says the number in words: a figure in it would be the wrong one for some count.
        if (words) expect(text, `${key}.${form}`).not.toMatch(/[0-9]/);
      }
    }
  });

  it('words the dual where the language has one, with its own noun form', () => {
    const duals = DUALS[tag] === 'all' ? counted : (DUALS[tag] ?? []);
    for (const key of duals) {
      const forms = texts[key] as Record<string, string>;
      expect(forms.two, `${key}.two`).not.toContain('{n}');
      expect(forms.two, `${key}.two`).not.toBe(forms.other);
    }
    if (DUALS[tag] !== 'all') return;
    // Arabic: "one" is the noun with واحد/واحدة, 3-10 a plural noun, 100 and up the singular: four different wordings.
    for (const key of counted) {
      const forms = texts[key] as Record<string, string>;
      expect(forms.one, `${key}.one`).not.toContain('{n}');
      expect(new Set([forms.one, forms.two, forms.few, forms.other]).size, key).toBe(4);
    }
  });

  it("gives each counted text exactly the language's CLDR plural categories", () => {
    for (const [key, value] of english) {
      if (typeof value === 'string') continue;
      expect(Object.keys(texts[key] as object).sort(), key).toEqual([...categories].sort());
    }
  });

  it('leaves no text or plural form in English unless it is a name, a symbol or the same word', () => {
    const allowed = new Set([...NAMES_AND_SYMBOLS, ...(SAME_WORD[tag] ?? [])]);
    const englishTexts = new Map(allTexts(messages));
    const same = allTexts(texts).filter(([key, text]) => {
      const base = key.split('.')[0]!;
      const forms = typeof messages[base as keyof typeof messages] === 'string' ? [] : ['one', 'other'];
      const same = (english?: string) => english !== undefined && normalised(text) === normalised(english);
      return same(englishTexts.get(key)) || forms.some((form) => same(englishTexts.get(`${base}.${form}`)));
    });
    expect(same.map(([key]) => key).filter((key) => !allowed.has(key.split('.')[0]!))).toEqual([]);
  });

  it("starts a plan's feature, a list item, as its siblings do: never with a lower-case letter", () => {
    const features = allTexts(texts).filter(([key]) => /^(?:pro|free)Feature[A-Z]/.test(key));
    expect(features.length).toBeGreaterThan(0);
    expect(features.filter(([, text]) => /^\p{Ll}/u.test(text))).toEqual([]);
  });

  it('leaves no text empty but those that may be', () => {
    const empty = allTexts(texts).filter(([key, text]) => text.trim() === '' && !MAY_BE_EMPTY.includes(key));
    expect(empty).toEqual([]);
  });

  it('writes the ellipsis as one character, "…", never "..."', () => {
    expect(allTexts(texts).filter(([, text]) => text.includes('...'))).toEqual([]);
  });

  it('is served in at most 8,000 bytes gzip', () => {
    const served = localeFileText(messages, texts);
    expect(gzipSync(served, { level: 9 }).length).toBeLessThanOrEqual(8000);
  });
});

it('leaves no English text empty but those that may be', () => {
  expect(allTexts(messages).filter(([key, text]) => text.trim() === '' && !MAY_BE_EMPTY.includes(key))).toEqual([]);
});

describe('fr', () => {
  const texts = allTexts(translations.fr!);

  it('puts a no-break space (U+00A0) before : ; ? ! and inside « », never a plain space or none', () => {
    // "?!" keeps its one space; a text never starts with these marks.
    const wrong = texts.filter(([, text]) => /(?<![\u00a0?!])[:;?!]|«(?!\u00a0)|(?<!\u00a0)»/u.test(text));
    expect(wrong).toEqual([]);
  });

  it('writes the apostrophe curly, ’, never straight', () => {
    expect(texts.filter(([, text]) => text.includes("'"))).toEqual([]);
  });
});

it('sets no space between Japanese and a Latin word or a placeholder ("PayPalで", not "PayPal で")', () => {
  // Kana, kanji and full-width forms beside a Latin letter, a figure or a placeholder's brace.
  const spaced =
    /[\u3040-\u30ff\u4e00-\u9fff\uff00-\uffef] +[A-Za-z0-9{]|[A-Za-z0-9}] +[\u3040-\u30ff\u4e00-\u9fff\uff00-\uffef]/u;
  expect(allTexts(translations.ja!).filter(([, text]) => spaced.test(text))).toEqual([]);
});

describe.each(WHOLE_SENTENCES)('%s', (tag) => {
  it('ends a text of two or more sentences with a full stop', () => {
    // A sentence ends inside the text ("。", "？", or ". " in Korean) but not at its end, where a colon may introduce
    // what follows (an address) and a link's words may close a question.
    const inner = /[。！？]|[.!?]\s/;
    const end = /[。！？.!?…：:]$/;
    const cut = allTexts(translations[tag]!).filter(
      ([key, text]) => inner.test(text.slice(0, -1)) && !end.test(text) && !ENDS_ON_A_LINK.includes(key),
    );
    expect(cut).toEqual([]);
  });
});
