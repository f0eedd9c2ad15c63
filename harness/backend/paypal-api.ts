// The backend's client of PayPal's REST API (here the stand-in's, harness/backend/paypal.ts, on the backend's own
// origin under /paypal). A backend modelled on this one reads what PayPal says about an order or a subscription
// before it records it, and cancels at PayPal when a player cancels: nothing the browser says is taken on trust.

/** What PayPal answered, or why no answer came. */
export class PayPalCallError extends Error {
  constructor(
    /** PayPal's HTTP status, or null when PayPal could not be reached. */
    readonly status: number | null,
    /** PayPal's issue name (details[0].issue) or error name, when it said one. */
    readonly issue: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'PayPalCallError';
  }
}

/** An order as Orders v2's GET shows it (the fields the backend reads). */
export interface PayPalOrderView {
  id: string;
  status: string;
  purchase_units?: Array<{
    custom_id?: string;
    amount?: { currency_code?: string; value?: string };
    payee?: { merchant_id?: string; email_address?: string };
    payments?: {
      captures?: Array<{ id?: string; status?: string; amount?: { currency_code?: string; value?: string } }>;
    };
  }>;
}

/** A subscription as Subscriptions v1's GET shows it (the fields the backend reads). */
export interface PayPalSubscriptionView {
  id: string;
  plan_id?: string;
  status: string;
  custom_id?: string;
}

export interface PayPalApi {
  getOrder(orderId: string): Promise<PayPalOrderView>;
  getSubscription(subscriptionId: string): Promise<PayPalSubscriptionView>;
  /** POST /v1/billing/subscriptions/{id}/cancel: PayPal stops billing. */
  cancelSubscription(subscriptionId: string, reason: string): Promise<void>;
}

/** How long the backend waits for PayPal before it answers 502 (the portal keeps the payment and tries again). */
const PAYPAL_TIMEOUT_MS = 10_000;

/**
 * The REST client: `apiBase()` is PayPal's API root (here `{backend}/paypal`). The stand-in authenticates a client by
 * its `PayPal-Client-Id` header; real PayPal takes an OAuth 2.0 access token from client credentials instead.
 */
export function paypalApi(apiBase: () => string, clientId: string, fetchImpl: typeof fetch = fetch): PayPalApi {
  async function send<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T | null> {
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(`${apiBase()}${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'paypal-client-id': clientId },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(PAYPAL_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      throw new PayPalCallError(null, null, `PayPal could not be reached: ${(error as Error).message}`);
    }
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    if (!response.ok) {
      const err = (json ?? {}) as { name?: string; details?: Array<{ issue?: string; description?: string }> };
      const issue = err.details?.[0]?.issue ?? err.name ?? null;
      throw new PayPalCallError(response.status, issue, `PayPal answered ${response.status} ${issue ?? ''}`.trim());
    }
    return json as T | null;
  }
  const enc = encodeURIComponent;
  const resource = async <T>(path: string): Promise<T> => {
    const json = await send<T>('GET', path);
    if (!json || typeof json !== 'object') throw new PayPalCallError(502, null, 'PayPal answered no resource');
    return json;
  };
  return {
    getOrder: (orderId) => resource(`/v2/checkout/orders/${enc(orderId)}`),
    getSubscription: (subscriptionId) => resource(`/v1/billing/subscriptions/${enc(subscriptionId)}`),
    async cancelSubscription(subscriptionId, reason) {
      await send('POST', `/v1/billing/subscriptions/${enc(subscriptionId)}/cancel`, { reason });
    },
  };
}
