// @vitest-environment node
// Every cent accounted for (issue #44): a model-based test of the reference backend and its PayPal stand-in, driven
// in process through seeded random interleavings for two players: orders created, approved, captured and recorded
// (by their payer, or by the other player signed in on the same browser), requests lost, webhooks dropped, delayed,
// duplicated, sent out of order or refused by the backend, plans bought in two tabs, paused, resumed, cancelled at
// PayPal or here, renewed or failing at PayPal, sweeps, time passing. After every step the safety invariants hold;
// after "settle" (faults off, every due webhook and retry delivered, a sweep) the liveness ones do too. Issue #50 added
// what the buyer's browser may put in a subscription (a price override, a quantity, a start_time; a revise), undos
// PayPal refuses (403, 404, 422), renewals of cancelled plans, refunds and reversals made at PayPal, and webhook bodies
// forged to pass verification (a matching CRC); and four invariants checked after every step: no plan period without
// a completed payment of that very subscription at the plan's price (before its first, no time past what was paid),
// a paid period never shrinks (but by a refund or a reversal of it), an undo PayPal refused stays owed until PayPal
// shows it done, and credits never count money PayPal took back.
// docs/security.md "Security" and docs/reliability.md "The server reconciles; the browser is the fast path" cite it.
import { sign } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { packByPrice } from '../../../src/domain/credit-packs';
import { planOfType } from '../../../src/domain/plan-types';
import { planById } from '../../../src/domain/plans';
import { signedString } from '../../../harness/paypal/webhook-events';
import { effectiveSubscription } from '../../../harness/backend/subscriptions';
import {
  call,
  deliverAll,
  inProcessBackend,
  newPlayer,
  paypal,
  testWebhookKey,
  type InProcess,
  type TestPlayer,
} from '../support/backend-in-process';

// 1,000 interleavings in npm test, in eight batches of 125, each a test with a seed of its own: the 1,000 took 6 s
// alone on the 2-core machine, but 22 s as one test beside the engines' journeys, which npm test runs at the same time,
// over the budget of a test (docs/testing.md "The budget"); batches of 250 still took up to 14.8 s there.
// PAYMENTS_MODEL_RUNS runs more, and PAYMENTS_MODEL_SEED other sequences (the batches take it and the next seven), when
// the model changes.
const RUNS = Number(process.env.PAYMENTS_MODEL_RUNS ?? 1000);
const SEED = Number(process.env.PAYMENTS_MODEL_SEED ?? 44);
const BATCHES = 8;
const GRACE_MS = 10 * 60_000;
const SEARCH_DELAY_MS = 15 * 60_000;
const OURS = 'DREAMBOOKTEST';

/** With PAYMENTS_MODEL_STATS=1: how often each outcome was reached, to see that the runs explore what they claim. */
const stats = new Map<string, number>();

interface OrderRec {
  orderId: string;
  owner: number;
  value: string;
  state: 'created' | 'approved' | 'captured';
}

interface SubRec {
  id: string;
  owner: number;
  planId: string;
  state: 'created' | 'approved';
}

/** The system under test and what the test knows from outside it. */
interface World {
  w: InProcess;
  players: TestPlayer[];
  orders: OrderRec[];
  subs: SubRec[];
  /**
   * Subscriptions the backend has heard of: an activate call by their owner after approval, a webhook about them
   * answered 2xx, or a sweep after their payment shows in Transaction Search. Until then PayPal may bill a second
   * plan of a player (both tabs approved, no webhook yet): nobody can stop what nobody knows of. This is the window the
   * invariants allow; from the moment the backend hears, it decides before it answers (grant or undo).
   */
  heard: Set<string>;
  /** Subscriptions PayPal ended (cancelled) before the backend granted them: never to be granted afterwards. */
  endedUngranted: Set<string>;
  /** Inside `together(...)`: another step changes balances meanwhile, so answers are not compared with them. */
  concurrent: boolean;
  /** Players who had time not paid through PayPal (a seeded plan, a manual one), which a PayPal plan may carry on. */
  seeded: Set<string>;
  /** Money PayPal gave back by itself (a refund made at PayPal, a reversal, a denial), and which of it the backend heard. */
  backAtPayPal: Set<string>;
  heardBack: Set<string>;
  /** Each player's paid period as last seen, and how many of their granted payments had gone back then. */
  ends: Map<string, { end: string; back: number }>;
  /** Payments once granted (to count those that went back since). */
  grantedSeen: Set<string>;
  /** Undos PayPal refused, followed until the books let go of them. */
  refusedUndos: Set<string>;
  /** Each player's plan end as last seen (null: no plan), whatever its source. */
  lastEnd: Map<string, string | null>;
  /**
   * Each player's current subscription and the end of the time they had when it became current: before its first
   * payment (a plan that starts when the paid time ends) or once its payments went back, it may hold no more.
   */
  carried: Map<string, { id: string | null; end: string | null }>;
}

type Model = Record<string, never>;

/** The backend's data, and PayPal's (the stand-in's own) as `paypal`. */
const data = (r: World) => ({ ...r.w.core.store.data, paypal: r.w.core.paypal.store.data });
const other = (p: number) => 1 - p;
/** Owner 2 is nobody of ours: a custom_id of an account since deleted, or of another app. */
const GHOST = 'P000000000000DELETED';
const customIdOf = (r: World, p: number) => r.players[p]?.playerId ?? GHOST;
/** The players whose accounts still exist (one may have been deleted). */
const alive = (r: World) => r.players.filter((p) => data(r).players[p.playerId] !== undefined);
const exists = (r: World, p: TestPlayer) => data(r).players[p.playerId] !== undefined;
const PLANS = ['P-TEST-MONTHLY', 'P-TEST-SIX-MONTH', 'P-TEST-ANNUAL'] as const;
const PLAN_NAMES: Record<string, string> = {
  'P-TEST-MONTHLY': 'MONTHLY',
  'P-TEST-SIX-MONTH': 'SIX_MONTH',
  'P-TEST-ANNUAL': 'ANNUAL',
};

function fail(message: string, r: World): never {
  const d = data(r);
  const state = {
    players: r.players.map((p) => ({ ...d.players[p.playerId], uid: p.uid, designs: undefined })),
    paypalSubscriptions: d.paypal.subscriptions,
    paypalTransactions: d.paypal.transactions,
    payments: d.payments,
    usedSubscriptions: d.usedSubscriptions,
    undoneSubscriptions: d.undoneSubscriptions,
    refusedOrders: d.refusedOrders,
    pendingUndo: d.pendingUndo,
    webhooks: r.w.core.paypal.sender.deliveries.map((x) => [x.event.event_type, x.state, x.statuses]),
  };
  throw new Error(`${message}\n${JSON.stringify(state, null, 1)}`);
}

