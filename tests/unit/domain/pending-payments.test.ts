import { describe, expect, it } from 'vitest';
import { LEDGER_MAX_AGE_MS, LEDGER_MAX_ENTRIES } from '../../../src/domain/constants';
import {
  decodeLedger,
  decodeNotices,
  takeNotices,
  withNotice,
  heldForOwner,
  heldPayments,
  isFinalRefusal,
  isHeld,
  isPending,
  paymentId,
  pendingFor,
  withoutHeld,
  withoutId,
  withoutPayment,
  withPayment,
  type PendingPayment,
} from '../../../src/domain/pending-payments';

const NOW = 1_800_000_000_000;
const order: PendingPayment = { kind: 'credits', orderId: '5O190127TN364715T', packId: 'credits-30' };
const plan: PendingPayment = { kind: 'subscription', subscriptionId: 'I-BW452GLLEP1G', plan: 'ANNUAL' };
const at = (payment: PendingPayment, keptAt = NOW) => ({ ...payment, keptAt });
const orderN = (n: number): PendingPayment => ({
  kind: 'credits',
  orderId: `ORDER${String(n).padStart(12, '0')}`,
  packId: 'credits-15',
});
/** A ledger with nothing in it, as one is read where nothing was stored. */
const NONE = { byUid: {}, held: [] };
const keep = (...entries: Array<[string, PendingPayment]>) =>
  entries.reduce((ledger, [uid, payment]) => withPayment(ledger, uid, payment, NOW), decodeLedger(null, NOW));
/** Whether the ledger keeps `entry` when it reads it from storage, where anything may stand. */
const readable = (entry: unknown) => decodeLedger({ alice: [entry] }, NOW).byUid.alice?.length === 1;
const withOrderId = (orderId: unknown) => ({ kind: 'credits', orderId, packId: 'credits-30', keptAt: NOW });
const withSubscriptionId = (subscriptionId: unknown) => ({
  kind: 'subscription',
  subscriptionId,
  plan: 'MONTHLY',
  keptAt: NOW,
});

describe('PayPal id formats', () => {
  it('takes an order id of 17 digits and upper-case letters, and a subscription id of I- and 12 of them', () => {
    expect(['5O190127TN364715T', '00000000000000000'].map((id) => readable(withOrderId(id)))).toEqual([true, true]);
    expect(['I-BW452GLLEP1G', 'I-000000000000'].map((id) => readable(withSubscriptionId(id)))).toEqual([true, true]);
  });

  it.each([
    '',
    'ORDER1',
    '5o190127tn364715t',
    '5O190127TN364715T0',
    '5O190127TN364715',
    '5O190127-N364715T',
    ' 5O190127TN364715T',
    '<b>5O190127TN364</b>',
    'I-BW452GLLEP1G',
  ])('refuses %j as an order id', (id) => {
    expect(readable(withOrderId(id))).toBe(false);
  });

  it.each(['', 'I-1', 'I-bw452gllep1g', 'I-BW452GLLEP1GX', 'S-BW452GLLEP1G', 'I-BW452GLLEP1', 'I-BW452 GLLEP1G', 7])(
    'refuses %j as a subscription id',
    (id) => {
      expect(readable(withSubscriptionId(id))).toBe(false);
    },
  );
});

