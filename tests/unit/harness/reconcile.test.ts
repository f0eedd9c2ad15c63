// @vitest-environment node
// The reference backend keeps every cent PayPal took: POST /webhooks/paypal takes only what PayPal signed, fresh and
// once, and records it for its custom_id owner from what PayPal's REST API says; the portal's calls and the webhooks
// agree whichever comes first; what is refused is undone at PayPal; pause and resume happen at PayPal first; the sweep
// finds what no webhook brought; GET /payments lists it all. In process, with a test clock.
import { sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedString, type WebhookTransport } from '../../../harness/paypal/webhook-events';
import {
  approvedSubscription,
  call,
  deliverAll,
  inProcessBackend,
  newPlayer,
  paidOrder,
  paypal,
  testWebhookKey,
  type InProcess,
  type TestPlayer,
} from '../support/backend-in-process';

const purchase = (w: InProcess, p: TestPlayer, orderId: string, creditsAmount = 30) =>
  call(w.core, 'POST', '/consumables/purchase', { creditsAmount, paymentMethod: 'paypal', orderId }, p.headers);
const activate = (w: InProcess, p: TestPlayer, subscriptionId: string, plan = 'MONTHLY') =>
  call(w.core, 'POST', '/subscription/activate', { playerId: p.playerId, subscriptionId, plan }, p.headers);
const credits = (w: InProcess, p: TestPlayer) => w.core.store.data.players[p.playerId]!.credits;
const plan = (w: InProcess, p: TestPlayer) => w.core.store.data.players[p.playerId]!.subscription;
const atPayPal = (w: InProcess, id: string) => w.core.paypal.store.data.subscriptions[id]!.status;
const money = (w: InProcess, id: string) => w.core.paypal.store.data.transactions[id]!.status;
const payments = async (w: InProcess, p: TestPlayer) =>
  (await call(w.core, 'GET', `/payments/${p.playerId}`, undefined, p.headers)).json.payments as Array<
    Record<string, unknown>
  >;
const harness = (w: InProcess, path: string, body: unknown = {}) =>
  call(w.core, 'POST', path, body, { 'x-harness-secret': w.core.harnessSecret });

/** A backend whose webhook deliveries are also kept, so a test can send one again, altered or not. */
function recording() {
  const sent: Array<{ headers: Record<string, string>; body: string }> = [];
  let world: InProcess | null = null;
  const transport: WebhookTransport = async (url, headers, body) => {
    sent.push({ headers, body });
    const outcome = await world!.core.dispatch({ method: 'POST', path: new URL(url).pathname, headers, body });
    return 'drop' in outcome ? 0 : (outcome.reply.status ?? 200);
  };
  world = inProcessBackend({ webhookTransport: transport });
  return { ...world, sent };
}

/** A delivery as PayPal would sign it, at the test clock's time, with a new transmission id. */
function signed(w: InProcess, body: string, at = w.clock.now, transmissionId = crypto.randomUUID()) {
  const time = new Date(at).toISOString();
  const standIn = w.core.paypal;
  const sig = sign(
    'sha256',
    Buffer.from(signedString(transmissionId, time, standIn.webhook.id, body)),
    testWebhookKey().privateKey,
  ).toString('base64');
  return {
    'content-type': 'application/json',
    'paypal-auth-algo': 'SHA256withRSA',
    'paypal-cert-url': standIn.certUrl(),
    'paypal-transmission-id': transmissionId,
    'paypal-transmission-sig': sig,
    'paypal-transmission-time': time,
  };
}

const post = async (w: InProcess, headers: Record<string, string>, body: string) => {
  const outcome = await w.core.dispatch({ method: 'POST', path: '/webhooks/paypal', headers, body });
  return 'drop' in outcome ? { status: 0 } : { status: outcome.reply.status ?? 200, json: outcome.reply.json };
};

