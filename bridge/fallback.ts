// The hand-off without a host webview: the browser redirect of SPEC 4 and the no-cors desktop calls of SPEC 2 and 7.

/**
 * Whether an origin (`http://127.0.0.1:5662`) may receive a desktop call. The app's allow-list, injected: the bridge
 * knows nothing of ports or build flavours (the portal passes src/domain/desktop-target.ts's check).
 */
export type DesktopAllowList = (origin: string) => boolean;

/** A desktop that accepts the connection but never answers must not keep the call pending for ever. */
export const DESKTOP_CALL_TIMEOUT_MS = 10_000;

// Whitespace, control characters and backslashes are rewritten by URL parsers: a URL carrying them is refused.
const SUSPICIOUS = /[\s\\\u0000-\u001f\u007f]/;

/**
 * The URL to call when `allows` accepts its origin and it carries no credentials or fragment; else null. Defence in
 * depth: callers check the target before they build the URL, and this refuses anything that slipped through.
 */
export function desktopCallUrl(raw: string, allows: DesktopAllowList): string | null {
  if (typeof raw !== 'string' || raw.length > 16_384 || SUSPICIOUS.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username || url.password || url.hash) return null;
  if (url.origin === 'null' || !allows(url.origin)) return null;
  return url.href;
}

function refused(what: string, raw: string): void {
  // Never log the URL itself: its query is the sign-in token.
  let origin = 'an unreadable URL';
  try {
    origin = new URL(raw).origin;
  } catch {
    /* keep the generic text */
  }
  console.warn(`[bridge] refused to ${what} ${origin}: not an allowed desktop target`);
}

/**
 * Sends the browser to the desktop (SPEC 4: `{target}/login?{token}`), replacing the current history entry, so Back
 * does not return to a page that hands off again. Does nothing for a URL outside the allow-list.
 */
export function navigateToDesktop(url: string, allows: DesktopAllowList, win: Pick<Window, 'location'> = window): void {
  const allowed = desktopCallUrl(url, allows);
  if (allowed === null) return refused('navigate to', url);
  win.location.replace(allowed);
}

/**
 * GET in no-cors mode (SPEC 2 /return-to-app, SPEC 7 local desktop calls). The answer is opaque and every failure is
 * ignored: the desktop may not be listening. Resolves once the call ends, fails or times out; never rejects.
 */
export async function callDesktop(
  url: string,
  allows: DesktopAllowList,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  const allowed = desktopCallUrl(url, allows);
  if (allowed === null) return refused('call', url);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), DESKTOP_CALL_TIMEOUT_MS);
  try {
    await fetchImpl(allowed, {
      method: 'GET',
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
      // The page may navigate away right after the call; keepalive lets the request finish.
      keepalive: true,
      signal: controller.signal,
    });
  } catch {
    /* SPEC 2: failures are ignored */
  } finally {
    clearTimeout(timer);
  }
}

/** What a probe learnt of the desktop listener. */
export type DesktopProbe = 'listening' | 'notListening' | 'unknown';

/** A refused connection fails at once; a listener that accepts but is slow is taken as there. */
export const DESKTOP_PROBE_TIMEOUT_MS = 1_500;

const LOOPBACK_OR_PRIVATE =
  /^(127\.\d+\.\d+\.\d+|localhost|\[::1\]|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+)$/;

/**
 * Whether this page may ask a loopback address something without a permission prompt. From Chrome 142, a fetch from
 * a public site to loopback or a private address first asks the user for Local Network Access (top-level navigations
 * are exempt). No prompt comes when the page itself is on loopback or a private address, or the user already granted
 * the permission; everywhere else the hand-off navigates without probing.
 */
async function canProbeQuietly(win: Pick<Window, 'location' | 'navigator'> = window): Promise<boolean> {
  if (LOOPBACK_OR_PRIVATE.test(win.location.hostname)) return true;
  const permissions = win.navigator.permissions;
  if (!permissions) return false;
  for (const name of ['local-network-access', 'loopback-network']) {
    try {
      if ((await permissions.query({ name } as unknown as PermissionDescriptor)).state === 'granted') return true;
    } catch {
      /* a browser that does not know the name: try the next */
    }
  }
  return false;
}

/**
 * Asks `HEAD {target}/` (no token, no credentials, no-cors) whether the desktop app listens, so a user whose app is not
 * running sees a screen with Try again instead of the browser's connection error with the token in its address bar.
 * 'unknown' when the target is not allowed, when asking could prompt, or when the answer is slow.
 */
export async function probeDesktop(
  target: string,
  allows: DesktopAllowList,
  options: { quiet?: () => Promise<boolean>; fetchImpl?: typeof fetch; timeoutMs?: number } = {},
): Promise<DesktopProbe> {
  const url = desktopCallUrl(`${target}/`, allows);
  if (url === null || !(await (options.quiet ?? canProbeQuietly)())) return 'unknown';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? DESKTOP_PROBE_TIMEOUT_MS);
  try {
    await (options.fetchImpl ?? fetch)(url, {
      method: 'HEAD',
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
      signal: controller.signal,
    });
    return 'listening';
  } catch {
    return controller.signal.aborted ? 'unknown' : 'notListening';
  } finally {
    clearTimeout(timer);
  }
}
