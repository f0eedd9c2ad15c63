import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NEW_ACCOUNT_WINDOW_MS } from '../../../src/domain/constants';
import type { Subscription } from '../../../src/domain/plans';
import { isNewAccount } from '../../../src/domain/handoff';
import { accountTypeView, avatarTone, expiryDays, initials } from '../../../src/domain/profile';
import {
  defaultUsername,
  displayUsername,
  USERNAME_MAX_LENGTH,
  usernameProblem,
  usernameSuffix,
} from '../../../src/domain/username';
import { message } from '../../../src/messages/catalogue';
import { expiryText as wordExpiry } from '../../../src/messages/format';

/** Local noon on a given day, so day arithmetic is clear of midnight. */
const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min).getTime();

/**
 * Any code point (lone surrogates included), and often one the rules are about: controls, bidi controls, separators,
 * '#', '@', a space, an astral character. fast-check's own `unit: 'binary'` builds its table on first use: 1.3 s
 * alone, over the 5 s test timeout on a busy 2-core machine.
 */
const anyCharacter = fc.oneof(
  fc.integer({ min: 0, max: 0x10ffff }).map((codePoint) => String.fromCodePoint(codePoint)),
  fc.constantFrom(
    '\u0000',
    '\u001f',
    '\u007f',
    '\u009f',
    '\u061c',
    '\u200e',
    '\u2028',
    '\u202e',
    '\u2066',
    '#',
    '@',
    ' ',
    '\u{1f600}',
  ),
);

describe('expiryDays, worded by the catalogue', () => {
  // The domain counts the days; the catalogue's expiryText words them.
  const expiryText = (a: number, b: string | number) => wordExpiry(expiryDays(a, b));
  const now = at(2025, 3, 10, 15);

  it('says "Expires today" for later the same day', () => {
    expect(expiryText(now, at(2025, 3, 10, 23, 59))).toBe('Expires today');
  });

  it('says "Expires tomorrow" for the next calendar day, even less than 24 hours away', () => {
    expect(expiryText(now, at(2025, 3, 11, 0, 30))).toBe('Expires tomorrow');
    expect(expiryText(now, at(2025, 3, 11, 22))).toBe('Expires tomorrow');
  });

  it('says "Expires in N days" beyond that', () => {
    expect(expiryText(now, at(2025, 3, 12))).toBe('Expires in 2 days');
    expect(expiryText(now, at(2026, 3, 10))).toBe('Expires in 365 days');
  });

  it('reads ISO strings as well as milliseconds', () => {
    expect(expiryText(now, new Date(at(2025, 3, 17)).toISOString())).toBe('Expires in 7 days');
  });

  it('never says a negative number of days', () => {
    expect(expiryText(now, at(2025, 3, 9))).toBe('Expires today');
    expect(expiryText(now, at(2020, 1, 1))).toBe('Expires today');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4e12 }), fc.integer({ min: 0, max: 4e12 }), (a, b) => {
        expect(expiryText(a, b)).not.toMatch(/-/);
      }),
    );
  });

  it('counts calendar days across a daylight-saving change', () => {
    // Whatever the test machine's zone, 30 calendar days later is "in 30 days".
    expect(expiryText(at(2025, 3, 1), at(2025, 3, 31))).toBe('Expires in 30 days');
    expect(expiryText(at(2025, 10, 15), at(2025, 11, 14))).toBe('Expires in 30 days');
  });
});

describe('initials', () => {
  it('takes the first and last word of the name', () => {
    expect(initials('Ada Lovelace', 'ada@example.com')).toBe('AL');
    expect(initials('  ada   king  lovelace ', null)).toBe('AL');
  });

  it('takes one letter from a single-word name', () => {
    expect(initials('ada', null)).toBe('A');
  });

  it('falls back to the e-mail, then to "?"', () => {
    expect(initials(null, 'grace@example.com')).toBe('G');
    expect(initials('   ', '')).toBe('?');
    expect(initials(undefined, undefined)).toBe('?');
  });

  it('keeps letters outside the basic plane whole', () => {
    expect(initials('Élodie 𝒵eta', null)).toBe('É𝒵');
  });
});

describe('defaultUsername', () => {
  it('is the display name when there is one', () => {
    expect(defaultUsername('Ada Lovelace', 'ada@example.com')).toBe('Ada Lovelace');
  });

  it('is the part of the e-mail before @ without a display name', () => {
    expect(defaultUsername(null, 'grace.hopper@example.com')).toBe('grace.hopper');
    expect(defaultUsername('  ', 'grace@example.com')).toBe('grace');
  });

  it('stays within the username limits: control characters dropped, cut to 32 characters', () => {
    expect(defaultUsername('A'.repeat(40), null)).toBe('A'.repeat(32));
    expect(defaultUsername('Ada\u202E Lovelace\u0000', null)).toBe('Ada Lovelace');
    expect(defaultUsername('\u202E\u0000', 'grace@example.com')).toBe('grace');
    expect(defaultUsername(null, `${'g'.repeat(64)}@example.com`)).toBe('g'.repeat(32));
    fc.assert(
      fc.property(
        fc.option(fc.string({ unit: anyCharacter })),
        fc.option(fc.string({ unit: anyCharacter })),
        (name, email) => {
          const chosen = defaultUsername(name, email);
          expect(chosen.trim()).not.toBe('');
          const problem = usernameProblem(chosen);
          expect(problem === null || problem === 'hash').toBe(true);
        },
      ),
    );
  });

  it('is "Player" and a number below 10000 without either', () => {
    expect(defaultUsername(null, null, () => 0)).toBe('Player0');
    expect(defaultUsername(null, null, () => 0.99999)).toBe('Player9999');
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (r) => {
        const n = Number(defaultUsername(null, '', () => r).replace(/^Player/, ''));
        expect(Number.isInteger(n) && n >= 0 && n < 10000).toBe(true);
      }),
    );
  });
});

