import { describe, expect, it } from 'vitest';
import {
  BRIDGE_VERSION,
  MAX_ERROR_MESSAGE_CHARS,
  MAX_LOCALE_CHARS,
  MAX_MESSAGE_CHARS,
  MAX_ROUTE_CHARS,
  decodeHostMessage,
  encodePageMessage,
} from '@home-design/portal-bridge/protocol';

describe('encodePageMessage', () => {
  it('writes each page message as one JSON object with the version first', () => {
    expect(encodePageMessage({ type: 'ready' })).toBe('{"v":1,"type":"ready","versions":[1,2,3,4]}');
    expect(encodePageMessage({ type: 'signedIn' })).toBe('{"v":2,"type":"signedIn"}');
    expect(encodePageMessage({ type: 'tokenUnavailable', kind: 'identity', reason: 'failed' })).toBe(
      '{"v":2,"type":"tokenUnavailable","kind":"identity","reason":"failed"}',
    );
    expect(encodePageMessage({ type: 'logout' })).toBe('{"v":1,"type":"logout"}');
    expect(encodePageMessage({ type: 'pageError', route: '/credits', message: 'TypeError: x is undefined' })).toBe(
      '{"v":3,"type":"pageError","route":"/credits","message":"TypeError: x is undefined"}',
    );
    expect(encodePageMessage({ type: 'token', kind: 'identity', token: 'a.b.c' })).toBe(
      '{"v":1,"type":"token","kind":"identity","token":"a.b.c"}',
    );
    expect(encodePageMessage({ type: 'token', kind: 'unity', token: 'u-1', state: 'xyz', requestId: 'r1' })).toBe(
      '{"v":1,"type":"token","kind":"unity","token":"u-1","state":"xyz","requestId":"r1"}',
    );
    expect(encodePageMessage({ type: 'openUrl', url: 'https://portal.example/auth' })).toBe(
      '{"v":1,"type":"openUrl","url":"https://portal.example/auth"}',
    );
    expect(encodePageMessage({ type: 'tokenUnavailable', kind: 'unity', reason: 'signedOut', requestId: 'r2' })).toBe(
      '{"v":1,"type":"tokenUnavailable","kind":"unity","reason":"signedOut","requestId":"r2"}',
    );
  });

  it('leaves out an empty state or request id instead of sending empty strings', () => {
    expect(encodePageMessage({ type: 'token', kind: 'identity', token: 't', state: '', requestId: '' })).toBe(
      '{"v":1,"type":"token","kind":"identity","token":"t"}',
    );
  });

  it('refuses to encode a token message without a token or with an unknown kind', () => {
    expect(() => encodePageMessage({ type: 'token', kind: 'identity', token: '' })).toThrow(TypeError);
    // @ts-expect-error: a kind the protocol does not know
    expect(() => encodePageMessage({ type: 'token', kind: 'firebase', token: 't' })).toThrow(TypeError);
    expect(() => encodePageMessage({ type: 'token', kind: 'unity', token: 't', requestId: 'x'.repeat(129) })).toThrow(
      TypeError,
    );
  });

  it('lists the versions it speaks in ready, and stamps each message with the version that made it', () => {
    expect(JSON.parse(encodePageMessage({ type: 'ready' }))).toEqual({
      v: 1,
      type: 'ready',
      versions: [1, 2, 3, BRIDGE_VERSION],
    });
    expect(JSON.parse(encodePageMessage({ type: 'logout' }))).toMatchObject({ v: 1 });
    expect(JSON.parse(encodePageMessage({ type: 'signedIn' }))).toMatchObject({ v: 2 });
    expect(JSON.parse(encodePageMessage({ type: 'pageError', route: '/', message: '' }))).toMatchObject({ v: 3 });
  });

  it('bounds a pageError: a route is required and short, a long message is cut', () => {
    expect(() => encodePageMessage({ type: 'pageError', route: '', message: 'm' })).toThrow(TypeError);
    expect(() =>
      encodePageMessage({ type: 'pageError', route: '/'.repeat(MAX_ROUTE_CHARS + 1), message: 'm' }),
    ).toThrow(TypeError);
    const sent = JSON.parse(encodePageMessage({ type: 'pageError', route: '/', message: 'x'.repeat(1000) }));
    expect(sent.message).toHaveLength(MAX_ERROR_MESSAGE_CHARS);
  });
});

