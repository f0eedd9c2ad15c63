// The local backend as the stack runs it: the merchant backend (harness/backend/) at / and PayPal's stand-in
// (harness/paypal/) at /paypal, in one process. Neither side imports the other; this file is the one that knows both.
// It gives the backend its PayPal client (over HTTP, or by dispatch in process), tells the stand-in where its webhooks
// go, and lends the stand-in the backend's test plumbing: its faults, its reset, its log and the players that
// webhooks are about.
import { createBackend, serveBackend, type BackendCore, type BackendOptions, mergedPlanIds } from './backend/server';
import { fetchTransport, paypalApi, type PayPalTransport } from './backend/paypal-api';
import type { LogEntry } from './backend/http';
import type { Store } from './backend/store';
import type { UnityTokens } from './backend/tokens';
import type { SweepResult } from './backend/payments';
import { WEBHOOK_FAULT_ROUTE } from './faults';
import type { Merchant } from './paypal/merchants';
import { createPayPalStandIn, type PayPalStandIn } from './paypal/stand-in';
import { seedSubscription } from './paypal/subscriptions';
import type { WebhookKey, WebhookTransport } from './paypal/webhook-events';

export interface StackBackendOptions extends BackendOptions {
  /** PayPal's REST API as the backend calls it; by default the stand-in's on this server (`{url}/paypal`). */
  paypal?: BackendCore['context']['paypal'];
  /** The stand-in's PayPal merchants by client id (default: `test-client-id` is the portal's). */
  paypalMerchants?: Record<string, Merchant>;
  /**
   * The client id of the portal's PayPal app, which this backend calls PayPal with too (default `test-client-id`);
   * the stand-in counts it as the portal's merchant's when no merchant has it.
   */
  paypalClientId?: string;
  /** This backend's merchant id: a credits order must pay it (default: its client id's merchant at the stand-in). */
  merchantId?: string;
  /** The webhook id deliveries are verified against (default: the stand-in's webhook's own id). */
  webhookId?: string;
  /** Where the stand-in delivers webhooks: default this backend's POST /webhooks/paypal; null: it sends none. */
  webhookUrl?: string | null;
  /** The delay before retry `attempt` of an undelivered webhook, null to give up (default: 5 s doubling, 25 tries). */
  webhookRetryDelayMs?: (attempt: number) => number | null;
  /** How the stand-in POSTs a webhook (default: HTTP, or dispatch in process); a test may watch or alter deliveries. */
  webhookTransport?: WebhookTransport;
  /** The stand-in's signing key (default: a new 2048-bit one; tests share a smaller one). */
  webhookKey?: WebhookKey;
  /** How long the stand-in's Transaction Search takes to show a transaction (default 0; PayPal: up to 3 hours). */
  transactionSearchDelayMs?: number;
}

/** The backend with PayPal's stand-in beside it, without a server. */
export interface StackBackendCore extends BackendCore {
  /** PayPal's side: its records, merchants, webhook and events sent. */
  paypal: PayPalStandIn;
}

export interface Backend {
  port: number;
  url: string;
  store: Store;
  log: LogEntry[];
  unityTokens: UnityTokens;
  /** The value the x-harness-secret header must carry on /__harness/* requests. */
  harnessSecret: string;
  /** Lets pages of one more origin call the API (e.g. a second portal build started later). */
  allowOrigin(origin: string): void;
  readonly allowedOrigins: ReadonlySet<string>;
  /** Replaces the faults; with `uid`, only that user's requests are affected (tests run side by side). */
  setFaults(spec: string, uid?: string): void;
  /** The reconciliation sweep, now (as POST /__harness/reconcile). */
  reconcile(graceMs?: number): Promise<SweepResult>;
  /** PayPal's side: merchants, webhook, events sent. */
  paypal: PayPalStandIn;
  /** The backend's dispatch and context, for tests that drive it in process beside the server. */
  core: StackBackendCore;
  reset(): void;
  stop(): Promise<void>;
}

/**
 * The backend and PayPal's side, ready to dispatch requests in process. `transport` says how the backend reaches
 * PayPal's REST API and how the stand-in delivers webhooks: over HTTP to `url` (a server, startBackend) or by
 * dispatching to itself (a test without sockets).
 */
