import { describe, expect, it } from 'vitest';
import {
  decodeLedger,
  isFinalRefusal,
  isPending,
  paymentId,
  pendingFor,
  withoutPayment,
  withPayment,
  type PendingPayment,
} from '../../../src/domain/pending-payments';

const order: PendingPayment = { kind: 'credits', orderId: 'ORDER1', packId: 'credits-30' };
const plan: PendingPayment = { kind: 'subscription', subscriptionId: 'I-1', plan: 'ANNUAL' };

describe('the pending payments ledger', () => {
  it("keeps each user's payments apart and never hands one to another uid", () => {
    const ledger = withPayment(withPayment(decodeLedger(null), 'alice', order), 'alice', plan);
    expect(pendingFor(ledger, 'alice')).toEqual([order, plan]);
    expect(pendingFor(ledger, 'bob')).toEqual([]);
    expect(pendingFor(ledger, 'constructor')).toEqual([]);
    expect(isPending(ledger, 'alice', 'ORDER1')).toBe(true);
    expect(isPending(ledger, 'bob', 'ORDER1')).toBe(false);
  });

  it('keeps the same PayPal id once', () => {
    const ledger = withPayment(withPayment(decodeLedger(null), 'alice', order), 'alice', { ...order });
    expect(pendingFor(ledger, 'alice')).toEqual([order]);
  });

  it('forgets a recorded payment, and a uid left with nothing', () => {
    const ledger = withPayment(withPayment(decodeLedger(null), 'alice', order), 'bob', plan);
    const next = withoutPayment(ledger, 'alice', paymentId(order));
    expect(next).toEqual({ bob: [plan] });
    // Another user's payment with that id is not touched.
    expect(withoutPayment(ledger, 'alice', 'I-1')).toEqual(ledger);
  });

  it('reads back what it wrote, and leaves out what it cannot read', () => {
    const ledger = withPayment(withPayment(decodeLedger(null), 'alice', order), 'bob', plan);
    expect(decodeLedger(JSON.parse(JSON.stringify(ledger)))).toEqual(ledger);
    expect(decodeLedger('nonsense')).toEqual({});
    expect(decodeLedger([order])).toEqual({});
    expect(
      decodeLedger({
        alice: [
          order,
          { kind: 'credits', orderId: '' },
          { kind: 'subscription', subscriptionId: 'I-2', plan: 'WEEKLY' },
          null,
        ],
        bob: 'x',
        carol: [],
      }),
    ).toEqual({ alice: [order] });
  });

  it('names the PayPal id: the order id or the subscription id', () => {
    expect(paymentId(order)).toBe('ORDER1');
    expect(paymentId(plan)).toBe('I-1');
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
