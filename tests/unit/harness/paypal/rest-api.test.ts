// @vitest-environment node
// The PayPal stand-in behaves like PayPal where the backend meets it: webhooks signed as PayPal signs them (the
// certificate at PAYPAL-CERT-URL, verify-webhook-signature), delivered and retried, with the fault switches; captures
// and refunds, subscriptions' suspend/activate/cancel with PayPal's 422 texts, subscription transactions, Transaction
// Search, and merchants: an order pays its payee, and a merchant sees only its own. In process, with a test clock.
import { createPublicKey, verify, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backoff, crc32, signedString, type WebhookTransport } from '../../../../harness/paypal/webhook-events';
import { parseFaults, takeFault } from '../../../../harness/faults';
import {
  approvedSubscription,
  call,
  deliverAll,
  inProcessBackend,
  newPlayer,
  paidOrder,
  paypal,
  type InProcess,
} from '../../support/backend-in-process';

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** A backend whose webhooks are recorded (and answered `status`) instead of being handed to its own route. */
function watched(status = 200, options: Parameters<typeof inProcessBackend>[0] = {}) {
  const sent: Sent[] = [];
  const transport: WebhookTransport = async (url, headers, body) => {
    sent.push({ url, headers, body });
    return status;
  };
  const world = inProcessBackend({ webhookTransport: transport, ...options });
  return { ...world, sent };
}

const events = (w: InProcess) => w.core.paypal.sender.deliveries.map((d) => d.event.event_type);

async function verifyAtPayPal(w: InProcess, s: Sent, change: Partial<Record<string, unknown>> = {}) {
  const body = {
    auth_algo: s.headers['paypal-auth-algo'],
    cert_url: s.headers['paypal-cert-url'],
    transmission_id: s.headers['paypal-transmission-id'],
    transmission_sig: s.headers['paypal-transmission-sig'],
    transmission_time: s.headers['paypal-transmission-time'],
    webhook_id: w.core.paypal.webhook.id,
    webhook_event: JSON.parse(s.body) as unknown,
    ...change,
  };
  return (await paypal(w.core, 'POST', '/v1/notifications/verify-webhook-signature', body)).json.verification_status;
}