/** The subscription ids a delivered webhook event was about. */
function learnFromWebhooks(r: World): void {
  const d = data(r);
  for (const delivery of r.w.core.paypal.sender.deliveries) {
    if (delivery.state !== 'delivered') continue;
    const res = delivery.event.resource;
    const id =
      delivery.event.resource_type === 'subscription'
        ? res.id
        : delivery.event.resource_type === 'sale'
          ? res.billing_agreement_id
          : typeof res.sale_id === 'string'
            ? d.paypal.transactions[res.sale_id]?.subscriptionId
            : undefined;
    if (typeof id === 'string') r.heard.add(id);
    const type = delivery.event.event_type;
    if (type === 'PAYMENT.CAPTURE.REVERSED' || type === 'PAYMENT.CAPTURE.REFUNDED') {
      const up = (res.links as Array<{ rel: string; href: string }> | undefined)?.find((l) => l.rel === 'up');
      if (up) r.heardBack.add(up.href.split('/').pop()!);
    }
    if (type === 'PAYMENT.CAPTURE.DENIED' && typeof res.id === 'string') r.heardBack.add(res.id);
    if (type === 'PAYMENT.SALE.REFUNDED' && typeof res.sale_id === 'string') r.heardBack.add(res.sale_id);
  }
}

const cents = (value: string) => Math.round(Number(value) * 100);
/** Money PayPal gave back by itself that the backend has not heard of yet: the one window a credit may still count it. */
const unheardBack = (r: World, id: string) => r.backAtPayPal.has(id) && !r.heardBack.has(id);

/** Issue #50's invariants, after every step. */
function checkPaidFor(r: World): void {
  const d = data(r);
  const now = r.w.clock.now;
  for (const entry of Object.values(d.payments)) {
    const tx = d.paypal.transactions[entry.id]!;
    // Granted: a COMPLETED payment at its plan's price (a seeded plan's id is none of ours: no plan, no price).
    if (entry.state === 'granted' && entry.plan && cents(tx.amount) !== cents(planById(entry.plan).price))
      fail(`${entry.id} granted for $${tx.amount}, not ${entry.plan}'s price`, r);
    if (entry.state === 'granted') r.grantedSeen.add(entry.id);
  }
  for (const p of alive(r)) {
    const plan = effectiveSubscription(d.players[p.playerId]!, now);
    const paypalPlan = plan.subscriptionSource === 'paypal' && plan.status !== 'NONE' && !r.seeded.has(p.playerId);
    if (plan.status !== 'NONE' && r.carried.get(p.playerId)?.id !== plan.subscriptionId)
      r.carried.set(p.playerId, { id: plan.subscriptionId, end: r.lastEnd.get(p.playerId) ?? null });
    r.lastEnd.set(p.playerId, plan.status === 'NONE' ? null : plan.expiresAt);
    if (paypalPlan && d.usedSubscriptions[plan.subscriptionId!] !== undefined) {
      // No plan period without a completed payment of this very subscription at the plan's price behind it; before
      // its first one (it starts when the paid time ends), or once its payments went back, no time past what was paid.
      const planKey = planOfType(plan.subscriptionType);
      const price = planKey && planKey !== 'FREE' ? cents(planById(planKey).price) : NaN;
      const paid = Object.values(d.payments).some((e) => {
        const tx = d.paypal.transactions[e.id];
        return (
          e.playerId === p.playerId &&
          e.subscriptionId === plan.subscriptionId &&
          e.state === 'granted' &&
          tx !== undefined &&
          (tx.status === 'COMPLETED' || unheardBack(r, tx.id)) &&
          cents(tx.amount) === price
        );
      });
      const carried = r.carried.get(p.playerId);
      const withinPaid = carried?.end != null && plan.expiresAt !== null && plan.expiresAt <= carried.end;
      if (!paid && !withinPaid)
        fail(
          `${p.uid} has plan ${plan.subscriptionId} ${plan.status} until ${plan.expiresAt} with no payment of it at ` +
            `its price, and had paid until ${carried?.end ?? 'never'}`,
          r,
        );
    }
    // A paid period never shrinks, but by a payment of it refunded or reversed.
    const back = [...r.grantedSeen].filter((id) => {
      const e = d.payments[id];
      return e?.playerId === p.playerId && (e.state === 'refunded' || e.state === 'reversed');
    }).length;
    const seen = r.ends.get(p.playerId);
    if (!paypalPlan || !plan.expiresAt) {
      r.ends.delete(p.playerId);
      continue;
    }
    if (seen && plan.expiresAt < seen.end && back === seen.back)
      fail(`${p.uid}'s paid period shrank from ${seen.end} to ${plan.expiresAt}`, r);
    r.ends.set(p.playerId, { end: plan.expiresAt, back });
    if (d.players[p.playerId]!.credits < 0) fail(`${p.uid} has negative credits`, r);
  }
  // An undo PayPal refused stays owed until PayPal shows it done.
  for (const [key, undo] of Object.entries(d.pendingUndo)) if (undo.refused) r.refusedUndos.add(key);
  for (const key of [...r.refusedUndos]) {
    if (d.pendingUndo[key]) continue;
    const [kind, id] = key.split(':') as ['refund' | 'cancel', string];
    const done =
      kind === 'refund'
        ? d.paypal.transactions[id]?.status !== 'COMPLETED'
        : ['CANCELLED', 'EXPIRED'].includes(d.paypal.subscriptions[id]?.status ?? '');
    if (!done) fail(`the refused ${key} left the books while PayPal shows it not done`, r);
    r.refusedUndos.delete(key);
  }
}

