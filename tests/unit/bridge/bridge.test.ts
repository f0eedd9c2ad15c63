// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createBridge,
  RECEIVE_FUNCTION,
  type Bridge,
  type HostKind,
  type HostMessage,
} from '@home-design/portal-bridge';
import { FakeHostObject, NAMES, installHost, removeHosts } from './fake-hosts';

type Send = (host: FakeHostObject, data: unknown) => void;

const receiveFunction: Send = (_host, data) => {
  const receive = Reflect.get(window, RECEIVE_FUNCTION) as (data: unknown) => boolean;
  receive(data);
};
const windowEvent: Send = (_host, data) => window.dispatchEvent(new MessageEvent('message', { data }));
const documentEvent: Send = (_host, data) => document.dispatchEvent(new MessageEvent('message', { data }));
const ownChannel: Send = (host, data) => host.emit(data);

/** Every way each host can deliver a message to the page (bridge/README.md "Host → page"). */
const WAYS: Record<HostKind, Array<[string, Send]>> = {
  vuplex: [
    ['window.vuplex message event', ownChannel],
    ['the receive function', receiveFunction],
  ],
  webview2: [
    ['chrome.webview message event', ownChannel],
    ['the receive function', receiveFunction],
  ],
  wkwebview: [
    ['the receive function', receiveFunction],
    ['a window message event', windowEvent],
  ],
  android: [
    ['the receive function', receiveFunction],
    ['the WebMessageListener object', ownChannel],
    ['a window message event', windowEvent],
  ],
  'react-native': [
    ['a document message event (Android)', documentEvent],
    ['a window message event (iOS)', windowEvent],
    ['the receive function', receiveFunction],
  ],
};

let bridges: Bridge[] = [];
let warn: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;

function bridgeFor(now = () => 0): Bridge {
  const bridge = createBridge({ win: window, names: NAMES, now });
  bridges.push(bridge);
  return bridge;
}

beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  error = vi.spyOn(console, 'error');
});

afterEach(() => {
  for (const bridge of bridges) bridge.dispose();
  bridges = [];
  removeHosts();
  vi.useRealTimers();
  expect(error).not.toHaveBeenCalled();
  vi.restoreAllMocks();
});

