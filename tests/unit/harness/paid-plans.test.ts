// @vitest-environment node
// What PayPal was paid, and nothing else (issue #50): a plan is granted or extended only for a COMPLETED payment at its
// price in USD, whatever the buyer's browser put in the subscription body (plan override, quantity, start_time,
// revise); a paid period is never shortened; what PayPal refuses to undo stays owed; refunds, reversals and disputes
// take credits back, never below zero; webhooks are acted on as PayPal keeps them. In process, with a test clock.
import { sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PayPalCallError } from '../../../harness/backend/paypal-api';
import { signedString } from '../../../harness/paypal/webhook-events';
import { planById } from '../../../src/domain/plans';
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

const DAY = 86_400_000;
const activate = (w: InProcess, p: TestPlayer, subscriptionId: string, plan = 'ANNUAL') =>
  call(w.core, 'POST', '/subscription/activate', { playerId: p.playerId, subscriptionId, plan }, p.headers);
const purchase = (w: InProcess, p: TestPlayer, orderId: string, creditsAmount = 30) =>
  call(w.core, 'POST', '/consumables/purchase', { creditsAmount, paymentMethod: 'paypal', orderId }, p.headers);
const plan = (w: InProcess, p: TestPlayer) => w.core.store.data.players[p.playerId]!.subscription;
const atPayPal = (w: InProcess, id: string) => w.core.paypal.store.data.subscriptions[id]!.status;
const sales = (w: InProcess, id: string) =>
  Object.values(w.core.paypal.store.data.transactions).filter((t) => t.subscriptionId === id);
const statuses = async (w: InProcess, p: TestPlayer) =>
  (
    (await call(w.core, 'GET', `/payments/${p.playerId}`, undefined, p.headers)).json.payments as Array<{
      status: string;
      amount: { value: string };
    }>
  ).map((x) => [x.amount.value, x.status]);
const harness = (w: InProcess, path: string, body: unknown = {}, method = 'POST') =>
  call(w.core, method, path, method === 'GET' ? undefined : body, { 'x-harness-secret': w.core.harnessSecret });

/** A subscription created with `body` (beside plan_id and custom_id), approved by the buyer. */
async function subscribed(w: InProcess, customId: string, planId: string, body: Record<string, unknown> = {}) {
  const created = await paypal(w.core, 'POST', '/v1/billing/subscriptions', {
    plan_id: planId,
    custom_id: customId,
    ...body,
  });
  expect(created.status).toBe(201);
  const id = String(created.json.id);
  expect((await paypal(w.core, 'POST', `/v1/billing/subscriptions/${id}/approve`, {})).status).toBe(200);
  return id;
}

const oneCent = {
  billing_cycles: [{ sequence: 1, pricing_scheme: { fixed_price: { value: '0.01', currency_code: 'USD' } } }],
};

