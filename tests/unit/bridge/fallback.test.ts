import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bridge, configureBridge } from '@home-design/portal-bridge';
import {
  DESKTOP_CALL_TIMEOUT_MS,
  callDesktop,
  canProbeQuietly,
  desktopCallUrl,
  navigateToDesktop,
  probeDesktop,
} from '../../../bridge/fallback';
import { allowsDesktopOrigin, type DesktopPolicy } from '../../../src/domain/desktop-target';

// The portal's own allow-list (src/domain/desktop-target.ts) as configureBridge gets it.
const BASE: DesktopPolicy = { ports: [5662], extraOrigins: [], privateNetwork: false };
const POLICY = allowsDesktopOrigin(BASE);
import { installHost, removeHosts } from './fake-hosts';

const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJlbWFpbCI6ImFAZXhhbXBsZS5jb20ifQ.c2ln';

const HOSTILE = [
  'https://evil.example/login?token',
  '//evil.example/login?token',
  'http://127.0.0.1@evil.example:5662/login?token',
  'http://127.0.0.1.evil.example:5662/login?token',
  'http://evil.example\\@127.0.0.1:5662/login?token',
  'http://127.0.0.1:5662\\@evil.example/login?token',
  'http://127.0.0.1\t:5662/login?token',
  'http://127.0.0.1:5662/login?token with space',
  'javascript:alert(1)//127.0.0.1:5662',
  'data:text/html,<script>alert(1)</script>',
  'http://127.0.0.1/login?token',
  'https://127.0.0.1:5662/login?token',
  'http://user:pass@127.0.0.1:5662/login?token',
  'http://127.0.0.1:5662/login?token#frag',
  'http://%31%32%37.0.0.1.evil.example:5662/login',
  'ftp://127.0.0.1:5662/login',
  'not a url',
  '',
];

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  removeHosts();
});

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
  }, 60_000);
});

