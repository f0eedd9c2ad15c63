// What every group of PayPal's REST API shares in the stand-in: PayPal's side of one local backend (`PayPal`: its
// records, merchants, webhook and clock), a merchant's request to it, PayPal's error body
// ({name, message, debug_id, details: [{issue, description}]}) and the checks and shapes more than one group uses.
import { id } from '../records';
import type { Reply, Request, Route } from '../routing';
import type { Merchant } from './merchants';
import type { PayPalStore } from './store';
import type { WebhookKey, WebhookSender } from './webhook-events';

/** PayPal's side of one local backend: what its routes read and change. */
export interface PayPal {
  store: PayPalStore;
  /** Merchant accounts by client id: an order created with a client id pays that merchant unless it names a payee. */
  merchants: ReadonlyMap<string, Merchant>;
  /** The merchants' billing plans: PayPal plan ids by the portal's plan (MONTHLY, SIX_MONTH, ANNUAL). */
  planIds: Record<string, string[]>;
  /** PayPal's API root as its links name it (`{server}/paypal`). */
  apiBase(): string;
  /** The time, in ms: Date.now, or a test's clock. */
  clock(): number;
  /** The webhook PayPal delivers to: its id, and its listener URL (null: no webhook configured). */
  webhook: { id: string; url: string | null };
  key: WebhookKey;
  /** The PAYPAL-CERT-URL of the signing certificate. */
  certUrl(): string;
  sender: WebhookSender;
  /** How long a transaction takes to appear in Transaction Search (PayPal: up to three hours). */
  searchDelayMs: number;
  /** Failed payments in a row after which PayPal suspends a subscription (the plan's payment_failure_threshold). */
  failureThreshold: number;
}

export interface PayPalRequest extends Request {
  paypal: PayPal;
}

export type PayPalRoute = Route<PayPalRequest>;

const ERROR_NAMES: Record<number, { name: string; message: string }> = {
  400: { name: 'INVALID_REQUEST', message: 'Request is not well-formed, syntactically incorrect, or violates schema.' },
  401: {
    name: 'AUTHENTICATION_FAILURE',
    message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
  },
  403: { name: 'NOT_AUTHORIZED', message: 'Authorization failed due to insufficient permissions.' },
  404: { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' },
  422: {
    name: 'UNPROCESSABLE_ENTITY',
    message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
  },
};

/** A PayPal REST error, turned into PayPal's error body by `rest()`. */
export class PayPalApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 422,
    readonly issue: string,
    readonly description: string,
    readonly field?: string,
  ) {
    super(`${issue}: ${description}`);
  }
}

function errorReply(error: PayPalApiError): Reply {
  const { name, message } = ERROR_NAMES[error.status]!;
  return {
    status: error.status,
    json: {
      name,
      message,
      debug_id: id('', 6).toLowerCase(),
      details: [{ ...(error.field ? { field: error.field } : {}), issue: error.issue, description: error.description }],
    },
  };
}

/** The merchant calling, by its client id. */
export interface Caller {
  clientId: string;
  merchant: Merchant;
}

/** A REST route: checks the client id (a merchant's), maps PayPalApiError to PayPal's error body. */
export function rest(
  method: PayPalRoute['method'],
  path: string,
  name: string,
  handler: (ctx: PayPalRequest, caller: Caller) => Reply,
): PayPalRoute {
  return {
    method,
    path,
    name,
    handler(ctx) {
      try {
        const header = ctx.headers['paypal-client-id'];
        const merchant = typeof header === 'string' ? ctx.paypal.merchants.get(header) : undefined;
        if (typeof header !== 'string' || !merchant)
          throw new PayPalApiError(401, 'invalid_client', 'Client Authentication failed');
        return handler(ctx, { clientId: header, merchant });
      } catch (error) {
        if (error instanceof PayPalApiError) return errorReply(error);
        throw error;
      }
    },
  };
}

export const missing = (field: string) =>
  new PayPalApiError(400, 'MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.', field);

export const badSyntax = (field: string) =>
  new PayPalApiError(
    400,
    'INVALID_PARAMETER_SYNTAX',
    'The value of a field does not conform to the expected format.',
    field,
  );

export const AMOUNT = /^(0|[1-9]\d{0,14})(\.\d{1,2})?$/;

/** PayPal's limit on `custom_id` (Orders v2 purchase units and Subscriptions v1): 1 to 127 characters. */
const CUSTOM_ID_MAX = 127;

/** A `custom_id` as PayPal checks it: absent, or text of 1 to 127 characters. */
export function customId(value: unknown, field: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badSyntax(field);
  if (value.length < 1 || value.length > CUSTOM_ID_MAX)
    throw new PayPalApiError(
      400,
      'INVALID_STRING_LENGTH',
      'The value of a field is either too short or too long.',
      field,
    );
  return value;
}

export const iso = (p: PayPal) => new Date(p.clock()).toISOString();
export const money = (value: string, currency = 'USD') => ({ currency_code: currency, value });

/** PayPal's fee on a US payment (3.49% + 0.49), for the seller_receivable_breakdown. */
export function fee(value: string): string {
  const cents = Math.round(Number(value) * 100);
  return (Math.min(cents, Math.round(cents * 0.0349) + 49) / 100).toFixed(2);
}

/** A merchant sees what it made or what pays it; anything else does not exist for it, as at PayPal. */
export const visible = (caller: Caller, ...merchantIds: Array<string | undefined>) =>
  merchantIds.every((m) => m === undefined) || merchantIds.includes(caller.merchant.merchantId);

/** The merchant of a subscription or a seeded one (made before merchants): the first merchant PayPal knows. */
export function merchantOf(p: PayPal, merchantId: string | undefined): Merchant {
  const all = [...p.merchants.values()];
  return all.find((m) => m.merchantId === merchantId) ?? all[0]!;
}