describe('a plan is granted only for a completed payment at its price', () => {
  it('the stand-in plays plan overrides and quantity and reports them as PayPal does', async () => {
    const w = inProcessBackend();
    const alice = await newPlayer(w.core, 'alice');
    const id = await subscribed(w, alice.playerId, 'P-TEST-ANNUAL', { plan: oneCent, quantity: '3' });
    const got = (await paypal(w.core, 'GET', `/v1/billing/subscriptions/${id}`)).json;
    expect(got).toMatchObject({ plan_overridden: true, quantity: '3', status: 'ACTIVE' });
    expect(got.billing_info).toMatchObject({ last_payment: { amount: { currency_code: 'USD', value: '0.03' } } });
    // PayPal's own checks on what the browser sends.
    const bad = (body: Record<string, unknown>) =>
      paypal(w.core, 'POST', '/v1/billing/subscriptions', { plan_id: 'P-TEST-ANNUAL', ...body });
    expect((await bad({ quantity: 2 })).status).toBe(400);
    expect((await bad({ start_time: '2020-01-01T00:00:00Z' })).status).toBe(422);
    const euro = {
      billing_cycles: [{ sequence: 1, pricing_scheme: { fixed_price: { value: '1.00', currency_code: 'EUR' } } }],
    };
    expect((await bad({ plan: euro })).status).toBe(422);
  });

  it('an overridden ANNUAL paid $0.01 gets no plan: cancelled, refunded, 409 SUBSCRIPTION_UNDONE reason PRICE', async () => {
    const w = inProcessBackend();
    const alice = await newPlayer(w.core, 'alice');
    const id = await subscribed(w, alice.playerId, 'P-TEST-ANNUAL', { plan: oneCent });
    const answer = await activate(w, alice, id);
    expect(answer).toMatchObject({
      status: 409,
      json: { code: 'SUBSCRIPTION_UNDONE', reason: 'PRICE', subscriptionId: id, refund: 'refunded' },
    });
    expect(plan(w, alice)).toBeNull();
    expect(atPayPal(w, id)).toBe('CANCELLED');
    expect(sales(w, id).map((t) => t.status)).toEqual(['REFUNDED']);
    expect(await statuses(w, alice)).toEqual([['0.01', 'refunded']]);
  });

  it('a quantity of 2 at the plan price per unit gets no plan either; the webhooks alone refuse it the same', async () => {
    const w = inProcessBackend();
    const alice = await newPlayer(w.core, 'alice');
    const id = await subscribed(w, alice.playerId, 'P-TEST-MONTHLY', { quantity: '2' });
    await deliverAll(w);
    expect(plan(w, alice)).toBeNull();
    expect(atPayPal(w, id)).toBe('CANCELLED');
    expect(w.core.store.data.undoneSubscriptions[id]).toMatchObject({ reason: 'PRICE' });
  });

  it('no completed payment: not granted while PayPal may still bill; refused as UNPAID when it starts far ahead', async () => {
    const w = inProcessBackend();
    const alice = await newPlayer(w.core, 'alice');
    // A start a year ahead, for a player with no paid time: PayPal bills nothing now, and nothing is granted.
    const later = new Date(w.clock.now + 365 * DAY).toISOString();
    const id = await subscribed(w, alice.playerId, 'P-TEST-ANNUAL', { start_time: later });
    expect(sales(w, id)).toEqual([]);
    expect(await activate(w, alice, id)).toMatchObject({
      status: 409,
      json: { reason: 'UNPAID', refund: 'none' },
    });
    expect(plan(w, alice)).toBeNull();
    expect(atPayPal(w, id)).toBe('CANCELLED');
  });

  it('renewing a cancelled ANNUAL as MONTHLY keeps the paid months and adds one', async () => {
    const w = inProcessBackend();
    const alice = await newPlayer(w.core, 'alice');
    const annual = await subscribed(w, alice.playerId, 'P-TEST-ANNUAL');
    expect((await activate(w, alice, annual)).status).toBe(200);
    const paidEnd = plan(w, alice)!.expiresAt!;
    w.clock.advance(DAY);
    const cancel = { playerId: alice.playerId, reason: 'too_expensive', subscriptionId: annual };
    expect((await call(w.core, 'POST', '/subscription/cancel', cancel, alice.headers)).status).toBe(200);
    const monthly = await subscribed(w, alice.playerId, 'P-TEST-MONTHLY');
    expect((await activate(w, alice, monthly, 'MONTHLY')).status).toBe(200);
    const end = new Date(paidEnd);
    end.setUTCMonth(end.getUTCMonth() + 1);
    expect(plan(w, alice)).toMatchObject({ subscriptionId: monthly, status: 'ACTIVE', expiresAt: end.toISOString() });
  });

  it('a plan that starts when the paid time ends (start_time) keeps that time until its first payment extends it', async () => {
    const w = inProcessBackend();
    const alice = await newPlayer(w.core, 'alice');
    const annual = await subscribed(w, alice.playerId, 'P-TEST-ANNUAL');
    await activate(w, alice, annual);
    const paidEnd = plan(w, alice)!.expiresAt!;
    const cancel = { playerId: alice.playerId, reason: 'too_expensive', subscriptionId: annual };
    await call(w.core, 'POST', '/subscription/cancel', cancel, alice.headers);
    const monthly = await subscribed(w, alice.playerId, 'P-TEST-MONTHLY', { start_time: paidEnd });
    expect((await activate(w, alice, monthly, 'MONTHLY')).status).toBe(200);
    expect(plan(w, alice)).toMatchObject({ subscriptionId: monthly, expiresAt: paidEnd });
    // PayPal bills at start_time: one month more.
    w.clock.now = Date.parse(paidEnd);
    await harness(w, '/__harness/paypal', { renew: monthly });
    await deliverAll(w);
    const end = new Date(paidEnd);
    end.setUTCMonth(end.getUTCMonth() + 1);
    expect(plan(w, alice)!.expiresAt).toBe(end.toISOString());
  });

  it('a plan revised at PayPal to another price is cancelled there; the off-price payment is refunded, time kept', async () => {
    const w = inProcessBackend();
    const alice = await newPlayer(w.core, 'alice');
    const id = await approvedSubscription(w.core, alice.playerId, 'P-TEST-MONTHLY');
    await activate(w, alice, id, 'MONTHLY');
    const paidEnd = plan(w, alice)!.expiresAt;
    const revised = await paypal(w.core, 'POST', `/v1/billing/subscriptions/${id}/revise`, {
      plan_id: 'P-TEST-MONTHLY',
      plan: oneCent,
    });
    expect(revised.json).toMatchObject({ plan_overridden: true });
    await paypal(w.core, 'POST', `/v1/billing/subscriptions/${id}/approve`, {});
    w.clock.now = Date.parse(paidEnd!);
    await harness(w, '/__harness/paypal', { renew: id });
    await deliverAll(w);
    expect(plan(w, alice)).toMatchObject({ status: 'CANCELLED', expiresAt: paidEnd });
    expect(atPayPal(w, id)).toBe('CANCELLED');
    expect(await statuses(w, alice)).toEqual([
      ['0.01', 'refunded'],
      [planById('MONTHLY').price, 'ended'],
    ]);
  });

  it('a period that runs out while PayPal retries the renewal is not cancelled: PayPal bills late', async () => {
    const w = inProcessBackend();
    const alice = await newPlayer(w.core, 'alice');
    const id = await approvedSubscription(w.core, alice.playerId, 'P-TEST-MONTHLY');
    await activate(w, alice, id, 'MONTHLY');
    w.clock.now = Date.parse(plan(w, alice)!.expiresAt!) + DAY;
    await harness(w, '/__harness/paypal', { renew: id, failed: true });
    await harness(w, '/__harness/reconcile', { graceMs: 0 });
    expect(plan(w, alice)).toMatchObject({ subscriptionId: id, status: 'ACTIVE' });
    expect(atPayPal(w, id)).toBe('ACTIVE');
  });

  it('a refunded renewal ends the period it paid for', async () => {
    const w = inProcessBackend();
    const alice = await newPlayer(w.core, 'alice');
    const id = await approvedSubscription(w.core, alice.playerId, 'P-TEST-MONTHLY');
    await activate(w, alice, id, 'MONTHLY');
    const firstEnd = plan(w, alice)!.expiresAt!;
    w.clock.now = Date.parse(firstEnd);
    await harness(w, '/__harness/paypal', { renew: id });
    await deliverAll(w);
    expect(plan(w, alice)!.expiresAt).not.toBe(firstEnd);
    const renewal = sales(w, id).at(-1)!;
    await paypal(w.core, 'POST', `/v2/payments/captures/${renewal.id}/refund`, {});
    await deliverAll(w);
    expect(plan(w, alice)!.expiresAt).toBe(firstEnd);
  });
});

