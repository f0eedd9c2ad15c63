import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { creditPacks } from '../../../src/domain/credit-packs';
import { planById } from '../../../src/domain/plans';
import { applyTranslation, message, plural } from '../../../src/messages/catalogue';
import { formatDate, formatPrice, formatTime } from '../../../src/messages/format';

describe('formatPrice', () => {
  it('renders the shop prices of SPEC 9 exactly as before ("$5.99")', () => {
    expect(formatPrice('5.99')).toBe('$5.99');
    expect(formatPrice(planById('ANNUAL').price)).toBe('$49.99');
    expect(creditPacks.map((p) => formatPrice(p.price))).toEqual(['$9.99', '$14.99', '$24.99']);
    expect(creditPacks.map((p) => formatPrice(p.pricePerCredit))).toEqual(['$0.67', '$0.50', '$0.42']);
  });

  it('takes numbers, keeps two decimals and groups thousands', () => {
    expect(formatPrice(10)).toBe('$10.00');
    expect(formatPrice('1234.5')).toBe('$1,234.50');
  });

  it('names another currency by its symbol', () => {
    expect(formatPrice('5', 'EUR')).toBe('€5.00');
  });
});

describe('formatDate', () => {
  const iso = '2025-03-05T12:00:00Z';

  it('writes long and medium dates in the portal locale', () => {
    expect(formatDate(iso, 'long', 'UTC')).toBe('March 5, 2025');
    expect(formatDate(iso, 'medium', 'UTC')).toBe('Mar 5, 2025');
    expect(formatDate(Date.parse(iso), 'long', 'UTC')).toBe('March 5, 2025');
  });

  it('shows the day of the given time zone', () => {
    expect(formatDate('2025-03-05T23:30:00Z', 'long', 'UTC')).toBe('March 5, 2025');
    expect(formatDate('2025-03-05T23:30:00Z', 'long', 'Asia/Tokyo')).toBe('March 6, 2025');
  });

  it('is null for a missing or unreadable date', () => {
    expect(formatDate(null)).toBeNull();
    expect(formatDate(undefined)).toBeNull();
    expect(formatDate('')).toBeNull();
    expect(formatDate('not a date')).toBeNull();
  });
});

describe('formatTime', () => {
  it('writes a clock time with seconds', () => {
    expect(formatTime(new Date(2025, 2, 5, 14, 7, 9))).toMatch(/^2:07:09\s?PM$/);
  });
});

describe('plural', () => {
  it('picks the one or other text by the plural rules and fills {n}', () => {
    expect(plural(1, 'designCount')).toBe('1 design');
    expect(plural(0, 'designCount')).toBe('0 designs');
    expect(plural(2, 'designCount')).toBe('2 designs');
    expect(plural(1, 'creditCount')).toBe('1 credit');
    expect(plural(3, 'creditCount')).toBe('3 credits');
  });
});

describe('message', () => {
  it('fills {product} and the given placeholders', () => {
    expect(message('linkProvider', { provider: 'Google' })).toBe('Link Google');
    expect(message('welcomeHeading', {}, 'Test Home')).toBe('Welcome to Test Home');
  });
});

describe('a translation in use', () => {
  const locale = (tag: string) =>
    JSON.parse(readFileSync(join(__dirname, `../../../src/messages/locales/${tag}.json`), 'utf8'));
  afterEach(() => applyTranslation(null));

  it('replaces the texts it has, formats in its locale, and English comes back with null', () => {
    const de = locale('de');
    applyTranslation('de', de);
    expect(message('signInButton')).toBe(de.signInButton);
    expect(formatPrice('14.99')).toMatch(/^14,99\s\$$/);
    expect(formatDate('2025-03-05T12:00:00Z', 'long', 'UTC')).toBe('5. März 2025');
    applyTranslation(null);
    expect(message('signInButton')).toBe('Sign In');
    expect(formatPrice('14.99')).toBe('$14.99');
  });

  it('falls back to English for a text the translation lacks', () => {
    applyTranslation('de', { signInButton: 'Anmelden' });
    expect(message('signInButton')).toBe('Anmelden');
    expect(message('signOut')).toBe('Sign Out');
  });

  it.each([
    ['pl', [1, 2, 5, 22, 25]],
    ['ru', [1, 3, 11, 21, 1.5]],
    ['ar', [0, 1, 2, 3, 11, 100]],
  ])('picks the CLDR form of %s for each count', (tag, counts) => {
    const texts = locale(tag);
    applyTranslation(tag, texts);
    const rules = new Intl.PluralRules(tag);
    const number = new Intl.NumberFormat(tag);
    for (const n of counts) {
      const form = (texts.designCount as Record<string, string>)[rules.select(n)]!;
      expect(plural(n, 'designCount')).toBe(form.replace('{n}', number.format(n)));
    }
    // The forms differ where the language's rules differ: Polish 2 (few) and 5 (many) are not the same text.
    if (tag === 'pl') expect(plural(2, 'designCount')).not.toBe(plural(5, 'designCount').replace('5', '2'));
  });
});
