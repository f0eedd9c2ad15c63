// @vitest-environment jsdom
// unit pool: forks (it replaces window.location or performance, which a jsdom window keeps, as browsers do)
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bridge, configureBridge, createBridge, DESKTOP_CALL_TIMEOUT_MS } from '@home-design/portal-bridge';
import { HOSTILE, POLICY, TOKEN } from './desktop-urls';
import { installHost, removeHosts } from './fake-hosts';

// The fallback through the package's public API: a bridge's navigateToDesktop, callDesktop and probeDesktop (over a
// window the test gives it, or this one with `fetch`, `location` and `navigator` stubbed). desktopCallUrl, the check
// they share, is desktop-call-url.test.ts's.

/** A bridge over `win` with the portal's allow-list. */
const bridgeOver = (win: Window = window) => createBridge({ win, allowsDesktopOrigin: POLICY });

/** A window whose navigation the test reads. */
const navigable = () => ({ location: { assign: vi.fn(), replace: vi.fn() } }) as unknown as Window;

/** The global fetch, stubbed (by default: an answer): what a bridge's callDesktop and probeDesktop call. */
function stubFetch(fetchImpl: typeof fetch = async () => new Response(null)) {
  const spy = vi.fn<typeof fetch>(fetchImpl);
  vi.stubGlobal('fetch', spy);
  return spy;
}

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

describe('navigateToDesktop', () => {
  it('sends the browser to an allowed desktop URL, replacing the history entry (Back does not hand off again)', () => {
    const win = navigable();
    bridgeOver(win).navigateToDesktop(`http://127.0.0.1:5662/login?${TOKEN}`);
    expect(win.location.replace).toHaveBeenCalledWith(`http://127.0.0.1:5662/login?${TOKEN}`);
    expect(win.location.assign).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it.each(HOSTILE)('does not navigate to %s', (url) => {
    const win = navigable();
    bridgeOver(win).navigateToDesktop(url);
    expect(win.location.replace).not.toHaveBeenCalled();
    expect(win.location.assign).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledOnce();
  });

  it('never writes the token into the warning', () => {
    bridgeOver(navigable()).navigateToDesktop(`https://evil.example/login?${TOKEN}`);
    expect(warn).toHaveBeenCalledWith(
      '[bridge] refused to navigate to https://evil.example: not an allowed desktop target',
    );
  });
});

describe('callDesktop', () => {
  it('makes a credential-less no-cors GET', async () => {
    const fetchImpl = stubFetch(async () => new Response(null, { status: 200 }));
    await bridgeOver().callDesktop(`http://127.0.0.1:5662/login?${TOKEN}`);
    expect(fetchImpl).toHaveBeenCalledOnce();
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe(`http://127.0.0.1:5662/login?${TOKEN}`);
    expect(init).toMatchObject({ method: 'GET', mode: 'no-cors', credentials: 'omit', referrerPolicy: 'no-referrer' });
  });

  it('ignores a desktop that is not listening', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(bridgeOver().callDesktop('http://127.0.0.1:5662/some/path')).resolves.toBeUndefined();
  });

  it('gives up on a desktop that never answers', async () => {
    vi.useFakeTimers();
    stubFetch(
      (_url, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    const done = vi.fn();
    void bridgeOver().callDesktop('http://127.0.0.1:5662/some/path').then(done);
    await vi.advanceTimersByTimeAsync(DESKTOP_CALL_TIMEOUT_MS - 1);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalled();
  });

  it.each(HOSTILE)('makes no request to %s', async (url) => {
    const fetchImpl = stubFetch();
    await bridgeOver().callDesktop(url);
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
  // This page is on localhost (jsdom's address): a probe from it raises no prompt.
  it('asks HEAD of the target root without token or credentials, in no-cors mode', async () => {
    const fetchImpl = stubFetch();
    await expect(bridgeOver().probeDesktop('http://127.0.0.1:5662')).resolves.toBe('listening');
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('http://127.0.0.1:5662/');
    expect(init).toMatchObject({ method: 'HEAD', mode: 'no-cors', credentials: 'omit' });
  });

  it('says nothing listens when the connection is refused', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(bridgeOver().probeDesktop('http://127.0.0.1:5662')).resolves.toBe('notListening');
  });

  it('does not ask where asking could raise a permission prompt, nor a target off the allow-list', async () => {
    const fetchImpl = stubFetch();
    await expect(bridgeOver().probeDesktop('http://127.0.0.1:31337')).resolves.toBe('unknown');
    vi.stubGlobal('location', { hostname: 'portal.example' });
    vi.stubGlobal('navigator', {});
    await expect(bridgeOver().probeDesktop('http://127.0.0.1:5662')).resolves.toBe('unknown');
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('takes a slow answer as unknown, not as a refusal', async () => {
    vi.useFakeTimers();
    stubFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const result = bridgeOver().probeDesktop('http://127.0.0.1:5662', { timeoutMs: 100 });
    await vi.advanceTimersByTimeAsync(150);
    await expect(result).resolves.toBe('unknown');
  });
});

describe('a probe asks only where no permission prompt can come', () => {
  /** A probe from a page at `hostname`, with Local Network Access in `state` (none: no Permissions API at all). */
  const probeFrom = async (hostname: string, state?: PermissionState) => {
    vi.stubGlobal('location', { hostname });
    vi.stubGlobal('navigator', { permissions: state ? { query: async () => ({ state }) } : undefined });
    const fetchImpl = stubFetch();
    const answer = await bridgeOver().probeDesktop('http://127.0.0.1:5662');
    return { answer, asked: fetchImpl.mock.calls.length > 0 };
  };

  it.each([
    ['a loopback page', '127.0.0.1', undefined],
    ['localhost', 'localhost', undefined],
    ['a private-network page', '192.168.1.4', undefined],
    ['a public site with Local Network Access granted', 'portal.example', 'granted' as const],
  ])('asks from %s', async (_name, hostname, state) => {
    await expect(probeFrom(hostname, state)).resolves.toEqual({ answer: 'listening', asked: true });
  });

  it.each([
    ['a public site where the permission would prompt', 'portal.example', 'prompt' as const],
    ['a public site in a browser without the Permissions API', 'portal.example', undefined],
    ['a public name that starts like a loopback address', '127.0.0.1.portal.example', undefined],
  ])('does not ask from %s', async (_name, hostname, state) => {
    await expect(probeFrom(hostname, state)).resolves.toEqual({ answer: 'unknown', asked: false });
  });
});
