// Query-string handling for the router: plain strings in, typed values out, unknown keys left alone.

export type RawSearch = Record<string, unknown>;

export function parseSearch(search: string): RawSearch {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const out: Record<string, string> = {};
  for (const [key, value] of params) if (!(key in out)) out[key] = value;
  return out;
}

export function stringifySearch(search: RawSearch): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    params.set(key, typeof value === 'string' ? value : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A non-empty string, or undefined. Arrays and objects (never produced by parseSearch) are refused. */
function str(value: unknown): string | undefined {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** 'true' / 'false' (any case, also 1/0) as a boolean; anything else is undefined, not an error. */
export function bool(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  const text = str(value)?.toLowerCase();
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  return undefined;
}

/** Search params every page may receive from the host app (SPEC 4). */
export interface HostSearch {
  redirect?: string;
  action?: string;
  canMakePayments?: boolean;
  unityToken?: boolean;
  link?: string;
  state?: string;
}

export function validateHostSearch(raw: RawSearch): HostSearch {
  return {
    redirect: str(raw.redirect),
    action: str(raw.action),
    canMakePayments: bool(raw.canMakePayments),
    unityToken: bool(raw.unityToken),
    link: str(raw.link),
    state: str(raw.state),
  };
}

export interface SubscriptionSearch {
  success?: boolean;
  cancelled?: boolean;
}

export function validateSubscriptionSearch(raw: RawSearch): SubscriptionSearch {
  return { success: bool(raw.success), cancelled: bool(raw.cancelled) };
}

export interface SharedLinkSearch {
  model?: string;
  design?: string;
  referral?: string;
  dev?: boolean;
}

export function validateSharedLinkSearch(raw: RawSearch): SharedLinkSearch {
  const short = (v: unknown) => {
    const s = str(v);
    return s !== undefined && s.length <= 200 ? s : undefined;
  };
  return { model: short(raw.model), design: short(raw.design), referral: short(raw.referral), dev: bool(raw.dev) };
}

/** `path` plus the query string `search`; `defaults` fill keys that `search` lacks and come first. */
export function withQuery(path: string, search: RawSearch, defaults: Record<string, string> = {}): string {
  return path + stringifySearch({ ...defaults, ...search });
}
