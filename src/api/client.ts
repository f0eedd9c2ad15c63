// The only fetch of the portal: base address, Bearer and X-Unity-Token headers, cache busting, timeout, typed errors.
import { SESSION_REVOKED } from '../domain/session-revoked';
import { DecodeError } from './decoders';

/** How a call failed. An answer that came but cannot be read is a DecodeError (decoders.ts), not an ApiError. */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'auth';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    /** HTTP status, or null when no answer came. */
    readonly status: number | null,
    /** What the server said: the JSON `error` field when there is one, else the body text; for others, the cause. */
    readonly serverText: string,
    /** The JSON `code` field of an error answer, when the backend names the refusal (e.g. PAYMENT_OWNER_MISMATCH). */
    readonly code: string | null = null,
    /** Beside a payment refusal's code: its `reason` and what became of the money (`refund`), when the backend says. */
    readonly detail: { reason: string | null; refund: string | null } = { reason: null, refund: null },
  ) {
    super(status === null ? `${kind}: ${serverText}` : `${status}: ${serverText}`);
    this.name = 'ApiError';
  }
}

/** Everything a call needs besides its own arguments. */
export interface ApiContext {
  baseUrl: string;
  idToken: string;
  unityToken: string | null;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch, for `_t` cache busting. */
  now?: () => number;
}

export interface CallOptions {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: Record<string, unknown>;
  /** Send X-Unity-Token (SPEC 7: most calls do). */
  unity?: boolean;
  /** Overrides the Unity token header (auth/unity-link sends the link value). */
  unityToken?: string;
  /** Append ?_t={timestamp} so no cache answers. */
  bust?: boolean;
  /** Further headers of this call only. */
  headers?: Record<string, string>;
}

const MAX_TEXT = 300;

/** The `code` of a JSON error answer: a short upper-case name, or null. */
/** A name-like field of an error answer (`code`, `reason`, `refund`): letters, digits and _ only, else null. */
function errorField(body: string, field: 'code' | 'reason' | 'refund'): string | null {
  try {
    const json: unknown = JSON.parse(body);
    const value: unknown = json && typeof json === 'object' ? (json as Record<string, unknown>)[field] : undefined;
    if (typeof value === 'string') return /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(value) ? value : null;
  } catch {
    /* not JSON */
  }
  return null;
}

const errorCode = (body: string) => {
  const code = errorField(body, 'code');
  return code && /^[A-Z][A-Z0-9_]*$/.test(code) ? code : null;
};

/** Told whether each call got an answer, so the portal can say when the network is gone (src/state/connectivity.ts). */
export interface CallObserver {
  /** An HTTP answer came, whatever its status. */
  answered(): void;
  /** No answer: the request could not be sent or the connection broke (not a timeout). */
  unreachable(): void;
}

// Outside a store: one listener (the connection store's), set at start-up; the client only calls it.
let observer: CallObserver | null = null;

export function observeCalls(next: CallObserver | null): void {
  observer = next;
}

// Outside a store, as `observer`: the session's listener, set at start-up; the client only calls it.
let revoked: (() => void) | null = null;

/** Told when the backend refuses a token that sign out everywhere ended (401 SESSION_REVOKED): the session ends. */
export function observeRevocation(listener: (() => void) | null): void {
  revoked = listener;
}

function serverText(body: string, fallback: string): string {
  try {
    const json: unknown = JSON.parse(body);
    if (json && typeof json === 'object' && 'error' in json) {
      const error = (json as { error: unknown }).error;
      if (typeof error === 'string' && error) return error.slice(0, MAX_TEXT);
      if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string')
        return error.message.slice(0, MAX_TEXT);
    }
  } catch {
    /* not JSON */
  }
  const text = body.trim();
  return text ? text.slice(0, MAX_TEXT) : fallback;
}

/** Calls the backend and returns the parsed JSON body (null for an empty one). Throws ApiError for anything else. */
export async function call(ctx: ApiContext, options: CallOptions): Promise<unknown> {
  const url = new URL(options.path.replace(/^\//, ''), ctx.baseUrl.endsWith('/') ? ctx.baseUrl : `${ctx.baseUrl}/`);
  if (options.bust) url.searchParams.set('_t', String((ctx.now ?? Date.now)()));
  const headers: Record<string, string> = {
    ...options.headers,
    Authorization: `Bearer ${ctx.idToken}`,
    Accept: 'application/json',
  };
  const unity = options.unityToken ?? (options.unity ? ctx.unityToken : null);
  if (options.unity && !unity) throw new ApiError('auth', null, 'missing Unity token');
  if (unity) headers['X-Unity-Token'] = unity;
  if (options.body) headers['Content-Type'] = 'application/json';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ctx.timeoutMs);
  let response: Response;
  try {
    response = await (ctx.fetch ?? fetch)(url.href, {
      method: options.method,
      headers,
      body: options.body ? JSON.stringify(options.body) : undefined,
      signal: controller.signal,
      cache: 'no-store',
      credentials: 'omit',
    });
  } catch (error) {
    clearTimeout(timer);
    if (controller.signal.aborted) throw new ApiError('timeout', null, `no answer within ${ctx.timeoutMs} ms`);
    observer?.unreachable();
    throw new ApiError('network', null, error instanceof Error ? error.message : String(error));
  }
  observer?.answered();
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new ApiError(
      controller.signal.aborted ? 'timeout' : 'network',
      null,
      error instanceof Error ? error.message : String(error),
    );
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) {
    const code = errorCode(text);
    if (response.status === 401 && code === SESSION_REVOKED) revoked?.();
    throw new ApiError(
      'http',
      response.status,
      serverText(text, response.statusText || `HTTP ${response.status}`),
      code,
      { reason: errorField(text, 'reason'), refund: errorField(text, 'refund') },
    );
  }
  if (!text.trim()) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new DecodeError('answer', 'not valid JSON');
  }
}
