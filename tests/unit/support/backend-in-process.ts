// The reference backend and its PayPal stand-in in process, without sockets: requests are dispatched, PayPal's REST
// calls and webhooks too, and time is a clock the test moves. Tokens are made in the Auth emulator's exact shape.
import {
  createStackBackend,
  type StackBackendCore as BackendCore,
  type StackBackendOptions as BackendOptions,
} from '../../../harness/stack-backend';
import { webhookKey, type WebhookKey } from '../../../harness/paypal/webhook-events';
import { emulatorToken } from './emulator-token';

/** One 512-bit key for every test backend: signing thousands of webhooks with it is fast; made once. */
let key: WebhookKey | null = null;
export const testWebhookKey = () => (key ??= webhookKey(512));

interface TestClock {
  now: number;
  advance(ms: number): void;
}

function testClock(start = Date.parse('2026-06-01T12:00:00Z')): TestClock {
  return {
    now: start,
    advance(ms) {
      this.now += ms;
    },
  };
}

export interface InProcess {
  core: BackendCore;
  clock: TestClock;
}

/**
 * A backend in emulator mode, with webhooks delivered by dispatch, retried 1 s after each failure, 5 times. Its tests
 * create PayPal payments naming their player plainly (`custom_id` = player id), so it accepts those too
 * (`acceptPlainCustomId`); tests/unit/harness/payment-owner.test.ts runs a backend without it, as production has it.
 */
export function inProcessBackend(options: Omit<BackendOptions, 'port'> = {}): InProcess {
  const clock = testClock();
  const core = createStackBackend({
    transport: 'in-process',
    emulatorUrl: 'http://127.0.0.1:9',
    webhookKey: testWebhookKey(),
    webhookRetryDelayMs: (attempt) => (attempt >= 5 ? null : 1000),
    clock: () => clock.now,
    acceptPlainCustomId: true,
    ...options,
  });
  return { core, clock };
}

export interface Answer {
  status: number;
  json: Record<string, unknown>;
}

export async function call(
  core: BackendCore,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const outcome = await core.dispatch({
    method,
    path,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? '' : JSON.stringify(body),
  });
  if ('drop' in outcome) return { status: 0, json: {} };
  const r = outcome.reply;
  const text = r.text ?? (r.json === undefined ? '' : JSON.stringify(r.json));
  let json: Record<string, unknown> = {};
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    json = { text };
  }
  return { status: r.status ?? 200, json };
}

export interface TestPlayer {
  uid: string;
  playerId: string;
  headers: Record<string, string>;
}

export async function newPlayer(core: BackendCore, uid: string): Promise<TestPlayer> {
  const token = emulatorToken(uid);
  const res = await call(core, 'POST', '/auth/unity', { idToken: token }, { authorization: `Bearer ${token}` });
  if (res.status !== 200) throw new Error(`auth/unity answered ${res.status}`);
  return {
    uid,
    playerId: String(res.json.playerId),
    headers: { authorization: `Bearer ${token}`, 'x-unity-token': String(res.json.accessToken) },
  };
}

/** PayPal's REST API as a merchant's client (the portal's SDK, or another shop) calls it. */
export const paypal = (core: BackendCore, method: string, path: string, body?: unknown, clientId = 'test-client-id') =>
  call(core, method, `/paypal${path}`, body, { 'paypal-client-id': clientId });

/** A credits order for `value`, owned by `customId`, approved by the buyer; captured unless `capture` is false. */
export async function paidOrder(
  core: BackendCore,
  customId: string | undefined,
  value = '14.99',
  extra: { payee?: Record<string, string>; capture?: boolean; clientId?: string } = {},
): Promise<{ orderId: string; captureId: string | null }> {
  const created = await paypal(
    core,
    'POST',
    '/v2/checkout/orders',
    {
      intent: 'CAPTURE',
      purchase_units: [
        {
          description: 'credits',
          amount: { currency_code: 'USD', value },
          ...(customId === undefined ? {} : { custom_id: customId }),
          ...(extra.payee ? { payee: extra.payee } : {}),
        },
      ],
    },
    extra.clientId,
  );
  if (created.status !== 201)
    throw new Error(`order create answered ${created.status} ${JSON.stringify(created.json)}`);
  const orderId = String(created.json.id);
  await paypal(core, 'POST', `/v2/checkout/orders/${orderId}/approve`, {}, extra.clientId);
  if (extra.capture === false) return { orderId, captureId: null };
  const captured = await paypal(core, 'POST', `/v2/checkout/orders/${orderId}/capture`, {}, extra.clientId);
  if (captured.status !== 201) throw new Error(`capture answered ${captured.status}`);
  const units = captured.json.purchase_units as Array<{ payments: { captures: Array<{ id: string }> } }>;
  return { orderId, captureId: units[0]!.payments.captures[0]!.id };
}

/** A subscription for `planId`, owned by `customId`, approved by the buyer (so ACTIVE, its first cycle charged). */
export async function approvedSubscription(core: BackendCore, customId: string, planId = 'P-TEST-MONTHLY') {
  const created = await paypal(core, 'POST', '/v1/billing/subscriptions', { plan_id: planId, custom_id: customId });
  if (created.status !== 201) throw new Error(`subscription create answered ${created.status}`);
  const id = String(created.json.id);
  await paypal(core, 'POST', `/v1/billing/subscriptions/${id}/approve`, {});
  return id;
}

/** Every webhook due now, delivered (and what they cause); then the clock moved on until no retry is left. */
export async function deliverAll(world: InProcess): Promise<void> {
  const sender = world.core.paypal.sender;
  await sender.deliverDue(world.clock.now);
  for (let next = sender.nextDueAt(); next !== null; next = sender.nextDueAt()) {
    world.clock.now = Math.max(world.clock.now, next);
    await sender.deliverDue(world.clock.now);
  }
}
