// The hand-off without a host webview: the browser redirect of SPEC 4 and the no-cors desktop calls of SPEC 2 and 7.
import { allowedDesktopTarget } from '../src/domain/desktop-target';

/** A desktop that accepts the connection but never answers must not keep the call pending for ever. */
export const DESKTOP_CALL_TIMEOUT_MS = 10_000;

// Whitespace, control characters and backslashes are rewritten by URL parsers: a URL carrying them is refused.
const SUSPICIOUS = /[\s\\\u0000-\u001f\u007f]/;

/**
 * The URL to call when its origin is an allowed desktop target (http loopback with a port, or an extra https origin
 * from the build config) and it carries no credentials or fragment; else null. Defence in depth: callers check the
 * target before they build the URL, and this refuses anything that slipped through.
 */
export function desktopCallUrl(raw: string, extraOrigins: readonly string[] = []): string | null {
  if (typeof raw !== 'string' || raw.length > 16_384 || SUSPICIOUS.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username || url.password || url.hash) return null;
  if (allowedDesktopTarget(url.origin, extraOrigins) === null) return null;
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

/** Sends the browser to the desktop (SPEC 4: `{target}/login?{token}`). Does nothing for a URL outside the allow-list. */
export function navigateToDesktop(url: string, extraOrigins: readonly string[] = [], win: Pick<Window, 'location'> = window): void {
  const allowed = desktopCallUrl(url, extraOrigins);
  if (allowed === null) return refused('navigate to', url);
  win.location.assign(allowed);
}

/**
 * GET in no-cors mode (SPEC 2 /return-to-app, SPEC 7 local desktop calls). The answer is opaque and every failure is
 * ignored: the desktop may not be listening. Resolves once the call ends, fails or times out; never rejects.
 */
export async function callDesktop(url: string, extraOrigins: readonly string[] = [], fetchImpl: typeof fetch = fetch): Promise<void> {
  const allowed = desktopCallUrl(url, extraOrigins);
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
