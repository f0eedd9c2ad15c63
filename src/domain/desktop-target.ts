// Which addresses may receive a sign-in token, and the URLs of the hand-off calls to them.

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
// Whitespace, control characters and backslashes are silently rewritten by URL parsers: refuse them outright.
const SUSPICIOUS = /[\s\\\u0000-\u001f\u007f]/;

/**
 * The normalised target (origin plus path, no trailing slash) when `raw` is an allowed desktop target:
 * http on loopback with an explicit port, no credentials, no query or fragment; or an exact origin from
 * `extraOrigins`. Null for anything else.
 */
export function allowedDesktopTarget(raw: string, extraOrigins: readonly string[] = []): string | null {
  if (!raw || raw.length > 2048 || SUSPICIOUS.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username || url.password || url.search || url.hash) return null;
  const path = url.pathname.replace(/\/+$/, '');
  if (/%2f|%5c|\/\./i.test(path)) return null;
  const extra = extraOrigins.includes(url.origin) && url.protocol === 'https:';
  const loopback = url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) && url.port !== '';
  if (!extra && !loopback) return null;
  return url.origin + path;
}

export function isAllowedDesktopTarget(raw: string, extraOrigins: readonly string[] = []): boolean {
  return allowedDesktopTarget(raw, extraOrigins) !== null;
}

/** `{target}/login?{token}`, with `&state=` appended only when the desktop passed one. */
export function loginUrl(target: string, token: string, state?: string | null): string {
  const suffix = state ? `&state=${encodeURIComponent(state)}` : '';
  return `${target}/login?${token}${suffix}`;
}

/** `{target}/{path}` for the stored redirectPath; the path may not climb out or carry a scheme. */
export function pathUrl(target: string, path: string): string | null {
  if (path.startsWith('//')) return null;
  const clean = path.replace(/^\//, '');
  if (!clean || SUSPICIOUS.test(clean) || clean.includes('..') || /^[a-z][a-z0-9+.-]*:/i.test(clean)) return null;
  return `${target}/${clean}`;
}
