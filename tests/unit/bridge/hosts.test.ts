// @vitest-environment jsdom
// Which host webview the page runs in, and which window message events count as that host speaking: through the
// package's public API only (a bridge from createBridge, its detectHost and onHostMessage), as a host team sees it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBridge, HOST_KINDS, type HostNames } from '@home-design/portal-bridge';
import { NAMES, installHost, removeHosts } from './fake-hosts';

afterEach(() => removeHosts());

/** The host a bridge over this window finds under `names` (creating a bridge touches nothing). */
const detectHost = (names: HostNames = NAMES) => createBridge({ win: window, names }).detectHost();

describe('detectHost', () => {
  it('finds no host in a plain browser', () => {
    expect(detectHost()).toBeNull();
  });

  it.each(HOST_KINDS)('finds %s by its injected object', (kind) => {
    installHost(kind);
    expect(detectHost()).toBe(kind);
  });

  it('uses the configured names for WKWebView and Android', () => {
    installHost('wkwebview');
    expect(detectHost({ ...NAMES, webkitHandlerName: 'other' })).toBeNull();
    removeHosts();
    installHost('android');
    expect(detectHost({ ...NAMES, androidBridgeName: 'Other' })).toBeNull();
    expect(detectHost({ ...NAMES, androidBridgeName: '' })).toBeNull();
  });

  it('prefers the specific hosts over the generic WKWebView and Android objects they run on', () => {
    installHost('android');
    installHost('wkwebview');
    expect(detectHost()).toBe('wkwebview');
    installHost('react-native');
    expect(detectHost()).toBe('react-native');
    installHost('vuplex');
    expect(detectHost()).toBe('vuplex');
  });

  it('ignores look-alikes without a postMessage function', () => {
    Reflect.set(window, 'vuplex', { postMessage: 'not a function' });
    Reflect.set(window, 'chrome', { runtime: {} });
    Reflect.set(window, 'webkit', { messageHandlers: {} });
    Reflect.set(window, 'ReactNativeWebView', null);
    expect(detectHost()).toBeNull();
  });

  it('survives a host object whose getter throws', () => {
    Object.defineProperty(window, 'ReactNativeWebView', {
      configurable: true,
      get() {
        throw new Error('gone');
      },
    });
    expect(detectHost()).toBeNull();
  });
});

describe('host objects are read defensively', () => {
  it('takes primitives where host objects belong for no host, and never throws', () => {
    Reflect.set(window, 'vuplex', 'text');
    Reflect.set(window, 'chrome', 42);
    Reflect.set(window, 'webkit', true);
    Reflect.set(window, NAMES.androidBridgeName, 'postMessage');
    expect(detectHost()).toBeNull();
  });

  it('counts only objects: a string is no host even when a page script gave strings a postMessage', () => {
    Reflect.set(String.prototype, 'postMessage', () => {});
    try {
      Reflect.set(window, 'ReactNativeWebView', 'text');
      Reflect.set(window, NAMES.androidBridgeName, 'text');
      expect(detectHost()).toBeNull();
    } finally {
      Reflect.deleteProperty(String.prototype, 'postMessage');
    }
  });
});

describe('which window message events count as the host speaking', () => {
  const LOGOUT = '{"v":1,"type":"logout"}';
  const other = { postMessage() {} };

  /**
   * A WKWebView page whose window hands its `message` listeners events shaped by the test: a real event is either
   * trusted or dispatched by script, and jsdom gives none a source, so the combinations below need a stand-in window.
   */
  function wkWebViewPage() {
    const listeners = new Set<(event: unknown) => void>();
    const win = {
      webkit: { messageHandlers: { [NAMES.webkitHandlerName]: { postMessage: vi.fn() } } },
      document: { addEventListener() {}, removeEventListener() {} },
      addEventListener(type: string, listener: (event: unknown) => void) {
        if (type === 'message') listeners.add(listener);
      },
      removeEventListener(_type: string, listener: (event: unknown) => void) {
        listeners.delete(listener);
      },
    };
    const bridge = createBridge({ win: win as unknown as Window, names: NAMES });
    const handler = vi.fn();
    bridge.onHostMessage(handler);
    /** A window `message` event: its source is the page's own window (`'page'`), `other` or null/absent. */
    const dispatch = (event: { source?: unknown; isTrusted?: boolean }) => {
      const source = event.source === 'page' ? win : event.source;
      for (const listener of [...listeners]) listener({ ...event, source, data: LOGOUT });
    };
    return { bridge, handler, dispatch };
  }

  it.each([
    ['posted from the page itself (source is this window)', { source: 'page', isTrusted: true }, true],
    [
      'dispatched by script with no source (React Native, an injected MessageEvent)',
      { source: null, isTrusted: false },
      true,
    ],
    ['posted by a frame or the opener (another window)', { source: other, isTrusted: true }, false],
    ['another window, even when dispatched by script', { source: other, isTrusted: false }, false],
    [
      'trusted with no source (a frame removed right after posting, a closed popup)',
      { source: null, isTrusted: true },
      false,
    ],
    ['with no isTrusted at all', { source: null }, false],
  ])('%s: %s', (_name, event, accepted) => {
    const { bridge, handler, dispatch } = wkWebViewPage();
    dispatch(event);
    expect(handler).toHaveBeenCalledTimes(accepted ? 1 : 0);
    if (accepted) expect(handler).toHaveBeenCalledWith(expect.objectContaining({ type: 'logout' }));
    bridge.dispose();
  });
});
