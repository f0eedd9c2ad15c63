// The reference backend records a PayPal payment only for the player PayPal names as its owner (custom_id: the
// backend's own signed purchase reference, never a bare player id), reads it from PayPal's REST API (the stand-in's),
// cancels at PayPal, and never grants a used subscription again.
// Over HTTP, in process; tokens are made here in the Auth emulator's exact shape.
import { afterAll, describe, expect, it } from 'vitest';
import { paypalDataFile, startBackend, type Backend } from '../../../harness/stack-backend';
import { PayPalStore } from '../../../harness/paypal/store';
import { Store } from '../../../harness/backend/store';
import { packByPrice } from '../../../src/domain/credit-packs';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emulatorToken } from '../support/emulator-token';

const started: Backend[] = [];
afterAll(async () => {
  for (const b of started) await b.stop();
});

async function backend(clock?: () => number): Promise<Backend> {
  // The emulator address only marks emulator mode here; nothing listens there. These tests are about the portal's
  // calls, so the stand-in sends no webhooks (reconcile.test.ts has the server's own path).
  const b = await startBackend({
    port: 0,
    emulatorUrl: 'http://127.0.0.1:9',
    webhookUrl: null,
    ...(clock ? { clock } : {}),
  });
  started.push(b);
  return b;
}

interface Player {
  playerId: string;
  headers: Record<string, string>;
}

async function call(b: Backend, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${b.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

async function player(b: Backend, uid: string): Promise<Player> {
  const token = emulatorToken(uid);
  const res = await call(b, 'POST', '/auth/unity', { idToken: token }, { authorization: `Bearer ${token}` });
  expect(res.status).toBe(200);
  return {
    playerId: String(res.json.playerId),
    headers: { authorization: `Bearer ${token}`, 'x-unity-token': String(res.json.accessToken) },
  };
}

/** PayPal's side as the SDK drives it: the client id header is all the stand-in's REST API asks. */
const paypal = (b: Backend, method: string, path: string, body?: unknown) =>
  call(b, method, `/paypal${path}`, body, { 'paypal-client-id': 'test-client-id' });

/** The backend's purchase reference for `p` and `product` (a pack id or a paid plan), as the portal fetches it. */
async function reference(b: Backend, p: Player, product: string): Promise<string> {
  const res = await call(b, 'POST', '/payments/reference', { playerId: p.playerId, product }, p.headers);
  expect(res.status).toBe(200);
  return String(res.json.reference);
}

/** The `custom_id` of a payment: a player's reference for `product`, or a raw value (a bare id, none). */
const ownerOf = (b: Backend, owner: Player | string | undefined, product: string) =>
  typeof owner === 'object' ? reference(b, owner, product) : Promise.resolve(owner);

/** A credits order for `value` dollars, created for `owner`, approved by the buyer and captured. */
async function capturedOrder(b: Backend, owner: Player | string | undefined, value = '14.99'): Promise<string> {
  const customId = await ownerOf(b, owner, packByPrice(value)?.id ?? 'credits-30');
  const created = await paypal(b, 'POST', '/v2/checkout/orders', {
    intent: 'CAPTURE',
    purchase_units: [{ description: '30 credits', amount: { currency_code: 'USD', value }, custom_id: customId }],
  });
  expect(created.status).toBe(201);
  const id = String(created.json.id);
  expect((await paypal(b, 'POST', `/v2/checkout/orders/${id}/approve`, {})).status).toBe(200);
  expect((await paypal(b, 'POST', `/v2/checkout/orders/${id}/capture`, {})).status).toBe(201);
  return id;
}

async function approvedSubscription(b: Backend, owner: Player | string | undefined, planId = 'P-TEST-MONTHLY') {
  const customId = await ownerOf(b, owner, planId.replace('P-TEST-', '').replace('-', '_'));
  const created = await paypal(b, 'POST', '/v1/billing/subscriptions', { plan_id: planId, custom_id: customId });
  expect(created.status).toBe(201);
  const id = String(created.json.id);
  expect((await paypal(b, 'POST', `/v1/billing/subscriptions/${id}/approve`, {})).status).toBe(200);
  return id;
}

const purchase = (b: Backend, p: Player, orderId: string, creditsAmount = 30) =>
  call(b, 'POST', '/consumables/purchase', { creditsAmount, paymentMethod: 'paypal', orderId }, p.headers);
const activate = (b: Backend, p: Player, subscriptionId: string, plan = 'MONTHLY') =>
  call(b, 'POST', '/subscription/activate', { playerId: p.playerId, subscriptionId, plan }, p.headers);
const credits = (b: Backend, p: Player) => b.store.data.players[p.playerId]!.credits;

describe('the PayPal stand-in keeps the owner as PayPal does', () => {
  it("creates ids in PayPal's formats and returns custom_id on the order, its capture and the subscription", async () => {
    const b = await backend();
    const orderId = await capturedOrder(b, 'P-OWNER');
    expect(orderId).toMatch(/^[0-9A-Z]{17}$/);
    const order = await paypal(b, 'GET', `/v2/checkout/orders/${orderId}`);
    expect(order.json).toMatchObject({
      status: 'COMPLETED',
      purchase_units: [
        {
          custom_id: 'P-OWNER',
          amount: { currency_code: 'USD', value: '14.99' },
          payments: { captures: [{ status: 'COMPLETED', custom_id: 'P-OWNER', amount: { value: '14.99' } }] },
        },
      ],
    });
    const subscriptionId = await approvedSubscription(b, 'P-OWNER');
    expect(subscriptionId).toMatch(/^I-[0-9A-Z]{12}$/);
    expect((await paypal(b, 'GET', `/v1/billing/subscriptions/${subscriptionId}`)).json).toMatchObject({
      id: subscriptionId,
      status: 'ACTIVE',
      custom_id: 'P-OWNER',
    });
  });

  it('refuses a custom_id over 127 characters, as PayPal does', async () => {
    const b = await backend();
    const order = await paypal(b, 'POST', '/v2/checkout/orders', {
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'USD', value: '9.99' }, custom_id: 'x'.repeat(128) }],
    });
    expect(order.status).toBe(400);
    expect(order.json).toMatchObject({ details: [{ issue: 'INVALID_STRING_LENGTH' }] });
    const sub = await paypal(b, 'POST', '/v1/billing/subscriptions', { plan_id: 'P-TEST-MONTHLY', custom_id: '' });
    expect(sub.status).toBe(400);
  });
});

