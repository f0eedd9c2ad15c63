// Which platform a visitor is on (iOS, Android, a desktop OS, or unknown), from what the browser reports.

export type PlatformKind = 'ios' | 'android' | 'desktop' | 'unknown';
type PlatformOs = 'ios' | 'android' | 'windows' | 'macos' | 'linux' | 'chromeos' | 'unknown';
export type InAppBrowser =
  'Instagram' | 'Facebook' | 'Messenger' | 'TikTok' | 'Snapchat' | 'Pinterest' | 'LinkedIn' | 'X';

export interface PlatformHints {
  userAgent: string;
  /** `navigator.userAgentData` (Chromium only, secure contexts only). */
  userAgentData?: { platform?: string; mobile?: boolean } | null;
  /** `navigator.maxTouchPoints`: iPadOS Safari sends a Mac user agent, but no Mac has a touch screen. */
  maxTouchPoints?: number;
}

export interface Platform {
  kind: PlatformKind;
  os: PlatformOs;
  /** The social app whose built-in browser shows the page, when recognised. */
  inAppBrowser: InAppBrowser | null;
}

const DESKTOP_OS: ReadonlySet<PlatformOs> = new Set(['windows', 'macos', 'linux', 'chromeos']);

/** The OS named by a user-agent string, ignoring touch. Android is tested before Linux: its UA says both. */
function osFromUserAgent(ua: string): PlatformOs {
  if (/\b(iPhone|iPod|iPad)\b/.test(ua)) return 'ios';
  if (/\bAndroid\b/i.test(ua)) return 'android';
  if (/\bCrOS\b/.test(ua)) return 'chromeos';
  if (/\bWindows (NT|10|11)\b|\bWin64\b/.test(ua)) return 'windows';
  if (/\bMacintosh\b|\bMac OS X\b/.test(ua)) return 'macos';
  if (/\bLinux\b|\bX11\b/.test(ua)) return 'linux';
  return 'unknown';
}

/** The OS from User-Agent Client Hints (`navigator.userAgentData.platform`); '' and unknown names say nothing. */
function osFromClientHints(platform: string | undefined): PlatformOs {
  switch ((platform ?? '').trim().toLowerCase()) {
    case 'android':
      return 'android';
    case 'ios':
      return 'ios';
    case 'windows':
      return 'windows';
    case 'macos':
      return 'macos';
    case 'linux':
      return 'linux';
    case 'chrome os':
    case 'chromeos':
      return 'chromeos';
    default:
      return 'unknown';
  }
}

const IN_APP: ReadonlyArray<[RegExp, InAppBrowser]> = [
  [/\bInstagram\b/, 'Instagram'],
  [/\bFB_IAB\/MESSENGER|\bFBAN\/Messenger|\bMessengerForiOS/, 'Messenger'],
  [/\bFBAN\/|\bFBAV\/|\bFB_IAB\b|\bFBIOS\b/, 'Facebook'],
  [/\bmusical_ly_|\bBytedanceWebview\b|\bAppName\/(trill|musical_ly)\b|\btrill_\d/, 'TikTok'],
  [/\bSnapchat\b/, 'Snapchat'],
  [/\bPinterest\b/, 'Pinterest'],
  [/\bLinkedInApp\b/, 'LinkedIn'],
  [/\bTwitter(Android|iPhone)?\b/, 'X'],
];

function inAppBrowserOf(ua: string): InAppBrowser | null {
  for (const [pattern, name] of IN_APP) if (pattern.test(ua)) return name;
  return null;
}

/**
 * The visitor's platform. A mobile answer from either source wins over a desktop one: Chrome's "desktop site"
 * mode sends a Linux user agent but still reports Android in client hints, and iPadOS sends a Mac user agent
 * but reports touch points.
 */
export function detectPlatform(hints: PlatformHints): Platform {
  const ua = hints.userAgent ?? '';
  const fromUa = osFromUserAgent(ua);
  const fromHints = osFromClientHints(hints.userAgentData?.platform);
  const touch = (hints.maxTouchPoints ?? 0) > 0;

  let os: PlatformOs;
  if (fromUa === 'ios' || fromHints === 'ios') os = 'ios';
  else if (fromUa === 'android' || fromHints === 'android') os = 'android';
  // iPadOS 13+ "desktop-class" Safari: a Mac user agent, but no Mac has a touch screen (macOS browsers report 0).
  else if ((fromUa === 'macos' || fromHints === 'macos') && touch) os = 'ios';
  else if (fromHints !== 'unknown') os = fromHints;
  else os = fromUa;

  const kind: PlatformKind = os === 'ios' || os === 'android' ? os : DESKTOP_OS.has(os) ? 'desktop' : 'unknown';
  return { kind, os, inAppBrowser: inAppBrowserOf(ua) };
}