describe.each(Object.keys(WAYS) as HostKind[])('with the %s host', (kind) => {
  it('is detected and embedded', () => {
    installHost(kind);
    const bridge = bridgeFor();
    expect(bridge.detectHost()).toBe(kind);
    expect(bridge.isEmbedded()).toBe(true);
  });

  it('posts each page message to the host as one JSON string', () => {
    const host = installHost(kind);
    const bridge = bridgeFor();
    expect(bridge.sendToken('id.token.jwt', 'identity')).toBe(true);
    expect(bridge.sendToken('unity-token', 'unity', 'st4te', 'req-1')).toBe(true);
    expect(bridge.sendLogout()).toBe(true);
    expect(bridge.requestOpenInBrowser('https://portal.example/auth?redirect=x')).toBe(true);
    expect(bridge.sendTokenUnavailable('signedOut', 'unity', 'req-2')).toBe(true);
    expect(bridge.sendTokenUnavailable('failed', 'identity', 'req-3')).toBe(true);
    expect(bridge.sendSignedIn()).toBe(true);
    for (const [message] of host.postMessage.mock.calls) expect(typeof message).toBe('string');
    expect(host.sent()).toEqual([
      { v: 1, type: 'token', kind: 'identity', token: 'id.token.jwt' },
      { v: 1, type: 'token', kind: 'unity', token: 'unity-token', state: 'st4te', requestId: 'req-1' },
      { v: 1, type: 'logout' },
      { v: 1, type: 'openUrl', url: 'https://portal.example/auth?redirect=x' },
      { v: 1, type: 'tokenUnavailable', kind: 'unity', reason: 'signedOut', requestId: 'req-2' },
      // Version 2 messages carry v 2; everything a version 1 host knows keeps v 1.
      { v: 2, type: 'tokenUnavailable', kind: 'identity', reason: 'failed', requestId: 'req-3' },
      { v: 2, type: 'signedIn' },
    ]);
  });

  it('announces ready once when started', async () => {
    const host = installHost(kind);
    const bridge = bridgeFor();
    await expect(bridge.start()).resolves.toBe(kind);
    await bridge.start();
    expect(host.sent()).toEqual([{ v: 1, type: 'ready', versions: [1, 2, 3, 4] }]);
  });

  it.each(WAYS[kind])('delivers decoded host messages sent through %s', (_way, send) => {
    const host = installHost(kind);
    const bridge = bridgeFor();
    const received: HostMessage[] = [];
    bridge.onHostMessage((message) => received.push(message));
    send(host, '{"v":1,"type":"canMakePayments","allowed":false}');
    send(host, { v: 1, type: 'unityToken', requestId: 'r-9', extra: 'dropped' });
    send(host, '{"v":1,"type":"logout"}');
    send(host, '{"v":4,"type":"locale","locale":"de-DE"}');
    expect(received).toEqual([
      { type: 'canMakePayments', allowed: false },
      { type: 'unityToken', requestId: 'r-9' },
      { type: 'logout' },
      { type: 'locale', locale: 'de-DE' },
    ]);
    expect(warn).not.toHaveBeenCalled();
  });

  it.each(WAYS[kind])(
    'ignores malformed, unknown and wrong-version messages sent through %s, with a warning',
    (_way, send) => {
      const host = installHost(kind);
      const bridge = bridgeFor();
      const handler = vi.fn();
      bridge.onHostMessage(handler);
      const bad = [
        '{"v":9,"type":"logout"}',
        '{"v":1,"type":"deleteEverything"}',
        '{"v":1,"type":"canMakePayments","allowed":"no"}',
        '{"v":4,"type":"locale","locale":"<img src=x onerror=alert(1)>"}',
        { v: '1', type: 'logout' },
        { type: 'logout' },
      ];
      for (const data of bad) send(host, data);
      expect(handler).not.toHaveBeenCalled();
      expect(warn).toHaveBeenCalledTimes(bad.length);
      for (const [text] of warn.mock.calls) expect(String(text)).toMatch(/^\[bridge\] ignored a host message: /);
      expect(host.postMessage).not.toHaveBeenCalled();
    },
  );
});

describe('messages on shared channels', () => {
  it('never reads window messages that come from a frame', () => {
    installHost('react-native');
    const bridge = bridgeFor();
    const handler = vi.fn();
    bridge.onHostMessage(handler);
    const frame = document.createElement('iframe');
    document.body.append(frame);
    window.dispatchEvent(new MessageEvent('message', { data: '{"v":1,"type":"logout"}', source: frame.contentWindow }));
    expect(handler).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    frame.remove();
  });

  it('reads document message events for React Native (Android) only', () => {
    for (const kind of ['wkwebview', 'android'] as const) {
      installHost(kind);
      const bridge = bridgeFor();
      const handler = vi.fn();
      bridge.onHostMessage(handler);
      documentEvent(new FakeHostObject(), '{"v":1,"type":"logout"}');
      expect(handler, kind).not.toHaveBeenCalled();
      bridge.dispose();
      removeHosts();
    }
  });

  it('stays quiet about window messages that are not meant for the bridge, but warns on the host channel', () => {
    const host = installHost('android');
    const bridge = bridgeFor();
    bridge.onHostMessage(vi.fn());
    window.dispatchEvent(new MessageEvent('message', { data: 'setImmediate$0.123' }));
    window.dispatchEvent(new MessageEvent('message', { data: { someLibrary: true } }));
    expect(warn).not.toHaveBeenCalled();
    host.emit('setImmediate$0.123');
    expect(warn).toHaveBeenCalledWith('[bridge] ignored a host message: not JSON');
  });

  it('tells the host through the receive function whether a message was accepted', () => {
    installHost('wkwebview');
    const bridge = bridgeFor();
    bridge.onHostMessage(vi.fn());
    const receive = Reflect.get(window, RECEIVE_FUNCTION) as (data: unknown) => boolean;
    expect(receive('{"v":1,"type":"logout"}')).toBe(true);
    expect(receive('{"v":1,"type":"nope"}')).toBe(false);
  });
});