describe('the pending payments ledger', () => {
  it("keeps each user's payments apart and never hands one to another uid", () => {
    const ledger = keep(['alice', order], ['alice', plan]);
    expect(pendingFor(ledger, 'alice')).toEqual([at(order), at(plan)]);
    expect(pendingFor(ledger, 'bob')).toEqual([]);
    expect(pendingFor(ledger, 'constructor')).toEqual([]);
    expect(isPending(ledger, 'alice', order.orderId)).toBe(true);
    expect(isPending(ledger, 'bob', order.orderId)).toBe(false);
  });

  it('keeps the same PayPal id once', () => {
    expect(pendingFor(keep(['alice', order], ['alice', { ...order }]), 'alice')).toEqual([at(order)]);
  });

  it('keeps nothing but PayPal ids, known packs and paid plans', () => {
    const ledger = keep(
      ['alice', { kind: 'credits', orderId: 'ORDER1', packId: 'credits-30' }],
      ['alice', { kind: 'credits', orderId: order.orderId, packId: 'credits-1000' }],
      ['alice', { kind: 'subscription', subscriptionId: 'I-1', plan: 'MONTHLY' }],
      ['', order],
    );
    expect(ledger).toEqual(NONE);
  });

  it('forgets a payment refused for good for that user only, and one recorded everywhere', () => {
    const ledger = keep(['alice', order], ['bob', plan], ['carol', order]);
    expect(withoutPayment(ledger, 'alice', paymentId(order)).byUid).toEqual({ bob: [at(plan)], carol: [at(order)] });
    // Another user's payment with that id is not touched.
    expect(withoutPayment(ledger, 'alice', plan.subscriptionId)).toEqual(ledger);
    expect(withoutId(ledger, order.orderId)).toEqual({ byUid: { bob: [at(plan)] }, held: [] });
  });

  it("holds a payment refused as another player's for its owner, once, and never drops it", () => {
    const moved = heldForOwner(keep(['bob', order]), 'bob', order.orderId);
    expect(moved).toEqual({ byUid: {}, held: [at(order)] });
    expect(isHeld(moved, order.orderId)).toBe(true);
    expect(heldPayments(moved)).toEqual([at(order)]);
    // A copy: the owner's own entry still holds it, nothing more is needed.
    const copied = heldForOwner(keep(['alice', order], ['bob', order]), 'bob', order.orderId);
    expect(copied).toEqual({ byUid: { alice: [at(order)] }, held: [] });
    // Refused again for someone else: still held once.
    const again = heldForOwner(withPayment(moved, 'carol', order, NOW), 'carol', order.orderId);
    expect(again).toEqual({ byUid: {}, held: [at(order)] });
    // Kept again by a user, then recorded: gone from the held list too.
    expect(withPayment(moved, 'alice', order, NOW)).toEqual({ byUid: { alice: [at(order)] }, held: [] });
    expect(withoutId(moved, order.orderId)).toEqual(NONE);
    expect(withoutHeld(moved, order.orderId)).toEqual(NONE);
  });

  it("reads back what it wrote, and reads the earlier build's {uid: payments} as kept now", () => {
    const ledger = heldForOwner(keep(['alice', order], ['bob', plan]), 'bob', plan.subscriptionId);
    expect(decodeLedger(JSON.parse(JSON.stringify(ledger)), NOW + 1000)).toEqual(ledger);
    expect(decodeLedger({ alice: [order] }, NOW)).toEqual({ byUid: { alice: [at(order)] }, held: [] });
  });

  it("leaves out what it cannot read, and every id that is not in PayPal's format", () => {
    expect(decodeLedger('nonsense', NOW)).toEqual(NONE);
    expect(decodeLedger([order], NOW)).toEqual(NONE);
    expect(
      decodeLedger(
        {
          byUid: {
            alice: [
              at(order),
              { kind: 'credits', orderId: '' },
              { kind: 'credits', orderId: 'Call us: +1 555 0100', packId: 'credits-30', keptAt: NOW },
              { kind: 'subscription', subscriptionId: 'I-BW452GLLEP1G', plan: 'WEEKLY', keptAt: NOW },
              { ...at(plan), keptAt: 'yesterday' },
              null,
            ],
            bob: 'x',
            carol: [],
            ['u'.repeat(129)]: [at(plan)],
          },
          held: [{ kind: 'credits', orderId: '<img src=x onerror=alert(1)>', packId: 'credits-30', keptAt: NOW }, 5],
        },
        NOW,
      ),
    ).toEqual({ byUid: { alice: [at(order)] }, held: [] });
  });

  it(`forgets a payment older than ${LEDGER_MAX_AGE_MS / 86_400_000} days, or dated as far ahead`, () => {
    const stored = {
      byUid: {
        alice: [at(order, NOW - LEDGER_MAX_AGE_MS), at(plan, NOW - LEDGER_MAX_AGE_MS - 1)],
        bob: [at(orderN(1), NOW + LEDGER_MAX_AGE_MS + 1)],
      },
      held: [at(orderN(2), NOW - LEDGER_MAX_AGE_MS - 1)],
    };
    expect(decodeLedger(stored, NOW)).toEqual({ byUid: { alice: [at(order, NOW - LEDGER_MAX_AGE_MS)] }, held: [] });
  });

  it(`keeps at most ${LEDGER_MAX_ENTRIES} payments in all, the newest, and always the one just kept`, () => {
    const many = Array.from({ length: LEDGER_MAX_ENTRIES + 5 }, (_, i) => at(orderN(i), NOW - 1000 + i));
    const stored = { byUid: { alice: many.slice(0, 10), bob: many.slice(10, 20) }, held: many.slice(20) };
    const ledger = decodeLedger(stored, NOW);
    const all = [...Object.values(ledger.byUid).flat(), ...ledger.held];
    expect(all).toHaveLength(LEDGER_MAX_ENTRIES);
    expect(all.map((p) => paymentId(p)).sort()).toEqual(
      many
        .slice(5)
        .map((p) => paymentId(p))
        .sort(),
    );
    const next = withPayment(ledger, 'carol', order, NOW);
    expect(pendingFor(next, 'carol')).toEqual([at(order)]);
    expect([...Object.values(next.byUid).flat(), ...next.held]).toHaveLength(LEDGER_MAX_ENTRIES);
  });

  it('names the PayPal id: the order id or the subscription id', () => {
    expect(paymentId(order)).toBe('5O190127TN364715T');
    expect(paymentId(plan)).toBe('I-BW452GLLEP1G');
  });
});

