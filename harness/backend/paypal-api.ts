// The backend's client of PayPal's REST API (here the stand-in's, harness/paypal/, served on the backend's own
// origin under /paypal), and the backend's one way to PayPal. A backend modelled on this one reads what PayPal says about an order, a capture or a
// subscription before it records it, verifies each webhook with PayPal, searches PayPal's transactions to reconcile,
// and cancels, suspends, activates and refunds at PayPal: nothing the browser or a webhook body says is taken on trust.

/** The signature algorithm PayPal names in PAYPAL-AUTH-ALGO (its published Webhooks API). */
export const WEBHOOK_AUTH_ALGO = 'SHA256withRSA';

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

interface Money {
  currency_code?: string;
  value?: string;
}

interface PayeeView {
  merchant_id?: string;
  email_address?: string;
}

/** A capture as Payments v2 shows it (GET /v2/payments/captures/{id}; also inside an order). */
interface PayPalCaptureView {
  id?: string;
  status?: string;
  amount?: Money;
  custom_id?: string;
  payee?: PayeeView;
  create_time?: string;
  supplementary_data?: { related_ids?: { order_id?: string } };
}

/** An order as Orders v2's GET shows it (the fields the backend reads). */
interface PayPalOrderView {
  id: string;
  status: string;
  create_time?: string;
  purchase_units?: Array<{
    custom_id?: string;
    amount?: Money;
    payee?: PayeeView;
    payments?: { captures?: PayPalCaptureView[] };
  }>;
}

/** A subscription as Subscriptions v1's GET shows it (the fields the backend reads). */
export interface PayPalSubscriptionView {
  id: string;
  plan_id?: string;
  status: string;
  custom_id?: string;
  create_time?: string;
  start_time?: string;
  status_update_time?: string;
  /** What the buyer's browser may set (PayPal's create and revise bodies): checked, never trusted. */
  quantity?: string;
  plan_overridden?: boolean;
  billing_info?: { failed_payments_count?: number; last_failed_payment?: { time?: string } };
}

/** A dispute as Disputes v1's GET shows it (the fields the backend reads). */
interface PayPalDisputeView {
  dispute_id?: string;
  status?: string;
  disputed_transactions?: Array<{ seller_transaction_id?: string }>;
  dispute_outcome?: { outcome_code?: string };
}

/** A webhook event as PayPal keeps it (GET /v1/notifications/webhooks-events/{id}). */
interface PayPalWebhookEventView {
  id?: string;
  event_type?: string;
  resource?: Record<string, unknown>;
}

/** One payment of a subscription (GET /v1/billing/subscriptions/{id}/transactions). */
export interface SubscriptionTransactionView {
  id: string;
  status: string;
  amount_with_breakdown?: { gross_amount?: Money };
  time?: string;
}

/** One row of Transaction Search (GET /v1/reporting/transactions), its transaction_info. */
interface TransactionInfoView {
  transaction_id?: string;
  paypal_reference_id?: string;
  paypal_reference_id_type?: string;
  transaction_event_code?: string;
  transaction_initiation_date?: string;
  transaction_amount?: Money;
  transaction_status?: string;
  custom_field?: string;
}

interface TransactionSearchPage {
  transaction_details?: Array<{ transaction_info?: TransactionInfoView }>;
  page?: number;
  total_pages?: number;
}

/** A delivery's PAYPAL-* headers and its body as it arrived, for POST /v1/notifications/verify-webhook-signature. */
interface WebhookSignature {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
  webhookId: string;
  /** The body exactly as received: PayPal checks the CRC of what it sent, so it is passed on unparsed. */
  rawEvent: string;
}

export interface PayPalApi {
  getOrder(orderId: string): Promise<PayPalOrderView>;
  getCapture(captureId: string): Promise<PayPalCaptureView>;
  /** POST /v2/payments/captures/{id}/refund, in full (PayPal refunds subscription payments the same way). */
  refundCapture(captureId: string, note: string): Promise<{ id: string; status: string }>;
  getSubscription(subscriptionId: string): Promise<PayPalSubscriptionView>;
  /** POST /v1/billing/subscriptions/{id}/cancel: PayPal stops billing for good. */
  cancelSubscription(subscriptionId: string, reason: string): Promise<void>;
  /** POST /v1/billing/subscriptions/{id}/suspend: PayPal stops billing until activated. */
  suspendSubscription(subscriptionId: string, reason: string): Promise<void>;
  /** POST /v1/billing/subscriptions/{id}/activate: PayPal bills a suspended subscription again. */
  activateSubscription(subscriptionId: string, reason: string): Promise<void>;
  listSubscriptionTransactions(
    subscriptionId: string,
    start: string,
    end: string,
  ): Promise<SubscriptionTransactionView[]>;
  searchTransactions(start: string, end: string, page: number): Promise<TransactionSearchPage>;
  /** PayPal's verdict on a webhook delivery's signature. */
  verifyWebhookSignature(signature: WebhookSignature): Promise<'SUCCESS' | 'FAILURE'>;
  /** The event as PayPal keeps it: what the backend acts on, whatever body the delivery carried. */
  getWebhookEvent(eventId: string): Promise<PayPalWebhookEventView>;
  getDispute(disputeId: string): Promise<PayPalDisputeView>;
}

