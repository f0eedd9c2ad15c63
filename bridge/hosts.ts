// Which host webview the page runs in, and the transport that carries JSON text to and from each one.

export type HostKind = 'vuplex' | 'webview2' | 'react-native' | 'wkwebview' | 'android';

export const HOST_KINDS: readonly HostKind[] = ['vuplex', 'webview2', 'react-native', 'wkwebview', 'android'];

/** The names a host chooses for its injected objects (build config: PORTAL_WEBKIT_HANDLER, PORTAL_ANDROID_BRIDGE). */
export interface HostNames {
  webkitHandlerName: string;
  androidBridgeName: string;
}

/** The global function any host may call with a message (a JSON string or object); it returns whether it was accepted. */
export const RECEIVE_FUNCTION = '__portalBridgeReceive';

/** Vuplex injects `window.vuplex` after the page's scripts may have run, then fires this event on window. */
export const VUPLEX_READY_EVENT = 'vuplexready';

/** Where an incoming message came from: the host's own channel, or window/document `message` events shared with other scripts. */
export type Channel = 'host' | 'window';

export interface Transport {
  kind: HostKind;
  /** Posts one JSON text; throws when the host object does. */
  send(json: string): void;
  /** Starts delivering the host's incoming messages; returns the function that stops. */
  listen(deliver: (data: unknown, channel: Channel) => void): () => void;
}

/** A property read that never throws and never trusts the shape (host objects can be odd native proxies). */
function prop(target: unknown, key: string): unknown {
  if (target === null || (typeof target !== 'object' && typeof target !== 'function')) return undefined;
  try {
    return Reflect.get(target, key);
  } catch {
    return undefined;
  }
}

function hasMethod(target: unknown, name: string): boolean {
  return typeof prop(target, name) === 'function';
}

/** The object whose `postMessage` reaches the host, or undefined when `kind` is not present in `win`. */
function hostObject(kind: HostKind, win: Window, names: HostNames): unknown {
  switch (kind) {
    case 'vuplex':
      return prop(win, 'vuplex');
    case 'webview2':
      return prop(prop(win, 'chrome'), 'webview');
    case 'react-native':
      return prop(win, 'ReactNativeWebView');
    case 'wkwebview':
      return names.webkitHandlerName
        ? prop(prop(prop(win, 'webkit'), 'messageHandlers'), names.webkitHandlerName)
        : undefined;
    case 'android':
      return names.androidBridgeName ? prop(win, names.androidBridgeName) : undefined;
  }
}

/**
 * The host the page runs in, or null. The specific hosts come first: React Native and Vuplex also run on top of
 * WKWebView or Android WebView, with their own objects, and those must win over the generic ones.
 */
export function detectHostIn(win: Window, names: HostNames): HostKind | null {
  for (const kind of HOST_KINDS) {
    if (hasMethod(hostObject(kind, win, names), 'postMessage')) return kind;
  }
  return null;
}

function post(target: unknown, json: string): void {
  const send = prop(target, 'postMessage');
  if (typeof send !== 'function') throw new Error('the host object has no postMessage');
  send.call(target, json);
}

/** Listens for `message` events on an object that has addEventListener (vuplex, chrome.webview, Android's WebMessageListener object). */
function listenOn(target: unknown, deliver: (data: unknown) => void): () => void {
  const add = prop(target, 'addEventListener');
  const remove = prop(target, 'removeEventListener');
  if (typeof add !== 'function') return () => {};
  const onMessage = (event: unknown) => deliver(prop(event, 'data'));
  add.call(target, 'message', onMessage);
  return () => {
    if (typeof remove === 'function') remove.call(target, 'message', onMessage);
  };
}

/**
 * Whether a window or document `message` event comes from the host's own API (docs/security.md "Security"), never from
 * another window:
 * - its `source` is this window: `window.postMessage(json, '*')` run in the page's own context (a host's
 *   evaluateJavaScript / evaluateJavascript);
 * - no `source`, and dispatched by script (`isTrusted` false): React Native WebView's `postMessage`, or a
 *   `MessageEvent` a host's injected script dispatches. Only scripts of the page itself (or a same-origin frame,
 *   which owns the page anyway) can dispatch an event here.
 * Refused: any other source (a frame, the opener, a popup), and trusted events without a source (a frame removed right
 * after posting, a closed popup).
 */
function fromHostApi(event: unknown, win: Window): boolean {
  const source = prop(event, 'source');
  if (source === win) return true;
  if (source !== null && source !== undefined) return false;
  return prop(event, 'isTrusted') === false;
}

/**
 * `message` events dispatched on window (WKWebView, Android, React Native on iOS) or on document (React Native on
 * Android) by the host, as `fromHostApi` says. Messages from frames, such as the identity provider's or PayPal's,
 * and from an opener are never read.
 */
function listenOnWindow(win: Window, deliver: (data: unknown) => void, onDocument: boolean): () => void {
  const onMessage = (event: Event) => {
    if (fromHostApi(event, win)) deliver(prop(event, 'data'));
  };
  win.addEventListener('message', onMessage);
  if (onDocument) win.document.addEventListener('message', onMessage);
  return () => {
    win.removeEventListener('message', onMessage);
    if (onDocument) win.document.removeEventListener('message', onMessage);
  };
}

export function transportFor(kind: HostKind, win: Window, names: HostNames): Transport {
  return {
    kind,
    send: (json) => post(hostObject(kind, win, names), json),
    listen(deliver) {
      const fromHost = (data: unknown) => deliver(data, 'host');
      const fromWindow = (data: unknown) => deliver(data, 'window');
      switch (kind) {
        case 'vuplex':
        case 'webview2':
          return listenOn(hostObject(kind, win, names), fromHost);
        case 'android': {
          // androidx.webkit's WebMessageListener object delivers replies as its own message events; a classic
          // addJavascriptInterface object has none, so that host calls the receive function or posts to window.
          const stopObject = listenOn(hostObject(kind, win, names), fromHost);
          const stopWindow = listenOnWindow(win, fromWindow, false);
          return () => {
            stopObject();
            stopWindow();
          };
        }
        case 'react-native':
          return listenOnWindow(win, fromWindow, true);
        case 'wkwebview':
          return listenOnWindow(win, fromWindow, false);
      }
    },
  };
}
