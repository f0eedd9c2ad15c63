// What the backend's route files share with the server: the error that becomes an HTTP answer, a request's context
// and a route's shape. Routes get everything they touch through RequestContext (the store, tokens, plan ids), so they
// import nothing from server.ts.
import type { IncomingHttpHeaders } from 'node:http';
import type { EmulatorAdmin } from '../emulator';
import type { PayPalApi } from './paypal-api';
import type { PayPalStandIn } from './paypal-events';
import type { Store } from './store';
import type { IdTokenClaims, IdTokenPolicy, UnityClaims, UnityTokens } from './tokens';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** A name for the refusal that a client may act on, sent as `code` beside `error` (e.g. PAYMENT_OWNER_MISMATCH). */
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface RequestContext {
  /** The request's headers, lower-case names (as node:http gives them; the in-process dispatch takes the same). */
  headers: IncomingHttpHeaders;
  url: URL;
  params: Record<string, string>;
  body: Record<string, unknown>;
  /** The body as it arrived: a PayPal webhook's signature covers these bytes. */
  rawBody: string;
  /** The verified identity token (throws 401 when missing or invalid). */
  identity(): IdTokenClaims;
  /** The verified Unity token from X-Unity-Token (throws 401 when missing or invalid). */
  unity(): UnityClaims;
  backend: BackendContext;
}

export interface Reply {
  status?: number;
  json?: unknown;
  text?: string;
  type?: string;
  headers?: Record<string, string>;
}

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path pattern with :params. */
  path: string;
  /** Name used by fault injection and the request log. */
  name: string;
  handler(ctx: RequestContext): Promise<Reply> | Reply;
}

export interface BackendContext {
  store: Store;
  unityTokens: UnityTokens;
  projectId: string;
  /** PayPal plan ids accepted for each plan (MONTHLY, SIX_MONTH, ANNUAL): one per environment. */
  planIds: Record<string, string[]>;
  emulator: EmulatorAdmin | null;
  /** Which identity tokens are accepted (emulator mode, RS256 keys). */
  idTokens: IdTokenPolicy;
  /** POST /subscription/direct {provider: 'MANUAL'} grants a plan without payment: staging and development only. */
  allowPaymentBypass: boolean;
  /**
   * Whether a PayPal `custom_id` that is a bare player id still names its owner (data and tests from before purchase
   * references). Off by default: only the backend's own signed references do (purchase-reference.ts).
   */
  acceptPlainCustomId: boolean;
  baseUrl: () => string;
  /** PayPal's REST API as the backend calls it (the stand-in's, on this server): orders and subscriptions are read there. */
  paypal: PayPalApi;
  /** The time, in ms: Date.now, or a test's clock that moves when the test says. */
  clock: () => number;
  /** This backend's PayPal merchant id: a credits order must pay this merchant (purchase_units[0].payee). */
  merchantId: string;
  /** The id of the webhook PayPal delivers to this backend; verify-webhook-signature checks the signature against it. */
  webhookId: string;
  /** How far a webhook's PAYPAL-TRANSMISSION-TIME may be from now before the delivery is refused as stale, in ms. */
  webhookToleranceMs: number;
  /** PayPal's side, played on this server: its merchants, webhook, signing key and events (harness/backend/paypal-events.ts). */
  standIn: PayPalStandIn;
}

export interface LogEntry {
  method: string;
  path: string;
  route: string;
  status: number;
  at: number;
  /** The subject of the bearer token, unverified: lets a test read only its own requests. */
  uid: string | null;
}
