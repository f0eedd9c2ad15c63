// Fake host objects, shaped like the real injected ones, installed on the jsdom window for the bridge tests.
import { vi } from 'vitest';
import type { HostKind, HostNames } from '@home-design/portal-bridge';

export const NAMES: HostNames = { webkitHandlerName: 'portal', androidBridgeName: 'PortalBridge' };

/** An object with postMessage (recording what the page sent) that can also dispatch `message` events, like vuplex or chrome.webview. */
export class FakeHostObject extends EventTarget {
  readonly postMessage = vi.fn<(message: unknown) => void>();

  /** The messages the page posted, parsed. */
  sent(): unknown[] {
    return this.postMessage.mock.calls.map(([message]) => JSON.parse(String(message)));
  }

  /** The host sends `data` through its own channel. */
  emit(data: unknown): void {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

const GLOBALS = ['vuplex', 'chrome', 'webkit', 'ReactNativeWebView', NAMES.androidBridgeName];

/** Installs the fake object where `kind` puts its own, and returns it. */
export function installHost(kind: HostKind, win: Window = window): FakeHostObject {
  const host = new FakeHostObject();
  const set = (key: string, value: unknown) => Reflect.set(win, key, value);
  switch (kind) {
    case 'vuplex':
      set('vuplex', host);
      break;
    case 'webview2':
      set('chrome', { webview: host });
      break;
    case 'wkwebview':
      set('webkit', { messageHandlers: { [NAMES.webkitHandlerName]: host } });
      break;
    case 'android':
      set(NAMES.androidBridgeName, host);
      break;
    case 'react-native':
      set('ReactNativeWebView', host);
      break;
  }
  return host;
}

export function removeHosts(win: Window = window): void {
  for (const key of GLOBALS) Reflect.deleteProperty(win, key);
}
