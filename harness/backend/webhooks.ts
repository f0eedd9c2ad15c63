// POST /webhooks/paypal: PayPal's notifications, taken only when PayPal vouches for them (verify-webhook-signature),
// fresh (PAYPAL-TRANSMISSION-TIME) and not seen before (PAYPAL-TRANSMISSION-ID), then deduplicated by event id and
// reconciled through the backend's books (payments.ts), which read the resource from PayPal again.
import { HttpError, type RouteDef } from './http';
import { PayPalCallError } from './paypal-api';
import { handleWebhookEvent } from './payments';

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
    await handleWebhookEvent(b, type, resource as Record<string, unknown>);
    data.webhookEvents[event.id] = { type, at: new Date(now).toISOString() };
    b.store.save();
    return { json: { received: true } };
  },
};
