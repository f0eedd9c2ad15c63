// What the backend's route files share with the server: the error that becomes an HTTP answer, a request's context
// and a route's shape. Routes get everything they touch through RequestContext (the store, tokens, plan ids, the PayPal
// client), so they import nothing from server.ts.
import type { EmulatorAdmin } from '../emulator';
import type { Reply, Request, Route } from '../routing';
import type { PayPalApi } from './paypal-api';
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

export type { Reply };

export interface RequestContext extends Request {
  /** The verified identity token (throws 401 when missing or invalid). */
  identity(): IdTokenClaims;
  /** The verified Unity token from X-Unity-Token (throws 401 when missing or invalid). */
  unity(): UnityClaims;
  backend: BackendContext;
}

export type RouteDef = Route<RequestContext>;

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
  /** PayPal's REST API as the backend calls it (the stand-in's, on this server): the backend's one way to PayPal. */
  paypal: PayPalApi;
  /** The time, in ms: Date.now, or a test's clock that moves when the test says. */
  clock: () => number;
  /** This backend's PayPal merchant id: a credits order must pay this merchant (purchase_units[0].payee). */
  merchantId: string;
  /** The id of the webhook PayPal delivers to this backend; verify-webhook-signature checks the signature against it. */
  webhookId: string;
  /** How far a webhook's PAYPAL-TRANSMISSION-TIME may be from now before the delivery is refused as stale, in ms. */
  webhookToleranceMs: number;
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