describe('isFinalRefusal', () => {
  it('is a 4xx that is not about authentication and not "later"', () => {
    expect([400, 404, 409, 422].map(isFinalRefusal)).toEqual([true, true, true, true]);
  });

  it('keeps the payment for no answer, a server error, an authentication failure, a timeout or too many requests', () => {
    expect([null, 500, 502, 503, 401, 403, 408, 429].map(isFinalRefusal)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('payment notices kept for their payer', () => {
  const refusal = { tone: 'error', text: 'Refused. PayPal order: 5O190127TN364715T' } as const;

  it('are added once per text, and taken for one payer only', () => {
    const one = withNotice(withNotice(decodeNotices(null), 'alice', refusal), 'alice', refusal);
    const two = withNotice(one, 'bob', { tone: 'warning', text: 'Held.' });
    expect(two).toEqual({ alice: [refusal], bob: [{ tone: 'warning', text: 'Held.' }] });
    const [mine, rest] = takeNotices(two, 'alice');
    expect(mine).toEqual([refusal]);
    expect(rest).toEqual({ bob: [{ tone: 'warning', text: 'Held.' }] });
    expect(takeNotices(rest, 'carol')[0]).toEqual([]);
  });

  it('keep only well-formed notices from storage, at most ten per payer', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ tone: 'error', text: `n${i}` }));
    const decoded = decodeNotices({
      alice: [refusal, { tone: 'shout', text: 'x' }, { tone: 'error', text: '' }, 7],
      '': [refusal],
      bob: many,
      __proto__: [refusal],
    });
    expect(decoded.alice).toEqual([refusal]);
    expect(decoded.bob).toHaveLength(10);
    expect(decoded.bob?.[0]).toEqual({ tone: 'error', text: 'n2' });
    expect(Object.keys(decoded).sort()).toEqual(['alice', 'bob']);
  });
});
