// Which addresses may receive a sign-in token, and the URLs of the hand-off calls to them.
import type { PortalConfig } from '../config/types';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
// Whitespace, control characters and backslashes are silently rewritten by URL parsers: refuse them outright.
const SUSPICIOUS = /[\s\\\u0000-\u001f\u007f]/;

/** Who may receive a token. Built once from the config by desktopPolicy(); tests build their own. */
export interface DesktopPolicy {
  /** Loopback ports of the desktop app's listener: DESKTOP_PORT first, then PORTAL_DESKTOP_PORTS. */
  readonly ports: readonly number[];
  /** Exact https origins from PORTAL_ALLOWED_DESKTOP_ORIGINS. */
  readonly extraOrigins: readonly string[];
  /** Development builds only: a private-range IPv4 `{ip}` on a desktop port (SPEC 2 dev mode, `{ip}:5662`). */
  readonly privateNetwork: boolean;
}

export function desktopPolicy(
  config: Pick<PortalConfig, 'desktopPort' | 'desktopPorts' | 'allowedDesktopOrigins' | 'isDevelopment'>,
): DesktopPolicy {
  return {
    ports: [...new Set([config.desktopPort, ...config.desktopPorts])],
    extraOrigins: config.allowedDesktopOrigins,
    privateNetwork: config.isDevelopment,
  };
}

/** 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, as the URL parser normalised them (dotted decimal). */
function isPrivateIPv4(hostname: string): boolean {
  const parts = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(hostname)?.slice(1).map(Number);
  if (!parts || parts.some((n) => n > 255)) return false;
  const [a, b] = parts as [number, number];
  return a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

/**
 * The normalised target (origin plus path, no trailing slash) when `raw` is an allowed desktop target:
 * http on loopback on one of the policy's desktop ports (or, in development builds, a private-range IPv4 on one of
 * them), with no credentials, query or fragment; or an exact https origin of the policy. Null for anything else.
 */
export function allowedDesktopTarget(raw: string, policy: DesktopPolicy): string | null {
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
  const extra = url.protocol === 'https:' && policy.extraOrigins.includes(url.origin);
  const onDesktopPort = url.protocol === 'http:' && url.port !== '' && policy.ports.includes(Number(url.port));
  const host = LOOPBACK_HOSTS.has(url.hostname) || (policy.privateNetwork && isPrivateIPv4(url.hostname));
  if (!extra && !(onDesktopPort && host)) return null;
  return url.origin + path;
}

/** The allow-list as bridge/ takes it (configureBridge): an origin is in when it is an allowed target of `policy`. */
export function allowsDesktopOrigin(policy: DesktopPolicy): (origin: string) => boolean {
  return (origin) => allowedDesktopTarget(origin, policy) !== null;
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