describe('POST /webhooks/paypal', () => {
  it('credits a capture when the browser never records it, once, for its custom_id owner', async () => {
    const w = inProcessBackend();
    const alice = await newPlayer(w.core, 'alice');
    const { orderId, captureId } = await paidOrder(w.core, alice.playerId, '14.99');
    await deliverAll(w);
    expect(credits(w, alice)).toBe(30);
    expect(w.core.log.filter((e) => e.route === 'webhook').map((e) => e.status)).toEqual([200]);
    // The webhook read the order again from PayPal, and verified the signature there.
    expect(w.core.log.map((e) => e.route)).toEqual(
      expect.arrayContaining(['paypal-webhook-verify', 'paypal-order-get']),
    );
    // The browser's call after it: success, nothing added, the balance as it is.
    expect(await purchase(w, alice, orderId)).toEqual({
      status: 200,
      json: { success: true, newBalance: 30, creditsAdded: 0 },
    });
    expect(credits(w, alice)).toBe(30);
    expect(await payments(w, alice)).toEqual([
      {
        id: captureId,
        kind: 'credits',
        orderId,
        createdAt: '2026-06-01T12:00:00.000Z',
        credits: 30,
        amount: { value: '14.99', currency: 'USD' },
        status: 'credited',
      },
    ]);
  });

  it('when the browser records first, the webhook changes nothing', async () => {
    const w = inProcessBackend();
    const alice = await newPlayer(w.core, 'alice');
    const { orderId } = await paidOrder(w.core, alice.playerId, '24.99');
    expect(await purchase(w, alice, orderId, 60)).toEqual({
      status: 200,
      json: { success: true, newBalance: 60, creditsAdded: 60 },
    });
    await deliverAll(w);
    expect(credits(w, alice)).toBe(60);
    expect(await purchase(w, alice, orderId, 60)).toMatchObject({ json: { creditsAdded: 0, newBalance: 60 } });
  });

  it('refuses unsigned (400), forged (401), stale (400) and replayed (409) deliveries; a duplicate event is 200 and changes nothing', async () => {
    const w = recording();
    const alice = await newPlayer(w.core, 'alice');
    w.core.setFaults('paypal-webhook=dropx1', 'alice');
    await paidOrder(w.core, alice.playerId, '9.99');
    const delivery = w.core.paypal.sender.deliveries[0]!;
    expect(delivery.state).toBe('dropped');
    const body = delivery.body;

    expect(await post(w, { 'content-type': 'application/json' }, body)).toMatchObject({ status: 400 });
    const forged = { ...signed(w, body), 'paypal-transmission-sig': Buffer.from('forged').toString('base64') };
    expect(await post(w, forged, body)).toMatchObject({ status: 401 });
    const tampered = body.replace('"9.99"', '"0.01"');
    expect(await post(w, signed(w, body), tampered)).toMatchObject({ status: 401 });
    expect(await post(w, signed(w, body, w.clock.now - 10 * 60_000), body)).toMatchObject({
      status: 400,
      json: { error: expect.stringMatching(/^Stale webhook/) },
    });
    expect(await post(w, signed(w, body, w.clock.now + 10 * 60_000), body)).toMatchObject({ status: 400 });
    expect(credits(w, alice)).toBe(0);

    const genuine = signed(w, body);
    expect(await post(w, genuine, body)).toMatchObject({ status: 200, json: { received: true } });
    expect(credits(w, alice)).toBe(15);
    expect(await post(w, genuine, body)).toMatchObject({ status: 409 });
    expect(await post(w, signed(w, body), body)).toMatchObject({ status: 200, json: { duplicate: true } });
    expect(credits(w, alice)).toBe(15);
  });

  it('a backend configured with another webhook id takes none of them', async () => {
    const w = inProcessBackend({ webhookId: 'SOMEOTHERWEBHOOK1' });
    const alice = await newPlayer(w.core, 'alice');
    await paidOrder(w.core, alice.playerId, '9.99');
    await deliverAll(w);
    expect(credits(w, alice)).toBe(0);
    expect(w.core.paypal.sender.deliveries[0]).toMatchObject({
      state: 'gave-up',
      statuses: [401, 401, 401, 401, 401],
    });
  });

  it('a failing backend gets the event again later; PayPal failing its verification is a 502', async () => {
    const w = inProcessBackend();
    const alice = await newPlayer(w.core, 'alice');
    w.core.setFaults('webhook=500x1,paypal-webhook-verify=503x1');
    await paidOrder(w.core, alice.playerId, '9.99');
    await deliverAll(w);
    expect(w.core.paypal.sender.deliveries[0]).toMatchObject({
      state: 'delivered',
      statuses: [500, 502, 200],
    });
    expect(credits(w, alice)).toBe(15);
  });

  it('an event for no player of ours is kept in the issues and its capture refunded', async () => {
    const w = inProcessBackend();
    const { captureId } = await paidOrder(w.core, 'P-NOBODY', '9.99');
    await deliverAll(w);
    expect(money(w, captureId!)).toBe('REFUNDED');
    expect(w.core.store.data.refusedOrders).toMatchObject({});
    expect(w.core.store.data.paymentIssues).toEqual([
      expect.objectContaining({ id: captureId, what: expect.stringMatching(/no player of ours/) }),
    ]);
  });

  it("a deleted player's plan is cancelled at PayPal first; a later payment for them is refunded", async () => {
    const w = inProcessBackend();
    const alice = await newPlayer(w.core, 'alice');
    const sub = await approvedSubscription(w.core, alice.playerId);
    await deliverAll(w);
    expect(plan(w, alice)).toMatchObject({ status: 'ACTIVE', subscriptionId: sub });
    w.core.setFaults('paypal-subscription-cancel=500x1');
    expect((await call(w.core, 'DELETE', `/users/${alice.playerId}`, undefined, alice.headers)).status).toBe(502);
    expect(w.core.store.data.players[alice.playerId]).toBeDefined();
    expect((await call(w.core, 'DELETE', `/users/${alice.playerId}`, undefined, alice.headers)).status).toBe(200);
    expect(atPayPal(w, sub)).toBe('CANCELLED');
    const { captureId } = await paidOrder(w.core, alice.playerId, '9.99');
    await deliverAll(w);
    expect(money(w, captureId!)).toBe('REFUNDED');
  });
});