/** What may never be false, after any step. */
function checkSafety(r: World): void {
  learnFromWebhooks(r);
  const d = data(r);
  const now = r.w.clock.now;
  for (const p of alive(r)) {
    const player = d.players[p.playerId]!;
    // No capture credited twice: the balance is exactly the sum of the captures credited to the player.
    const credited = Object.values(d.payments).filter((e) => e.playerId === p.playerId && e.state === 'credited');
    const sum = credited.reduce((s, e) => s + (e.credits ?? 0), 0);
    if (player.credits !== sum) fail(`${p.uid} has ${player.credits} credits but ${sum} were credited`, r);
  }
  for (const entry of Object.values(d.payments)) {
    const tx = d.paypal.transactions[entry.id];
    if (!tx) fail(`payment ${entry.id} is no money PayPal moved`, r);
    if (tx.customId !== entry.playerId) fail(`payment ${entry.id} of ${tx.customId} held for ${entry.playerId}`, r);
    if (entry.state === 'credited') {
      // Every credit traces to a COMPLETED capture of its custom_id owner, paid to us, at a pack's price: never one
      // PayPal took back, once the backend heard of it.
      if (
        tx.kind !== 'capture' ||
        (tx.status !== 'COMPLETED' && !unheardBack(r, tx.id)) ||
        tx.payee.merchantId !== OURS
      )
        fail(
          `credit ${entry.id} is not a COMPLETED capture paid to us (${tx.kind} ${tx.status} ${tx.payee.merchantId})`,
          r,
        );
      if (packByPrice(tx.amount)?.amount !== entry.credits)
        fail(`credit ${entry.id} of ${entry.credits} for $${tx.amount}`, r);
      if (d.recordedOrders[tx.orderId!]?.playerId !== tx.customId)
        fail(`order of ${entry.id} not recorded for its owner`, r);
    }
    if ((entry.state === 'credited' || entry.state === 'granted') && tx.status === 'REFUNDED' && !unheardBack(r, tx.id))
      fail(`${entry.id} was ${entry.state} and refunded`, r);
  }
  for (const tx of Object.values(d.paypal.transactions)) {
    // Nothing refunded but what the backend refused, or what PayPal gave back by itself (the model's refunds there).
    if (tx.status !== 'REFUNDED' || r.backAtPayPal.has(tx.id)) continue;
    const entry = d.payments[tx.id];
    const offPrice =
      entry?.kind === 'subscription' && entry.plan && cents(tx.amount) !== cents(planById(entry.plan).price);
    const refused =
      tx.kind === 'capture'
        ? d.refusedOrders[tx.orderId!]?.captureId === tx.id
        : d.undoneSubscriptions[tx.subscriptionId!] !== undefined || offPrice;
    if (!refused) fail(`${tx.kind} ${tx.id} refunded though never refused`, r);
  }
  // A CANCELLED that comes before ACTIVATED (or any way PayPal ended it first) never grants the plan afterwards.
  for (const sub of Object.values(d.paypal.subscriptions)) {
    const granted = d.usedSubscriptions[sub.id] !== undefined;
    if (granted && r.endedUngranted.has(sub.id)) fail(`${sub.id} granted after PayPal ended it`, r);
    if (!granted && (sub.status === 'CANCELLED' || sub.status === 'EXPIRED')) r.endedUngranted.add(sub.id);
  }
  for (const orderId of Object.keys(d.refusedOrders))
    if (d.recordedOrders[orderId]) fail(`order ${orderId} both credited and refused`, r);
  for (const id of Object.keys(d.undoneSubscriptions))
    if (d.usedSubscriptions[id] !== undefined) fail(`subscription ${id} both granted and undone`, r);
  // Once heard of, a subscription ACTIVE at PayPal is its owner's running plan, ACTIVE here too: so at most one per
  // player bills, and none bills while the player's plan is paused or cancelled here.
  for (const sub of Object.values(d.paypal.subscriptions)) {
    // A cancel PayPal failed is owed and tried again by every sweep: the one other window allowed.
    if (sub.status !== 'ACTIVE' || !r.heard.has(sub.id) || d.pendingUndo[`cancel:${sub.id}`]) continue;
    const owner = sub.customId === undefined ? undefined : d.players[sub.customId];
    const plan = owner ? effectiveSubscription(owner, now) : null;
    if (plan?.subscriptionId !== sub.id || plan.status !== 'ACTIVE')
      fail(
        `${sub.id} bills at PayPal but ${owner?.uid ?? 'nobody'}'s plan here is ${plan?.subscriptionId} ${plan?.status}`,
        r,
      );
  }
  for (const p of alive(r)) {
    const plan = effectiveSubscription(d.players[p.playerId]!, now);
    const billing = Object.values(d.paypal.subscriptions).filter(
      (s) =>
        s.customId === p.playerId && s.status === 'ACTIVE' && r.heard.has(s.id) && !d.pendingUndo[`cancel:${s.id}`],
    );
    if (billing.length > 1) fail(`${p.uid} has ${billing.length} plans billing at PayPal`, r);
    if ((plan.status === 'PAUSED' || plan.status === 'CANCELLED') && billing.length > 0)
      fail(`${p.uid}'s plan is ${plan.status} here while ${billing[0]!.id} bills at PayPal`, r);
  }
  checkPaidFor(r);
}

/** What must be true once everything due has happened: every cent where it belongs, and shown to its payer. */
async function checkLiveness(r: World): Promise<void> {
  const d = data(r);
  const now = r.w.clock.now;
  for (const tx of Object.values(d.paypal.transactions)) {
    const owner = tx.customId === undefined ? undefined : d.players[tx.customId];
    if (tx.kind === 'capture') {
      if (tx.payee.merchantId !== OURS) {
        // Paid to another merchant: not ours to credit; refunded when the backend heard of it.
        if (d.refusedOrders[tx.orderId!] && tx.status !== 'REFUNDED')
          fail(`capture ${tx.id} to another merchant kept`, r);
        if (d.recordedOrders[tx.orderId!]) fail(`capture ${tx.id} to another merchant credited`, r);
        continue;
      }
      // Given back by PayPal after it was credited: its credits are no more.
      if (r.backAtPayPal.has(tx.id)) {
        if (d.payments[tx.id]?.state === 'credited') fail(`capture ${tx.id} ${tx.status} at PayPal still credited`, r);
        continue;
      }
      // Credited (to its owner, while the account existed), or else creditable now: credited exactly once.
      if (d.payments[tx.id]?.state === 'credited' && tx.status === 'COMPLETED') continue;
      const creditable = owner !== undefined && packByPrice(tx.amount) !== undefined;
      if (creditable && (d.payments[tx.id]?.state !== 'credited' || tx.status !== 'COMPLETED'))
        fail(
          `capture ${tx.id} of ${owner.uid} not credited exactly once (${d.payments[tx.id]?.state} ${tx.status})`,
          r,
        );
      if (!creditable && tx.status !== 'REFUNDED') fail(`refused capture ${tx.id} ($${tx.amount}) not refunded`, r);
    } else {
      const granted = d.usedSubscriptions[tx.subscriptionId!] !== undefined;
      if (!granted && tx.status !== 'REFUNDED') fail(`payment ${tx.id} of ungranted ${tx.subscriptionId} kept`, r);
      const plan = PLAN_NAMES[d.paypal.subscriptions[tx.subscriptionId!]!.planId];
      if (plan && tx.status === 'COMPLETED' && cents(tx.amount) !== cents(planById(plan as 'MONTHLY').price))
        fail(`payment ${tx.id} of $${tx.amount} for ${plan} kept`, r);
    }
  }
  for (const sub of Object.values(d.paypal.subscriptions)) {
    if (sub.status === 'APPROVAL_PENDING' || !r.heard.has(sub.id)) continue;
    const granted = d.usedSubscriptions[sub.id] !== undefined;
    const undone = d.undoneSubscriptions[sub.id] !== undefined;
    if (granted === undone)
      fail(`${sub.id} (${sub.status} at PayPal) is ${granted ? 'both' : 'neither'} granted and undone`, r);
    if (undone && (sub.status === 'ACTIVE' || sub.status === 'SUSPENDED'))
      fail(`undone ${sub.id} still ${sub.status}`, r);
    const owner = sub.customId === undefined ? undefined : d.players[sub.customId];
    const plan = owner ? effectiveSubscription(owner, now) : null;
    if (sub.status === 'SUSPENDED' && plan?.subscriptionId === sub.id && plan.status !== 'PAUSED')
      fail(`${sub.id} SUSPENDED at PayPal but ${plan.status} here`, r);
    if (sub.status === 'CANCELLED' && plan?.subscriptionId === sub.id && plan.status !== 'CANCELLED')
      fail(`${sub.id} CANCELLED at PayPal but ${plan.status} here`, r);
  }
  // Every payment PayPal holds for a player, in GET /payments, with where it stands.
  for (const p of alive(r)) {
    const answer = await call(r.w.core, 'GET', `/payments/${p.playerId}`, undefined, p.headers);
    if (answer.status !== 200) fail(`GET /payments answered ${answer.status}`, r);
    const listed = answer.json.payments as Array<Record<string, unknown>>;
    // Paid to us, or paid to another merchant and refused (and refunded) when the backend heard of it.
    const held = Object.values(d.paypal.transactions).filter(
      (t) => t.customId === p.playerId && (t.payee.merchantId === OURS || d.refusedOrders[t.orderId ?? '']),
    );
    const plan = effectiveSubscription(d.players[p.playerId]!, now);
    for (const tx of held) {
      const row = listed.find((x) => x.id === tx.id);
      const status =
        tx.status === 'REFUNDED'
          ? 'refunded'
          : tx.status !== 'COMPLETED'
            ? 'reversed'
            : tx.kind === 'capture'
              ? 'credited'
              : plan.subscriptionId === tx.subscriptionId && (plan.status === 'ACTIVE' || plan.status === 'PAUSED')
                ? 'active'
                : 'ended';
      const kind = tx.kind === 'capture' ? 'credits' : 'subscription';
      if (!row || row.status !== status || row.kind !== kind || (row.amount as { value: string }).value !== tx.amount)
        fail(`${tx.kind} ${tx.id} (${status}) of ${p.uid} listed as ${JSON.stringify(row)}`, r);
    }
    if (listed.length !== held.length) fail(`${p.uid}: ${listed.length} listed for ${held.length} held at PayPal`, r);
    const dates = listed.map((x) => String(x.createdAt));
    if (dates.some((t, i) => i > 0 && t > dates[i - 1]!)) fail(`${p.uid}'s payments not newest first`, r);
  }
}