describe('webhook signatures, as PayPal makes them', () => {
  it("CRC-32 is zlib's, written as an unsigned decimal in the signed string", () => {
    expect(crc32(Buffer.from('The quick brown fox jumps over the lazy dog'))).toBe(0x414fa339);
    expect(signedString('t-1', '2026-06-01T12:00:00Z', 'WH1', 'abc')).toBe(`t-1|2026-06-01T12:00:00Z|WH1|891568578`);
  });

  it('PAYMENT.CAPTURE.COMPLETED carries the capture with custom_id, order id, amount and payee; the signature checks out with the certificate at PAYPAL-CERT-URL', async () => {
    const w = watched();
    const { orderId, captureId } = await paidOrder(w.core, 'P-OWNER', '9.99');
    await deliverAll(w);
    expect(w.sent).toHaveLength(1);
    const s = w.sent[0]!;
    expect(s.url).toBe('http://backend.in-process/webhooks/paypal');
    expect(s.headers).toMatchObject({
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-transmission-id': expect.stringMatching(/^[0-9a-f-]{36}$/),
      'paypal-transmission-time': '2026-06-01T12:00:00.000Z',
    });
    const event = JSON.parse(s.body) as Record<string, unknown>;
    expect(event).toMatchObject({
      id: expect.stringMatching(/^WH-[0-9A-Z]{17}-[0-9A-Z]{17}$/),
      event_version: '1.0',
      resource_type: 'capture',
      resource_version: '2.0',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      summary: 'Payment completed for $ 9.99 USD',
      create_time: '2026-06-01T12:00:00.000Z',
      resource: {
        id: captureId,
        status: 'COMPLETED',
        amount: { currency_code: 'USD', value: '9.99' },
        custom_id: 'P-OWNER',
        payee: { merchant_id: 'DREAMBOOKTEST', email_address: 'sales@dreambook.example' },
        supplementary_data: { related_ids: { order_id: orderId } },
        final_capture: true,
      },
    });
    // A backend may check it itself: the certificate PayPal names, over the string PayPal signs.
    const certPath = new URL(s.headers['paypal-cert-url']!).pathname;
    const cert = await call(w.core, 'GET', certPath);
    expect(cert.status).toBe(200);
    const key = new X509Certificate(String(cert.json.text)).publicKey;
    const message = signedString(
      s.headers['paypal-transmission-id']!,
      s.headers['paypal-transmission-time']!,
      w.core.paypal.webhook.id,
      s.body,
    );
    expect(
      verify('sha256', Buffer.from(message), key, Buffer.from(s.headers['paypal-transmission-sig']!, 'base64')),
    ).toBe(true);
    expect((await call(w.core, 'GET', '/paypal/v1/notifications/certs/CERT-00000000-00000000-00000000')).status).toBe(
      404,
    );
  });

  it('verify-webhook-signature answers SUCCESS for what PayPal sent, FAILURE for anything forged or changed', async () => {
    const w = watched();
    await paidOrder(w.core, 'P-OWNER');
    await deliverAll(w);
    const s = w.sent[0]!;
    expect(await verifyAtPayPal(w, s)).toBe('SUCCESS');
    const event = JSON.parse(s.body) as { resource: { amount: { value: string } } };
    event.resource.amount.value = '999.00';
    expect(await verifyAtPayPal(w, s, { webhook_event: event })).toBe('FAILURE');
    expect(await verifyAtPayPal(w, s, { webhook_id: 'ANOTHERWEBHOOK01' })).toBe('FAILURE');
    expect(await verifyAtPayPal(w, s, { cert_url: 'https://evil.example/cert.pem' })).toBe('FAILURE');
    expect(await verifyAtPayPal(w, s, { auth_algo: 'SHA1withRSA' })).toBe('FAILURE');
    expect(await verifyAtPayPal(w, s, { transmission_time: '2026-06-01T12:00:01.000Z' })).toBe('FAILURE');
    // Signed by another key (a forger's own), with everything else right.
    const forger = inProcessBackend();
    const forgedSig = (await import('node:crypto'))
      .sign(
        'sha256',
        Buffer.from(
          signedString(
            s.headers['paypal-transmission-id']!,
            s.headers['paypal-transmission-time']!,
            w.core.paypal.webhook.id,
            s.body,
          ),
        ),
        (await import('node:crypto')).generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey,
      )
      .toString('base64');
    expect(await verifyAtPayPal(w, s, { transmission_sig: forgedSig })).toBe('FAILURE');
    forger.core.close();
    expect(
      (await paypal(w.core, 'POST', '/v1/notifications/verify-webhook-signature', { auth_algo: 'SHA256withRSA' })).json,
    ).toMatchObject({ name: 'INVALID_REQUEST', details: [{ issue: 'MISSING_REQUIRED_PARAMETER' }] });
    expect(createPublicKey(w.core.paypal.key.privateKey).asymmetricKeyType).toBe('rsa');
  });

  it('subscription events carry the subscription with custom_id, plan_id and status; its first cycle is a PAYMENT.SALE.COMPLETED', async () => {
    const w = watched();
    const id = await approvedSubscription(w.core, 'P-OWNER');
    await paypal(w.core, 'POST', `/v1/billing/subscriptions/${id}/suspend`, { reason: 'pause' });
    await paypal(w.core, 'POST', `/v1/billing/subscriptions/${id}/activate`, { reason: 'resume' });
    await paypal(w.core, 'POST', `/v1/billing/subscriptions/${id}/cancel`, { reason: 'stop' });
    await deliverAll(w);
    const bodies = w.sent.map((s) => JSON.parse(s.body) as { event_type: string; resource: Record<string, unknown> });
    expect(bodies.map((b) => b.event_type)).toEqual([
      'BILLING.SUBSCRIPTION.ACTIVATED',
      'PAYMENT.SALE.COMPLETED',
      'BILLING.SUBSCRIPTION.SUSPENDED',
      'BILLING.SUBSCRIPTION.RE-ACTIVATED',
      'BILLING.SUBSCRIPTION.CANCELLED',
    ]);
    expect(bodies[0]!.resource).toMatchObject({
      id,
      custom_id: 'P-OWNER',
      plan_id: 'P-TEST-MONTHLY',
      status: 'ACTIVE',
    });
    expect(bodies[1]!.resource).toMatchObject({
      state: 'completed',
      amount: { total: '5.99', currency: 'USD' },
      billing_agreement_id: id,
      custom: 'P-OWNER',
    });
    expect(bodies[2]!.resource).toMatchObject({ status: 'SUSPENDED' });
    expect(bodies[4]!.resource).toMatchObject({ status: 'CANCELLED', status_change_note: 'stop' });
  });
});