describe('a credits order belongs to the player who paid', () => {
  it('is refused for anyone else with 403 PAYMENT_OWNER_MISMATCH, and recorded once for its owner', async () => {
    const b = await backend();
    const payer = await player(b, 'payer');
    const other = await player(b, 'other');
    const orderId = await capturedOrder(b, payer);

    const refused = await purchase(b, other, orderId);
    expect(refused).toEqual({
      status: 403,
      json: {
        success: false,
        error: 'This PayPal order was paid for by another player',
        code: 'PAYMENT_OWNER_MISMATCH',
      },
    });
    expect(credits(b, other)).toBe(0);

    expect(await purchase(b, payer, orderId)).toMatchObject({
      status: 200,
      json: { success: true, creditsAdded: 30, newBalance: 30 },
    });
    expect(await purchase(b, payer, orderId)).toMatchObject({ status: 200, json: { creditsAdded: 0, newBalance: 30 } });
    expect((await purchase(b, other, orderId)).status).toBe(403);
    expect([credits(b, payer), credits(b, other)]).toEqual([30, 0]);
  });

  it('reads the order from PayPal: an order without an owner, unknown, uncaptured or for another price is refused', async () => {
    const b = await backend();
    const p = await player(b, 'buyer');
    const unowned = await capturedOrder(b, undefined);
    expect(await purchase(b, p, unowned)).toMatchObject({
      status: 403,
      json: { code: 'PAYMENT_OWNER_MISMATCH', error: expect.stringMatching(/names no player/) },
    });
    expect(await purchase(b, p, 'ABCDEFGHIJ0123456')).toMatchObject({
      status: 400,
      json: { error: 'Order was not captured at PayPal' },
    });
    const created = await paypal(b, 'POST', '/v2/checkout/orders', {
      intent: 'CAPTURE',
      purchase_units: [
        { amount: { currency_code: 'USD', value: '14.99' }, custom_id: await reference(b, p, 'credits-30') },
      ],
    });
    expect(await purchase(b, p, String(created.json.id))).toMatchObject({
      status: 400,
      json: { error: 'Order was not captured at PayPal' },
    });
    const cheap = await capturedOrder(b, p, '0.01');
    expect(await purchase(b, p, cheap)).toMatchObject({
      status: 400,
      json: { error: 'Order amount does not match the credit pack' },
    });
    expect(credits(b, p)).toBe(0);
    // The backend asked PayPal's REST API each time.
    expect(b.log.filter((e) => e.route === 'paypal-order-get').length).toBeGreaterThanOrEqual(4);
  });

  it('answers 502, and records nothing, when PayPal does not answer as expected (the portal tries again)', async () => {
    const b = await backend();
    const p = await player(b, 'buyer');
    const orderId = await capturedOrder(b, p);
    b.setFaults('paypal-order-get=500x1');
    expect((await purchase(b, p, orderId)).status).toBe(502);
    expect(credits(b, p)).toBe(0);
    expect((await purchase(b, p, orderId)).status).toBe(200);
  });
});

