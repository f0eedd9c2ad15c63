// POST /webhooks/paypal: PayPal's notifications, taken only when PayPal vouches for them (verify-webhook-signature),
// fresh (PAYPAL-TRANSMISSION-TIME) and not seen before (PAYPAL-TRANSMISSION-ID), then deduplicated by event id and
// reconciled through the backend's books (payments.ts). What is acted on is the event as PayPal keeps it (GET
// /v1/notifications/webhooks-events/{id}), never the body: its signature covers only a CRC-32 of it. What costs nothing
// is checked before PayPal is called (the algorithm, the certificate's host), and the route is rate-limited.
import { HttpError, type BackendContext, type RouteDef } from './http';
import { PayPalCallError, WEBHOOK_AUTH_ALGO as AUTH_ALGO } from './paypal-api';
import { handleWebhookEvent } from './payments';

/** PayPal's API hosts, where a real PAYPAL-CERT-URL points (https only). */
const PAYPAL_API_HOSTS = ['api.paypal.com', 'api-m.paypal.com', 'api.sandbox.paypal.com', 'api-m.sandbox.paypal.com'];

/**
 * PAYPAL-CERT-URL may name only PayPal's own certificates: https on PayPal's API host, or, in emulator mode, the
 * stand-in's certificate path on this server's own origin.
 */
function trustedCertUrl(b: BackendContext, value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const certs = url.pathname.startsWith('/v1/notifications/certs/');
  if (url.protocol === 'https:' && PAYPAL_API_HOSTS.includes(url.hostname) && !url.port && certs) return true;
  const own = new URL(b.baseUrl() || 'http://invalid');
  return url.origin === own.origin && url.pathname.startsWith('/paypal/v1/notifications/certs/');
}

/** At most this many deliveries a minute reach the checks that call PayPal; more get 429 (PayPal retries later). */
const WEBHOOK_RATE_PER_MINUTE = 120;
const windows = new WeakMap<BackendContext, { start: number; count: number }>();

function rateLimited(b: BackendContext): boolean {
  const now = b.clock();
  const w = windows.get(b);
  if (!w || now - w.start >= 60_000) {
    windows.set(b, { start: now, count: 1 });
    return false;
  }
  w.count += 1;
  return w.count > WEBHOOK_RATE_PER_MINUTE;
}

const HEADERS = [
  'paypal-transmission-id',
  'paypal-transmission-time',
  'paypal-transmission-sig',
  'paypal-cert-url',
  'paypal-auth-algo',
] as const;

export const webhookRoute: RouteDef = {
  method: 'POST',
  path: '/webhooks/paypal',
  name: 'webhook',
  async handler(ctx) {
    const b = ctx.backend;
    const data = b.store.data;
    if (rateLimited(b)) throw new HttpError(429, 'Too many webhook deliveries; PayPal retries later');
    const header: Record<(typeof HEADERS)[number], string> = Object.create(null) as Record<
      (typeof HEADERS)[number],
      string
    >;
    for (const name of HEADERS) {
      const value = ctx.headers[name];
      if (typeof value !== 'string' || value === '')
        throw new HttpError(400, `Unsigned webhook: the ${name.toUpperCase()} header is missing`);
      header[name] = value;
    }
    const transmissionId = header['paypal-transmission-id'];
    const sent = Date.parse(header['paypal-transmission-time']);
    if (Number.isNaN(sent)) throw new HttpError(400, 'PAYPAL-TRANSMISSION-TIME is not a time');
    const now = b.clock();
    if (Math.abs(now - sent) > b.webhookToleranceMs)
      throw new HttpError(400, `Stale webhook: sent at ${header['paypal-transmission-time']}, too far from now`);
    if (data.webhookTransmissions[transmissionId] !== undefined)
      throw new HttpError(409, 'This webhook transmission was received before (a replay)');
    const event = ctx.body;
    const type = event.event_type;
    const resource = event.resource;
    if (typeof event.id !== 'string' || typeof type !== 'string' || !resource || typeof resource !== 'object')
      throw new HttpError(400, 'Not a PayPal webhook event (id, event_type, resource)');
    // Free checks first: a delivery that fails them never costs a call to PayPal.
    if (header['paypal-auth-algo'] !== AUTH_ALGO) throw new HttpError(400, `PAYPAL-AUTH-ALGO must be ${AUTH_ALGO}`);
    if (!trustedCertUrl(b, header['paypal-cert-url']))
      throw new HttpError(400, "PAYPAL-CERT-URL is not PayPal's certificate host");
    let verdict: 'SUCCESS' | 'FAILURE';
    try {
      verdict = await b.paypal.verifyWebhookSignature({
        authAlgo: header['paypal-auth-algo'],
        certUrl: header['paypal-cert-url'],
        transmissionId,
        transmissionSig: header['paypal-transmission-sig'],
        transmissionTime: header['paypal-transmission-time'],
        webhookId: b.webhookId,
        rawEvent: ctx.rawBody,
      });
    } catch (error) {
      if (error instanceof PayPalCallError)
        throw new HttpError(502, `PayPal could not verify the webhook now: ${error.message}`);
      throw error;
    }
    if (verdict !== 'SUCCESS') throw new HttpError(401, 'PayPal did not verify the webhook signature');
    if (data.webhookTransmissions[transmissionId] !== undefined)
      throw new HttpError(409, 'This webhook transmission was received before (a replay)');
    data.webhookTransmissions[transmissionId] = sent;
    // Anything older than the tolerance is refused as stale anyway, so it need not be remembered.
    for (const [id, at] of Object.entries(data.webhookTransmissions))
      if (now - at > 2 * b.webhookToleranceMs) delete data.webhookTransmissions[id];
    if (data.webhookEvents[event.id]) {
      b.store.save();
      return { json: { received: true, duplicate: true } };
    }
    // The event as PayPal keeps it: a body forged to the same CRC changes nothing. Unknown to PayPal: not PayPal's.
    let kept;
    try {
      kept = await b.paypal.getWebhookEvent(event.id);
    } catch (error) {
      if (!(error instanceof PayPalCallError)) throw error;
      if (error.status === 404) {
        b.store.save();
        throw new HttpError(400, 'PayPal does not know this webhook event');
      }
      // Not marked processed: PayPal's retry (or the sweep) brings it again.
      b.store.save();
      throw new HttpError(502, `PayPal could not give the webhook event now: ${error.message}`);
    }
    const keptType = kept.event_type;
    const keptResource = kept.resource;
    if (kept.id !== event.id || typeof keptType !== 'string' || !keptResource || typeof keptResource !== 'object') {
      b.store.save();
      throw new HttpError(502, 'PayPal answered no webhook event');
    }
    await handleWebhookEvent(b, keptType, keptResource);
    // Processed only now, after acting on PayPal's event: a failure above leaves it for PayPal's retry.
    data.webhookEvents[event.id] = { type: keptType, at: new Date(now).toISOString() };
    b.store.save();
    return { json: { received: true } };
  },
};