export function createStackBackend(
  options: Omit<StackBackendOptions, 'port'> & { url?: () => string; transport?: 'http' | 'in-process' },
): StackBackendCore {
  const url = options.url ?? (() => 'http://backend.in-process');
  const inProcess = options.transport === 'in-process';
  const clock = options.clock ?? Date.now;
  const clientId = options.paypalClientId ?? 'test-client-id';
  // Set below: the stand-in and the backend each reach the other only through this file's closures.
  let core: BackendCore | null = null;
  const dispatch: BackendCore['dispatch'] = (request) => core!.dispatch(request);
  const paypal = createPayPalStandIn({
    ...(options.dataFile ? { dataFile: paypalDataFile(options.dataFile), olderDataFile: options.dataFile } : {}),
    url,
    clock,
    planIds: mergedPlanIds(options.planIds),
    ...(options.paypalMerchants ? { merchants: options.paypalMerchants } : {}),
    portalClientId: clientId,
    webhookUrl: () => (options.webhookUrl === undefined ? `${url()}/webhooks/paypal` : options.webhookUrl),
    ...(options.webhookRetryDelayMs ? { webhookRetryDelayMs: options.webhookRetryDelayMs } : {}),
    webhookTransport:
      options.webhookTransport ??
      (inProcess
        ? async (target, headers, body) => {
            const outcome = await dispatch({ method: 'POST', path: new URL(target).pathname, headers, body });
            return 'drop' in outcome ? 0 : (outcome.reply.status ?? 200);
          }
        : undefined),
    ...(options.webhookKey ? { webhookKey: options.webhookKey } : {}),
    webhookFault: (customId) => core?.faultAbout(WEBHOOK_FAULT_ROUTE, customId) ?? null,
    autoRun: !inProcess,
    ...(options.transactionSearchDelayMs !== undefined
      ? { transactionSearchDelayMs: options.transactionSearchDelayMs }
      : {}),
  });
  const merchantId = options.merchantId ?? paypal.merchants.get(clientId)?.merchantId;
  if (!merchantId) throw new Error(`no PayPal merchant for client id ${clientId}: give merchantId`);
  const paypalTransport: PayPalTransport = inProcess
    ? async (method, target, headers, body) => {
        const u = new URL(target);
        const outcome = await dispatch({ method, path: u.pathname + u.search, headers, body });
        if ('drop' in outcome) throw new Error('connection reset');
        const r = outcome.reply;
        return { status: r.status ?? 200, text: r.text ?? (r.json === undefined ? '' : JSON.stringify(r.json)) };
      }
    : fetchTransport;
  const backend = createBackend({
    ...options,
    url,
    clock,
    paypal: options.paypal ?? paypalApi(() => `${url()}/paypal`, clientId, paypalTransport),
    merchantId,
    webhookId: options.webhookId ?? paypal.webhook.id,
    seedAtPayPal: (subscription) => seedSubscription(paypal, subscription),
    beside: {
      routes: paypal.routes,
      testRoutes: {
        // The PayPal stand-in: what a test plays at PayPal (stand-in.ts `control`).
        '/__harness/paypal': paypal.control,
        // What PayPal sent: every event, what became of it and each attempt's status (0: no answer).
        '/__harness/paypal/webhooks': () => ({
          json: paypal.sender.deliveries.map((d) => ({
            id: d.event.id,
            eventType: d.event.event_type,
            resourceId: d.event.resource.id,
            // The player the event's custom_id names (the purchase reference's, read back), as tests look for it.
            customId: backend.namedPlayer(d.customId) ?? null,
            state: d.state,
            statuses: d.statuses,
          })),
        }),
      },
      reset: () => paypal.reset(),
      close: () => paypal.close(),
    },
  });
  core = backend;
  return { ...backend, paypal };
}

/** PayPal's records beside the backend's data file: `data.json` keeps them in `data.paypal.json`. */
export function paypalDataFile(dataFile: string): string {
  return dataFile.endsWith('.json') ? `${dataFile.slice(0, -'.json'.length)}.paypal.json` : `${dataFile}.paypal.json`;
}

/** The backend and PayPal's stand-in behind one node:http server: the backend at /, the stand-in at /paypal. */
export async function startBackend(options: StackBackendOptions): Promise<Backend> {
  let url = '';
  const core = createStackBackend({ ...options, url: () => url, transport: 'http' });
  const served = await serveBackend(core, options);
  url = served.url;
  return {
    port: served.port,
    url,
    store: core.store,
    log: core.log,
    unityTokens: core.unityTokens,
    harnessSecret: core.harnessSecret,
    allowedOrigins: served.allowedOrigins,
    allowOrigin: served.allowOrigin,
    setFaults: core.setFaults,
    reconcile: core.reconcile,
    paypal: core.paypal,
    core,
    reset: core.reset,
    stop: async () => {
      core.close();
      await served.stop();
    },
  };
}