abstract class Step implements fc.AsyncCommand<Model, World> {
  check(): boolean {
    return true;
  }
  abstract act(r: World): Promise<void>;
  async run(_m: Model, r: World): Promise<void> {
    const started = performance.now();
    await this.act(r);
    checkSafety(r);
    if (process.env.PAYMENTS_MODEL_STATS) {
      const key = `ms ${this.constructor.name}`;
      stats.set(key, (stats.get(key) ?? 0) + performance.now() - started);
    }
  }
  abstract toString(): string;
}

/** The i-th (modulo) of the items a step can act on, so that random indices keep making progress. */
const pick = <T>(list: T[], i: number, can: (item: T) => boolean = () => true): T | undefined => {
  const eligible = list.filter(can);
  return eligible.length ? eligible[i % eligible.length] : undefined;
};

class CreateOrder extends Step {
  constructor(
    readonly p: number,
    readonly value: string,
    readonly elsewhere: boolean,
  ) {
    super();
  }
  async act(r: World) {
    const res = await paypal(r.w.core, 'POST', '/v2/checkout/orders', {
      intent: 'CAPTURE',
      purchase_units: [
        {
          description: 'credits',
          custom_id: customIdOf(r, this.p),
          amount: { currency_code: 'USD', value: this.value },
          ...(this.elsewhere ? { payee: { merchant_id: 'OTHERSHOP0001' } } : {}),
        },
      ],
    });
    r.orders.push({ orderId: String(res.json.id), owner: this.p, value: this.value, state: 'created' });
  }
  toString() {
    return `order(${this.p > 1 ? 'nobody' : `p${this.p}`}, $${this.value}${this.elsewhere ? ', paying another merchant' : ''})`;
  }
}

/** The credits journey in one step: the browser creates the order, the buyer approves, the browser captures. */
class BuyCredits extends Step {
  constructor(readonly order: CreateOrder) {
    super();
  }
  async act(r: World) {
    await this.order.act(r);
    const o = r.orders.at(-1)!;
    await paypal(r.w.core, 'POST', `/v2/checkout/orders/${o.orderId}/approve`, {});
    await paypal(r.w.core, 'POST', `/v2/checkout/orders/${o.orderId}/capture`, {});
    o.state = 'captured';
  }
  toString() {
    return `buy${this.order.toString().slice('order'.length)}`;
  }
}

class ApproveOrder extends Step {
  constructor(readonly i: number) {
    super();
  }
  async act(r: World) {
    const o = pick(r.orders, this.i, (x) => x.state === 'created');
    if (!o) return;
    await paypal(r.w.core, 'POST', `/v2/checkout/orders/${o.orderId}/approve`, {});
    o.state = 'approved';
  }
  toString() {
    return `approveOrder(${this.i})`;
  }
}

class CaptureOrder extends Step {
  constructor(readonly i: number) {
    super();
  }
  async act(r: World) {
    const o = pick(r.orders, this.i, (x) => x.state === 'approved');
    if (!o) return;
    expect((await paypal(r.w.core, 'POST', `/v2/checkout/orders/${o.orderId}/capture`, {})).status).toBe(201);
    o.state = 'captured';
  }
  toString() {
    return `capture(${this.i})`;
  }
}

class RecordPurchase extends Step {
  constructor(
    readonly i: number,
    readonly asOther: boolean,
    readonly lost: 'no' | 'request' | 'answer',
  ) {
    super();
  }
  async act(r: World) {
    // Mostly captured orders (the portal records after capture); now and then one not captured yet.
    const o = pick(r.orders, this.i, (x) => this.i % 5 === 4 || x.state === 'captured');
    if (!o) return;
    const as = o.owner > 1 ? 0 : this.asOther ? other(o.owner) : o.owner;
    const caller = r.players[as]!;
    const notOwner = this.asOther || o.owner > 1 || !exists(r, caller);
    if (!exists(r, caller)) return;
    if (this.lost === 'request') r.w.core.setFaults('purchase=dropx1', caller.uid);
    const before = data(r).players[caller.playerId]!.credits;
    const claim = packByPrice(o.value)?.amount ?? 15;
    const res = await call(
      r.w.core,
      'POST',
      '/consumables/purchase',
      { creditsAmount: claim, paymentMethod: 'paypal', orderId: o.orderId },
      caller.headers,
    );
    if (this.lost !== 'no') return; // the answer never reached the browser
    const after = data(r).players[caller.playerId]!.credits;
    if (notOwner) {
      // 403, or 502 when PayPal did not answer the backend: never anything for the caller.
      const refused = res.status === 403 && res.json.code === 'PAYMENT_OWNER_MISMATCH';
      if ((!refused && res.status !== 502) || (after !== before && !r.concurrent))
        fail(`another player's record call answered ${res.status} ${JSON.stringify(res.json)}`, r);
    } else if (res.status === 200) {
      if (res.json.success !== true || (res.json.newBalance !== after && !r.concurrent))
        fail(`purchase answered ${JSON.stringify(res.json)} with a balance of ${after}`, r);
    } else if (res.json.code === 'PAYMENT_REFUNDED') {
      const tx = Object.values(data(r).paypal.transactions).find((t) => t.orderId === o.orderId);
      const owed = tx && data(r).pendingUndo[`refund:${tx.id}`];
      if (res.json.refund === 'pending' ? !owed : tx?.status !== 'REFUNDED')
        fail(`PAYMENT_REFUNDED (refund ${String(res.json.refund)}) answered while ${tx?.id} is ${tx?.status}`, r);
    } else if (res.status !== 400 && res.status !== 502)
      fail(`purchase answered ${res.status} ${JSON.stringify(res.json)}`, r);
  }
  toString() {
    return `purchase(${this.i}${this.asOther ? ', by the other player' : ''}${this.lost !== 'no' ? `, ${this.lost} lost` : ''})`;
  }
}

