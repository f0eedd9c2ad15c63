// My Account's list of payments: the backend's list merged with what this browser keeps, newest first.
import { describe, expect, it } from 'vitest';
import { paymentRows, type RecordedPayment } from '../../../src/domain/payments';
import type { KeptPayment } from '../../../src/domain/pending-payments';

const credited = (
  id: string,
  orderId: string | null,
  createdAt: string,
): Extract<RecordedPayment, { kind: 'credits' }> => ({
  id,
  kind: 'credits',
  orderId,
  credits: 30,
  createdAt,
  amount: { value: '14.99', currency: 'USD' },
  status: 'credited',
});
const monthly: RecordedPayment = {
  id: 'pay-sub',
  kind: 'subscription',
  subscriptionId: 'I-BW452GLLEP1G',
  plan: 'MONTHLY',
  createdAt: '2026-03-04T10:00:00.000Z',
  amount: { value: '5.99', currency: 'USD' },
  status: 'ended',
};
const keptOrder = (orderId: string, keptAt: number, packId = 'credits-60'): KeptPayment => ({
  kind: 'credits',
  orderId,
  packId,
  keptAt,
});

describe('paymentRows', () => {
  it('lists every recorded payment, newest first, with what it bought, its amount and PayPal id', () => {
    const rows = paymentRows([monthly, credited('pay-1', '5O190127TN364715T', '2026-03-05T10:00:00.000Z')], []);
    expect(rows).toEqual([
      {
        key: 'recorded:pay-1',
        paypalId: '5O190127TN364715T',
        bought: { credits: 30 },
        at: Date.parse('2026-03-05T10:00:00.000Z'),
        amount: { value: '14.99', currency: 'USD' },
        status: 'credited',
      },
      {
        key: 'recorded:pay-sub',
        paypalId: 'I-BW452GLLEP1G',
        bought: { plan: 'MONTHLY' },
        at: Date.parse('2026-03-04T10:00:00.000Z'),
        amount: { value: '5.99', currency: 'USD' },
        status: 'ended',
      },
    ]);
  });

  it("shows a payment this browser keeps as waiting, at the pack's or the plan's price, dated when it was kept", () => {
    const keptAt = Date.parse('2026-03-06T08:00:00.000Z');
    const rows = paymentRows(
      [monthly],
      [
        keptOrder('7X190127TN364715T', keptAt),
        { kind: 'subscription', subscriptionId: 'I-KEPTKEPTKEPT', plan: 'ANNUAL', keptAt: keptAt - 1 },
      ],
    );
    expect(rows.map((r) => [r.paypalId, r.status, r.amount.value, r.bought])).toEqual([
      ['7X190127TN364715T', 'waiting', '24.99', { credits: 60 }],
      ['I-KEPTKEPTKEPT', 'waiting', '49.99', { plan: 'ANNUAL' }],
      ['I-BW452GLLEP1G', 'ended', '5.99', { plan: 'MONTHLY' }],
    ]);
  });

  it('a kept payment the backend lists already shows once, as the backend says', () => {
    const rows = paymentRows(
      [credited('pay-1', '5O190127TN364715T', '2026-03-05T10:00:00.000Z')],
      [keptOrder('5O190127TN364715T', Date.parse('2026-03-05T09:59:00.000Z'), 'credits-30')],
    );
    expect(rows.map((r) => [r.key, r.status])).toEqual([['recorded:pay-1', 'credited']]);
  });

  it("keeps the backend's order for payments of the same moment", () => {
    const at = '2026-03-05T10:00:00.000Z';
    const rows = paymentRows([credited('b', 'BBBBBBBBBBBBBBBBB', at), credited('a', 'AAAAAAAAAAAAAAAAA', at)], []);
    expect(rows.map((r) => r.key)).toEqual(['recorded:b', 'recorded:a']);
  });

  it("names a payment without its order id by the backend's id (PayPal's capture id)", () => {
    const bare: RecordedPayment = { ...credited('CAP-1', null, '2026-03-05T10:00:00.000Z'), credits: null };
    expect(paymentRows([bare], [])).toMatchObject([{ paypalId: 'CAP-1', bought: { credits: null } }]);
  });

  it('lists nothing when there is nothing', () => {
    expect(paymentRows([], [])).toEqual([]);
  });
});
