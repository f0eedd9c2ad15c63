// My Account's payments store over the real player and kept-payments stores, with the backend faked at the API
// boundary (support/fake-api.ts): the backend's list, this browser's kept payments as waiting, reloads, sign-out.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/auth/firebase', async () => (await import('../support/fake-auth')).fakeAuth);
vi.mock('../../../src/api/unity', async () => (await import('../support/fake-api')).fakeApi.unity);
vi.mock('../../../src/api/cloud-save', async () => (await import('../support/fake-api')).fakeApi.cloudSave);
vi.mock('../../../src/api/subscription', async () => (await import('../support/fake-api')).fakeApi.subscription);
vi.mock('../../../src/api/payments', async () => (await import('../support/fake-api')).fakeApi.payments);
const account = vi.hoisted(() => ({ purchaseCredits: vi.fn() }));
vi.mock('../../../src/api/account', () => account);

import { ApiError } from '../../../src/api/client';
import { DecodeError } from '../../../src/api/decoders';
import type { RecordedPayment } from '../../../src/domain/payments';
import { followSettledPayments, loadPayments, paymentList, payments, resetPayments } from '../../../src/state/payments';
import { finishPendingPayments, keepPayment } from '../../../src/state/pending-payments';
import { resetPlayer } from '../../../src/state/player';
import { session } from '../../../src/state/session';
import { fakeApi, PLAYER, resetFakeApi } from '../support/fake-api';
import { signedInUser } from '../support/fake-auth';

const api = fakeApi.payments;
const recorded: RecordedPayment = {
  id: 'pay-1',
  kind: 'credits',
  orderId: '5O190127TN364715T',
  credits: 30,
  createdAt: '2026-03-05T10:00:00.000Z',
  amount: { value: '14.99', currency: 'USD' },
  status: 'credited',
};
const kept = { kind: 'credits', orderId: '7X190127TN364715T', packId: 'credits-15' } as const;

// Wired as start-up wires it (page-load.ts): a kept payment recorded here reads the list again.
beforeAll(() => followSettledPayments());
beforeEach(() => {
  resetFakeApi();
  resetPlayer();
  resetPayments();
  session.user = { ...signedInUser };
  session.status = 'signedIn';
  account.purchaseCredits.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the payments list', () => {
  it("asks the backend for the player's payments and lists them", async () => {
    api.fetchPayments.mockResolvedValue([recorded]);
    expect(paymentList()).toEqual([]);
    await loadPayments();
    expect(api.fetchPayments).toHaveBeenCalledWith(expect.objectContaining({ idToken: 'id-token' }), PLAYER.playerId);
    expect(payments.status).toBe('ready');
    expect(paymentList().map((r) => [r.paypalId, r.status])).toEqual([['5O190127TN364715T', 'credited']]);
  });

  it("adds this user's kept payments as waiting, never another user's", async () => {
    api.fetchPayments.mockResolvedValue([recorded]);
    keepPayment(signedInUser.uid, kept);
    keepPayment('someone-else', { ...kept, orderId: '9Z190127TN364715T' });
    await loadPayments();
    expect(paymentList().map((r) => [r.paypalId, r.status])).toEqual([
      ['7X190127TN364715T', 'waiting'],
      ['5O190127TN364715T', 'credited'],
    ]);
  });

  it('is read again on each visit, and once more when a kept payment is recorded here', async () => {
    await loadPayments();
    await loadPayments();
    expect(api.fetchPayments).toHaveBeenCalledTimes(2);
    keepPayment(signedInUser.uid, kept);
    account.purchaseCredits.mockResolvedValue({ success: true, newBalance: 20, creditsAdded: 15, error: null });
    api.fetchPayments.mockResolvedValue([{ ...recorded, id: 'pay-2', orderId: kept.orderId, credits: 15 }]);
    await finishPendingPayments();
    await vi.waitFor(() => expect(api.fetchPayments).toHaveBeenCalledTimes(3));
    await vi.waitFor(() => expect(paymentList().map((r) => r.status)).toEqual(['credited']));
  });

  it.each([
    ['the backend fails', new ApiError('http', 500, 'down')],
    ['the answer cannot be read', new DecodeError('payments', 'payments must be a list')],
  ])('says "Failed to fetch your payments" when %s', async (_what, error) => {
    api.fetchPayments.mockRejectedValue(error);
    await loadPayments();
    expect(payments).toMatchObject({ status: 'error', error: 'Failed to fetch your payments', loaded: false });
  });

  it('forgets the list at sign-out, and drops an answer still on its way', async () => {
    let answer: (value: RecordedPayment[]) => void = () => {};
    api.fetchPayments.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const loading = loadPayments();
    await vi.waitFor(() => expect(api.fetchPayments).toHaveBeenCalled());
    resetPayments();
    answer([recorded]);
    await loading;
    expect(payments).toMatchObject({ status: 'idle', loaded: false, recorded: [] });
  });
});