/**
 * What the buyer's browser puts in the subscription beside the plan: nothing more (`plan`), a price override of one
 * cent, a quantity of 2, or a start when the player's cancelled plan's paid time ends (`renewal`, as the portal does).
 */
type Terms = 'plan' | 'override' | 'quantity' | 'renewal';
const ONE_CENT = {
  billing_cycles: [{ sequence: 1, pricing_scheme: { fixed_price: { value: '0.01', currency_code: 'USD' } } }],
};

class CreateSubscription extends Step {
  constructor(
    readonly p: number,
    readonly planId: string,
    readonly terms: Terms = 'plan',
  ) {
    super();
  }
  async act(r: World) {
    const owner = r.players[this.p];
    const current =
      owner && exists(r, owner) ? effectiveSubscription(data(r).players[owner.playerId]!, r.w.clock.now) : null;
    const start =
      this.terms === 'renewal' && current?.status === 'CANCELLED' && current.expiresAt ? current.expiresAt : undefined;
    const res = await paypal(r.w.core, 'POST', '/v1/billing/subscriptions', {
      plan_id: this.planId,
      custom_id: customIdOf(r, this.p),
      ...(this.terms === 'override' ? { plan: ONE_CENT } : {}),
      ...(this.terms === 'quantity' ? { quantity: '2' } : {}),
      ...(start && Date.parse(start) > r.w.clock.now ? { start_time: start } : {}),
    });
    r.subs.push({ id: String(res.json.id), owner: this.p, planId: this.planId, state: 'created' });
  }
  toString() {
    return `subscription(${this.p > 1 ? 'nobody' : `p${this.p}`}, ${PLAN_NAMES[this.planId]}${this.terms === 'plan' ? '' : `, ${this.terms}`})`;
  }
}

/** The buyer's browser revises a running subscription to a one-cent override (actions.subscription.revise), approved. */
class Revise extends Step {
  constructor(readonly i: number) {
    super();
  }
  async act(r: World) {
    const s = pick(r.subs, this.i, (x) => data(r).paypal.subscriptions[x.id]!.status === 'ACTIVE');
    if (!s) return;
    await paypal(r.w.core, 'POST', `/v1/billing/subscriptions/${s.id}/revise`, { plan_id: s.planId, plan: ONE_CENT });
    await paypal(r.w.core, 'POST', `/v1/billing/subscriptions/${s.id}/approve`, {});
  }
  toString() {
    return `revise(${this.i}, one cent)`;
  }
}

/**
 * PayPal gives money back by itself: a credited capture reversed (a chargeback), denied, or refunded from the
 * merchant's PayPal account; or a subscription payment refunded there.
 */
class MoneyBack extends Step {
  constructor(
    readonly i: number,
    readonly how: 'reverse' | 'deny' | 'refund' | 'refund-sale',
  ) {
    super();
  }
  async act(r: World) {
    const d = data(r);
    const kind = this.how === 'refund-sale' ? 'subscription' : 'credits';
    const held = Object.values(d.payments).filter(
      (e) => e.kind === kind && (e.state === 'credited' || e.state === 'granted'),
    );
    const entry = pick(held, this.i, (e) => d.paypal.transactions[e.id]?.status === 'COMPLETED');
    if (!entry) return;
    if (this.how === 'refund' || this.how === 'refund-sale')
      await paypal(r.w.core, 'POST', `/v2/payments/captures/${entry.id}/refund`, {});
    else
      await call(
        r.w.core,
        'POST',
        '/__harness/paypal',
        { moneyBack: { id: entry.id, how: this.how } },
        { 'x-harness-secret': r.w.core.harnessSecret },
      );
    // (A refund the model's fault refused did not happen.)
    if (d.paypal.transactions[entry.id]!.status !== 'COMPLETED') r.backAtPayPal.add(entry.id);
  }
  toString() {
    return `moneyBack(${this.i}, ${this.how})`;
  }
}

/**
 * A delivery whose body was forged to pass PayPal's verification (the signature covers a CRC-32 of it): the id of an
 * event PayPal sent, another resource (the other player's, or another event's). The backend acts on PayPal's event.
 */
class ForgedWebhook extends Step {
  constructor(
    readonly i: number,
    readonly j: number,
  ) {
    super();
  }
  async act(r: World) {
    const deliveries = r.w.core.paypal.sender.deliveries;
    const real = pick(deliveries, this.i);
    if (!real) return;
    const other = pick(deliveries, this.j)!;
    const resource = { ...other.event.resource, custom_id: customIdOf(r, this.j % 3) };
    const body = JSON.stringify({ ...real.event, resource });
    const time = new Date(r.w.clock.now).toISOString();
    const transmissionId = `forged-${this.i}-${this.j}-${r.w.clock.now}`;
    const standIn = r.w.core.paypal;
    const signature = sign(
      'sha256',
      Buffer.from(signedString(transmissionId, time, standIn.webhook.id, body)),
      testWebhookKey().privateKey,
    ).toString('base64');
    await r.w.core.dispatch({
      method: 'POST',
      path: '/webhooks/paypal',
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': standIn.certUrl(),
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': signature,
        'paypal-transmission-time': time,
      },
      body,
    });
  }
  toString() {
    return `forgedWebhook(${this.i}, body of ${this.j})`;
  }
}

/** The plan journey in one step: the browser creates the subscription, the buyer approves it (PayPal charges). */
class Subscribe extends Step {
  constructor(readonly create: CreateSubscription) {
    super();
  }
  async act(r: World) {
    await this.create.act(r);
    const s = r.subs.at(-1)!;
    await paypal(r.w.core, 'POST', `/v1/billing/subscriptions/${s.id}/approve`, {});
    s.state = 'approved';
  }
  toString() {
    return `subscribe${this.create.toString().slice('subscription'.length)}`;
  }
}

class ApproveSubscription extends Step {
  constructor(readonly i: number) {
    super();
  }
  async act(r: World) {
    const s = pick(r.subs, this.i, (x) => x.state === 'created');
    if (!s) return;
    await paypal(r.w.core, 'POST', `/v1/billing/subscriptions/${s.id}/approve`, {});
    s.state = 'approved';
  }
  toString() {
    return `approveSubscription(${this.i})`;
  }
}