describe('refused payments are undone at PayPal', () => {
  it("an order for no pack's price, or paying another merchant, is refunded before the answer: 400 PAYMENT_REFUNDED", async () => {
    const w = inProcessBackend({ webhookUrl: null });
    const alice = await newPlayer(w.core, 'alice');
    const cheap = await paidOrder(w.core, alice.playerId, '0.01');
    const refused = await purchase(w, alice, cheap.orderId);
    expect(refused).toEqual({
      status: 400,
      json: {
        success: false,
        error: 'Order amount does not match the credit pack',
        code: 'PAYMENT_REFUNDED',
        reason: 'AMOUNT',
        refundId: expect.stringMatching(/^[0-9A-Z]{17}$/),
        refund: 'refunded',
      },
    });
    expect(money(w, cheap.captureId!)).toBe('REFUNDED');
    // Asked again: the same refusal, no second refund.
    expect(await purchase(w, alice, cheap.orderId)).toEqual(refused);
    expect(w.core.log.filter((e) => e.route === 'paypal-capture-refund')).toHaveLength(1);

    const elsewhere = await paidOrder(w.core, alice.playerId, '14.99', {
      payee: { merchant_id: 'OTHERSHOP0001' },
    });
    expect(await purchase(w, alice, elsewhere.orderId)).toMatchObject({
      status: 400,
      json: { code: 'PAYMENT_REFUNDED', reason: 'PAYEE', error: 'This PayPal order paid another merchant' },
    });
    expect(money(w, elsewhere.captureId!)).toBe('REFUNDED');
    expect(credits(w, alice)).toBe(0);
    expect((await payments(w, alice)).map((p) => p.status)).toEqual(['refunded', 'refunded']);
  });

  it('naming another pack than the one paid changes nothing; the webhook credits the one paid', async () => {
    const w = inProcessBackend();
    const alice = await newPlayer(w.core, 'alice');
    const { orderId } = await paidOrder(w.core, alice.playerId, '14.99');
    expect(await purchase(w, alice, orderId, 60)).toMatchObject({
      status: 400,
      json: { error: 'Order amount does not match the credit pack' },
    });
    expect(credits(w, alice)).toBe(0);
    await deliverAll(w);
    expect(credits(w, alice)).toBe(30);
  });

  it('when PayPal does not refund, the answer is 502 and the refund is owed until a sweep does it', async () => {
    const w = inProcessBackend({ webhookUrl: null });
    const alice = await newPlayer(w.core, 'alice');
    const cheap = await paidOrder(w.core, alice.playerId, '0.01');
    w.core.setFaults('paypal-capture-refund=503x1');
    expect((await purchase(w, alice, cheap.orderId)).status).toBe(502);
    expect(Object.keys(w.core.store.data.pendingUndo)).toEqual([`refund:${cheap.captureId}`]);
    expect(await w.core.reconcile()).toMatchObject({ owed: 0 });
    expect(money(w, cheap.captureId!)).toBe('REFUNDED');
    expect((await purchase(w, alice, cheap.orderId)).json).toMatchObject({ code: 'PAYMENT_REFUNDED' });
  });

  it('a second approved plan (another tab) is cancelled at PayPal and its first payment refunded: 409 SUBSCRIPTION_UNDONE', async () => {
    const w = inProcessBackend({ webhookUrl: null });
    const alice = await newPlayer(w.core, 'alice');
    const first = await approvedSubscription(w.core, alice.playerId);
    const second = await approvedSubscription(w.core, alice.playerId, 'P-TEST-ANNUAL');
    expect((await activate(w, alice, first)).status).toBe(200);
    const refused = await activate(w, alice, second, 'ANNUAL');
    expect(refused).toEqual({
      status: 409,
      json: {
        error: 'You already have an active subscription. Please cancel it before starting a new subscription.',
        code: 'SUBSCRIPTION_UNDONE',
        reason: 'ACTIVE_PLAN',
        subscriptionId: second,
        refundId: expect.stringMatching(/^[0-9A-Z]{17}$/),
        refund: 'refunded',
      },
    });
    expect([atPayPal(w, first), atPayPal(w, second)]).toEqual(['ACTIVE', 'CANCELLED']);
    expect(await activate(w, alice, second, 'ANNUAL')).toEqual(refused);
    expect(plan(w, alice)).toMatchObject({ subscriptionId: first, status: 'ACTIVE' });
    expect((await payments(w, alice)).map((p) => [p.subscriptionId, p.plan, p.status])).toEqual(
      expect.arrayContaining([
        [first, 'MONTHLY', 'active'],
        [second, 'ANNUAL', 'refunded'],
      ]),
    );
  });

  it('the same when the webhooks come first, in either order; a paused plan blocks too', async () => {
    const w = inProcessBackend();
    const alice = await newPlayer(w.core, 'alice');
    const first = await approvedSubscription(w.core, alice.playerId);
    await deliverAll(w);
    expect(plan(w, alice)).toMatchObject({ subscriptionId: first, status: 'ACTIVE' });
    expect(
      (await call(w.core, 'POST', '/subscription/pause', { playerId: alice.playerId, reason: 'other' }, alice.headers))
        .status,
    ).toBe(200);
    const second = await approvedSubscription(w.core, alice.playerId, 'P-TEST-ANNUAL');
    await deliverAll(w);
    expect(atPayPal(w, second)).toBe('CANCELLED');
    expect(w.core.store.data.undoneSubscriptions[second]).toMatchObject({ reason: 'PAUSED_PLAN' });
    expect(await activate(w, alice, second, 'ANNUAL')).toMatchObject({ status: 409, json: { reason: 'PAUSED_PLAN' } });
  });

  it('a CANCELLED that arrives before ACTIVATED never grants the plan afterwards', async () => {
    const w = inProcessBackend();
    const alice = await newPlayer(w.core, 'alice');
    w.core.setFaults('paypal-webhook=delay60000x2', 'alice');
    const sub = await approvedSubscription(w.core, alice.playerId);
    // Cancelled at PayPal before the backend heard of it (the payer, in their PayPal account).
    await paypal(w.core, 'POST', `/v1/billing/subscriptions/${sub}/cancel`, { reason: 'changed my mind' });
    await w.core.paypal.sender.deliverDue(w.clock.now);
    expect(plan(w, alice)).toBeNull();
    await deliverAll(w);
    expect(w.core.paypal.sender.deliveries.map((d) => d.event.event_type)).toEqual([
      'BILLING.SUBSCRIPTION.ACTIVATED',
      'PAYMENT.SALE.COMPLETED',
      'BILLING.SUBSCRIPTION.CANCELLED',
      'PAYMENT.SALE.REFUNDED',
    ]);
    expect(plan(w, alice)).toBeNull();
    expect(w.core.store.data.undoneSubscriptions[sub]).toMatchObject({ reason: 'ENDED_AT_PAYPAL' });
    expect((await payments(w, alice)).map((p) => p.status)).toEqual(['refunded']);
    expect((await activate(w, alice, sub)).json).toMatchObject({ code: 'SUBSCRIPTION_UNDONE' });
  });
});

