// desktopCallUrl, the fallback's check of a desktop call URL (bridge/fallback.ts), through the package's public API.
// A pure function of a string: it runs in Node, whose URL parser is a WHATWG one as the browsers' are (jsdom's, written
// in JavaScript, took 15 s for the 5,000 generated URLs below; docs/testing.md "The budget").
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { desktopCallUrl } from '@home-design/portal-bridge';
import { allowsDesktopOrigin } from '../../../src/domain/desktop-target';
import { BASE, HOSTILE, POLICY, TOKEN } from './desktop-urls';

describe('desktopCallUrl', () => {
  it.each([
    `http://127.0.0.1:5662/login?${TOKEN}`,
    `http://127.0.0.1:5662/login?${TOKEN}&state=abc%20def`,
    'http://localhost:5662/some/path',
    `http://[::1]:5662/login?${TOKEN}`,
  ])('accepts the desktop call %s', (url) => {
    expect(desktopCallUrl(url, POLICY)).toBe(new URL(url).href);
  });

  it.each(HOSTILE)('refuses %s', (url) => {
    expect(desktopCallUrl(url, POLICY)).toBeNull();
  });

  it('asks the allow-list about the origin only, never the path or query that carry the token', () => {
    const asked: string[] = [];
    const allows = (origin: string) => (asked.push(origin), true);
    expect(desktopCallUrl(`http://127.0.0.1:5662/login?${TOKEN}`, allows)).toBe(`http://127.0.0.1:5662/login?${TOKEN}`);
    expect(desktopCallUrl('data:text/html,hi', allows)).toBeNull();
    expect(asked).toEqual(['http://127.0.0.1:5662']);
  });

  it('accepts an extra https origin only when the build config lists it', () => {
    expect(desktopCallUrl('https://desktop.example.com/login?t', POLICY)).toBeNull();
    expect(
      desktopCallUrl(
        'https://desktop.example.com/login?t',
        allowsDesktopOrigin({ ...BASE, extraOrigins: ['https://desktop.example.com'] }),
      ),
    ).toBe('https://desktop.example.com/login?t');
  });

  it('never accepts a URL whose parsed host is not loopback (5,000 generated URLs)', () => {
    const loopback = new Set(['127.0.0.1', 'localhost', '[::1]']);
    const tricks = fc
      .webUrl({ withQueryParameters: true })
      .chain((url) =>
        fc.constantFrom(
          url,
          url.replace('://', '://127.0.0.1@'),
          url.replace('://', '://127.0.0.1:5662@'),
          url.replace(/\/\/([^/]+)/, '//127.0.0.1.$1'),
          `http://127.0.0.1:5662\\@${url}`,
        ),
      );
    fc.assert(
      fc.property(fc.oneof(tricks, fc.string()), (raw) => {
        const accepted = desktopCallUrl(raw, POLICY);
        if (accepted !== null) expect(loopback.has(new URL(accepted).hostname)).toBe(true);
      }),
      { numRuns: 5_000 },
    );
  });
});
