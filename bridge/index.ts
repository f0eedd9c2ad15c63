// The bridge's public entry: talks to the host webview when there is one, else falls back to the desktop calls.
// It imports nothing outside bridge/: the app injects its settings once with configureBridge().
import * as fallback from './fallback';
import {
  detectHostIn,
  RECEIVE_FUNCTION,
  transportFor,
  VUPLEX_READY_EVENT,
  type Channel,
  type HostKind,
  type HostNames,
} from './hosts';
import {
  decodeHostMessage,
  encodePageMessage,
  type HostMessage,
  type PageMessage,
  type TokenKind,
  type TokenUnavailableReason,
} from './protocol';
import type { DesktopAllowList } from './fallback';

export {
  BRIDGE_VERSION,
  decodeHostMessage,
  encodePageMessage,
  HOST_MESSAGE_TYPES,
  PAGE_MESSAGE_TYPES,
  SUPPORTED_VERSIONS,
} from './protocol';
export type { HostMessage, HostMessageType, PageMessage, TokenKind, TokenUnavailableReason } from './protocol';
export { HOST_KINDS, RECEIVE_FUNCTION, VUPLEX_READY_EVENT } from './hosts';
export type { HostKind, HostNames } from './hosts';
export { desktopCallUrl, DESKTOP_CALL_TIMEOUT_MS, DESKTOP_PROBE_TIMEOUT_MS } from './fallback';
export type { DesktopAllowList, DesktopProbe } from './fallback';

/** What the app tells the bridge once at start-up (configureBridge). */
export interface BridgeSettings {
  /** The names of the injected WKWebView handler and Android object (the portal's PORTAL_WEBKIT_HANDLER, PORTAL_ANDROID_BRIDGE). */
  hostNames: HostNames;
  /** The desktop allow-list of the fallback: origins that may receive a desktop call or the redirect. */
  allowsDesktopOrigin: DesktopAllowList;
}

/** Until configured: the documented default host names, and no desktop origin at all (a forgotten call fails closed). */
export const DEFAULT_BRIDGE_SETTINGS: Readonly<BridgeSettings> = Object.freeze({
  hostNames: Object.freeze({ webkitHandlerName: 'portal', androidBridgeName: 'PortalBridge' }),
  allowsDesktopOrigin: () => false,
});

let settings: BridgeSettings = DEFAULT_BRIDGE_SETTINGS;

/** Sets what the bridge functions below use; call it once before anything else of the bridge. Fields left out keep the default. */
export function configureBridge(next: Partial<BridgeSettings>): void {
  settings = { ...DEFAULT_BRIDGE_SETTINGS, ...next };
}

/**
 * How long after the page's load event Vuplex may still inject `window.vuplex`. Measured from the load, not from the
 * call, so a hand-off long after load does not wait at all, and a slow load does not cut Vuplex short. The app waits
 * only for a page launched with the host hint `?host=vuplex` (src/domain/launch.ts): a plain browser never waits.
 */
export const HOST_WAIT_MS = 2_500;

export type HostMessageHandler = (message: HostMessage) => void;

export interface Bridge {
  detectHost(): HostKind | null;
  isEmbedded(): boolean;
  whenHostReady(timeoutMs?: number): Promise<HostKind | null>;
  start(): Promise<HostKind | null>;
  sendToken(token: string, kind: TokenKind, state?: string, requestId?: string): boolean;
  sendTokenUnavailable(reason: TokenUnavailableReason, kind?: TokenKind, requestId?: string): boolean;
  sendSignedIn(): boolean;
  sendLogout(): boolean;
  sendPageError(route: string, message: string): boolean;
  /** Calls `handler` once a host can be reached: soon when it is there already, else when Vuplex becomes ready. */
  onHostReady(handler: (host: HostKind) => void): () => void;
  requestOpenInBrowser(url: string): boolean;
  onHostMessage(handler: HostMessageHandler): () => void;
  /** The browser-redirect fallback (SPEC 4): `location.replace(url)`, refused unless the desktop allow-list accepts its origin. */
  navigateToDesktop(url: string): void;
  /** The no-cors GET fallback (SPEC 2 /return-to-app, SPEC 7); failures ignored, refused unless its origin is allowed. */
  callDesktop(url: string): Promise<void>;
  /**
   * Whether the desktop app listens at `target` (see probeDesktop in fallback.ts); 'unknown' where asking could prompt,
   * or when no answer came within `timeoutMs` (DESKTOP_PROBE_TIMEOUT_MS by default).
   */
  probeDesktop(target: string, options?: { timeoutMs?: number }): Promise<fallback.DesktopProbe>;
  /** Stops listening and removes the receive function (tests, or a page being torn down). */
  dispose(): void;
}

