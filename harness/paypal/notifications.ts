// Webhooks v1 (/v1/notifications): what a merchant asks PayPal about a delivery (verify-webhook-signature), the
// event as PayPal keeps it, and the certificate named in PAYPAL-CERT-URL. The events themselves, their signing and
// their sending are webhook-events.ts.
import { verify, X509Certificate, type KeyObject } from 'node:crypto';
import { missing, PayPalApiError, rest, type PayPalRoute } from './rest';
import { AUTH_ALGO, signedString } from './webhook-events';

const certificateKeys = new Map<string, KeyObject>();

/** The public key of the certificate PayPal signs webhooks with, as a verifier reads it from PAYPAL-CERT-URL. */
function certificateKey(pem: string): KeyObject {
  let key = certificateKeys.get(pem);
  if (!key) certificateKeys.set(pem, (key = new X509Certificate(pem).publicKey));
  return key;
}

export const notificationRoutes: PayPalRoute[] = [
  rest('POST', '/paypal/v1/notifications/verify-webhook-signature', 'paypal-webhook-verify', (ctx) => {
    const body = ctx.body;
    for (const field of [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
    ]) {
      if (typeof body[field] !== 'string' || body[field] === '') throw missing(`/${field}`);
    }
    const event = body.webhook_event;
    if (!event || typeof event !== 'object') throw missing('/webhook_event');
    const standIn = ctx.paypal;
    const text = (k: string) => body[k] as string;
    let ok =
      text('auth_algo') === AUTH_ALGO &&
      text('cert_url') === standIn.certUrl() &&
      text('webhook_id') === standIn.webhook.id;
    if (ok) {
      // PayPal checks the CRC of the event as it reads it, so a re-serialised body must match the one it sent.
      const message = signedString(
        text('transmission_id'),
        text('transmission_time'),
        text('webhook_id'),
        JSON.stringify(event),
      );
      const key = certificateKey(standIn.key.certificatePem);
      try {
        ok = verify('sha256', Buffer.from(message), key, Buffer.from(text('transmission_sig'), 'base64'));
      } catch {
        ok = false;
      }
    }
    return { json: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
  }),
  // A webhook event as PayPal keeps it: the backend acts on this, not on the body a delivery carried.
  rest('GET', '/paypal/v1/notifications/webhooks-events/:eventId', 'paypal-webhook-event', (ctx) => {
    const found = ctx.paypal.sender.deliveries.find((d) => d.event.id === ctx.params.eventId);
    if (!found) throw new PayPalApiError(404, 'INVALID_RESOURCE_ID', 'Requested resource ID was not found.');
    return { json: found.event };
  }),

  {
    // The certificate named in PAYPAL-CERT-URL; public, as PayPal's.
    method: 'GET',
    path: '/paypal/v1/notifications/certs/:certId',
    name: 'paypal-webhook-cert',
    handler(ctx) {
      const key = ctx.paypal.key;
      if (ctx.params.certId !== key.certId) return { status: 404, text: 'Not found' };
      return { text: key.certificatePem, type: 'application/x-pem-file' };
    },
  },
];