describe("the owner is the backend's own purchase reference, never what a browser names", () => {
  it('a bare player id, a forged or altered reference, or one used after 30 minutes names nobody', async () => {
    let now = Date.now();
    const b = await backend(() => now);
    const p = await player(b, 'ref-buyer');
    const other = await player(b, 'ref-other');
    const bare = await capturedOrder(b, p.playerId);
    expect(await purchase(b, p, bare)).toMatchObject({
      status: 403,
      json: { error: expect.stringMatching(/names no/) },
    });
    const real = await reference(b, p, 'credits-30');
    expect(real).toMatch(new RegExp(`^PR1\\.${p.playerId}\\.credits-30\\.1499\\.[0-9a-z]+\\.[\\w-]{22}$`));
    // The other player's id put in a real reference: its signature no longer holds.
    const altered = await capturedOrder(b, real.replace(p.playerId, other.playerId));
    expect((await purchase(b, other, altered)).status).toBe(403);
    expect((await purchase(b, p, altered)).status).toBe(403);
    const forged = await capturedOrder(b, `PR1.${p.playerId}.credits-30.1499.zzzzzz.AAAAAAAAAAAAAAAAAAAAAA`);
    expect((await purchase(b, p, forged)).status).toBe(403);
    expect(credits(b, p) + credits(b, other)).toBe(0);
    // Issued for 30 minutes: an order PayPal created later names nobody.
    const late = await reference(b, p, 'credits-30');
    now += 31 * 60_000;
    const lateOrder = await capturedOrder(b, late);
    expect((await purchase(b, p, lateOrder)).status).toBe(403);
    expect(await purchase(b, p, await capturedOrder(b, p))).toMatchObject({ status: 200, json: { creditsAdded: 30 } });
  });

  it('names the product and its price: another pack or another plan bought with it is refused and undone', async () => {
    const b = await backend();
    const p = await player(b, 'ref-product');
    const wrongPack = await capturedOrder(b, await reference(b, p, 'credits-15'), '14.99');
    expect(await purchase(b, p, wrongPack)).toMatchObject({
      status: 400,
      json: { code: 'PAYMENT_REFUNDED', reason: 'AMOUNT' },
    });
    const wrongPlan = await approvedSubscription(b, await reference(b, p, 'MONTHLY'), 'P-TEST-ANNUAL');
    expect(await activate(b, p, wrongPlan, 'ANNUAL')).toMatchObject({
      status: 409,
      json: { code: 'SUBSCRIPTION_UNDONE', reason: 'PRICE', refund: 'refunded' },
    });
    expect(b.store.data.players[p.playerId]!.subscription).toBeNull();
    expect(
      (await call(b, 'POST', '/payments/reference', { playerId: p.playerId, product: 'FREE' }, p.headers)).status,
    ).toBe(400);
    const other = await player(b, 'ref-product-other');
    expect(
      (await call(b, 'POST', '/payments/reference', { playerId: p.playerId, product: 'MONTHLY' }, other.headers))
        .status,
    ).toBe(403);
  });
});

