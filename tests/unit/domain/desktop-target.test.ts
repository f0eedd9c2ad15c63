import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowedDesktopTarget,
  desktopPolicy,
  loginUrl,
  pathUrl,
  type DesktopPolicy,
} from '../../../src/domain/desktop-target';

/** The staging build's policy with the default desktop port. */
const POLICY: DesktopPolicy = { ports: [5662], extraOrigins: [], privateNetwork: false };
const DEV_POLICY: DesktopPolicy = { ...POLICY, privateNetwork: true };

describe('allowedDesktopTarget', () => {
  it.each([
    ['http://127.0.0.1:5662', 'http://127.0.0.1:5662'],
    ['http://localhost:5662/', 'http://localhost:5662'],
    ['http://[::1]:5662', 'http://[::1]:5662'],
    ['http://127.0.0.1:5662/callback', 'http://127.0.0.1:5662/callback'],
  ])('accepts the loopback target %s', (raw, expected) => {
    expect(allowedDesktopTarget(raw, POLICY)).toBe(expected);
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
    expect(allowedDesktopTarget(raw, POLICY)).toBeNull();
  });

  it('accepts an https origin only when the build config lists it', () => {
    expect(allowedDesktopTarget('https://desktop.example.com', POLICY)).toBeNull();
    expect(
      allowedDesktopTarget('https://desktop.example.com', { ...POLICY, extraOrigins: ['https://desktop.example.com'] }),
    ).toBe('https://desktop.example.com');
  });

  it.each([
    'http://127.0.0.1:31337',
    'http://localhost:8080',
    'http://[::1]:5663',
    'http://127.0.0.1:80',
    'http://127.0.0.1:0',
  ])('refuses loopback on a port that is not the desktop port: %s', (raw) => {
    expect(allowedDesktopTarget(raw, POLICY)).toBeNull();
  });

  it('accepts the extra ports of PORTAL_DESKTOP_PORTS and only those', () => {
    const policy = desktopPolicy({
      desktopPort: 5662,
      desktopPorts: [41000, 41001],
      allowedDesktopOrigins: [],
      isDevelopment: false,
    });
    expect(policy.ports).toEqual([5662, 41000, 41001]);
    expect(allowedDesktopTarget('http://127.0.0.1:41001', policy)).toBe('http://127.0.0.1:41001');
    expect(allowedDesktopTarget('http://127.0.0.1:41002', policy)).toBeNull();
  });

  it('accepts a private-range IPv4 on the desktop port in development builds only (SPEC 2 dev mode {ip}:5662)', () => {
    for (const ip of ['10.0.0.5', '172.16.4.2', '172.31.255.1', '192.168.1.20']) {
      expect(allowedDesktopTarget(`http://${ip}:5662`, DEV_POLICY)).toBe(`http://${ip}:5662`);
      expect(allowedDesktopTarget(`http://${ip}:5662`, POLICY)).toBeNull();
      expect(allowedDesktopTarget(`http://${ip}:5663`, DEV_POLICY)).toBeNull();
    }
    for (const ip of ['172.32.0.1', '172.15.0.1', '8.8.8.8', '192.169.0.1', '11.0.0.1', '169.254.0.1']) {
      expect(allowedDesktopTarget(`http://${ip}:5662`, DEV_POLICY)).toBeNull();
    }
    expect(
      desktopPolicy({ desktopPort: 5662, desktopPorts: [], allowedDesktopOrigins: [], isDevelopment: true })
        .privateNetwork,
    ).toBe(true);
    expect(
      desktopPolicy({ desktopPort: 5662, desktopPorts: [], allowedDesktopOrigins: [], isDevelopment: false })
        .privateNetwork,
    ).toBe(false);
  });

  it.each([
    ['10.255.255.255', 'http://10.255.255.255:5662'],
    ['192.168.0.1', 'http://192.168.0.1:5662'],
    ['172.20.0.1', 'http://172.20.0.1:5662'],
    // The private ranges are read from the URL parser's dotted decimal: a short or hex form is the address it names.
    ['10.0.0', 'http://10.0.0.0:5662'],
    ['0x0a.0.0.1', 'http://10.0.0.1:5662'],
    ['256.1.1.1', null],
    ['evil.10.0.0.1', null],
    ['10.0.0.1.evil.example', null],
  ])('knows the private IPv4 ranges in development builds: %s', (host, expected) => {
    expect(allowedDesktopTarget(`http://${host}:5662`, DEV_POLICY)).toBe(expected);
  });

  it('never accepts another port or a non-loopback host, whatever the URL (10,000 generated targets with ports)', () => {
    const loopback = new Set(['127.0.0.1', 'localhost', '[::1]']);
    // The private-range addresses among the hosts below: only a development build accepts them.
    const privateHosts = new Set(['10.0.0.1', '192.168.0.7']);
    const host = fc.constantFrom(
      '127.0.0.1',
      'localhost',
      '[::1]',
      '10.0.0.1',
      '192.168.0.7',
      'evil.example',
      '127.0.0.1.evil.example',
      '0x7f.1',
    );
    const target = fc.tuple(
      fc.constantFrom('http', 'https', 'ftp'),
      host,
      fc.integer({ min: 0, max: 70000 }),
      fc.constantFrom('', '/', '/cb', '?q', '#f', '@evil.example'),
    );
    fc.assert(
      fc.property(target, fc.boolean(), ([scheme, h, port, tail], dev) => {
        const raw = `${scheme}://${h}:${port}${tail}`;
        const accepted = allowedDesktopTarget(raw, dev ? DEV_POLICY : POLICY);
        if (accepted === null) return;
        const url = new URL(accepted);
        expect(url.port).toBe('5662');
        expect(url.protocol).toBe('http:');
        expect(loopback.has(url.hostname) || (dev && privateHosts.has(url.hostname))).toBe(true);
      }),
      { numRuns: 10_000 },
    );
  }, 120_000);

  it('never accepts a URL whose parsed host is not loopback (10,000 generated URLs)', () => {
    const loopback = new Set(['127.0.0.1', 'localhost', '[::1]']);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.webUrl({ withFragments: true, withQueryParameters: true }),
          fc.string(),
          fc.webUrl().map((u) => u.replace('://', '://127.0.0.1@')),
        ),
        (raw) => {
          const accepted = allowedDesktopTarget(raw, POLICY);
          if (accepted !== null) expect(loopback.has(new URL(accepted).hostname)).toBe(true);
        },
      ),
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