describe('webhook delivery', () => {
  it('retries an undelivered event with exponential backoff until answered 2xx, and gives up after the last try', async () => {
    expect([1, 2, 3, 4, 10, 25].map((n) => backoff(n))).toEqual([5000, 10_000, 20_000, 40_000, 2_560_000, null]);
    const w = watched(503, { webhookRetryDelayMs: (n) => (n >= 3 ? null : 1000 * 2 ** (n - 1)) });
    await paidOrder(w.core, 'P-OWNER');
    const sender = w.core.paypal.sender;
    await sender.deliverDue(w.clock.now);
    expect(sender.nextDueAt()).toBe(w.clock.now + 1000);
    w.clock.advance(999);
    await sender.deliverDue(w.clock.now);
    expect(w.sent).toHaveLength(1);
    await deliverAll(w);
    expect(w.sent).toHaveLength(3);
    expect(w.sent.map((s) => s.headers['paypal-transmission-time'])).toEqual([
      '2026-06-01T12:00:00.000Z',
      '2026-06-01T12:00:01.000Z',
      '2026-06-01T12:00:03.000Z',
    ]);
    // Each attempt is a new transmission of the same event.
    expect(new Set(w.sent.map((s) => s.headers['paypal-transmission-id'])).size).toBe(3);
    expect(new Set(w.sent.map((s) => s.body)).size).toBe(1);
    expect(sender.deliveries[0]).toMatchObject({ state: 'gave-up', statuses: [503, 503, 503] });
  });

  it('fault switches: drop, duplicate, reorder (sent after the next one), delay, and a failed first attempt', () => {
    const f = parseFaults('paypal-webhook=dropx1,paypal-webhook=delay5000x1');
    expect(takeFault(f, 'paypal-webhook')).toEqual({ drop: true });
    expect(takeFault(f, 'paypal-webhook')).toEqual({ delayMs: 5000 });
    expect(() => parseFaults('purchase=duplicate')).toThrow(/paypal-webhook only/);
    expect(() => parseFaults('paypal-webhook=malformed')).toThrow(/takes drop/);
  });

  it('plays each fault on the events of the user it is set for', async () => {
    const w = watched();
    const alice = await newPlayer(w.core, 'alice');
    const bob = await newPlayer(w.core, 'bob');
    const bodyOf = (s: Sent) =>
      JSON.parse(s.body) as { id: string; resource: { custom_id?: string; amount: { value: string } } };

    w.core.setFaults('paypal-webhook=dropx1', 'alice');
    await paidOrder(w.core, alice.playerId, '9.99');
    await paidOrder(w.core, bob.playerId, '9.99');
    await deliverAll(w);
    expect(w.sent.map((s) => bodyOf(s).resource.custom_id)).toEqual([bob.playerId]);

    w.sent.length = 0;
    w.core.setFaults('paypal-webhook=duplicatex1', 'alice');
    await paidOrder(w.core, alice.playerId, '9.99');
    await deliverAll(w);
    expect(w.sent).toHaveLength(2);
    expect(bodyOf(w.sent[0]!).id).toBe(bodyOf(w.sent[1]!).id);

    w.sent.length = 0;
    w.core.setFaults('paypal-webhook=reorderx1', 'alice');
    await paidOrder(w.core, alice.playerId, '9.99');
    await paidOrder(w.core, alice.playerId, '14.99');
    await deliverAll(w);
    expect(w.sent.map((s) => bodyOf(s).resource.amount.value)).toEqual(['14.99', '9.99']);

    w.sent.length = 0;
    w.core.setFaults('paypal-webhook=delay60000x1', 'alice');
    await paidOrder(w.core, alice.playerId, '9.99');
    await w.core.paypal.sender.deliverDue(w.clock.now);
    expect(w.sent).toHaveLength(0);
    w.clock.advance(60_000);
    await w.core.paypal.sender.deliverDue(w.clock.now);
    expect(w.sent).toHaveLength(1);

    w.sent.length = 0;
    w.core.setFaults('paypal-webhook=500x1');
    await paidOrder(w.core, bob.playerId, '9.99');
    await deliverAll(w);
    const last = w.core.paypal.sender.deliveries.at(-1)!;
    expect(last).toMatchObject({ state: 'delivered', statuses: [500, 200] });
    expect(w.sent).toHaveLength(1);
  });
});