describe('pause, resume and cancel happen at PayPal first', () => {
  it('pause suspends at PayPal, resume reactivates; when PayPal does not, 502 and nothing changes', async () => {
    const w = inProcessBackend({ webhookUrl: null });
    const alice = await newPlayer(w.core, 'alice');
    const sub = await approvedSubscription(w.core, alice.playerId);
    await activate(w, alice, sub);
    const pause = () =>
      call(
        w.core,
        'POST',
        '/subscription/pause',
        { playerId: alice.playerId, reason: 'financial_reasons' },
        alice.headers,
      );
    const resume = () =>
      call(w.core, 'POST', `/subscription/${sub}/resume`, { playerId: alice.playerId }, alice.headers);

    w.core.setFaults('paypal-subscription-suspend=500x1');
    expect(await pause()).toMatchObject({ status: 502 });
    expect([plan(w, alice)!.status, atPayPal(w, sub)]).toEqual(['ACTIVE', 'ACTIVE']);
    expect((await pause()).status).toBe(200);
    expect([plan(w, alice)!.status, atPayPal(w, sub)]).toEqual(['PAUSED', 'SUSPENDED']);
    // PAUSED -> PAUSED (SPEC 4): PayPal already suspended it.
    expect((await pause()).status).toBe(200);

    w.core.setFaults('paypal-subscription-activate=503x1');
    expect(await resume()).toMatchObject({ status: 502 });
    expect([plan(w, alice)!.status, atPayPal(w, sub)]).toEqual(['PAUSED', 'SUSPENDED']);
    expect((await resume()).status).toBe(200);
    expect([plan(w, alice)!.status, atPayPal(w, sub)]).toEqual(['ACTIVE', 'ACTIVE']);

    await pause();
    const cancelled = await call(
      w.core,
      'POST',
      '/subscription/cancel',
      { playerId: alice.playerId, reason: 'other', subscriptionId: sub },
      alice.headers,
    );
    expect(cancelled.status).toBe(200);
    expect([plan(w, alice)!.status, atPayPal(w, sub)]).toEqual(['CANCELLED', 'CANCELLED']);
  });

  it("a plan granted before the backend kept its record (or seeded) is the player's own: its webhooks do not undo it", async () => {
    const w = inProcessBackend();
    const alice = await newPlayer(w.core, 'alice');
    const sub = await approvedSubscription(w.core, alice.playerId);
    await deliverAll(w);
    // As a data file of an earlier release, or a seeded plan: the plan is there, the record of its grant is not.
    delete w.core.store.data.usedSubscriptions[sub];
    const pause = await call(
      w.core,
      'POST',
      '/subscription/pause',
      { playerId: alice.playerId, reason: 'other' },
      alice.headers,
    );
    expect(pause.status).toBe(200);
    await deliverAll(w);
    expect([plan(w, alice)!.status, atPayPal(w, sub)]).toEqual(['PAUSED', 'SUSPENDED']);
    const resume = await call(
      w.core,
      'POST',
      `/subscription/${sub}/resume`,
      { playerId: alice.playerId },
      alice.headers,
    );
    expect(resume.status).toBe(200);
    await deliverAll(w);
    expect([plan(w, alice)!.status, atPayPal(w, sub)]).toEqual(['ACTIVE', 'ACTIVE']);
  });

  it("PayPal's side: a failed payment leaves the plan as it is, a suspension after repeated failures pauses it, and resume cannot undo that", async () => {
    const w = inProcessBackend();
    const alice = await newPlayer(w.core, 'alice');
    const sub = await approvedSubscription(w.core, alice.playerId);
    await deliverAll(w);
    const renew = (failed: boolean) => harness(w, '/__harness/paypal', { renew: sub, failed });
    await renew(true);
    await deliverAll(w);
    expect(plan(w, alice)).toMatchObject({ status: 'ACTIVE' });
    expect(w.core.store.data.players[alice.playerId]!.paymentFailedAt).toBeDefined();
    await renew(true);
    await renew(true);
    await deliverAll(w);
    expect(plan(w, alice)).toMatchObject({ status: 'PAUSED', pauseUntil: null });
    expect(atPayPal(w, sub)).toBe('SUSPENDED');
    expect(
      (await call(w.core, 'POST', `/subscription/${sub}/resume`, { playerId: alice.playerId }, alice.headers)).status,
    ).toBe(502);
    expect(plan(w, alice)).toMatchObject({ status: 'PAUSED' });
  });

  it('a renewal is recorded as a payment of the plan and extends its period', async () => {
    const w = inProcessBackend();
    const alice = await newPlayer(w.core, 'alice');
    const sub = await approvedSubscription(w.core, alice.playerId);
    await deliverAll(w);
    w.clock.advance(30 * 86_400_000);
    await harness(w, '/__harness/paypal', { renew: sub });
    await deliverAll(w);
    expect(plan(w, alice)).toMatchObject({ status: 'ACTIVE', expiresAt: '2026-08-01T12:00:00.000Z' });
    expect((await payments(w, alice)).map((p) => [p.createdAt, p.status])).toEqual([
      ['2026-07-01T12:00:00.000Z', 'active'],
      ['2026-06-01T12:00:00.000Z', 'active'],
    ]);
  });
});

