// PayPal's side of the local backend, alone: its REST API by PayPal's own groups (Orders v2, Payments v2, Billing
// subscriptions v1, Transaction Search, Webhooks v1, Disputes v1), the JS SDK stand-in's server side, its merchants,
// its webhook and its own records. It knows nothing of the merchant backend: whoever serves it (harness/stack-backend.ts)
// says where webhooks go, how they travel, and which of them a test's fault drops.
import type { FaultKind } from '../faults';
import type { Reply, Request, Route } from '../routing';
import { disputeRoutes, moneyBack } from './disputes';
import { DEFAULT_MERCHANTS, type Merchant } from './merchants';
import { notificationRoutes } from './notifications';
import { orderRoutes } from './orders';
import { paymentRoutes } from './payments';
import { reportingRoutes } from './reporting';
import type { PayPal } from './rest';
import { sdkControl, sdkRoutes } from './sdk-server';
import { PayPalStore } from './store';
import { PAYMENT_FAILURE_THRESHOLD, renewSubscription, subscriptionRoutes } from './subscriptions';
import {
  backoff,
  httpTransport,
  newWebhookId,
  webhookKey,
  WebhookSender,
  type WebhookKey,
  type WebhookTransport,
} from './webhook-events';

export interface PayPalStandInOptions {
  /** Where its records are kept (none: in memory). */
  dataFile?: string;
  /** A data file of an earlier release that held PayPal's records beside the backend's, read when `dataFile` is new. */
  olderDataFile?: string;
  /** The origin it is served on; its API root is `{url}/paypal`. */
  url: () => string;
  clock: () => number;
  /** The merchants' billing plans: PayPal plan ids by plan (MONTHLY, SIX_MONTH, ANNUAL). */
  planIds: Record<string, string[]>;
  /** Merchant accounts by client id (default DEFAULT_MERCHANTS: `test-client-id` is the portal's). */
  merchants?: Record<string, Merchant>;
  /** A client id that counts as the portal's merchant's when no merchant has it (the portal's PAYPAL_CLIENT_ID). */
  portalClientId?: string;
  /** Where webhooks go (PayPal's webhook listener URL); null: it sends none. */
  webhookUrl: () => string | null;
  /** The delay before retry `attempt` of an undelivered webhook, null to give up (default: 5 s doubling, 25 tries). */
  webhookRetryDelayMs?: (attempt: number) => number | null;
  /** How a webhook is POSTed (default: HTTP). */
  webhookTransport?: WebhookTransport;
  /** The signing key (default: a new 2048-bit one, made once per process; tests share a smaller one). */
  webhookKey?: WebhookKey;
  /** The `paypal-webhook` fault for an event about `customId` (one use of it), or null. */
  webhookFault?: (customId: string | undefined) => FaultKind | null;
  /** Deliver on timers (a server); off, the owner calls sender.deliverDue() (a test with its own clock). */
  autoRun: boolean;
  /** How long Transaction Search takes to show a transaction (default 0; PayPal: up to 3 hours). */
  transactionSearchDelayMs?: number;
}

/** PayPal's side, ready to serve: its routes under /paypal, and what a test plays on it (POST /__harness/paypal). */
export interface PayPalStandIn extends PayPal {
  routes: Route[];
  /** POST /__harness/paypal: {failLoads}, {renew, failed?}, {moneyBack: {id, how}}; GET: the SDK's failures left. */
  control(method: string, body: Record<string, unknown>): Reply;
  reset(): void;
  /** Stops the webhook timers. */
  close(): void;
}

/** The signing key when none is given: made once per process (2048-bit RSA takes a moment). */
let sharedKey: WebhookKey | null = null;

const ROUTES = [
  ...sdkRoutes,
  ...orderRoutes,
  ...paymentRoutes,
  ...subscriptionRoutes,
  ...reportingRoutes,
  ...notificationRoutes,
  ...disputeRoutes,
];