describe('captures, refunds and payees', () => {
  it('an order pays the merchant of the client id that made it, or the payee it names; an unknown payee is refused', async () => {
    const w = inProcessBackend({ webhookUrl: null });
    const mine = await paidOrder(w.core, 'P1', '9.99');
    const order = await paypal(w.core, 'GET', `/v2/checkout/orders/${mine.orderId}`);
    expect(order.json).toMatchObject({
      purchase_units: [{ payee: { merchant_id: 'DREAMBOOKTEST', email_address: 'sales@dreambook.example' } }],
    });
    const theirs = await paidOrder(w.core, 'P1', '9.99', { payee: { email_address: 'billing@other-shop.example' } });
    expect(await paypal(w.core, 'GET', `/v2/payments/captures/${theirs.captureId}`)).toMatchObject({
      status: 200,
      json: {
        payee: { merchant_id: 'OTHERSHOP0001' },
        supplementary_data: { related_ids: { order_id: theirs.orderId } },
      },
    });
    const unknown = await paypal(w.core, 'POST', '/v2/checkout/orders', {
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'USD', value: '9.99' }, payee: { email_address: 'x@y.example' } }],
    });
    expect(unknown).toMatchObject({ status: 422, json: { details: [{ issue: 'PAYEE_ACCOUNT_INVALID' }] } });
  });

  it('a merchant sees only its own: another shop gets 404 for our order, and an unknown client id 401', async () => {
    const w = inProcessBackend({ webhookUrl: null });
    const { orderId, captureId } = await paidOrder(w.core, 'P1');
    expect(
      (await paypal(w.core, 'GET', `/v2/checkout/orders/${orderId}`, undefined, 'other-shop-client-id')).status,
    ).toBe(404);
    expect(
      (await paypal(w.core, 'POST', `/v2/payments/captures/${captureId}/refund`, {}, 'other-shop-client-id')).status,
    ).toBe(404);
    expect((await paypal(w.core, 'GET', `/v2/checkout/orders/${orderId}`, undefined, 'nobody')).json).toMatchObject({
      name: 'AUTHENTICATION_FAILURE',
      details: [{ issue: 'invalid_client' }],
    });
    const sub = await approvedSubscription(w.core, 'P1');
    expect(
      (await paypal(w.core, 'GET', `/v1/billing/subscriptions/${sub}`, undefined, 'other-shop-client-id')).status,
    ).toBe(404);
  });

  it('refunds a capture in full once (422 CAPTURE_FULLY_REFUNDED after), and says so in a webhook', async () => {
    const w = watched();
    const { captureId } = await paidOrder(w.core, 'P1', '24.99');
    const refund = await paypal(w.core, 'POST', `/v2/payments/captures/${captureId}/refund`, {
      note_to_payer: 'sorry',
    });
    expect(refund).toMatchObject({
      status: 201,
      json: { id: expect.stringMatching(/^[0-9A-Z]{17}$/), status: 'COMPLETED', amount: { value: '24.99' } },
    });
    expect((await paypal(w.core, 'GET', `/v2/payments/captures/${captureId}`)).json).toMatchObject({
      status: 'REFUNDED',
    });
    expect(await paypal(w.core, 'POST', `/v2/payments/captures/${captureId}/refund`, {})).toMatchObject({
      status: 422,
      json: { details: [{ issue: 'CAPTURE_FULLY_REFUNDED' }] },
    });
    expect(
      (await paypal(w.core, 'POST', `/v2/payments/captures/${captureId}/refund`, { amount: { value: '1.00' } })).status,
    ).toBe(422);
    expect(events(w)).toEqual(['PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.REFUNDED']);
  });
});