describe('what PayPal refuses to undo stays owed', () => {
  it('a refund PayPal refuses is answered pending, listed for an operator, and retried with backoff', async () => {
    const w = inProcessBackend();
    const alice = await newPlayer(w.core, 'alice');
    const api = w.core.context.paypal;
    const refund = api.refundCapture.bind(api);
    let refusing = true;
    let calls = 0;
    api.refundCapture = async (id, note) => {
      calls += 1;
      if (refusing) throw new PayPalCallError(403, 'NOT_AUTHORIZED', 'PayPal answered 403 NOT_AUTHORIZED');
      return refund(id, note);
    };
    const { orderId, captureId } = await paidOrder(w.core, alice.playerId, '0.01');
    const answer = await purchase(w, alice, orderId);
    expect(answer).toMatchObject({ status: 400, json: { code: 'PAYMENT_REFUNDED', refund: 'pending' } });
    expect(await statuses(w, alice)).toEqual([['0.01', 'refund_pending']]);
    const owed = await harness(w, '/__harness/owed', undefined, 'GET');
    expect(owed.json.owed).toEqual([
      expect.objectContaining({ kind: 'refund', targetId: captureId, playerId: alice.playerId, refusedWith: 403 }),
    ]);
    // Asked again at once, or swept at once: the backoff holds PayPal's calls back.
    const before = calls;
    await purchase(w, alice, orderId);
    await harness(w, '/__harness/reconcile', { graceMs: 0 });
    expect(calls).toBe(before);
    // After the backoff the sweep tries again; refused again, the wait doubles.
    w.clock.advance(61_000);
    expect((await harness(w, '/__harness/reconcile', { graceMs: 0 })).json).toMatchObject({ owed: 1, refused: 1 });
    expect(calls).toBe(before + 1);
    w.clock.advance(61_000);
    await harness(w, '/__harness/reconcile', { graceMs: 0 });
    expect(calls).toBe(before + 1);
    // PayPal does it at last: refunded, nothing owed.
    refusing = false;
    w.clock.advance(120_000);
    expect((await harness(w, '/__harness/reconcile', { graceMs: 0 })).json).toMatchObject({ owed: 0 });
    expect(await statuses(w, alice)).toEqual([['0.01', 'refunded']]);
    expect((await purchase(w, alice, orderId)).json).toMatchObject({ refund: 'refunded' });
  });

  it('any 4xx but 408 and 429 is a refusal (owed, backoff); no answer, 5xx, 408 and 429 are tried again now', async () => {
    const cases: Array<[PayPalCallError, 'refused' | 'retry']> = [
      [
        new PayPalCallError(422, 'REFUND_TIME_LIMIT_EXCEEDED', 'PayPal answered 422 REFUND_TIME_LIMIT_EXCEEDED'),
        'refused',
      ],
      [new PayPalCallError(422, 'REFUND_NOT_ALLOWED', 'PayPal answered 422 REFUND_NOT_ALLOWED'), 'refused'],
      [new PayPalCallError(400, 'INVALID_REQUEST', 'PayPal answered 400'), 'refused'],
      [new PayPalCallError(409, 'RESOURCE_CONFLICT', 'PayPal answered 409'), 'refused'],
      [new PayPalCallError(500, 'INTERNAL_SERVER_ERROR', 'PayPal answered 500'), 'retry'],
      [new PayPalCallError(503, null, 'PayPal answered 503'), 'retry'],
      [new PayPalCallError(429, 'RATE_LIMIT_REACHED', 'PayPal answered 429'), 'retry'],
      [new PayPalCallError(408, null, 'PayPal answered 408'), 'retry'],
      [new PayPalCallError(null, null, 'PayPal could not be reached'), 'retry'],
    ];
    for (const [error, expected] of cases) {
      const w = inProcessBackend();
      const alice = await newPlayer(w.core, 'alice');
      const api = w.core.context.paypal;
      let calls = 0;
      api.refundCapture = async () => {
        calls += 1;
        throw error;
      };
      const { orderId, captureId } = await paidOrder(w.core, alice.playerId, '0.01');
      const answer = await purchase(w, alice, orderId);
      const owed = w.core.store.data.pendingUndo[`refund:${captureId}`];
      const what = `${error.status} ${error.issue}`;
      expect(owed, what).toMatchObject({ kind: 'refund', attempts: 1, lastError: error.message });
      expect(await statuses(w, alice), what).toEqual([['0.01', 'refund_pending']]);
      if (expected === 'refused') {
        expect(answer, what).toMatchObject({ status: 400, json: { code: 'PAYMENT_REFUNDED', refund: 'pending' } });
        expect(owed, what).toMatchObject({ refused: error.status, nextAt: expect.any(String) });
        // Asked again at once: answered the same from the books, PayPal is not asked before the backoff ends.
        expect((await purchase(w, alice, orderId)).json, what).toMatchObject({ refund: 'pending' });
        expect(calls, what).toBe(1);
        w.clock.advance(61_000);
        expect((await harness(w, '/__harness/reconcile', { graceMs: 0 })).json, what).toMatchObject({ refused: 1 });
        expect(calls, what).toBe(2);
      } else {
        expect(answer.status, what).toBe(502);
        expect(owed?.refused, what).toBeUndefined();
        expect((await purchase(w, alice, orderId)).status, what).toBe(502);
        expect(calls, what).toBe(2);
      }
    }
  });

  it('a cancel PayPal refuses stays owed: the second plan is not counted as cancelled', async () => {
    const w = inProcessBackend();
    const alice = await newPlayer(w.core, 'alice');
    const first = await approvedSubscription(w.core, alice.playerId, 'P-TEST-MONTHLY');
    await activate(w, alice, first, 'MONTHLY');
    const api = w.core.context.paypal;
    const cancel = api.cancelSubscription.bind(api);
    let refusing = true;
    api.cancelSubscription = async (id, reason) => {
      if (refusing) throw new PayPalCallError(404, 'INVALID_RESOURCE_ID', 'PayPal answered 404');
      return cancel(id, reason);
    };
    const second = await approvedSubscription(w.core, alice.playerId, 'P-TEST-ANNUAL');
    expect(await activate(w, alice, second)).toMatchObject({ status: 409, json: { reason: 'ACTIVE_PLAN' } });
    expect(atPayPal(w, second)).toBe('ACTIVE');
    expect(w.core.store.data.pendingUndo[`cancel:${second}`]).toMatchObject({ refused: 404 });
    refusing = false;
    w.clock.advance(61_000);
    await harness(w, '/__harness/reconcile', { graceMs: 0 });
    expect(atPayPal(w, second)).toBe('CANCELLED');
    expect(w.core.store.data.pendingUndo).toEqual({});
  });
});

