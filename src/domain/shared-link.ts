// The addresses a shared link hands to the apps: the deep link, the phone link in the QR code, the dev-mode desktop target.
import type { PlatformKind } from './platform';
import { allowedDesktopTarget, type DesktopPolicy } from './desktop-target';

/** What a shared link carries (already length-checked by the route's validateSharedLinkSearch). */
export interface SharedLink {
  model?: string;
  design?: string;
  referral?: string;
}

/** Keys in the order they are written into every link, so the same share always gives the same address. */
const KEYS = ['model', 'design', 'referral'] as const;

/** Schemes that would run script, read files or leave for the web: never a deep-link scheme, whatever the config says. */
const FORBIDDEN_SCHEMES = new Set([
  'javascript',
  'vbscript',
  'data',
  'blob',
  'file',
  'filesystem',
  'about',
  'http',
  'https',
  'ftp',
  'ws',
  'wss',
  'intent',
  'mailto',
  'tel',
  'sms',
]);

/** The configured deep-link scheme in lower case, or null when it is missing or unsafe. */
function safeScheme(scheme: string): string | null {
  const clean = scheme
    .trim()
    .replace(/:(\/\/)?$/, '')
    .toLowerCase();
  if (!/^[a-z][a-z0-9+.-]{1,31}$/.test(clean) || FORBIDDEN_SCHEMES.has(clean)) return null;
  return clean;
}

/** `model=…&design=…&referral=…` with each present value percent-encoded (spaces as %20, never '+'). */
function sharedLinkQuery(link: SharedLink): string {
  return KEYS.filter((key) => link[key])
    .map((key) => `${key}=${encodeURIComponent(link[key] as string)}`)
    .join('&');
}

/**
 * `{scheme}://open?model=…&design=…&referral=…`: the address that opens the mobile app on the shared design.
 * Null when the configured scheme is unusable, so the page offers only the store.
 */
export function deepLinkUrl(scheme: string, link: SharedLink): string | null {
  const safe = safeScheme(scheme);
  if (!safe) return null;
  const query = sharedLinkQuery(link);
  return `${safe}://open${query ? `?${query}` : ''}`;
}

/**
 * The link a phone should open, encoded in the desktop QR code: this page on this site with the same
 * model, design and referral. `dev` is left out because it only means something on the desktop.
 */
export function phoneLinkUrl(origin: string, pathname: string, link: SharedLink): string {
  const query = sharedLinkQuery(link);
  return `${origin}${pathname}${query ? `?${query}` : ''}`;
}

/** The /images/house-thumbnails/{ModelName}_Thumbnail.webp path of SPEC 3, or null without a model. */
export function modelThumbnailPath(model: string | undefined): string | null {
  if (!model) return null;
  // encodeURIComponent also encodes '/', so a model name can never climb out of the folder.
  return `/images/house-thumbnails/${encodeURIComponent(model)}_Thumbnail.webp`;
}

interface DevOpen {
  /** `http://{ip}:{port}`, stored as redirectUrl. */
  redirectUrl: string;
  /** `open?model=…&design=…&referral=…` (or `open`), stored as redirectPath. */
  redirectPath: string;
}

export type DevOpenPlan = { ok: true; open: DevOpen } | { ok: false; target: string };

/**
 * Dev mode's opening of the link in the desktop app (SPEC 2): the desktop listener at `http://{ip}:{port}`, with the ip from config or
 * else the page's host, and the path `open?{shared link query}`, which /return-to-app calls as
 * {redirectUrl}/{redirectPath}. The path mirrors the mobile deep link (`{scheme}://open?…`) so both apps read the
 * same "open" command. Refused (ok false, nothing to store) unless allowedDesktopTarget accepts the address.
 */
export function planDevOpen(
  input: { devLocalIp: string; pageHostname: string; desktopPort: number; policy: DesktopPolicy },
  link: SharedLink,
): DevOpenPlan {
  const ip = input.devLocalIp.trim() || input.pageHostname;
  // A bare IPv6 address from config needs brackets in a URL; location.hostname already has them.
  const host = ip.includes(':') && !ip.startsWith('[') ? `[${ip}]` : ip;
  const target = `http://${host}:${input.desktopPort}`;
  const allowed = allowedDesktopTarget(target, input.policy);
  if (!allowed) return { ok: false, target };
  const query = sharedLinkQuery(link);
  return { ok: true, open: { redirectUrl: allowed, redirectPath: query ? `open?${query}` : 'open' } };
}

/** Which store badges to show: the matching store on a phone, all three on a desktop or an unknown platform. */
export type Store = 'appStore' | 'googlePlay' | 'microsoftStore';

export function storesFor(kind: PlatformKind): Store[] {
  if (kind === 'ios') return ['appStore'];
  if (kind === 'android') return ['googlePlay'];
  return ['appStore', 'googlePlay', 'microsoftStore'];
}

/** A configured store address, only when it is an https URL (a misconfigured link is hidden, not followed). */
export function safeStoreUrl(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' && !url.username && !url.password && raw === raw.trim() ? raw : null;
  } catch {
    return null;
  }
}