describe("subscriptions follow PayPal's transitions", () => {
  it("suspend needs ACTIVE, activate needs a merchant-suspended one, cancel ACTIVE or SUSPENDED, with PayPal's 422 texts", async () => {
    const w = inProcessBackend({ webhookUrl: null });
    const id = await approvedSubscription(w.core, 'P1');
    const act = (action: string, body: unknown = { reason: 'r' }) =>
      paypal(w.core, 'POST', `/v1/billing/subscriptions/${id}/${action}`, body);
    const invalid = (description: string) => ({
      status: 422,
      json: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'SUBSCRIPTION_STATUS_INVALID', description }] },
    });
    expect(await act('activate')).toMatchObject(
      invalid('Invalid subscription status for activate action; subscription status should be suspended.'),
    );
    expect((await act('suspend', {})).json).toMatchObject({ details: [{ issue: 'MISSING_REQUIRED_PARAMETER' }] });
    expect((await act('suspend')).status).toBe(204);
    expect(await act('suspend')).toMatchObject(
      invalid('Invalid subscription status for suspend action; subscription status should be active.'),
    );
    expect((await act('activate')).status).toBe(204);
    expect((await act('suspend')).status).toBe(204);
    expect((await act('cancel')).status).toBe(204);
    expect(await act('cancel')).toMatchObject(
      invalid('Invalid subscription status for cancel action; subscription status should be active or suspended.'),
    );
    expect((await paypal(w.core, 'GET', `/v1/billing/subscriptions/${id}`)).json).toMatchObject({
      status: 'CANCELLED',
    });
  });

  it('after too many failed payments PayPal suspends it, and only the payer can bring it back', async () => {
    const w = inProcessBackend({ webhookUrl: null });
    const id = await approvedSubscription(w.core, 'P1');
    const renew = (failed: boolean) =>
      call(w.core, 'POST', '/__harness/paypal', { renew: id, failed }, { 'x-harness-secret': w.core.harnessSecret });
    expect((await renew(false)).json).toMatchObject({ subscription: { status: 'ACTIVE' } });
    for (const expected of ['ACTIVE', 'ACTIVE', 'SUSPENDED'])
      expect((await renew(true)).json).toMatchObject({ subscription: { status: expected } });
    expect((await paypal(w.core, 'GET', `/v1/billing/subscriptions/${id}`)).json).toMatchObject({
      status: 'SUSPENDED',
      billing_info: { failed_payments_count: 3 },
    });
    expect(await paypal(w.core, 'POST', `/v1/billing/subscriptions/${id}/activate`, { reason: 'r' })).toMatchObject({
      status: 422,
      json: { details: [{ issue: 'SUBSCRIPTION_CANNOT_BE_ACTIVATED' }] },
    });
    expect((await renew(false)).status).toBe(409);
  });

  it("lists a subscription's payments between start_time and end_time", async () => {
    const w = inProcessBackend({ webhookUrl: null });
    const id = await approvedSubscription(w.core, 'P1', 'P-TEST-ANNUAL');
    const list = (q: string) => paypal(w.core, 'GET', `/v1/billing/subscriptions/${id}/transactions${q}`);
    expect((await list('')).json).toMatchObject({ details: [{ issue: 'MISSING_REQUIRED_PARAMETER' }] });
    const all = await list('?start_time=2026-01-01T00:00:00Z&end_time=2026-12-31T00:00:00Z');
    expect(all.json).toMatchObject({
      transactions: [
        {
          id: expect.stringMatching(/^[0-9A-Z]{17}$/),
          status: 'COMPLETED',
          amount_with_breakdown: { gross_amount: { currency_code: 'USD', value: '49.99' } },
          time: '2026-06-01T12:00:00.000Z',
        },
      ],
    });
    expect((await list('?start_time=2026-07-01T00:00:00Z&end_time=2026-12-31T00:00:00Z')).json).toEqual({
      transactions: [],
      links: [],
    });
  });
});