describe('money PayPal takes back takes the credits back', () => {
  it('a reversal takes back what is left, never below zero; the rest is owed by the player', async () => {
    const w = inProcessBackend();
    const alice = await newPlayer(w.core, 'alice');
    const { orderId, captureId } = await paidOrder(w.core, alice.playerId, '14.99');
    expect((await purchase(w, alice, orderId)).status).toBe(200);
    w.core.store.data.players[alice.playerId]!.credits = 12; // 18 of the 30 spent
    await harness(w, '/__harness/paypal', { moneyBack: { id: captureId, how: 'reverse' } });
    await deliverAll(w);
    expect(w.core.store.data.players[alice.playerId]).toMatchObject({ credits: 0, owedCredits: 18 });
    expect(await statuses(w, alice)).toEqual([['14.99', 'reversed']]);
    expect((await harness(w, '/__harness/owed', undefined, 'GET')).json.owed).toEqual([
      expect.objectContaining({ kind: 'credits', playerId: alice.playerId, credits: 18 }),
    ]);
  });

  it('a refund made at PayPal and an opened dispute take the credits back too, once', async () => {
    const w = inProcessBackend();
    const alice = await newPlayer(w.core, 'alice');
    const one = await paidOrder(w.core, alice.playerId, '14.99');
    const two = await paidOrder(w.core, alice.playerId, '14.99');
    await deliverAll(w);
    expect(w.core.store.data.players[alice.playerId]!.credits).toBe(60);
    await paypal(w.core, 'POST', `/v2/payments/captures/${one.captureId}/refund`, {});
    await harness(w, '/__harness/paypal', { moneyBack: { id: two.captureId, how: 'dispute' } });
    await deliverAll(w);
    expect(w.core.store.data.players[alice.playerId]!.credits).toBe(0);
    expect((await statuses(w, alice)).map(([, s]) => s).sort()).toEqual(['refunded', 'reversed']);
  });
});