describe('the reconciliation sweep', () => {
  it('records what no webhook and no browser brought, for its owner, once the grace has passed', async () => {
    const w = inProcessBackend({ reconcileGraceMs: 10 * 60_000 });
    const alice = await newPlayer(w.core, 'alice');
    w.core.setFaults('paypal-webhook=drop', 'alice');
    const { orderId } = await paidOrder(w.core, alice.playerId, '9.99');
    const sub = await approvedSubscription(w.core, alice.playerId, 'P-TEST-SIX-MONTH');
    await deliverAll(w);
    expect([credits(w, alice), plan(w, alice)]).toEqual([0, null]);
    expect(await harness(w, '/__harness/reconcile')).toMatchObject({ status: 200, json: { searched: 0 } });
    w.clock.advance(10 * 60_000);
    expect((await harness(w, '/__harness/reconcile')).json).toMatchObject({ searched: 2, owed: 0, failures: [] });
    expect(credits(w, alice)).toBe(15);
    expect(plan(w, alice)).toMatchObject({ subscriptionId: sub, status: 'ACTIVE', subscriptionType: 2 });
    // Nothing twice: the browser's late calls and another sweep change nothing.
    expect((await purchase(w, alice, orderId, 15)).json).toMatchObject({ creditsAdded: 0, newBalance: 15 });
    await w.core.reconcile();
    expect(credits(w, alice)).toBe(15);
    expect(await harness(w, '/__harness/reconcile', { graceMs: -1 })).toMatchObject({ status: 400 });
  });

  it('brings a running plan in line with PayPal when its CANCELLED webhook was lost', async () => {
    const w = inProcessBackend();
    const alice = await newPlayer(w.core, 'alice');
    const sub = await approvedSubscription(w.core, alice.playerId);
    await deliverAll(w);
    w.core.setFaults('paypal-webhook=drop', 'alice');
    await paypal(w.core, 'POST', `/v1/billing/subscriptions/${sub}/cancel`, { reason: 'at PayPal' });
    await deliverAll(w);
    expect(plan(w, alice)).toMatchObject({ status: 'ACTIVE' });
    await w.core.reconcile(0);
    expect(plan(w, alice)).toMatchObject({ status: 'CANCELLED', isCancelled: true });
  });

  it('takes back the credits of a capture reversed weeks later with its webhook lost, even after a sweep that failed', async () => {
    const w = inProcessBackend({ reconcileGraceMs: 0 });
    const alice = await newPlayer(w.core, 'alice');
    const { orderId, captureId } = await paidOrder(w.core, alice.playerId, '9.99');
    expect((await purchase(w, alice, orderId, 15)).status).toBe(200);
    await w.core.reconcile();
    // Six weeks on, older than any search window, PayPal takes the money back; its webhook never arrives.
    w.clock.advance(42 * 86_400_000);
    w.core.setFaults('paypal-webhook=drop', 'alice');
    await harness(w, '/__harness/paypal', { moneyBack: { id: captureId, how: 'reverse' } });
    await deliverAll(w);
    expect(credits(w, alice)).toBe(15);
    // The next sweep meets Transaction Search down; the one after, five weeks later still, reads on from where the
    // last whole read ended, and finds the reversal's own row (T1106), which names the capture.
    w.clock.advance(4 * 3_600_000);
    w.core.setFaults('paypal-transaction-search=503x1');
    expect((await w.core.reconcile()).failures).toEqual([expect.stringContaining('transaction search')]);
    expect(credits(w, alice)).toBe(15);
    w.clock.advance(35 * 86_400_000);
    expect((await w.core.reconcile()).failures).toEqual([]);
    expect(credits(w, alice)).toBe(0);
    expect((await payments(w, alice)).map((x) => x.status)).toEqual(['reversed']);
  });

  it('runs on its timer when given an interval', async () => {
    const w = inProcessBackend({ reconcileIntervalMs: 20, reconcileGraceMs: 0 });
    const alice = await newPlayer(w.core, 'alice');
    w.core.setFaults('paypal-webhook=drop', 'alice');
    await paidOrder(w.core, alice.playerId, '9.99');
    w.clock.advance(1);
    await expect.poll(() => credits(w, alice), { timeout: 2000, interval: 10 }).toBe(15);
    w.core.close();
  });
});

describe('GET /payments/{playerId}', () => {
  it('answers only the owner (Bearer and X-Unity-Token), newest first', async () => {
    const w = inProcessBackend();
    const alice = await newPlayer(w.core, 'alice');
    const bob = await newPlayer(w.core, 'bob');
    await paidOrder(w.core, alice.playerId, '9.99');
    w.clock.advance(1000);
    await paidOrder(w.core, alice.playerId, '24.99');
    await deliverAll(w);
    expect((await payments(w, alice)).map((p) => p.credits)).toEqual([60, 15]);
    expect((await call(w.core, 'GET', `/payments/${alice.playerId}`, undefined, bob.headers)).status).toBe(403);
    expect((await call(w.core, 'GET', `/payments/${alice.playerId}`)).status).toBe(401);
    expect(await call(w.core, 'GET', `/payments/${bob.playerId}`, undefined, bob.headers)).toEqual({
      status: 200,
      json: { payments: [] },
    });
  });
});