class Activate extends Step {
  constructor(
    readonly i: number,
    readonly asOther: boolean,
    readonly lost: 'no' | 'request' | 'answer',
  ) {
    super();
  }
  async act(r: World) {
    const s = pick(r.subs, this.i, (x) => this.i % 5 === 4 || x.state === 'approved');
    if (!s) return;
    const notOwner = this.asOther || s.owner > 1;
    const caller = r.players[s.owner > 1 ? 0 : this.asOther ? other(s.owner) : s.owner]!;
    if (!exists(r, caller)) return;
    if (this.lost === 'request') r.w.core.setFaults('subscription-activate=dropx1', caller.uid);
    const res = await call(
      r.w.core,
      'POST',
      '/subscription/activate',
      { playerId: caller.playerId, subscriptionId: s.id, plan: PLAN_NAMES[s.planId] },
      caller.headers,
    );
    // Heard of: the backend read it from PayPal and decided (a 502 means PayPal did not answer it).
    if (!notOwner && this.lost !== 'request' && s.state === 'approved' && res.status < 500) r.heard.add(s.id);
    if (this.lost !== 'no') return;
    const d = data(r);
    if (notOwner) {
      if (res.status !== 403 && res.status !== 502) fail(`another player's activate answered ${res.status}`, r);
      return;
    }
    const plan = effectiveSubscription(d.players[caller.playerId]!, r.w.clock.now);
    if (res.status === 200 && plan.subscriptionId !== s.id && !r.concurrent)
      fail(`activate answered 200 for ${s.id}, plan is ${plan.subscriptionId}`, r);
    if (res.json.code === 'SUBSCRIPTION_UNDONE') {
      const status = d.paypal.subscriptions[s.id]!.status;
      // Cancelled at PayPal before the answer, or a cancel PayPal refused, owed.
      if ((status === 'ACTIVE' || status === 'SUSPENDED') && !d.pendingUndo[`cancel:${s.id}`])
        fail(`${s.id} answered undone while ${status} at PayPal`, r);
      // Refunded before the answer, or (refund: pending) owed, never counted as done.
      if (res.json.reason !== 'ALREADY_USED')
        for (const tx of Object.values(d.paypal.transactions))
          if (tx.subscriptionId === s.id && tx.status !== 'REFUNDED' && !d.pendingUndo[`refund:${tx.id}`])
            fail(`undone ${s.id}'s ${tx.id} neither refunded nor owed`, r);
      if (res.json.refund === 'refunded' && !r.concurrent)
        for (const tx of Object.values(d.paypal.transactions))
          if (tx.subscriptionId === s.id && tx.status === 'COMPLETED')
            fail(`${s.id} answered refunded, ${tx.id} is not`, r);
    }
  }
  toString() {
    return `activate(${this.i}${this.asOther ? ', by the other player' : ''}${this.lost !== 'no' ? `, ${this.lost} lost` : ''})`;
  }
}

class PlayerAction extends Step {
  constructor(
    readonly p: number,
    readonly action: 'pause' | 'resume' | 'cancel',
  ) {
    super();
  }
  async act(r: World) {
    const player = r.players[this.p]!;
    if (!exists(r, player)) return;
    const plan = effectiveSubscription(data(r).players[player.playerId]!, r.w.clock.now);
    const path =
      this.action === 'resume'
        ? `/subscription/${plan.subscriptionId ?? 'none'}/resume`
        : `/subscription/${this.action}`;
    const atPayPal = () =>
      plan.subscriptionId ? data(r).paypal.subscriptions[plan.subscriptionId]?.status : undefined;
    const before = { status: plan.status, paypal: atPayPal() };
    const res = await call(
      r.w.core,
      'POST',
      path,
      { playerId: player.playerId, reason: this.action === 'pause' ? 'financial_reasons' : 'other' },
      player.headers,
    );
    if (res.status === 500) fail(`${this.action} answered 500`, r);
    if (r.concurrent || !exists(r, player)) return;
    const after = {
      status: effectiveSubscription(data(r).players[player.playerId]!, r.w.clock.now).status,
      paypal: atPayPal(),
    };
    // Fails closed: a 502 (PayPal did not do it) changes nothing, here or at PayPal.
    if (res.status === 502 && (after.status !== before.status || after.paypal !== before.paypal))
      fail(`${this.action} answered 502 but ${JSON.stringify(before)} became ${JSON.stringify(after)}`, r);
    const expected = { pause: 'SUSPENDED', resume: 'ACTIVE', cancel: 'CANCELLED' }[this.action];
    if (res.status === 200 && plan.subscriptionSource === 'paypal' && after.paypal !== expected)
      fail(`${this.action} answered 200 while PayPal shows ${after.paypal}`, r);
  }
  toString() {
    return `${this.action}(p${this.p})`;
  }
}

class PayPalSide extends Step {
  constructor(
    readonly i: number,
    readonly what: 'payer-cancels' | 'renews' | 'renewal-fails' | 'renewals-fail-until-suspended',
  ) {
    super();
  }
  async act(r: World) {
    const s = pick(r.subs, this.i, (x) => data(r).paypal.subscriptions[x.id]!.status === 'ACTIVE');
    if (!s) return;
    const renew = (failed: boolean) =>
      call(
        r.w.core,
        'POST',
        '/__harness/paypal',
        { renew: s.id, failed },
        { 'x-harness-secret': r.w.core.harnessSecret },
      );
    if (this.what === 'payer-cancels')
      await paypal(r.w.core, 'POST', `/v1/billing/subscriptions/${s.id}/cancel`, { reason: 'by the payer at PayPal' });
    else if (this.what === 'renewals-fail-until-suspended')
      while (data(r).paypal.subscriptions[s.id]!.status === 'ACTIVE') await renew(true);
    else await renew(this.what === 'renewal-fails');
  }
  toString() {
    return `paypal(${this.i}, ${this.what})`;
  }
}

class WebhookFault extends Step {
  constructor(
    readonly p: number,
    readonly kind: string,
  ) {
    super();
  }
  async act(r: World) {
    if (this.p < 0) r.w.core.setFaults(`webhook=${this.kind}x1`);
    else r.w.core.setFaults(`paypal-webhook=${this.kind}x1`, r.players[this.p]!.uid);
  }
  toString() {
    return this.p < 0 ? `backendFails(${this.kind})` : `webhookFault(p${this.p}, ${this.kind})`;
  }
}

/**
 * PayPal's REST API fails the backend's next call of one kind (503): the backend answers 502 or owes the call. Or
 * PayPal refuses the next refund or cancel (403, 404, 422): the backend owes it, and tries again with backoff.
 */
class PayPalFails extends Step {
  constructor(
    readonly route: string,
    readonly status = 503,
  ) {
    super();
  }
  async act(r: World) {
    r.w.core.setFaults(`${this.route}=${this.status}x1`);
  }
  toString() {
    return `paypalFails(${this.route}, ${this.status})`;
  }
}

class DeliverWebhooks extends Step {
  async act(r: World) {
    await r.w.core.paypal.sender.deliverDue(r.w.clock.now);
  }
  toString() {
    return 'deliverWebhooks';
  }
}

class Tick extends Step {
  constructor(readonly ms: number) {
    super();
  }
  async act(r: World) {
    r.w.clock.advance(this.ms);
    await r.w.core.paypal.sender.deliverDue(r.w.clock.now);
  }
  toString() {
    return `tick(${this.ms / 1000}s)`;
  }
}