describe('handlers', () => {
  it('stop receiving after unsubscribing, and a message nobody handles is reported', () => {
    const host = installHost('vuplex');
    const bridge = bridgeFor();
    const handler = vi.fn();
    const unsubscribe = bridge.onHostMessage(handler);
    unsubscribe();
    host.emit('{"v":1,"type":"logout"}');
    expect(handler).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith('[bridge] no handler for the host message "logout"');
  });

  it('a failing handler does not keep the message from the others, and its error still surfaces', () => {
    vi.useFakeTimers();
    const host = installHost('webview2');
    const bridge = bridgeFor();
    const second = vi.fn();
    bridge.onHostMessage(() => {
      throw new Error('handler broke');
    });
    bridge.onHostMessage(second);
    host.emit({ v: 1, type: 'logout' });
    expect(second).toHaveBeenCalledWith({ type: 'logout' });
    expect(() => vi.runAllTimers()).toThrow('handler broke');
  });

  it('dispose removes the receive function and the listeners', () => {
    const host = installHost('vuplex');
    const bridge = bridgeFor();
    const handler = vi.fn();
    bridge.onHostMessage(handler);
    expect(typeof Reflect.get(window, RECEIVE_FUNCTION)).toBe('function');
    bridge.dispose();
    expect(Reflect.get(window, RECEIVE_FUNCTION)).toBeUndefined();
    host.emit('{"v":1,"type":"logout"}');
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('without a host', () => {
  it('is not embedded and sends nothing, so the caller falls back', () => {
    const bridge = bridgeFor();
    expect(bridge.detectHost()).toBeNull();
    expect(bridge.isEmbedded()).toBe(false);
    expect(bridge.sendToken('t', 'identity')).toBe(false);
    expect(bridge.sendLogout()).toBe(false);
    expect(bridge.requestOpenInBrowser('https://portal.example/')).toBe(false);
  });

  it('does not wait for Vuplex once the wait after the load is over', async () => {
    const bridge = bridgeFor(() => 10_000);
    await expect(bridge.whenHostReady(2_500)).resolves.toBeNull();
    await expect(bridge.start()).resolves.toBeNull();
  });
});

describe('a host object that fails', () => {
  it('counts as not delivered, with a warning that does not contain the token', () => {
    const host = installHost('react-native');
    host.postMessage.mockImplementation(() => {
      throw new Error('bridge torn down');
    });
    const bridge = bridgeFor();
    expect(bridge.sendToken('secret-token', 'identity')).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('refused a "token" message: bridge torn down');
    expect(String(warn.mock.calls[0]?.[0])).not.toContain('secret-token');
  });
});

describe('requestOpenInBrowser', () => {
  it.each([
    'javascript:alert(1)',
    'data:text/html,hi',
    'file:///etc/passwd',
    'dreambook://open',
    'https://user:pw@portal.example/',
    '/auth',
    '',
  ])('refuses %s without asking the host', (url) => {
    const host = installHost('wkwebview');
    const bridge = bridgeFor();
    expect(bridge.requestOpenInBrowser(url)).toBe(false);
    expect(host.postMessage).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('Vuplex injected late', () => {
  function injectVuplexLater(): FakeHostObject {
    const host = installHost('vuplex');
    Reflect.deleteProperty(window, 'vuplex');
    return host;
  }
  function vuplexBecomesReady(host: FakeHostObject): void {
    Reflect.set(window, 'vuplex', host);
    window.dispatchEvent(new Event('vuplexready'));
  }

  it('whenHostReady waits for vuplexready', async () => {
    const host = injectVuplexLater();
    const bridge = bridgeFor();
    expect(bridge.isEmbedded()).toBe(false);
    const ready = bridge.whenHostReady(2_500);
    vuplexBecomesReady(host);
    await expect(ready).resolves.toBe('vuplex');
    expect(bridge.isEmbedded()).toBe(true);
  });

  it('while the page is still loading, the wait for Vuplex starts at the load event', async () => {
    vi.useFakeTimers();
    let clock = 0;
    let loaded: number | null = null;
    const bridge = createBridge({ win: window, names: NAMES, now: () => clock, loadedAt: () => loaded });
    bridges.push(bridge);
    const settled = vi.fn();
    void bridge.whenHostReady(2_500).then(settled);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(settled).not.toHaveBeenCalled();
    clock = loaded = 10_000;
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(2_499);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledWith(null);
  });

  it('long after the load, a plain browser does not wait at all', async () => {
    const bridge = createBridge({ win: window, names: NAMES, now: () => 60_000, loadedAt: () => 1_000 });
    bridges.push(bridge);
    await expect(bridge.whenHostReady(2_500)).resolves.toBeNull();
  });

  it('whenHostReady gives up at the timeout, counted from the load', async () => {
    vi.useFakeTimers();
    let elapsed = 1_000;
    const bridge = createBridge({ win: window, names: NAMES, now: () => elapsed, loadedAt: () => 0 });
    bridges.push(bridge);
    const settled = vi.fn();
    void bridge.whenHostReady(2_500).then(settled);
    await vi.advanceTimersByTimeAsync(1_499);
    expect(settled).not.toHaveBeenCalled();
    elapsed = 2_500;
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledWith(null);
  });

  it('start sends ready, and host messages arrive, only after vuplexready', async () => {
    const host = injectVuplexLater();
    const bridge = bridgeFor();
    const handler = vi.fn();
    bridge.onHostMessage(handler);
    const started = bridge.start();
    expect(host.postMessage).not.toHaveBeenCalled();
    vuplexBecomesReady(host);
    await expect(started).resolves.toBe('vuplex');
    expect(host.sent()).toEqual([{ v: 1, type: 'ready', versions: [1, 2, 3, 4] }]);
    host.emit('{"v":1,"type":"canMakePayments","allowed":true}');
    expect(handler).toHaveBeenCalledWith({ type: 'canMakePayments', allowed: true });
  });

  it('Vuplex arriving after the wait still gets ready, and its messages are read', async () => {
    const host = injectVuplexLater();
    const bridge = bridgeFor(() => 60_000);
    const handler = vi.fn();
    bridge.onHostMessage(handler);
    await expect(bridge.start()).resolves.toBeNull();
    vuplexBecomesReady(host);
    expect(host.sent()).toEqual([{ v: 1, type: 'ready', versions: [1, 2, 3, 4] }]);
    host.emit('{"v":1,"type":"logout"}');
    expect(handler).toHaveBeenCalledOnce();
  });

  it('a WKWebView handler added after the wait hears ready before the first message to it', async () => {
    const bridge = bridgeFor(() => 60_000);
    await expect(bridge.start()).resolves.toBeNull();
    const host = installHost('wkwebview');
    expect(bridge.sendSignedIn()).toBe(true);
    expect(bridge.sendToken('id-token', 'identity')).toBe(true);
    expect(host.sent()).toEqual([
      { v: 1, type: 'ready', versions: [1, 2, 3, 4] },
      { v: 2, type: 'signedIn' },
      { v: 1, type: 'token', kind: 'identity', token: 'id-token' },
    ]);
  });

  it('a subscription made before vuplexready hears the host after it', () => {
    const host = injectVuplexLater();
    const bridge = bridgeFor();
    const handler = vi.fn();
    bridge.onHostMessage(handler);
    vuplexBecomesReady(host);
    host.emit('{"v":1,"type":"logout"}');
    expect(handler).toHaveBeenCalledOnce();
  });
});