describe('navigateToDesktop', () => {
  it('sends the browser to an allowed desktop URL, replacing the history entry (Back does not hand off again)', () => {
    const win = { location: { assign: vi.fn(), replace: vi.fn() } } as unknown as Window;
    navigateToDesktop(`http://127.0.0.1:5662/login?${TOKEN}`, POLICY, win);
    expect(win.location.replace).toHaveBeenCalledWith(`http://127.0.0.1:5662/login?${TOKEN}`);
    expect(win.location.assign).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it.each(HOSTILE)('does not navigate to %s', (url) => {
    const win = { location: { assign: vi.fn(), replace: vi.fn() } } as unknown as Window;
    navigateToDesktop(url, POLICY, win);
    expect(win.location.replace).not.toHaveBeenCalled();
    expect(win.location.assign).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledOnce();
  });

  it('never writes the token into the warning', () => {
    const win = { location: { assign: vi.fn(), replace: vi.fn() } } as unknown as Window;
    navigateToDesktop(`https://evil.example/login?${TOKEN}`, POLICY, win);
    expect(warn).toHaveBeenCalledWith(
      '[bridge] refused to navigate to https://evil.example: not an allowed desktop target',
    );
  });
});

describe('callDesktop', () => {
  it('makes a credential-less no-cors GET', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 200 }));
    await callDesktop(`http://127.0.0.1:5662/login?${TOKEN}`, POLICY, fetchImpl);
    expect(fetchImpl).toHaveBeenCalledOnce();
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe(`http://127.0.0.1:5662/login?${TOKEN}`);
    expect(init).toMatchObject({ method: 'GET', mode: 'no-cors', credentials: 'omit', referrerPolicy: 'no-referrer' });
  });

  it('ignores a desktop that is not listening', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(callDesktop('http://127.0.0.1:5662/some/path', POLICY, fetchImpl)).resolves.toBeUndefined();
  });

  it('gives up on a desktop that never answers', async () => {
    vi.useFakeTimers();
    const fetchImpl = vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    const done = vi.fn();
    void callDesktop('http://127.0.0.1:5662/some/path', POLICY, fetchImpl).then(done);
    await vi.advanceTimersByTimeAsync(DESKTOP_CALL_TIMEOUT_MS - 1);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalled();
  });

  it.each(HOSTILE)('makes no request to %s', async (url) => {
    const fetchImpl = vi.fn<typeof fetch>();
    await callDesktop(url, POLICY, fetchImpl);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('the public entry', () => {
  beforeEach(() =>
    configureBridge({
      hostNames: { webkitHandlerName: 'portal', androidBridgeName: 'PortalBridge' },
      allowsDesktopOrigin: POLICY,
    }),
  );
  afterEach(() => configureBridge({}));

  it('unconfigured, refuses every desktop target: a forgotten configureBridge fails closed', async () => {
    configureBridge({});
    const fetchSpy = vi.fn<typeof fetch>().mockResolvedValue(new Response(null));
    vi.stubGlobal('fetch', fetchSpy);
    await bridge.callDesktop('http://127.0.0.1:5662/login?t');
    bridge.navigateToDesktop('http://127.0.0.1:5662/login?t');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('uses the host names it was configured with', () => {
    configureBridge({ hostNames: { webkitHandlerName: 'portal', androidBridgeName: 'HomeDesignBridge' } });
    Reflect.set(window, 'HomeDesignBridge', { postMessage: vi.fn() });
    try {
      expect(bridge.detectHost()).toBe('android');
      configureBridge({});
      expect(bridge.detectHost()).toBeNull();
    } finally {
      Reflect.deleteProperty(window, 'HomeDesignBridge');
    }
  });

  it('callDesktop uses the global fetch and the allow-list', async () => {
    const fetchSpy = vi.fn<typeof fetch>().mockResolvedValue(new Response(null));
    vi.stubGlobal('fetch', fetchSpy);
    await bridge.callDesktop('https://evil.example/login?t');
    expect(fetchSpy).not.toHaveBeenCalled();
    await bridge.callDesktop('http://127.0.0.1:5662/login?t');
    expect(fetchSpy).toHaveBeenCalledOnce();
  });

  it('navigateToDesktop refuses a target outside the allow-list', () => {
    bridge.navigateToDesktop('https://evil.example/login?t');
    expect(warn).toHaveBeenCalledWith(
      '[bridge] refused to navigate to https://evil.example: not an allowed desktop target',
    );
  });

  it('detects hosts under the configured names', () => {
    expect(bridge.detectHost()).toBeNull();
    expect(bridge.isEmbedded()).toBe(false);
    const host = installHost('android');
    expect(bridge.detectHost()).toBe('android');
    expect(bridge.isEmbedded()).toBe(true);
    expect(bridge.sendToken('tok', 'unity')).toBe(true);
    expect(host.sent()).toEqual([{ v: 1, type: 'token', kind: 'unity', token: 'tok' }]);
    expect(bridge.sendLogout()).toBe(true);
    expect(bridge.requestOpenInBrowser('https://portal.example/auth')).toBe(true);
  });

  it('whenHostReady resolves at once for a host that is already there', async () => {
    installHost('webview2');
    await expect(bridge.whenHostReady()).resolves.toBe('webview2');
  });
});

describe('probeDesktop', () => {
  const quiet = async () => true;

  it('asks HEAD of the target root without token or credentials, in no-cors mode', async () => {
    const fetchImpl = vi.fn(async () => new Response(null));
    await expect(probeDesktop('http://127.0.0.1:5662', POLICY, { quiet, fetchImpl })).resolves.toBe('listening');
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:5662/');
    expect(init).toMatchObject({ method: 'HEAD', mode: 'no-cors', credentials: 'omit' });
  });

  it('says nothing listens when the connection is refused', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(probeDesktop('http://127.0.0.1:5662', POLICY, { quiet, fetchImpl })).resolves.toBe('notListening');
  });

  it('does not ask where asking could raise a permission prompt, nor a target off the allow-list', async () => {
    const fetchImpl = vi.fn(async () => new Response(null));
    await expect(probeDesktop('http://127.0.0.1:5662', POLICY, { quiet: async () => false, fetchImpl })).resolves.toBe(
      'unknown',
    );
    await expect(probeDesktop('http://127.0.0.1:31337', POLICY, { quiet, fetchImpl })).resolves.toBe('unknown');
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('takes a slow answer as unknown, not as a refusal', async () => {
    vi.useFakeTimers();
    try {
      const fetchImpl = vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      );
      const result = probeDesktop('http://127.0.0.1:5662', POLICY, {
        quiet,
        fetchImpl: fetchImpl as unknown as typeof fetch,
        timeoutMs: 100,
      });
      await vi.advanceTimersByTimeAsync(150);
      await expect(result).resolves.toBe('unknown');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('canProbeQuietly', () => {
  const at = (hostname: string, state?: PermissionState) =>
    ({
      location: { hostname },
      navigator: { permissions: state ? { query: async () => ({ state }) } : undefined },
    }) as unknown as Window;

  it('is quiet on a loopback or private page, or with Local Network Access granted', async () => {
    await expect(canProbeQuietly(at('127.0.0.1'))).resolves.toBe(true);
    await expect(canProbeQuietly(at('localhost'))).resolves.toBe(true);
    await expect(canProbeQuietly(at('192.168.1.4'))).resolves.toBe(true);
    await expect(canProbeQuietly(at('portal.example', 'granted'))).resolves.toBe(true);
  });

  it('is not quiet on a public site without the permission', async () => {
    await expect(canProbeQuietly(at('portal.example', 'prompt'))).resolves.toBe(false);
    await expect(canProbeQuietly(at('portal.example'))).resolves.toBe(false);
    await expect(canProbeQuietly(at('127.0.0.1.portal.example'))).resolves.toBe(false);
  });
});