describe('webhooks are acted on as PayPal keeps them', () => {
  /** A delivery signed with the stand-in's key, as PayPal would sign `body` (whatever it says). */
  function signedBy(w: InProcess, body: string, extra: Record<string, string> = {}) {
    const time = new Date(w.clock.now).toISOString();
    const transmissionId = crypto.randomUUID();
    const standIn = w.core.paypal;
    const sig = sign(
      'sha256',
      Buffer.from(signedString(transmissionId, time, standIn.webhook.id, body)),
      testWebhookKey().privateKey,
    );
    return {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': standIn.certUrl(),
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-sig': sig.toString('base64'),
      'paypal-transmission-time': time,
      ...extra,
    };
  }
  const post = async (w: InProcess, headers: Record<string, string>, body: string) => {
    const outcome = await w.core.dispatch({ method: 'POST', path: '/webhooks/paypal', headers, body });
    return 'drop' in outcome ? 0 : (outcome.reply.status ?? 200);
  };

  it("a body that passes verification but differs from PayPal's event changes nothing it says", async () => {
    const w = inProcessBackend();
    const alice = await newPlayer(w.core, 'alice');
    const bob = await newPlayer(w.core, 'bob');
    const { captureId } = await paidOrder(w.core, alice.playerId, '14.99');
    const real = w.core.paypal.sender.deliveries.find((d) => d.event.event_type === 'PAYMENT.CAPTURE.COMPLETED');
    expect(real).toBeDefined();
    // Same event id, the resource rewritten to name bob: acted on as PayPal keeps it (alice's capture).
    const forged = JSON.stringify({ ...real!.event, resource: { ...real!.event.resource, custom_id: bob.playerId } });
    expect(await post(w, signedBy(w, forged), forged)).toBe(200);
    expect(w.core.store.data.payments[captureId!]).toMatchObject({ playerId: alice.playerId, state: 'credited' });
    // An event id PayPal never sent: refused, nothing recorded, not marked processed.
    const unknown = JSON.stringify({ ...real!.event, id: 'WH-NOT-PAYPALS' });
    expect(await post(w, signedBy(w, unknown), unknown)).toBe(400);
    expect(w.core.store.data.webhookEvents['WH-NOT-PAYPALS']).toBeUndefined();
  });

  it('checks the algorithm and the certificate host before calling PayPal, and limits the rate', async () => {
    const w = inProcessBackend();
    const api = w.core.context.paypal;
    const verify = api.verifyWebhookSignature.bind(api);
    let verifies = 0;
    api.verifyWebhookSignature = (s) => {
      verifies += 1;
      return verify(s);
    };
    const body = JSON.stringify({ id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'X' } });
    expect(await post(w, signedBy(w, body, { 'paypal-auth-algo': 'SHA1withRSA' }), body)).toBe(400);
    expect(
      await post(w, signedBy(w, body, { 'paypal-cert-url': 'https://evil.example/v1/notifications/certs/C' }), body),
    ).toBe(400);
    expect(
      await post(w, signedBy(w, body, { 'paypal-cert-url': 'http://api.paypal.com/v1/notifications/certs/C' }), body),
    ).toBe(400);
    expect(verifies).toBe(0);
    const forged = { 'paypal-transmission-sig': Buffer.from('forged').toString('base64') };
    const answers: number[] = [];
    for (let i = 0; i < 125; i++) answers.push(await post(w, signedBy(w, body, forged), body));
    expect(answers.filter((s) => s === 401)).toHaveLength(117);
    expect(answers.slice(-5)).toEqual([429, 429, 429, 429, 429]);
    expect(verifies).toBe(117);
    w.clock.advance(60_000);
    expect(await post(w, signedBy(w, body, forged), body)).toBe(401);
  });
});