/** How long the backend waits for PayPal before it answers 502 (the portal keeps the payment and tries again). */
const PAYPAL_TIMEOUT_MS = 10_000;

/** One HTTP exchange with PayPal: the status and body text, or a thrown error when nothing answered. */
export type PayPalTransport = (
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
) => Promise<{ status: number; text: string }>;

export const fetchTransport: PayPalTransport = async (method, url, headers, body) => {
  const response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(PAYPAL_TIMEOUT_MS) });
  return { status: response.status, text: await response.text() };
};

/**
 * The REST client: `apiBase()` is PayPal's API root (here `{backend}/paypal`). The stand-in authenticates a client by
 * its `PayPal-Client-Id` header; real PayPal takes an OAuth 2.0 access token from client credentials instead.
 */
export function paypalApi(
  apiBase: () => string,
  clientId: string,
  transport: PayPalTransport = fetchTransport,
): PayPalApi {
  async function send<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T | null> {
    let answer: { status: number; text: string };
    try {
      answer = await transport(
        method,
        `${apiBase()}${path}`,
        { 'content-type': 'application/json', 'paypal-client-id': clientId },
        body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      );
    } catch (error) {
      throw new PayPalCallError(null, null, `PayPal could not be reached: ${(error as Error).message}`);
    }
    let json: unknown = null;
    try {
      json = answer.text ? JSON.parse(answer.text) : null;
    } catch {
      /* not JSON */
    }
    if (answer.status < 200 || answer.status > 299) {
      const err = (json ?? {}) as { name?: string; details?: Array<{ issue?: string; description?: string }> };
      const issue = err.details?.[0]?.issue ?? err.name ?? null;
      throw new PayPalCallError(answer.status, issue, `PayPal answered ${answer.status} ${issue ?? ''}`.trim());
    }
    return json as T | null;
  }
  const enc = encodeURIComponent;
  const resource = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const json = await send<T>(method, path, body);
    if (!json || typeof json !== 'object') throw new PayPalCallError(502, null, 'PayPal answered no resource');
    return json;
  };
  const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
  return {
    getOrder: (orderId) => resource('GET', `/v2/checkout/orders/${enc(orderId)}`),
    getCapture: (captureId) => resource('GET', `/v2/payments/captures/${enc(captureId)}`),
    refundCapture: (captureId, note) =>
      resource('POST', `/v2/payments/captures/${enc(captureId)}/refund`, { note_to_payer: note.slice(0, 255) }),
    getSubscription: (subscriptionId) => resource('GET', `/v1/billing/subscriptions/${enc(subscriptionId)}`),
    async cancelSubscription(subscriptionId, reason) {
      await send('POST', `/v1/billing/subscriptions/${enc(subscriptionId)}/cancel`, { reason: reason.slice(0, 128) });
    },
    async suspendSubscription(subscriptionId, reason) {
      await send('POST', `/v1/billing/subscriptions/${enc(subscriptionId)}/suspend`, { reason: reason.slice(0, 128) });
    },
    async activateSubscription(subscriptionId, reason) {
      await send('POST', `/v1/billing/subscriptions/${enc(subscriptionId)}/activate`, { reason: reason.slice(0, 128) });
    },
    async listSubscriptionTransactions(subscriptionId, start, end) {
      const page = await resource<{ transactions?: SubscriptionTransactionView[] }>(
        'GET',
        `/v1/billing/subscriptions/${enc(subscriptionId)}/transactions?${query({ start_time: start, end_time: end })}`,
      );
      return Array.isArray(page.transactions) ? page.transactions : [];
    },
    searchTransactions: (start, end, page) =>
      resource(
        'GET',
        `/v1/reporting/transactions?${query({ start_date: start, end_date: end, fields: 'transaction_info', page_size: '500', page: String(page) })}`,
      ),
    getWebhookEvent: (eventId) => resource('GET', `/v1/notifications/webhooks-events/${enc(eventId)}`),
    getDispute: (disputeId) => resource('GET', `/v1/customer/disputes/${enc(disputeId)}`),
    async verifyWebhookSignature(s) {
      // The event goes in as received, not re-serialised (a parsed and re-written body may no longer match its CRC).
      const head = JSON.stringify({
        auth_algo: s.authAlgo,
        cert_url: s.certUrl,
        transmission_id: s.transmissionId,
        transmission_sig: s.transmissionSig,
        transmission_time: s.transmissionTime,
        webhook_id: s.webhookId,
      });
      const body = `${head.slice(0, -1)},"webhook_event":${s.rawEvent}}`;
      const answer = await resource<{ verification_status?: string }>(
        'POST',
        '/v1/notifications/verify-webhook-signature',
        body,
      );
      return answer.verification_status === 'SUCCESS' ? 'SUCCESS' : 'FAILURE';
    },
  };
}
