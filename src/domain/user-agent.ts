// What a user agent says about a signed-in client: the kind (a browser, the desktop or mobile app, an app's webview),
// the browser and the system. Used by the reference backend to tell sessions apart and by My Account to label them.

export type ClientKind = 'browser' | 'desktop' | 'mobile' | 'webview';

/** A session as GET /account/sessions answers it: the backend writes it, the portal reads it (one shape for both). */
export interface SessionRow {
  id: string;
  kind: ClientKind;
  userAgent: string;
  /** ISO times: the sign-in, and the last call the backend got from it. */
  signedInAt: string;
  lastActiveAt: string;
  /** The session of the call that asked: this browser. */
  current: boolean;
}

type BrowserName = 'Edge' | 'Opera' | 'Samsung Internet' | 'Firefox' | 'Chrome' | 'Safari';
type SystemName = 'iPhone' | 'iPad' | 'Android' | 'Windows' | 'macOS' | 'ChromeOS' | 'Linux';

export interface ClientDescription {
  kind: ClientKind;
  browser: BrowserName | null;
  system: SystemName | null;
}

// First match wins: Chromium-based browsers name Chrome and Safari too, so they come before both.
const BROWSERS: ReadonlyArray<readonly [RegExp, BrowserName]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|OPiOS)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

// iPadOS 13+ in desktop mode says Macintosh; that iPad is told from a Mac only by touch, which a header cannot show.
const SYSTEMS: ReadonlyArray<readonly [RegExp, SystemName]> = [
  [/\biPhone\b|\biPod\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** The app's own engine (Unity's web requests) on a phone or tablet is the mobile app, elsewhere the desktop app. */
const APP = /\bUnityPlayer\/|\bUnityWebRequest\//;
/** Android's WebView says `; wv)`; an iOS WKWebView has Apple's engine without Safari's own token. */
const ANDROID_WEBVIEW = /;\s*wv\)/;
const IOS_WEBVIEW = /\b(iPhone|iPad|iPod)\b.*\bAppleWebKit\//;
const IOS_BROWSER = /\bSafari\/|\b(CriOS|FxiOS|EdgiOS|OPiOS)\//;

function first<T>(table: ReadonlyArray<readonly [RegExp, T]>, ua: string): T | null {
  for (const [pattern, name] of table) if (pattern.test(ua)) return name;
  return null;
}

export function describeUserAgent(userAgent: string | null | undefined): ClientDescription {
  const ua = (userAgent ?? '').slice(0, 512);
  const system = first(SYSTEMS, ua);
  const mobileSystem = system === 'iPhone' || system === 'iPad' || system === 'Android';
  if (APP.test(ua)) return { kind: mobileSystem ? 'mobile' : 'desktop', browser: null, system };
  const webview = ANDROID_WEBVIEW.test(ua) || (IOS_WEBVIEW.test(ua) && !IOS_BROWSER.test(ua));
  return { kind: webview ? 'webview' : 'browser', browser: webview ? null : first(BROWSERS, ua), system };
}