export function createPayPalStandIn(options: PayPalStandInOptions): PayPalStandIn {
  const merchants = new Map(Object.entries(options.merchants ?? DEFAULT_MERCHANTS));
  // The portal's client id is the portal's merchant's app, whatever it is set to.
  const portal = options.portalClientId;
  if (portal && !merchants.has(portal)) merchants.set(portal, DEFAULT_MERCHANTS['test-client-id']!);
  const key = options.webhookKey ?? (sharedKey ??= webhookKey());
  const webhook = { id: newWebhookId(), url: null as string | null };
  const apiBase = () => `${options.url()}/paypal`;
  const certUrl = () => `${apiBase()}/v1/notifications/certs/${key.certId}`;
  const standIn: PayPalStandIn = {
    store: new PayPalStore(options.dataFile, options.olderDataFile),
    merchants,
    planIds: options.planIds,
    apiBase,
    clock: options.clock,
    webhook,
    key,
    certUrl,
    sender: new WebhookSender({
      target: () => ({ url: options.webhookUrl(), webhookId: webhook.id, certUrl: certUrl() }),
      key,
      clock: options.clock,
      retryDelayMs: options.webhookRetryDelayMs ?? ((attempt) => backoff(attempt)),
      transport: options.webhookTransport ?? httpTransport,
      fault: options.webhookFault ?? (() => null),
      autoRun: options.autoRun,
    }),
    searchDelayMs: options.transactionSearchDelayMs ?? 0,
    failureThreshold: PAYMENT_FAILURE_THRESHOLD,
    routes: ROUTES.map((route) => ({
      ...route,
      handler: (ctx: Request) => route.handler({ ...ctx, paypal: standIn }),
    })),
    control: (method, body) => control(standIn, method, body),
    reset() {
      standIn.store.reset();
      sdkControl.failLoads = 0;
      standIn.sender.clear();
    },
    close() {
      standIn.sender.stop();
    },
  };
  return standIn;
}

/**
 * What a test plays at PayPal: {failLoads: n} makes the next n SDK loads fail (for every browser); {renew: id} plays
 * the subscription's next billing date, {renew: id, failed: true} a failed payment on it; {moneyBack: {id, how}} a
 * reversal, denial or dispute of a capture.
 */
function control(paypal: PayPal, method: string, body: Record<string, unknown>): Reply {
  if (method !== 'POST') return { json: { failLoads: sdkControl.failLoads } };
  if (body.failLoads !== undefined) {
    if (typeof body.failLoads !== 'number' || !Number.isInteger(body.failLoads) || body.failLoads < 0) {
      return { status: 400, json: { error: 'failLoads must be a whole number' } };
    }
    sdkControl.failLoads = body.failLoads;
  }
  const back = body.moneyBack as { id?: unknown; how?: unknown } | undefined;
  if (back !== undefined) {
    const hows = ['reverse', 'deny', 'dispute', 'seller-wins'];
    if (typeof back?.id !== 'string' || typeof back.how !== 'string' || !hows.includes(back.how))
      return { status: 400, json: { error: `moneyBack takes {id, how: ${hows.join(' | ')}}` } };
    try {
      const status = moneyBack(paypal, back.id, back.how as 'reverse');
      return { json: { failLoads: sdkControl.failLoads, capture: { id: back.id, status } } };
    } catch (error) {
      return { status: 409, json: { error: (error as Error).message } };
    }
  }
  if (body.renew !== undefined) {
    if (typeof body.renew !== 'string') return { status: 400, json: { error: 'renew takes a subscription id' } };
    try {
      const status = renewSubscription(paypal, body.renew, body.failed === true ? 'failed' : 'paid');
      return { json: { failLoads: sdkControl.failLoads, subscription: { id: body.renew, status } } };
    } catch (error) {
      return { status: 409, json: { error: (error as Error).message } };
    }
  }
  return { json: { failLoads: sdkControl.failLoads } };
}
