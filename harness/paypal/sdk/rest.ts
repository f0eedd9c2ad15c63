// The stand-in's calls to the local PayPal REST API (harness/paypal/stand-in.ts), as the real SDK calls PayPal's.
import type {
  CreateOrderRequestBody,
  CreateSubscriptionRequestBody,
  OrderResponseBody,
  ReviseSubscriptionRequestBody,
} from '@paypal/paypal-js';

/** A PayPal REST error: the status, PayPal's error name and the first issue. */
export class PayPalRestError extends Error {
  constructor(
    readonly status: number,
    readonly issue: string,
    message: string,
  ) {
    super(message);
    this.name = 'PayPalRestError';
  }
}

export interface SubscriptionResource {
  id: string;
  plan_id?: string;
  status: string;
}

/** Subscriptions v1's answer to a revise: the new terms, and the link where the buyer consents to them. */
interface SubscriptionRevision {
  plan_id?: string;
  quantity?: string;
  plan_overridden?: boolean;
  links?: Array<{ href: string; rel: string; method?: string }>;
}

export interface PayPalRest {
  createOrder(body: CreateOrderRequestBody): Promise<OrderResponseBody & { id: string }>;
  getOrder(id: string): Promise<OrderResponseBody>;
  /** The buyer's approval in PayPal's window (played by the stand-in's checkout panel). */
  approveOrder(id: string, options?: { decline?: boolean }): Promise<OrderResponseBody>;
  captureOrder(id: string): Promise<OrderResponseBody>;
  authorizeOrder(id: string): Promise<OrderResponseBody>;
  createSubscription(body: CreateSubscriptionRequestBody): Promise<SubscriptionResource>;
  getSubscription(id: string): Promise<SubscriptionResource>;
  approveSubscription(id: string): Promise<SubscriptionResource>;
  activateSubscription(id: string): Promise<void>;
  /** A change of plan, quantity or price of a running subscription; it holds once the buyer approves it. */
  reviseSubscription(id: string, body: ReviseSubscriptionRequestBody): Promise<SubscriptionRevision>;
}

export function restClient(apiBase: string, clientId: string, fetchImpl: typeof fetch = fetch): PayPalRest {
  async function send<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const response = await fetchImpl(`${apiBase}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', 'PayPal-Client-Id': clientId },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    if (!response.ok) {
      const err = (json ?? {}) as {
        name?: string;
        message?: string;
        details?: Array<{ issue?: string; description?: string }>;
      };
      const issue = err.details?.[0]?.issue ?? err.name ?? `HTTP_${response.status}`;
      const description = err.details?.[0]?.description ?? err.message ?? text;
      throw new PayPalRestError(response.status, issue, `${issue}: ${description}`);
    }
    return json as T;
  }
  const enc = encodeURIComponent;
  return {
    createOrder: (body) => send('POST', '/v2/checkout/orders', body),
    getOrder: (id) => send('GET', `/v2/checkout/orders/${enc(id)}`),
    approveOrder: (id, options) =>
      send('POST', `/v2/checkout/orders/${enc(id)}/approve`, options?.decline ? { decline: true } : {}),
    captureOrder: (id) => send('POST', `/v2/checkout/orders/${enc(id)}/capture`, {}),
    authorizeOrder: (id) => send('POST', `/v2/checkout/orders/${enc(id)}/authorize`, {}),
    createSubscription: (body) => send('POST', '/v1/billing/subscriptions', body),
    getSubscription: (id) => send('GET', `/v1/billing/subscriptions/${enc(id)}`),
    approveSubscription: (id) => send('POST', `/v1/billing/subscriptions/${enc(id)}/approve`, {}),
    activateSubscription: async (id) => {
      await send('POST', `/v1/billing/subscriptions/${enc(id)}/activate`, { reason: 'Activated by the buyer' });
    },
    reviseSubscription: (id, body) => send('POST', `/v1/billing/subscriptions/${enc(id)}/revise`, body),
  };
}
