// Fake host webviews for e2e tests: inject one before the page loads, read what the page posted, send it messages.
// See bridge/README.md, "Testing with a fake host".
import type { Page } from '@playwright/test';
import type { HostKind } from '@home-design/portal-bridge';

export const HOST_KINDS: HostKind[] = ['vuplex', 'webview2', 'wkwebview', 'android', 'react-native'];

/** The names of the staging build's config (PORTAL_WEBKIT_HANDLER, PORTAL_ANDROID_BRIDGE defaults). */
export const HOST_NAMES = { webkitHandlerName: 'portal', androidBridgeName: 'PortalBridge' };

export interface FakeHostOptions {
  kind: HostKind;
  names?: typeof HOST_NAMES;
  /**
   * Vuplex only: inject window.vuplex and fire vuplexready this many ms after the page starts, or when the test calls
   * `window.__injectLateHost()` ('manual').
   */
  lateMs?: number | 'manual';
}

/** What the fake host leaves on window, for page.evaluate. */
export interface FakeHostWindow {
  __hostInbox: string[];
  __fakeHost: EventTarget & { emit(data: unknown): void };
  __portalBridgeReceive?: (data: unknown) => boolean;
  __injectLateHost?: () => void;
  /** Delivers `data` to the page the way the injected host's native side does (bridge/README.md "Hosts" table). */
  __hostDeliver: (kind: HostKind, data: unknown) => void;
  /** Set by a test to play the host's native side: called with each JSON text the page posts, after the post returns. */
  __hostOnPost?: (json: string) => void;
}

/** Runs in the page before any of its scripts: a host object that records what the page posts. */
function installFakeHost({
  kind,
  names,
  lateMs,
}: Required<Omit<FakeHostOptions, 'lateMs'>> & Pick<FakeHostOptions, 'lateMs'>): void {
  if (window !== window.top) return;
  const win = window as unknown as FakeHostWindow & Record<string, unknown>;
  const inbox: string[] = [];
  class FakeHost extends EventTarget {
    postMessage(message: unknown) {
      // The page must post JSON strings: anything else is recorded so that parsing it fails the test.
      inbox.push(typeof message === 'string' ? message : `NOT A STRING: ${String(message)}`);
      // A native host hears the post later, never inside the page's call.
      if (typeof message === 'string') setTimeout(() => win.__hostOnPost?.(message), 0);
    }
    emit(data: unknown) {
      this.dispatchEvent(new MessageEvent('message', { data }));
    }
  }
  const host = new FakeHost();
  win.__hostInbox = inbox;
  win.__fakeHost = host;
  win.__hostDeliver = (sender, data) => {
    if (sender === 'vuplex' || sender === 'webview2' || sender === 'android') host.emit(data);
    else if (sender === 'react-native') document.dispatchEvent(new MessageEvent('message', { data }));
    else {
      if (typeof win.__portalBridgeReceive !== 'function')
        throw new Error('the page defines no window.__portalBridgeReceive');
      win.__portalBridgeReceive(data);
    }
  };
  const install = () => {
    if (kind === 'vuplex') win.vuplex = host;
    if (kind === 'webview2') win.chrome = { webview: host };
    if (kind === 'wkwebview') win.webkit = { messageHandlers: { [names.webkitHandlerName]: host } };
    if (kind === 'android') win[names.androidBridgeName] = host;
    if (kind === 'react-native') win.ReactNativeWebView = host;
  };
  const injectLate = () => {
    install();
    window.dispatchEvent(new Event('vuplexready'));
  };
  if (lateMs === undefined) install();
  else if (lateMs === 'manual') win.__injectLateHost = injectLate;
  else setTimeout(injectLate, lateMs);
}

/** Injects the fake host into every page `page` loads from now on, as the webview injects its own object. */
export async function injectHost(page: Page, { kind, names = HOST_NAMES, lateMs }: FakeHostOptions): Promise<void> {
  await page.addInitScript(installFakeHost, lateMs === undefined ? { kind, names } : { kind, names, lateMs });
}

/** The host sends `data` (a JSON string or an object) to the page the way bridge/README.md tells that host to. */
export async function hostSends(page: Page, kind: HostKind, data: unknown): Promise<void> {
  await page.evaluate(({ kind, data }) => (window as unknown as FakeHostWindow).__hostDeliver(kind, data), {
    kind,
    data,
  });
}

/** Every message the page posted to the host so far, parsed. */
export function hostInbox(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (window as unknown as FakeHostWindow).__hostInbox.map((m) => JSON.parse(m) as unknown));
}