describe('a subscription belongs to its subscriber, is granted once, and is cancelled at PayPal', () => {
  it('is refused for another player with 403 PAYMENT_OWNER_MISMATCH', async () => {
    const b = await backend();
    const payer = await player(b, 'sub-payer');
    const other = await player(b, 'sub-other');
    const id = await approvedSubscription(b, payer);
    expect(await activate(b, other, id)).toEqual({
      status: 403,
      json: { error: 'This PayPal subscription was paid for by another player', code: 'PAYMENT_OWNER_MISMATCH' },
    });
    expect(b.store.data.players[other.playerId]!.subscription).toBeNull();
    expect(await activate(b, payer, id)).toMatchObject({ status: 200, json: { success: true } });
  });

  it("cancel stops PayPal's billing; the used id is answered as it is while current, never granted again", async () => {
    const b = await backend();
    const p = await player(b, 'sub-cancel');
    const first = await approvedSubscription(b, p);
    const granted = await activate(b, p, first);
    const expiresAt = (granted.json.subscription as { expiresAt: string }).expiresAt;
    // A retry of the same activation: the same record.
    expect((await activate(b, p, first)).json).toEqual(granted.json);

    const cancelled = await call(
      b,
      'POST',
      '/subscription/cancel',
      { playerId: p.playerId, reason: 'too_expensive', subscriptionId: first },
      p.headers,
    );
    expect(cancelled.status).toBe(200);
    expect((await paypal(b, 'GET', `/v1/billing/subscriptions/${first}`)).json).toMatchObject({
      status: 'CANCELLED',
      status_change_note: 'Cancelled by the player: too_expensive',
    });

    // Still the current (cancelled) plan: answered as it is, with no fresh period.
    expect(await activate(b, p, first)).toMatchObject({
      status: 200,
      json: { subscription: { status: 'CANCELLED', expiresAt } },
    });
    // A new plan, then the old id again: refused.
    const second = await approvedSubscription(b, p, 'P-TEST-ANNUAL');
    expect((await activate(b, p, second, 'ANNUAL')).status).toBe(200);
    expect(await activate(b, p, first)).toEqual({
      status: 409,
      json: {
        error: 'Subscription already used',
        code: 'SUBSCRIPTION_UNDONE',
        reason: 'ALREADY_USED',
        subscriptionId: first,
        refundId: null,
        refund: 'none',
      },
    });
    expect(b.store.data.players[p.playerId]!.subscription).toMatchObject({ subscriptionId: second, status: 'ACTIVE' });
  });

  it('keeps the plan when PayPal does not cancel, and counts one PayPal already cancelled as done', async () => {
    const b = await backend();
    const p = await player(b, 'sub-fail');
    const id = await approvedSubscription(b, p);
    await activate(b, p, id);
    const cancel = () =>
      call(b, 'POST', '/subscription/cancel', { playerId: p.playerId, reason: 'other', subscriptionId: id }, p.headers);
    b.setFaults('paypal-subscription-cancel=500x1');
    const failed = await cancel();
    expect(failed.status).toBe(502);
    expect(b.store.data.players[p.playerId]!.subscription).toMatchObject({ status: 'ACTIVE' });
    expect((await paypal(b, 'GET', `/v1/billing/subscriptions/${id}`)).json).toMatchObject({ status: 'ACTIVE' });
    // Cancelled at PayPal by other means (PayPal's own site): the backend's cancel still goes through.
    expect((await paypal(b, 'POST', `/v1/billing/subscriptions/${id}/cancel`, { reason: 'by the buyer' })).status).toBe(
      204,
    );
    expect((await cancel()).status).toBe(200);
    expect(b.store.data.players[p.playerId]!.subscription).toMatchObject({ status: 'CANCELLED' });
  });
});

describe('data of an earlier release', () => {
  it("moves the backend's records kept on PayPal's (order.purchase, usedBy) to its own tables", () => {
    const file = join(mkdtempSync(join(tmpdir(), 'store-')), 'data.json');
    const result = { success: true, newBalance: 30, creditsAdded: 30 };
    writeFileSync(
      file,
      JSON.stringify({
        players: {},
        byUid: {},
        paypalOrders: { O1: { id: 'O1', status: 'COMPLETED', purchase: { playerId: 'P1', result } } },
        paypalSubscriptions: { 'I-1': { id: 'I-1', planId: 'P-TEST-MONTHLY', status: 'ACTIVE', usedBy: 'P1' } },
      }),
    );
    const store = new Store(file);
    const paypal = new PayPalStore(paypalDataFile(file), file);
    expect(store.data.recordedOrders.O1).toEqual({ playerId: 'P1', result });
    expect(store.data.usedSubscriptions['I-1']).toBe('P1');
    expect(store.data).not.toHaveProperty('paypalOrders');
    expect(paypal.data.orders.O1).not.toHaveProperty('purchase');
    expect(paypal.data.subscriptions['I-1']).not.toHaveProperty('usedBy');
    // PayPal's records move to their own file at once: the backend may write its file without them.
    expect(new PayPalStore(paypalDataFile(file)).data.subscriptions['I-1']).toMatchObject({ status: 'ACTIVE' });
  });

  it("gives an order of a release before merchants the portal's payee, and its capture and payment their own records", () => {
    const file = join(mkdtempSync(join(tmpdir(), 'store-')), 'data.json');
    const result = { success: true, newBalance: 30, creditsAdded: 30 };
    writeFileSync(
      file,
      JSON.stringify({
        players: {},
        byUid: {},
        paypalOrders: {
          O1: { id: 'O1', status: 'COMPLETED', amount: '14.99', currency: 'USD', customId: 'P1', captureId: 'C1' },
        },
        recordedOrders: { O1: { playerId: 'P1', result } },
      }),
    );
    const store = new Store(file);
    const paypal = new PayPalStore(paypalDataFile(file), file);
    expect(paypal.data.orders.O1!.payee).toEqual({
      merchantId: 'DREAMBOOKTEST',
      email: 'sales@dreambook.example',
    });
    expect(paypal.data.transactions.C1).toMatchObject({ kind: 'capture', orderId: 'O1', status: 'COMPLETED' });
    expect(store.data.payments.C1).toMatchObject({ playerId: 'P1', credits: 30, state: 'credited' });
  });
});
