// @vitest-environment jsdom
// My Account's "Payments" section over the real payments store (the backend faked at src/api): loading, empty, error
// with Try again, and each payment's date, what it bought, amount, status in words (a refund pending and a reversal
// too) and PayPal id.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../src/auth/firebase', async () => (await import('../../support/fake-auth')).fakeAuth);
vi.mock('../../../../src/api/unity', async () => (await import('../../support/fake-api')).fakeApi.unity);
vi.mock('../../../../src/api/cloud-save', async () => (await import('../../support/fake-api')).fakeApi.cloudSave);
vi.mock('../../../../src/api/payments', async () => (await import('../../support/fake-api')).fakeApi.payments);

import { ApiError } from '../../../../src/api/client';
import type { RecordedPayment } from '../../../../src/domain/payments';
import { loadPayments, resetPayments } from '../../../../src/state/payments';
import { keepPayment } from '../../../../src/state/pending-payments';
import { resetPlayer } from '../../../../src/state/player';
import { session } from '../../../../src/state/session';
import { Payments } from '../../../../src/ui/account/Payments';
import { deferred } from '../../support/deferred';
import { fakeApi, resetFakeApi } from '../../support/fake-api';
import { signedInUser } from '../../support/fake-auth';

const api = fakeApi.payments;
const base = { createdAt: '2026-03-05T10:00:00.000Z', amount: { value: '14.99', currency: 'USD' } };
const list: RecordedPayment[] = [
  { ...base, id: 'a', kind: 'credits', orderId: '5O190127TN364715T', credits: 30, status: 'credited' },
  {
    id: 'b',
    kind: 'subscription',
    subscriptionId: 'I-BW452GLLEP1G',
    plan: 'MONTHLY',
    createdAt: '2026-02-01T10:00:00.000Z',
    amount: { value: '5.99', currency: 'USD' },
    status: 'active',
  },
  {
    id: 'c',
    kind: 'subscription',
    subscriptionId: 'I-AAAAAAAAAAAA',
    plan: 'ANNUAL',
    createdAt: '2025-01-01T10:00:00.000Z',
    amount: { value: '49.99', currency: 'USD' },
    status: 'ended',
  },
  {
    ...base,
    id: 'd',
    kind: 'credits',
    orderId: '1A190127TN364715T',
    credits: 15,
    status: 'refunded',
    createdAt: '2024-06-01T10:00:00.000Z',
    amount: { value: '9.99', currency: 'USD' },
  },
  {
    id: 'CAP-1',
    kind: 'credits',
    orderId: null,
    credits: null,
    createdAt: '2024-01-01T10:00:00.000Z',
    amount: { value: '3.00', currency: 'USD' },
    status: 'refunded',
  },
];

beforeEach(() => {
  resetFakeApi();
  resetPlayer();
  resetPayments();
  session.user = { ...signedInUser };
  session.status = 'signedIn';
});

describe('Payments on My Account', () => {
  it('says it is loading until the list comes, then one item per payment, newest first', async () => {
    const answer = deferred<RecordedPayment[]>();
    api.fetchPayments.mockReturnValue(answer.promise);
    keepPayment(signedInUser.uid, { kind: 'credits', orderId: '7X190127TN364715T', packId: 'credits-60' });
    render(<Payments />);
    const loading = loadPayments();
    expect((await screen.findByRole('status')).textContent).toBe('Loading payments...');
    answer.resolve(list);
    await loading;

    const items = within(await screen.findByRole('list', { name: 'Payments' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      // Kept just now, on this device's clock: waiting until the backend lists it.
      expect.stringMatching(/^60 credits\$24\.99.*WaitingPayPal ID: 7X190127TN364715T$/),
      '30 credits$14.99Mar 5, 2026CreditedPayPal ID: 5O190127TN364715T',
      'Pro Plan - Monthly$5.99Feb 1, 2026ActivePayPal ID: I-BW452GLLEP1G',
      'Pro Plan - Annual$49.99Jan 1, 2025EndedPayPal ID: I-AAAAAAAAAAAA',
      '15 credits$9.99Jun 1, 2024RefundedPayPal ID: 1A190127TN364715T',
      // Reported by PayPal alone, an amount no pack costs: what it bought in general words.
      'Credits$3.00Jan 1, 2024RefundedPayPal ID: CAP-1',
    ]);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says a refund still owed is pending, never refunded, and money PayPal took back is reversed', async () => {
    api.fetchPayments.mockResolvedValueOnce([
      {
        ...base,
        id: 'CAPPENDING',
        kind: 'credits',
        orderId: '2B190127TN364715T',
        credits: 30,
        status: 'refund_pending',
      },
      {
        id: 'SALEREVERSED',
        kind: 'subscription',
        subscriptionId: 'I-CCCCCCCCCCCC',
        plan: 'SIX_MONTH',
        createdAt: '2026-01-10T10:00:00.000Z',
        amount: { value: '29.99', currency: 'USD' },
        status: 'reversed',
      },
    ]);
    render(<Payments />);
    await loadPayments();
    const items = within(await screen.findByRole('list', { name: 'Payments' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '30 credits$14.99Mar 5, 2026Refund pendingPayPal ID: 2B190127TN364715T',
      'Pro Plan - Semi-Annual$29.99Jan 10, 2026ReversedPayPal ID: I-CCCCCCCCCCCC',
    ]);
    expect(screen.queryByText('Refunded')).toBeNull();
  });

  it('says so when there are no payments', async () => {
    render(<Payments />);
    await loadPayments();
    expect(
      await screen.findByText('No payments yet. Credits and plans you buy with PayPal will show here.'),
    ).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows a failed load with Try again, which loads the list again', async () => {
    api.fetchPayments.mockRejectedValueOnce(new ApiError('http', 500, 'down'));
    api.fetchPayments.mockResolvedValueOnce(list.slice(0, 1));
    render(<Payments />);
    await loadPayments();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to fetch your payments')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('30 credits')).toBeTruthy();
    expect(api.fetchPayments).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