/** The subscriptions whose payments Transaction Search shows by now, as the sweep reads it. */
function seenBySweep(r: World): void {
  const d = data(r);
  for (const tx of Object.values(d.paypal.transactions))
    if (tx.subscriptionId && Date.parse(tx.createTime) <= r.w.clock.now - Math.max(GRACE_MS, SEARCH_DELAY_MS))
      r.heard.add(tx.subscriptionId);
}

class Sweep extends Step {
  async act(r: World) {
    const result = await r.w.core.reconcile();
    if (result.failures.length === 0) seenBySweep(r);
  }
  toString() {
    return 'sweep';
  }
}

class Settle extends Step {
  async act(r: World) {
    await settle(r);
    await checkLiveness(r);
  }
  toString() {
    return 'settle';
  }
}

/** SPEC 1's fallback: a plan granted without PayPal (the staging build's manual activation). */
class ManualPlan extends Step {
  constructor(readonly p: number) {
    super();
  }
  async act(r: World) {
    const player = r.players[this.p]!;
    if (!exists(r, player)) return;
    r.seeded.add(player.playerId);
    await call(
      r.w.core,
      'POST',
      '/subscription/direct',
      { playerId: player.playerId, planId: 'MONTHLY', subscriptionId: `MANUAL-${r.w.clock.now}`, provider: 'MANUAL' },
      player.headers,
    );
  }
  toString() {
    return `manualPlan(p${this.p})`;
  }
}

/** The player deletes the account (DELETE /users/{playerId}); later payments for it have no player. */
class DeleteAccount extends Step {
  constructor(readonly p: number) {
    super();
  }
  async act(r: World) {
    const player = r.players[this.p]!;
    if (!exists(r, player)) return;
    await call(r.w.core, 'DELETE', `/users/${player.playerId}`, undefined, player.headers);
  }
  toString() {
    return `deleteAccount(p${this.p})`;
  }
}

/**
 * Weeks pass; the backend's sweep timer runs every week meanwhile (as `reconcileIntervalMs` would; its Transaction
 * Search reaches back 10 days here, so no payment falls between two sweeps), and on day 30 PayPal bills every ACTIVE
 * monthly subscription, heard of or not.
 */
class Weeks extends Step {
  async act(r: World) {
    for (let day = 1; day <= 35; day++) {
      r.w.clock.advance(86_400_000);
      if (day === 30)
        for (const sub of Object.values(data(r).paypal.subscriptions))
          if (sub.status === 'ACTIVE' && sub.planId === 'P-TEST-MONTHLY')
            await call(
              r.w.core,
              'POST',
              '/__harness/paypal',
              { renew: sub.id },
              { 'x-harness-secret': r.w.core.harnessSecret },
            );
      await r.w.core.paypal.sender.deliverDue(r.w.clock.now);
      if (day % 7 !== 0) continue;
      const result = await r.w.core.reconcile();
      if (result.failures.length === 0) seenBySweep(r);
    }
  }
  toString() {
    return 'weeksPass';
  }
}

/** Two things at once (two tabs, a webhook during a call, a sweep during a pause): their awaits interleave. */
class Concurrently extends Step {
  constructor(
    readonly a: Step,
    readonly b: Step,
  ) {
    super();
  }
  async act(r: World) {
    r.concurrent = true;
    try {
      await Promise.all([this.a.act(r), this.b.act(r)]);
    } finally {
      r.concurrent = false;
    }
  }
  toString() {
    return `together(${this.a.toString()}, ${this.b.toString()})`;
  }
}

async function settle(r: World): Promise<void> {
  const core = r.w.core;
  core.setFaults('');
  for (const p of r.players) core.setFaults('', p.uid);
  await deliverAll(r.w);
  r.w.clock.advance(Math.max(GRACE_MS, SEARCH_DELAY_MS) + 1000);
  await core.reconcile();
  await deliverAll(r.w);
  await core.reconcile();
  await deliverAll(r.w);
  // Everything PayPal billed shows in Transaction Search by now. A subscription that starts later (start_time) and has
  // billed nothing, of which no webhook and no call told, nobody here can know of yet: it is heard when it bills.
  const billed = new Set(Object.values(data(r).paypal.transactions).map((t) => t.subscriptionId));
  for (const s of Object.values(data(r).paypal.subscriptions))
    if (s.status !== 'APPROVAL_PENDING' && (billed.has(s.id) || !s.startTime)) r.heard.add(s.id);
  checkSafety(r);
}

const player = fc.integer({ min: 0, max: 1 });
const owner = fc.nat({ max: 19 }).map((n) => (n === 0 ? 2 : n % 2));
const index = fc.nat({ max: 7 });
const lost = fc.constantFrom<'no' | 'request' | 'answer'>('no', 'no', 'no', 'request', 'answer');
const order = fc
  .tuple(owner, fc.constantFrom('9.99', '14.99', '24.99', '14.99', '0.01'), fc.nat({ max: 9 }))
  .map(([p, v, n]) => new CreateOrder(p, v, n === 0));
const terms = fc.constantFrom<Terms>('plan', 'plan', 'plan', 'override', 'quantity', 'renewal', 'renewal');
const subscription = fc
  .tuple(owner, fc.constantFrom(...PLANS), terms)
  .map(([p, plan, t]) => new CreateSubscription(p, plan, t));
const steps = [
  order,
  order.map((o) => new BuyCredits(o)),
  order.map((o) => new BuyCredits(o)),
  subscription.map((x) => new Subscribe(x)),
  subscription.map((x) => new Subscribe(x)),
  index.map((i) => new ApproveOrder(i)),
  index.map((i) => new CaptureOrder(i)),
  fc.tuple(index, fc.nat({ max: 4 }), lost).map(([i, o, l]) => new RecordPurchase(i, o === 0, l)),
  fc.tuple(index, fc.nat({ max: 4 }), lost).map(([i, o, l]) => new RecordPurchase(i, o === 0, l)),
  subscription,
  index.map((i) => new ApproveSubscription(i)),
  fc.tuple(index, fc.nat({ max: 4 }), lost).map(([i, o, l]) => new Activate(i, o === 0, l)),
  fc.tuple(index, fc.nat({ max: 4 }), lost).map(([i, o, l]) => new Activate(i, o === 0, l)),
  fc
    .tuple(player, fc.constantFrom('pause', 'resume', 'cancel') as fc.Arbitrary<'pause' | 'resume' | 'cancel'>)
    .map(([p, a]) => new PlayerAction(p, a)),
  fc
    .tuple(
      index,
      fc.constantFrom('payer-cancels', 'renews', 'renewal-fails', 'renewals-fail-until-suspended') as fc.Arbitrary<
        PayPalSide['what']
      >,
    )
    .map(([i, w]) => new PayPalSide(i, w)),
  fc
    .tuple(fc.integer({ min: -1, max: 1 }), fc.constantFrom('drop', 'duplicate', 'reorder', 'delay90000', '500'))
    .map(([p, k]) => new WebhookFault(p, p < 0 ? (k === 'drop' || k === '500' ? k : '503') : k)),
  fc
    .tuple(player, fc.constantFrom('drop', 'duplicate', 'reorder', 'delay90000', '500'))
    .map(([p, k]) => new WebhookFault(p, k)),
  fc
    .constantFrom(
      'paypal-order-get',
      'paypal-capture-refund',
      'paypal-subscription-get',
      'paypal-subscription-transactions',
      'paypal-subscription-cancel',
      'paypal-subscription-suspend',
      'paypal-subscription-activate',
      'paypal-webhook-verify',
      'paypal-transaction-search',
    )
    .map((route) => new PayPalFails(route)),
  fc.constant(new DeliverWebhooks()),
  fc.constant(new DeliverWebhooks()),
  fc.constantFrom(1000, 30_000, 5 * 60_000, 2 * 3_600_000).map((ms) => new Tick(ms)),
  fc.constant(new Sweep()),
  fc.constant(new Settle()),
];