describe('decodeHostMessage', () => {
  it.each([
    ['{"v":1,"type":"canMakePayments","allowed":false}', { type: 'canMakePayments', allowed: false }],
    ['{"v":1,"type":"canMakePayments","allowed":true}', { type: 'canMakePayments', allowed: true }],
    ['{"v":1,"type":"unityToken"}', { type: 'unityToken' }],
    ['{"v":1,"type":"unityToken","requestId":"abc"}', { type: 'unityToken', requestId: 'abc' }],
    ['{"v":1,"type":"unityToken","requestId":null}', { type: 'unityToken' }],
    ['{"v":2,"type":"unityToken","requestId":"r"}', { type: 'unityToken', requestId: 'r' }],
    [
      '{"v":2,"type":"requestToken","kind":"identity","requestId":"7"}',
      { type: 'requestToken', kind: 'identity', requestId: '7' },
    ],
    ['{"v":2,"type":"requestToken","kind":"unity"}', { type: 'requestToken', kind: 'unity' }],
    ['{"v":2,"type":"logout"}', { type: 'logout' }],
    ['{"v":1,"type":"unityToken","requestId":""}', { type: 'unityToken' }],
    ['{"v":1,"type":"logout"}', { type: 'logout' }],
    ['  {"type":"logout","v":1}  ', { type: 'logout' }],
  ])('decodes %s', (raw, expected) => {
    expect(decodeHostMessage(raw)).toEqual({ ok: true, message: expected });
  });

  it('accepts an already parsed object (WebView2 PostWebMessageAsJson)', () => {
    expect(decodeHostMessage({ v: 1, type: 'canMakePayments', allowed: false })).toEqual({
      ok: true,
      message: { type: 'canMakePayments', allowed: false },
    });
  });

  it('drops unknown extra fields instead of passing them on', () => {
    const decoded = decodeHostMessage('{"v":1,"type":"logout","everything":"trusted","__proto__":{"admin":true}}');
    expect(decoded).toEqual({ ok: true, message: { type: 'logout' } });
    expect(decoded.ok && Object.keys(decoded.message)).toEqual(['type']);
  });

  it.each([
    ['not JSON', 'logout', false],
    ['a JSON string', '"logout"', false],
    ['a number', 42, false],
    ['null', null, false],
    ['undefined', undefined, false],
    ['an array', '[1,"logout"]', false],
    ['no version', '{"type":"logout"}', true],
    ['a string version', '{"v":"1","type":"logout"}', true],
    ['a newer version', '{"v":9,"type":"logout"}', true],
    ['requestToken without a kind', '{"v":2,"type":"requestToken"}', true],
    ['requestToken with an unknown kind', '{"v":2,"type":"requestToken","kind":"admin"}', true],
    ['version 0', '{"v":0,"type":"logout"}', true],
    ['no type', '{"v":1}', true],
    ['a numeric type', '{"v":1,"type":7}', true],
    ['an unknown type', '{"v":1,"type":"deleteAccount"}', true],
    ['a page-to-host type', '{"v":1,"type":"token","kind":"identity","token":"t"}', true],
    ['canMakePayments without allowed', '{"v":1,"type":"canMakePayments"}', true],
    ['canMakePayments with a string', '{"v":1,"type":"canMakePayments","allowed":"false"}', true],
    ['canMakePayments with a number', '{"v":1,"type":"canMakePayments","allowed":0}', true],
    ['a numeric requestId', '{"v":1,"type":"unityToken","requestId":5}', true],
    ['a requestId too long', `{"v":1,"type":"unityToken","requestId":"${'x'.repeat(129)}"}`, true],
  ])('ignores %s', (_name, raw, addressed) => {
    const decoded = decodeHostMessage(raw);
    expect(decoded.ok).toBe(false);
    expect(!decoded.ok && decoded.addressed).toBe(addressed);
    expect(!decoded.ok && decoded.reason).toMatch(/\S/);
  });

  describe('locale (v4)', () => {
    it.each([
      ['de-DE', '{"v":4,"type":"locale","locale":"de-DE"}'],
      ['a language alone', '{"v":4,"type":"locale","locale":"ja"}'],
      ['a script and a region', '{"v":4,"type":"locale","locale":"zh-Hans-CN"}'],
      ['lower case, as some platforms write it', '{"v":4,"type":"locale","locale":"pt-br"}'],
      ['the longest tag', `{"v":4,"type":"locale","locale":"${`de${'-abcdefgh'.repeat(3)}-abcde`}"}`],
    ])('accepts %s, as given', (_name, raw) => {
      const { locale } = JSON.parse(raw) as { locale: string };
      expect(decodeHostMessage(raw)).toEqual({ ok: true, message: { type: 'locale', locale } });
    });

    it('accepts an already parsed object, and drops extra fields', () => {
      expect(decodeHostMessage({ v: 4, type: 'locale', locale: 'fr-CA', rtl: true })).toEqual({
        ok: true,
        message: { type: 'locale', locale: 'fr-CA' },
      });
    });

    // The decoder reads every type at every version the page speaks (requestToken stamped 1 too): a host that
    // stamps locale with an older v still reaches this page, and a page older than version 4 refuses v 4 itself.
    it('reads a locale stamped with an older version it speaks, and refuses a version it does not', () => {
      expect(decodeHostMessage('{"v":3,"type":"locale","locale":"de"}')).toEqual({
        ok: true,
        message: { type: 'locale', locale: 'de' },
      });
      expect(decodeHostMessage('{"v":5,"type":"locale","locale":"de"}')).toMatchObject({
        ok: false,
        reason: 'unsupported version 5',
      });
    });

    it.each([
      ['no locale', '{"v":4,"type":"locale"}'],
      ['null', '{"v":4,"type":"locale","locale":null}'],
      ['a number', '{"v":4,"type":"locale","locale":49}'],
      ['an array', '{"v":4,"type":"locale","locale":["de-DE"]}'],
      ['an object', '{"v":4,"type":"locale","locale":{"toString":"de"}}'],
      ['an empty string', '{"v":4,"type":"locale","locale":""}'],
      ['one letter', '{"v":4,"type":"locale","locale":"d"}'],
      ['too long', `{"v":4,"type":"locale","locale":"de${'-abcdefgh'.repeat(4)}"}`],
      ['markup', '{"v":4,"type":"locale","locale":"<script>alert(1)</script>"}'],
      ['__proto__', '{"v":4,"type":"locale","locale":"__proto__"}'],
      ['an underscore (a POSIX locale)', '{"v":4,"type":"locale","locale":"de_DE"}'],
      ['a POSIX locale with a charset', '{"v":4,"type":"locale","locale":"de_DE.UTF-8"}'],
      ['a trailing hyphen', '{"v":4,"type":"locale","locale":"de-"}'],
      ['a subtag of 9 characters', '{"v":4,"type":"locale","locale":"de-abcdefghi"}'],
      ['spaces', '{"v":4,"type":"locale","locale":" de-DE"}'],
      ['a line break', '{"v":4,"type":"locale","locale":"de\\nDE"}'],
    ])('refuses %s, with a reason that does not repeat it', (_name, raw) => {
      const decoded = decodeHostMessage(raw);
      expect(decoded).toMatchObject({ ok: false, addressed: true });
      expect(!decoded.ok && decoded.reason).toBe(
        `locale needs a BCP 47 language tag of at most ${MAX_LOCALE_CHARS} characters`,
      );
    });

    it('never reads a locale inherited from a prototype', () => {
      const sneaky = Object.assign(Object.create({ locale: 'de-DE' }) as object, { v: 4, type: 'locale' });
      expect(decodeHostMessage(sneaky).ok).toBe(false);
      expect(decodeHostMessage('{"v":4,"type":"locale","__proto__":{"locale":"de-DE"}}').ok).toBe(false);
    });
  });

  it('refuses an oversized message before parsing it', () => {
    const huge = `{"v":1,"type":"logout","pad":"${'x'.repeat(MAX_MESSAGE_CHARS)}"}`;
    expect(decodeHostMessage(huge)).toMatchObject({ ok: false, reason: expect.stringContaining('longer than') });
  });

  it('never reads fields inherited from a prototype', () => {
    const sneaky = Object.create({ v: 1, type: 'logout' }) as object;
    expect(decodeHostMessage(sneaky).ok).toBe(false);
  });

  it('names the unknown type in the reason, cut short', () => {
    const decoded = decodeHostMessage(JSON.stringify({ v: 1, type: 'x'.repeat(500) }));
    expect(!decoded.ok && decoded.reason.length).toBeLessThan(80);
  });
});