describe('Transaction Search', () => {
  it("lists the merchant's captures (T0006, custom_field), subscription payments (T0002) and refunds (T1107), once old enough to show", async () => {
    const w = inProcessBackend({ webhookUrl: null, transactionSearchDelayMs: 3_600_000 });
    const { orderId, captureId } = await paidOrder(w.core, 'P1', '9.99');
    const sub = await approvedSubscription(w.core, 'P1');
    await paidOrder(w.core, 'P2', '9.99', { payee: { merchant_id: 'OTHERSHOP0001' } });
    const search = (start: string, end: string) =>
      paypal(w.core, 'GET', `/v1/reporting/transactions?start_date=${start}&end_date=${end}&fields=transaction_info`);
    expect((await search('2026-05-31T00:00:00Z', '2026-06-30T00:00:00Z')).json).toMatchObject({
      total_items: 0,
      transaction_details: [],
    });
    w.clock.advance(3_600_000);
    await paypal(w.core, 'POST', `/v2/payments/captures/${captureId}/refund`, {});
    const found = await search('2026-05-31T00:00:00Z', '2026-06-30T00:00:00Z');
    const infos = (found.json.transaction_details as Array<{ transaction_info: Record<string, unknown> }>).map(
      (d) => d.transaction_info,
    );
    expect(infos).toEqual([
      expect.objectContaining({
        transaction_id: captureId,
        paypal_reference_id: orderId,
        paypal_reference_id_type: 'ODR',
        transaction_event_code: 'T0006',
        transaction_status: 'V',
        custom_field: 'P1',
        transaction_amount: { currency_code: 'USD', value: '9.99' },
      }),
      expect.objectContaining({
        paypal_reference_id: sub,
        paypal_reference_id_type: 'SUB',
        transaction_event_code: 'T0002',
        transaction_status: 'S',
        custom_field: 'P1',
      }),
    ]);
    expect(found.json).toMatchObject({ account_number: 'DREAMBOOKTEST', page: 1, total_pages: 1 });
    w.clock.advance(3_600_000);
    const later = await search('2026-05-31T00:00:00Z', '2026-06-30T00:00:00Z');
    expect(later.json.total_items).toBe(3);
    expect((await search('2026-01-01T00:00:00Z', '2026-06-30T00:00:00Z')).status).toBe(400);
    expect((await paypal(w.core, 'GET', '/v1/reporting/transactions')).json).toMatchObject({
      details: [{ issue: 'MISSING_REQUIRED_PARAMETER', field: 'start_date' }],
    });
  });
});