const recordPurchase = fc.tuple(index, fc.nat({ max: 4 }), lost).map(([i, o, l]) => new RecordPurchase(i, o === 0, l));
const activation = fc.tuple(index, fc.nat({ max: 4 }), lost).map(([i, o, l]) => new Activate(i, o === 0, l));
const playerAction = fc
  .tuple(player, fc.constantFrom('pause', 'resume', 'cancel') as fc.Arbitrary<'pause' | 'resume' | 'cancel'>)
  .map(([p, a]) => new PlayerAction(p, a));
const concurrent = fc.oneof(
  recordPurchase,
  activation,
  playerAction,
  fc.constant(new DeliverWebhooks()),
  fc.constant(new Sweep()),
);
steps.push(
  player.map((p) => new ManualPlan(p)),
  fc.oneof(
    { weight: 1, arbitrary: player.map((p) => new DeleteAccount(p)) },
    { weight: 3, arbitrary: fc.constant(new DeliverWebhooks()) },
  ),
  fc.constant(new Weeks()),
  fc.tuple(concurrent, concurrent).map(([a, b]) => new Concurrently(a, b)),
  fc.tuple(concurrent, concurrent).map(([a, b]) => new Concurrently(a, b)),
  index.map((i) => new Revise(i)),
  fc
    .tuple(index, fc.constantFrom('reverse', 'deny', 'refund', 'refund-sale') as fc.Arbitrary<MoneyBack['how']>)
    .map(([i, how]) => new MoneyBack(i, how)),
  fc.tuple(fc.nat({ max: 30 }), fc.nat({ max: 30 })).map(([i, j]) => new ForgedWebhook(i, j)),
  fc
    .tuple(fc.constantFrom('paypal-capture-refund', 'paypal-subscription-cancel'), fc.constantFrom(403, 404, 422))
    .map(([route, status]) => new PayPalFails(route, status)),
);

let setups = 0;

async function setup(): Promise<{ model: Model; real: World }> {
  const w = inProcessBackend({
    allowPaymentBypass: true,
    transactionSearchDelayMs: SEARCH_DELAY_MS,
    reconcileGraceMs: GRACE_MS,
    reconcileLookbackMs: 10 * 86_400_000,
    webhookRetryDelayMs: (attempt) => (attempt >= 4 ? null : 1000 * 4 ** attempt),
  });
  const players = [await newPlayer(w.core, 'alice'), await newPlayer(w.core, 'bob')];
  // Every third run Alice starts with a plan that exists at PayPal but was never granted through these books (as
  // `portal-harness seed --plan` makes one, or a data file of an earlier release has one).
  const seeded = setups++ % 3 === 0;
  if (seeded) {
    await call(
      w.core,
      'POST',
      '/__harness/seed',
      { uid: 'alice', email: 'alice@example.com', plan: 'monthly' },
      { 'x-harness-secret': w.core.harnessSecret },
    );
    delete w.core.store.data.usedSubscriptions[
      w.core.store.data.players[players[0]!.playerId]!.subscription!.subscriptionId!
    ];
  }
  return {
    model: {},
    real: {
      w,
      players,
      orders: [],
      subs: [],
      heard: new Set(),
      endedUngranted: new Set(),
      concurrent: false,
      seeded: new Set(seeded ? [players[0]!.playerId] : []),
      backAtPayPal: new Set(),
      heardBack: new Set(),
      ends: new Map(),
      grantedSeen: new Set(),
      refusedUndos: new Set(),
      lastEnd: new Map(),
      carried: new Map(),
    },
  };
}

function count(r: World, commands: number): void {
  if (!process.env.PAYMENTS_MODEL_STATS) return;
  const d = data(r);
  const add = (key: string, n = 1) => n > 0 && stats.set(key, (stats.get(key) ?? 0) + n);
  add('sequences');
  add('steps', commands);
  add('credited', Object.values(d.payments).filter((e) => e.state === 'credited').length);
  for (const refusal of Object.values(d.refusedOrders)) add(`refused ${refusal.reason}`);
  for (const undone of Object.values(d.undoneSubscriptions)) add(`undone ${undone.reason}`);
  add('granted', Object.keys(d.usedSubscriptions).length);
  add(
    'suspended by PayPal',
    Object.values(d.paypal.subscriptions).filter((x) => x.suspendedBy === 'payment-failure').length,
  );
  add(
    'renewals',
    Object.values(d.paypal.transactions).filter((t) => t.kind === 'sale').length -
      Object.keys(d.paypal.subscriptions).filter((id) => d.paypal.subscriptions[id]!.status !== 'APPROVAL_PENDING')
        .length,
  );
  for (const delivery of r.w.core.paypal.sender.deliveries) add(`webhook ${delivery.state}`);
  add('webhook retried', r.w.core.paypal.sender.deliveries.filter((x) => x.statuses.length > 1).length);
  add('recorded by a sweep', r.w.core.log.filter((e) => e.route === 'paypal-transaction-search').length > 0 ? 1 : 0);
  add('other player refused 403', r.w.core.log.filter((e) => e.status === 403).length);
  add('undo refused by PayPal', d.paymentIssues.filter((i) => i.what.startsWith('PayPal refused')).length);
  add('money back at PayPal', r.backAtPayPal.size);
  add('plans starting later', Object.values(d.paypal.subscriptions).filter((x) => x.startTime).length);
}

describe('every cent accounted for (model-based)', () => {
  afterAll(() => {
    if (process.env.PAYMENTS_MODEL_STATS) console.log(Object.fromEntries(stats));
  });
  const runs = Math.ceil(RUNS / BATCHES);
  for (const seed of Array.from({ length: BATCHES }, (_, batch) => SEED + batch))
    it(`${runs} seeded random interleavings (seed ${seed}) of two players, PayPal, webhooks and sweeps keep the invariants`, async () => {
      // The backend logs each payment for no player of ours; here that is part of the plan.
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      await fc.assert(
        fc.asyncProperty(fc.commands(steps, { maxCommands: 40, size: 'max' }), async (commands) => {
          const started = await setup();
          try {
            await fc.asyncModelRun(() => started, commands);
            await settle(started.real);
            await checkLiveness(started.real);
            count(started.real, [...commands].length);
          } finally {
            started.real.w.core.close();
          }
        }),
        { numRuns: runs, seed, endOnFailure: false },
      );
    }, 120_000);
});