export interface BridgeOptions {
  win?: Window;
  /** The host names; those of configureBridge() (read at each use) by default. */
  names?: HostNames;
  /** Origins that may receive a desktop call or the redirect; configureBridge()'s (read at each use) by default. */
  allowsDesktopOrigin?: DesktopAllowList;
  /** Milliseconds since the page started loading; `performance.now()` by default. */
  now?: () => number;
  /** When the page's load event ended, on the `now` clock; read from the navigation timing entry by default. */
  loadedAt?: () => number | null;
}

const warn = (text: string) => console.warn(`[bridge] ${text}`);

/** A bridge over `win`. The app uses `bridge` below; tests make their own. Creating one touches nothing yet. */
export function createBridge(options: BridgeOptions = {}): Bridge {
  // globalThis.window: a Node process may import the package (its protocol, its types) without a window.
  const win = options.win ?? globalThis.window;
  const hostNames = () => options.names ?? settings.hostNames;
  const allowList: DesktopAllowList = (origin) => (options.allowsDesktopOrigin ?? settings.allowsDesktopOrigin)(origin);
  const now = options.now ?? (() => win.performance.now());
  const loadedAt = options.loadedAt ?? (() => loadEnd(win));
  const handlers = new Set<HostMessageHandler>();
  const readyHandlers = new Set<(host: HostKind) => void>();
  const hostReady = () => {
    const host = detect();
    if (host !== null) for (const handler of [...readyHandlers]) handler(host);
  };
  let stops: Array<() => void> | null = null;
  let started: Promise<HostKind | null> | null = null;
  let readySent = false;

  const detect = () => detectHostIn(win, hostNames());

  function post(message: PageMessage): boolean {
    const host = detect();
    if (host === null) return false;
    // A host object that appeared after the wait (a WKWebView handler added late) hears `ready` before anything else.
    if (message.type !== 'ready') announce();
    const json = encodePageMessage(message);
    try {
      transportFor(host, win, hostNames()).send(json);
      return true;
    } catch (error) {
      warn(
        `the ${host} host refused a "${message.type}" message: ${error instanceof Error ? error.message : String(error)}`,
      );
      return false;
    }
  }

  function deliver(data: unknown, channel: Channel): boolean {
    const decoded = decodeHostMessage(data);
    if (!decoded.ok) {
      // Window message events are shared with other scripts: only what looks like ours is worth a warning.
      if (channel === 'host' || decoded.addressed) warn(`ignored a host message: ${decoded.reason}`);
      return false;
    }
    if (handlers.size === 0) {
      warn(`no handler for the host message "${decoded.message.type}"`);
      return false;
    }
    for (const handler of [...handlers]) {
      try {
        handler(decoded.message);
      } catch (error) {
        // One failing handler must not starve the others; the error still surfaces as an uncaught one.
        setTimeout(() => {
          throw error;
        });
      }
    }
    return true;
  }

  /** Sends `ready` once, after start() was called and as soon as a host is there (Vuplex may come after the wait). */
  function announce(): void {
    if (started !== null && !readySent && detect() !== null) readySent = post({ type: 'ready' });
  }

  /** Installs the receive function and the host's incoming channel, now or when Vuplex becomes ready. */
  function attach(): void {
    if (stops) return;
    const own: Array<() => void> = [];
    stops = own;
    const receive = (data: unknown): boolean => deliver(data, 'host');
    Reflect.set(win, RECEIVE_FUNCTION, receive);
    own.push(() => {
      if (Reflect.get(win, RECEIVE_FUNCTION) === receive) Reflect.deleteProperty(win, RECEIVE_FUNCTION);
    });
    const host = detect();
    if (host !== null) {
      own.push(transportFor(host, win, hostNames()).listen(deliver));
      return;
    }
    const onVuplexReady = () => {
      win.removeEventListener(VUPLEX_READY_EVENT, onVuplexReady);
      if (stops !== own || detect() !== 'vuplex') return;
      own.push(transportFor('vuplex', win, hostNames()).listen(deliver));
      announce();
      hostReady();
    };
    win.addEventListener(VUPLEX_READY_EVENT, onVuplexReady);
    own.push(() => win.removeEventListener(VUPLEX_READY_EVENT, onVuplexReady));
  }

  function whenHostReady(timeoutMs: number = HOST_WAIT_MS): Promise<HostKind | null> {
    const found = detect();
    if (found !== null) return Promise.resolve(found);
    const loaded = loadedAt();
    if (loaded !== null && now() - loaded >= timeoutMs) return Promise.resolve(null);
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const done = () => {
        clearTimeout(timer);
        win.removeEventListener(VUPLEX_READY_EVENT, done);
        win.removeEventListener('load', startClock);
        resolve(detect());
      };
      // The clock runs from the load event: Vuplex injects its object once the page has loaded.
      function startClock() {
        const since = loadedAt();
        timer = setTimeout(done, Math.max(0, timeoutMs - (since === null ? 0 : now() - since)));
      }
      win.addEventListener(VUPLEX_READY_EVENT, done);
      if (loaded === null) win.addEventListener('load', startClock, { once: true });
      else startClock();
    });
  }

  return {
    detectHost: detect,
    isEmbedded: () => detect() !== null,
    whenHostReady,
    start() {
      attach();
      started ??= whenHostReady().then((host) => {
        announce();
        return host;
      });
      return started;
    },
    sendToken: (token, kind, state, requestId) => post({ type: 'token', kind, token, state, requestId }),
    sendTokenUnavailable: (reason, kind = 'unity', requestId) =>
      post({ type: 'tokenUnavailable', kind, reason, requestId }),
    sendSignedIn: () => post({ type: 'signedIn' }),
    sendLogout: () => post({ type: 'logout' }),
    sendPageError: (route, message) => post({ type: 'pageError', route, message }),
    onHostReady(handler) {
      readyHandlers.add(handler);
      attach();
      const host = detect();
      if (host !== null) queueMicrotask(() => readyHandlers.has(handler) && handler(host));
      return () => {
        readyHandlers.delete(handler);
      };
    },
    requestOpenInBrowser(url) {
      const target = browserUrl(url);
      if (target === null) {
        warn('refused to ask the host to open a URL that is not absolute http(s)');
        return false;
      }
      return post({ type: 'openUrl', url: target });
    },
    onHostMessage(handler) {
      handlers.add(handler);
      attach();
      return () => {
        handlers.delete(handler);
      };
    },
    navigateToDesktop: (url) => fallback.navigateToDesktop(url, allowList, win),
    callDesktop: (url) => fallback.callDesktop(url, allowList),
    probeDesktop: (target, options) => fallback.probeDesktop(target, allowList, options),
    dispose() {
      for (const stop of stops ?? []) stop();
      stops = null;
      handlers.clear();
      readyHandlers.clear();
      started = null;
      readySent = false;
    },
  };
}

/** When the load event ended (ms on the performance clock), or null while the page is still loading. */
function loadEnd(win: Window): number | null {
  if (win.document.readyState !== 'complete') return null;
  const [navigation] = win.performance.getEntriesByType?.('navigation') ?? [];
  // Without navigation timing, count from the page's start; inside a load handler the entry is not finished: it is now.
  if (!navigation || !('loadEventEnd' in navigation) || typeof navigation.loadEventEnd !== 'number') return 0;
  return navigation.loadEventEnd > 0 ? navigation.loadEventEnd : win.performance.now();
}

/** Only http(s) pages without credentials go to the system browser: never javascript:, data:, file: or app schemes. */
function browserUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) return null;
  return url.href;
}

/** The portal's bridge over this page's window, under configureBridge's settings: the one instance the app uses. */
export const bridge: Bridge = createBridge();
