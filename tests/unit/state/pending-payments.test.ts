import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/client';
import type { CloudSave } from '../../../src/domain/entities';
import {
  finishPendingPayments,
  keepPayment,
  onPaymentSettled,
  pendingPayments,
  resetPendingPayments,
  settlePayment,
  watchPendingPayments,
} from '../../../src/state/pending-payments';
import { player } from '../../../src/state/player';
import { session } from '../../../src/state/session';
import { localStore } from '../../../src/state/storage';
import { clearToasts, toasts } from '../../../src/state/toasts';
import { fakeApi, resetFakeApi } from '../support/fake-api';

const api = fakeApi.subscription;

const mocks = vi.hoisted(() => ({ purchaseCredits: vi.fn() }));

// The backend is faked at the API boundary; the subscription and player stores run for real.
vi.mock('../../../src/auth/firebase', async () => (await import('../support/fake-auth')).fakeAuth);
vi.mock('../../../src/api/account', () => ({ purchaseCredits: mocks.purchaseCredits }));
vi.mock('../../../src/api/unity', async () => (await import('../support/fake-api')).fakeApi.unity);
vi.mock('../../../src/api/cloud-save', async () => (await import('../support/fake-api')).fakeApi.cloudSave);
vi.mock('../../../src/api/subscription', async () => (await import('../support/fake-api')).fakeApi.subscription);

const cloud: CloudSave = {
  entries: [],
  username: 'ada#1',
  credits: 5,
  needsSetup: false,
  accountType: 1,
  subscription: undefined,
};
const order = { kind: 'credits', orderId: 'ORDER1', packId: 'credits-30' } as const;
const plan = { kind: 'subscription', subscriptionId: 'I-1', plan: 'ANNUAL' } as const;
const toastTexts = () => toasts.items.map((t) => `${t.kind}: ${t.text}`);
const stored = () => JSON.parse(localStorage.getItem('pendingPayments') ?? 'null') as unknown;

function signIn(uid: string) {
  session.user = {
    uid,
    displayName: uid,
    email: `${uid}@example.com`,
    photoURL: null,
    providerIds: ['password'],
    creationTime: null,
  };
  session.status = 'signedIn';
}

beforeEach(() => {
  signIn('alice');
  player.unity = { playerId: 'P1', accessToken: 'unity' };
  player.cloud = { ...cloud };
  player.status = 'ready';
  resetFakeApi();
  mocks.purchaseCredits.mockReset();
  mocks.purchaseCredits.mockResolvedValue({ success: true, newBalance: 35, creditsAdded: 30, error: null });
  resetPendingPayments();
  clearToasts();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('kept payments', () => {
  it('are kept by uid, and survive the Sign Out that clears local storage', () => {
    keepPayment(order);
    localStore.set('redirectUrl', 'http://127.0.0.1:5662');
    localStore.clear();
    expect(localStore.get('redirectUrl')).toBeNull();
    expect(stored()).toEqual({ alice: [order] });
  });

  it('are recorded on the next run with that user signed in: the status says so, then the success toast, once', async () => {
    keepPayment(order);
    let during: unknown = null;
    mocks.purchaseCredits.mockImplementation(async () => {
      during = pendingPayments.working;
      return { success: true, newBalance: 35, creditsAdded: 30, error: null };
    });
    await Promise.all([finishPendingPayments(), finishPendingPayments()]);
    expect(during).toBe('credits');
    expect(mocks.purchaseCredits).toHaveBeenCalledTimes(1);
    expect(mocks.purchaseCredits).toHaveBeenCalledWith(expect.anything(), 30, 'ORDER1');
    expect(player.cloud?.credits).toBe(35);
    expect(toastTexts()).toEqual(['success: Successfully purchased 30 credits!']);
    expect(pendingPayments).toMatchObject({ working: null, kept: 0 });
    expect(stored()).toEqual({});
    await finishPendingPayments();
    expect(mocks.purchaseCredits).toHaveBeenCalledTimes(1);
  });

  it('activate a kept subscription and refresh the plan', async () => {
    keepPayment(plan);
    await finishPendingPayments();
    expect(api.activateSubscription).toHaveBeenCalledWith(expect.anything(), 'P1', 'I-1', 'ANNUAL');
    // The page reads the new subscription from the backend itself, not the cloud save's copy.
    expect(api.fetchSubscription).toHaveBeenCalledWith(expect.anything(), 'P1');
    expect(toastTexts()).toEqual(['success: Your subscription has been activated successfully!']);
    expect(stored()).toEqual({});
  });

  it('are never recorded for another user, and stay kept for theirs', async () => {
    keepPayment(order);
    signIn('bob');
    await finishPendingPayments();
    expect(mocks.purchaseCredits).not.toHaveBeenCalled();
    expect(pendingPayments.kept).toBe(0);
    // Even when asked directly for alice's payment while bob is signed in.
    await expect(settlePayment('alice', order)).resolves.toMatchObject({ status: 'kept' });
    expect(mocks.purchaseCredits).not.toHaveBeenCalled();
    expect(stored()).toEqual({ alice: [order] });
    signIn('alice');
    await finishPendingPayments();
    expect(mocks.purchaseCredits).toHaveBeenCalledTimes(1);
    expect(stored()).toEqual({});
  });

  it.each([
    ['a server error', new ApiError('http', 500, 'Injected failure (500)')],
    ['no network', new ApiError('network', null, 'Failed to fetch')],
    ['an expired session', new ApiError('http', 401, 'expired')],
    ['too many requests', new ApiError('http', 429, 'slow down')],
  ])('stay kept after %s, with Try Again offered', async (_name, error) => {
    keepPayment(order);
    mocks.purchaseCredits.mockRejectedValue(error);
    await finishPendingPayments();
    expect(stored()).toEqual({ alice: [order] });
    expect(pendingPayments).toMatchObject({ working: null, kept: 1 });
    expect(toastTexts()).toEqual([]);
  });

  it('are forgotten after a final refusal, which names the PayPal id until dismissed', async () => {
    vi.useFakeTimers();
    keepPayment(order);
    keepPayment(plan);
    mocks.purchaseCredits.mockRejectedValue(new ApiError('http', 409, 'Order already used'));
    api.activateSubscription.mockRejectedValue(new ApiError('http', 400, 'Subscription was not approved at PayPal'));
    const settled: string[] = [];
    onPaymentSettled((id) => settled.push(id));
    await finishPendingPayments();
    expect(stored()).toEqual({});
    expect(settled).toEqual(['ORDER1', 'I-1']);
    const refusals = [
      'error: Error: Order already used PayPal order: ORDER1',
      'error: Failed to activate your subscription. If you were charged, please contact support. PayPal subscription: I-1',
    ];
    expect(toastTexts()).toEqual(refusals);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(toastTexts()).toEqual(refusals);
  });

  it('are recorded again when the browser comes back online', async () => {
    keepPayment(order);
    mocks.purchaseCredits.mockRejectedValueOnce(new ApiError('http', 503, 'down'));
    const stop = watchPendingPayments();
    await vi.waitFor(() => expect(pendingPayments.kept).toBe(1));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(stored()).toEqual({}));
    expect(toastTexts()).toEqual(['success: Successfully purchased 30 credits!']);
    expect(mocks.purchaseCredits).toHaveBeenCalledTimes(2);
    stop();
  });
});
