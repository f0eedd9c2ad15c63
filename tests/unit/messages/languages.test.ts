// Which language a page speaks: the fallback chain of docs/languages.md "Languages" and the reading of hostile tags.
import { describe, expect, it } from 'vitest';
import { isRightToLeft, matchLanguage, readLanguageTag, startingLanguage } from '../../../src/messages/languages';

const OFFERED = ['en', 'de', 'fr', 'es', 'it', 'pt-BR', 'nl', 'pl', 'ru', 'uk', 'tr', 'ja', 'ko', 'zh-CN', 'ar', 'he'];

describe('matchLanguage', () => {
  it.each([
    [['de'], 'de'],
    [['de-AT'], 'de'],
    [['DE-ch'], 'de'],
    [['pt-PT'], 'pt-BR'],
    [['pt'], 'pt-BR'],
    [['pt-BR'], 'pt-BR'],
    [['zh'], 'zh-CN'],
    [['zh-CN'], 'zh-CN'],
    [['zh-Hans-SG'], 'zh-CN'],
    [['iw-IL'], 'he'],
    [['ar-EG'], 'ar'],
    [['en-GB', 'de'], 'en'],
    [['sv-SE', 'fr-CA'], 'fr'],
  ])('%j gets %s', (requested, expected) => {
    expect(matchLanguage(requested, OFFERED)).toBe(expected);
  });

  it('gives Traditional Chinese readers their next language, never Simplified Chinese', () => {
    expect(matchLanguage(['zh-TW'], OFFERED)).toBeNull();
    expect(matchLanguage(['zh-HK', 'zh-Hant'], OFFERED)).toBeNull();
    expect(matchLanguage(['zh-TW', 'ja-JP'], OFFERED)).toBe('ja');
  });

  it('finds nothing for languages it does not offer, and skips junk', () => {
    expect(matchLanguage(['sv', 'fi-FI'], OFFERED)).toBeNull();
    expect(matchLanguage([null, undefined, 42, {}, '<b>', 'de'], OFFERED)).toBe('de');
    expect(matchLanguage(['de'], ['en'])).toBeNull();
  });
});

describe('readLanguageTag', () => {
  it('canonicalizes a real tag', () => {
    expect(readLanguageTag('de-at')).toBe('de-AT');
    expect(readLanguageTag('zh-hans-cn')).toBe('zh-Hans-CN');
  });

  it.each([
    ['a value far longer than a tag', 'de-' + 'x'.repeat(200)],
    ['script injection', '<script>alert(1)</script>'],
    ['an attribute break', 'de" onload="x'],
    ['__proto__', '__proto__'],
    ['constructor', 'constructor'],
    ['an empty value', ''],
    ['a path', '../../etc/passwd'],
    ['a number', 7],
    ['an invalid subtag', 'de-x'],
  ])('refuses %s', (_what, value) => {
    expect(readLanguageTag(value)).toBeNull();
  });
});

describe('startingLanguage', () => {
  const start = (wanted: Partial<Parameters<typeof startingLanguage>[0]>) =>
    startingLanguage({ chosen: null, app: null, browser: [], ...wanted }, OFFERED);

  it("puts the user's choice first, then the app's, then the browser's, then English", () => {
    expect(start({ chosen: 'fr', app: 'de', browser: ['ja'] })).toBe('fr');
    expect(start({ app: 'de', browser: ['ja'] })).toBe('de');
    expect(start({ browser: ['sv', 'ja'] })).toBe('ja');
    expect(start({})).toBe('en');
  });

  it('passes over a choice or an app language it cannot serve', () => {
    expect(start({ chosen: 'xx', app: 'zh-TW', browser: ['ko-KR'] })).toBe('ko');
    expect(start({ chosen: '__proto__', app: '<script>' })).toBe('en');
  });
});

describe('isRightToLeft', () => {
  it('is true for Arabic and Hebrew only', () => {
    expect(['ar', 'he', 'ar-XB'].map(isRightToLeft)).toEqual([true, true, true]);
    expect(['en', 'de', 'ja', 'zh-CN', 'en-XA'].map(isRightToLeft)).toEqual([false, false, false, false, false]);
  });
});