describe('usernameProblem', () => {
  it('accepts up to 32 characters after trimming, counted as characters, not UTF-16 units', () => {
    expect(USERNAME_MAX_LENGTH).toBe(32);
    expect(usernameProblem('Ada Lovelace')).toBeNull();
    expect(usernameProblem(`  ${'x'.repeat(32)}  `)).toBeNull();
    expect(usernameProblem('🏠'.repeat(32))).toBeNull();
    expect(usernameProblem('Zoë Ñandú 李小龍')).toBeNull();
    expect(usernameProblem('x'.repeat(33))).toBe('tooLong');
    expect(usernameProblem('🏠'.repeat(33))).toBe('tooLong');
  });

  it.each([
    ['NUL', 'Ada\u0000'],
    ['a tab', 'A\tda'],
    ['a line break', 'Ada\nLovelace'],
    ['DEL', 'Ada\u007f'],
    ['a C1 control', 'Ada\u0085'],
    ['right-to-left override U+202E', 'Ada\u202Egnp.exe'],
    ['left-to-right embedding U+202A', '\u202AAda'],
    ['isolate U+2066', 'Ada\u2066'],
    ['pop directional isolate U+2069', 'Ada\u2069'],
    ['right-to-left mark U+200F', 'Ada\u200F'],
    ['line separator U+2028', 'Ada\u2028Lovelace'],
  ])('refuses %s', (_what, name) => {
    expect(usernameProblem(name)).toBe('controlCharacter');
  });

  it('refuses # (it marks the suffix the server keeps)', () => {
    expect(usernameProblem('Ada#1234')).toBe('hash');
  });

  it('has no problem with an empty name (saving it does nothing, SPEC 5)', () => {
    expect(usernameProblem('   ')).toBeNull();
  });
});

describe('username suffix', () => {
  it('shows only the part before #, and keeps the suffix apart', () => {
    expect(displayUsername('Ada#1234')).toBe('Ada');
    expect(usernameSuffix('Ada#1234')).toBe('#1234');
    expect(displayUsername('Ada')).toBe('Ada');
    expect(usernameSuffix('Ada')).toBe('');
  });
});

describe('isNewAccount', () => {
  const created = '2025-03-10T12:00:00.000Z';
  const t = Date.parse(created);
  it('is true under 30 seconds after creation (SPEC 9), false from then on', () => {
    expect(NEW_ACCOUNT_WINDOW_MS).toBe(30_000);
    expect(isNewAccount(created, t + NEW_ACCOUNT_WINDOW_MS - 1)).toBe(true);
    expect(isNewAccount(created, t + NEW_ACCOUNT_WINDOW_MS)).toBe(false);
    expect(isNewAccount(null, t)).toBe(false);
  });
});

describe('accountTypeView', () => {
  const now = at(2025, 3, 10);
  const sub = (over: Partial<Subscription>): Subscription => ({
    plan: 'ANNUAL',
    status: 'ACTIVE',
    expiresAt: new Date(at(2025, 3, 13)).toISOString(),
    subscriptionSource: 'paypal',
    subscriptionId: 'I-1',
    pauseUntil: null,
    ...over,
  });

  it('is Free without a subscription', () => {
    expect(accountTypeView(null, now)).toEqual({
      nameKey: 'planNameFree',
      isPro: false,
      status: null,
      expiryDays: null,
    });
  });

  it('is the Pro plan name with the days to its expiry', () => {
    const view = accountTypeView(sub({}), now);
    expect(view).toEqual({ nameKey: 'planNameAnnual', isPro: true, status: 'ACTIVE', expiryDays: 3 });
    expect([message(view.nameKey), wordExpiry(view.expiryDays!)]).toEqual(['Pro Plan - Annual', 'Expires in 3 days']);
    expect(accountTypeView(sub({ plan: 'MONTHLY', expiresAt: null }), now).expiryDays).toBeNull();
  });

  it('keeps a cancelled plan until it expires, then is Free', () => {
    expect(accountTypeView(sub({ status: 'CANCELLED' }), now)).toMatchObject({
      nameKey: 'planNameAnnual',
      status: 'CANCELLED',
    });
    expect(
      accountTypeView(sub({ status: 'CANCELLED', expiresAt: new Date(at(2025, 3, 1)).toISOString() }), now).nameKey,
    ).toBe('planNameFree');
  });
});

describe('avatarTone', () => {
  it('is stable for a person, and always a tone the stylesheet colours', () => {
    const stylesheet = readFileSync(join(__dirname, '../../../src/ui/styles/account.css'), 'utf8');
    const coloured = new Set([...stylesheet.matchAll(/\.avatar-tone-(\d+)\s*\{/g)].map((m) => Number(m[1])));
    expect(coloured.size).toBeGreaterThan(1);
    expect(avatarTone('uid-1')).toBe(avatarTone('uid-1'));
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(coloured.has(avatarTone(s))).toBe(true);
      }),
    );
  });
});
