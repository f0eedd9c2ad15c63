import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allowedDesktopTarget, loginUrl, pathUrl } from '../../../src/domain/desktop-target';

describe('allowedDesktopTarget', () => {
  it.each([
    ['http://127.0.0.1:5662', 'http://127.0.0.1:5662'],
    ['http://localhost:5662/', 'http://localhost:5662'],
    ['http://[::1]:5662', 'http://[::1]:5662'],
    ['http://127.0.0.1:5662/callback', 'http://127.0.0.1:5662/callback'],
  ])('accepts the loopback target %s', (raw, expected) => {
    expect(allowedDesktopTarget(raw)).toBe(expected);
  });

  it.each([
    'https://evil.example',
    '//evil.example',
    'http://127.0.0.1@evil.example:5662',
    'http://127.0.0.1.evil.example:5662',
    'http://evil.example\\@127.0.0.1:5662',
    'http://127.0.0.1:5662\\@evil.example',
    'http://127.0.0.1\t:5662',
    'javascript:alert(1)//127.0.0.1:5662',
    'data:text/html,<script>alert(1)</script>',
    'http://127.0.0.1',
    'http://127.0.0.1:99999',
    'http://127.0.0.1:5662?x=1',
    'http://127.0.0.1:5662#x',
    'http://user:pass@127.0.0.1:5662',
    'https://127.0.0.1:5662',
    'http://%31%32%37.0.0.1.evil.example:5662',
    'http://xn--80ak6aa92e.com:5662',
    'http://localhost.:5662.evil.example',
    'ftp://127.0.0.1:5662',
    '',
  ])('refuses %s', (raw) => {
    expect(allowedDesktopTarget(raw)).toBeNull();
  });

  it('accepts an https origin only when the build config lists it', () => {
    expect(allowedDesktopTarget('https://desktop.example.com')).toBeNull();
    expect(allowedDesktopTarget('https://desktop.example.com', ['https://desktop.example.com'])).toBe('https://desktop.example.com');
  });

  it('never accepts a URL whose parsed host is not loopback (10,000 generated URLs)', () => {
    const loopback = new Set(['127.0.0.1', 'localhost', '[::1]']);
    fc.assert(
      fc.property(fc.oneof(fc.webUrl({ withFragments: true, withQueryParameters: true }), fc.string(), fc.webUrl().map((u) => u.replace('://', '://127.0.0.1@'))), (raw) => {
        const accepted = allowedDesktopTarget(raw);
        if (accepted !== null) expect(loopback.has(new URL(accepted).hostname)).toBe(true);
      }),
      { numRuns: 10_000 },
    );
  }, 120_000);
});

describe('hand-off URLs', () => {
  it('puts the token as the raw query of /login', () => {
    expect(loginUrl('http://127.0.0.1:5662', 'abc.def.ghi')).toBe('http://127.0.0.1:5662/login?abc.def.ghi');
  });

  it('appends the desktop state only when one was given', () => {
    expect(loginUrl('http://127.0.0.1:5662', 't', 'x y')).toBe('http://127.0.0.1:5662/login?t&state=x%20y');
  });

  it('refuses a redirect path that climbs out or names a scheme', () => {
    expect(pathUrl('http://127.0.0.1:5662', 'open/design')).toBe('http://127.0.0.1:5662/open/design');
    expect(pathUrl('http://127.0.0.1:5662', '../x')).toBeNull();
    expect(pathUrl('http://127.0.0.1:5662', '//evil.example')).toBeNull();
    expect(pathUrl('http://127.0.0.1:5662', 'https://evil.example')).toBeNull();
  });
});
