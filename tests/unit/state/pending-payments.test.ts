// @vitest-environment jsdom
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
  showRefusal,
  followPendingPayments,
} from '../../../src/state/pending-payments';
import { player } from '../../../src/state/player';
import { session } from '../../../src/state/session';
import { localStore } from '../../../src/state/storage';
import { clearToasts, toasts } from '../../../src/state/toasts';
import { fakeApi, resetFakeApi } from '../support/fake-api';
import { keepUnity } from '../support/unity';

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
const order = { kind: 'credits', orderId: '5O190127TN364715T', packId: 'credits-30' } as const;
const plan = { kind: 'subscription', subscriptionId: 'I-BW452GLLEP1G', plan: 'ANNUAL' } as const;
const toastTexts = () => toasts.items.map((t) => `${t.kind}: ${t.text}`);
const stored = () => JSON.parse(localStorage.getItem('pendingPayments') ?? 'null') as unknown;
/** A stored ledger: payments by uid, and those held for an owner the browser cannot name. */
const ledger = (byUid: Record<string, unknown[]>, held: unknown[] = []) => ({ byUid, held });
const EMPTY = ledger({});
/** A payment as the ledger keeps it: with the time it was kept. */
const kept = (payment: object) => ({ ...payment, keptAt: expect.any(Number) as number });
/** The backend's answer to a payment that another player paid (harness/backend/routes.ts). */
const ownerMismatch = () =>
  new ApiError('http', 403, 'This PayPal order was paid for by another player', 'PAYMENT_OWNER_MISMATCH');
const HELD_TEXT =
  'This PayPal payment was made by another account, so it was not added to yours. It stays saved in this browser and will be recorded when that account signs in.';

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
  keepUnity('alice', { playerId: 'P1', accessToken: 'unity' });
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
    keepPayment('alice', order);
    localStore.set('redirectUrl', 'http://127.0.0.1:5662');
    localStore.clear();
    expect(localStore.get('redirectUrl')).toBeNull();
    expect(stored()).toEqual(ledger({ alice: [kept(order)] }));
  });

  it('are recorded on the next run with that user signed in: the status says so, then the success toast, once', async () => {
    keepPayment('alice', order);
    let during: unknown = null;
    mocks.purchaseCredits.mockImplementation(async () => {
      during = pendingPayments.working;
      return { success: true, newBalance: 35, creditsAdded: 30, error: null };
    });
    await Promise.all([finishPendingPayments(), finishPendingPayments()]);
    expect(during).toBe('credits');
    expect(mocks.purchaseCredits).toHaveBeenCalledTimes(1);
    expect(mocks.purchaseCredits).toHaveBeenCalledWith(expect.anything(), 30, '5O190127TN364715T');
    expect(player.cloud?.credits).toBe(35);
    expect(toastTexts()).toEqual(['success: Successfully purchased 30 credits!']);
    expect(pendingPayments).toMatchObject({ working: null, kept: 0 });
    expect(stored()).toEqual(EMPTY);
    await finishPendingPayments();
    expect(mocks.purchaseCredits).toHaveBeenCalledTimes(1);
  });

  it('activate a kept subscription and refresh the plan', async () => {
    keepPayment('alice', plan);
    await finishPendingPayments();
    expect(api.activateSubscription).toHaveBeenCalledWith(expect.anything(), 'P1', 'I-BW452GLLEP1G', 'ANNUAL');
    // The page reads the new subscription from the backend itself, not the cloud save's copy.
    expect(api.fetchSubscription).toHaveBeenCalledWith(expect.anything(), 'P1');
    expect(toastTexts()).toEqual(['success: Your subscription has been activated successfully!']);
    expect(stored()).toEqual(EMPTY);
  });

  it('are never recorded for another user, and stay kept for theirs', async () => {
    keepPayment('alice', order);
    signIn('bob');
    await finishPendingPayments();
    expect(mocks.purchaseCredits).not.toHaveBeenCalled();
    expect(pendingPayments.kept).toBe(0);
    // Even when asked directly for alice's payment while bob is signed in.
    await expect(settlePayment('alice', order)).resolves.toMatchObject({ status: 'kept' });
    expect(mocks.purchaseCredits).not.toHaveBeenCalled();
    expect(stored()).toEqual(ledger({ alice: [kept(order)] }));
    signIn('alice');
    await finishPendingPayments();
    expect(mocks.purchaseCredits).toHaveBeenCalledTimes(1);
    expect(stored()).toEqual(EMPTY);
  });

  it.each([
    ['a server error', new ApiError('http', 500, 'Injected failure (500)')],
    ['no network', new ApiError('network', null, 'Failed to fetch')],
    ['an expired session', new ApiError('http', 401, 'expired')],
    ['too many requests', new ApiError('http', 429, 'slow down')],
  ])('stay kept after %s, with Try Again offered', async (_name, error) => {
    keepPayment('alice', order);
    mocks.purchaseCredits.mockRejectedValue(error);
    await finishPendingPayments();
    expect(stored()).toEqual(ledger({ alice: [kept(order)] }));
    expect(pendingPayments).toMatchObject({ working: null, kept: 1 });
    expect(toastTexts()).toEqual([]);
  });

  it('are forgotten after a final refusal, which names the PayPal id until dismissed', async () => {
    vi.useFakeTimers();
    keepPayment('alice', order);
    keepPayment('alice', plan);
    mocks.purchaseCredits.mockRejectedValue(new ApiError('http', 409, 'Order already used'));
    api.activateSubscription.mockRejectedValue(new ApiError('http', 400, 'Subscription was not approved at PayPal'));
    const settled: string[] = [];
    onPaymentSettled((id) => settled.push(id));
    await finishPendingPayments();
    expect(stored()).toEqual(EMPTY);
    expect(settled).toEqual(['5O190127TN364715T', 'I-BW452GLLEP1G']);
    const refusals = [
      'error: Error: Order already used PayPal order: 5O190127TN364715T',
      'error: Failed to activate your subscription. If you were charged, please contact support. PayPal subscription: I-BW452GLLEP1G',
    ];
    expect(toastTexts()).toEqual(refusals);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(toastTexts()).toEqual(refusals);
  });

  it('undone at PayPal by the backend: say the payment was refunded or the subscription cancelled there, with the id', async () => {
    keepPayment('alice', order);
    keepPayment('alice', plan);
    mocks.purchaseCredits.mockRejectedValue(
      new ApiError('http', 400, 'Order paid another merchant: refunded', 'PAYMENT_REFUNDED', {
        reason: 'PAYEE',
        refund: 'refunded',
      }),
    );
    api.activateSubscription.mockRejectedValue(
      new ApiError('http', 409, 'You already have an active subscription', 'SUBSCRIPTION_UNDONE', {
        reason: 'ACTIVE_PLAN',
        refund: 'refunded',
      }),
    );
    await finishPendingPayments();
    expect(stored()).toEqual(EMPTY);
    expect(toastTexts()).toEqual([
      'error: This payment could not be added to your account, so PayPal has refunded it in full. PayPal order: 5O190127TN364715T',
      'error: Your account already has an active plan, so this PayPal subscription was cancelled and will not bill you again. Your payment was refunded in full. PayPal subscription: I-BW452GLLEP1G',
    ]);
  });

  it.each([
    [
      'PAUSED_PLAN',
      'pending',
      'Your account has a paused plan, so this PayPal subscription was cancelled and will not bill you again. Resume or cancel that plan before you start a new one. Your refund is pending: we have asked PayPal to refund your payment in full and keep trying until PayPal does.',
    ],
    [
      'ENDED_AT_PAYPAL',
      'none',
      'This PayPal subscription had already ended at PayPal before it could be added to your account, so it was not added. No payment was taken for it.',
    ],
    [
      'ALREADY_USED',
      'none',
      'This PayPal subscription was used for a plan before, so it was not added again and will not bill you again. Nothing was refunded, because its payments paid for the plan your account had.',
    ],
    [
      'PRICE',
      'refunded',
      "This PayPal subscription was not set up at our plan's price, so it was cancelled and not added to your account. Your payment was refunded in full.",
    ],
    [
      'NO_PLAYER',
      null,
      'This PayPal subscription could not be added to your account, so it was cancelled and will not bill you again.',
    ],
  ])(
    'SUBSCRIPTION_UNDONE for %s, refund %s: one text for the cause, one for the money',
    async (reason, refund, text) => {
      keepPayment('alice', plan);
      api.activateSubscription.mockRejectedValue(
        new ApiError('http', 409, 'refused', 'SUBSCRIPTION_UNDONE', { reason, refund }),
      );
      await finishPendingPayments();
      expect(toastTexts()).toEqual([`error: ${text} PayPal subscription: I-BW452GLLEP1G`]);
    },
  );

  it('a refund the backend still owes is said to be pending, never refunded', async () => {
    keepPayment('alice', order);
    mocks.purchaseCredits.mockRejectedValue(
      new ApiError('http', 400, 'refused', 'PAYMENT_REFUNDED', { reason: 'PAYEE', refund: 'pending' }),
    );
    await finishPendingPayments();
    expect(toastTexts()).toEqual([
      'error: This payment could not be added to your account. Your refund is pending: we have asked PayPal to refund it in full and keep trying until PayPal does. PayPal order: 5O190127TN364715T',
    ]);
  });

  it("a refusal that comes after a user switch is kept for its payer's next visit, never shown to the next user", async () => {
    keepPayment('alice', order);
    let answer: (error: unknown) => void = () => {};
    mocks.purchaseCredits.mockReturnValue(new Promise((_resolve, reject) => (answer = reject)));
    const settling = settlePayment('alice', order);
    await vi.waitFor(() => expect(mocks.purchaseCredits).toHaveBeenCalled());
    signIn('bob');
    answer(new ApiError('http', 400, 'refused', 'PAYMENT_REFUNDED', { reason: 'AMOUNT', refund: 'refunded' }));
    const settlement = await settling;
    expect(settlement.status).toBe('refused');
    if (settlement.status === 'refused') showRefusal('alice', settlement.text);
    expect(toastTexts()).toEqual([]);
    await finishPendingPayments();
    expect(toastTexts()).toEqual([]);
    signIn('alice');
    await finishPendingPayments();
    expect(toastTexts()).toEqual([
      'error: This payment could not be added to your account, so PayPal has refunded it in full. PayPal order: 5O190127TN364715T',
    ]);
    // Shown once.
    clearToasts();
    await finishPendingPayments();
    expect(toastTexts()).toEqual([]);
  });

  it('are recorded again when the browser comes back online', async () => {
    keepPayment('alice', order);
    mocks.purchaseCredits.mockRejectedValueOnce(new ApiError('http', 503, 'down'));
    const stop = followPendingPayments();
    await vi.waitFor(() => expect(pendingPayments.kept).toBe(1));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(stored()).toEqual(EMPTY));
    expect(toastTexts()).toEqual(['success: Successfully purchased 30 credits!']);
    expect(mocks.purchaseCredits).toHaveBeenCalledTimes(2);
    stop();
  });

  it('are recorded at a later sign-in on the page already running: the payer coming back records theirs', async () => {
    keepPayment('bob', order);
    const stop = followPendingPayments();
    await vi.waitFor(() => expect(pendingPayments.working).toBeNull());
    expect(mocks.purchaseCredits).not.toHaveBeenCalled();
    signIn('bob');
    keepUnity('bob', { playerId: 'P2', accessToken: 'unity' });
    await vi.waitFor(() => expect(stored()).toEqual(EMPTY));
    expect(mocks.purchaseCredits).toHaveBeenCalledTimes(1);
    stop();
  });

  it("refused as another player's: leaves this user, is held for its owner, says so with the id, never dropped", async () => {
    keepPayment('alice', order);
    mocks.purchaseCredits.mockRejectedValue(ownerMismatch());
    await expect(settlePayment('alice', order)).resolves.toEqual({
      status: 'held',
      text: `${HELD_TEXT} PayPal order: 5O190127TN364715T`,
    });
    expect(stored()).toEqual(ledger({}, [kept(order)]));

    // Shown by the layout's run too, until dismissed; not counted as this user's.
    keepPayment('alice', plan);
    api.activateSubscription.mockRejectedValue(ownerMismatch());
    await finishPendingPayments();
    expect(toastTexts()).toEqual([`warning: ${HELD_TEXT} PayPal subscription: I-BW452GLLEP1G`]);
    expect(pendingPayments.kept).toBe(0);
    expect(stored()).toEqual(ledger({}, [kept(order), kept(plan)]));

    // Another user who is not the owner: offered silently, still held.
    clearToasts();
    signIn('carol');
    await finishPendingPayments();
    expect(toastTexts()).toEqual([]);
    expect(stored()).toEqual(ledger({}, [kept(order), kept(plan)]));

    // The owner signs in: both are recorded, once, and nothing is left.
    // Offered once more to alice's layout run and once to carol's; the subscription once to each.
    expect(mocks.purchaseCredits).toHaveBeenCalledTimes(3);
    expect(api.activateSubscription).toHaveBeenCalledTimes(2);
    signIn('dave');
    api.activateSubscription.mockResolvedValue(undefined);
    mocks.purchaseCredits.mockReset();
    mocks.purchaseCredits.mockResolvedValue({ success: true, newBalance: 35, creditsAdded: 30, error: null });
    await finishPendingPayments();
    expect(toastTexts()).toEqual([
      'success: Successfully purchased 30 credits!',
      'success: Your subscription has been activated successfully!',
    ]);
    expect(stored()).toEqual(EMPTY);
    await finishPendingPayments();
    expect(mocks.purchaseCredits).toHaveBeenCalledTimes(1);
  });

  it('a copy under another uid is refused for that user and dropped there, the owner keeps theirs and records it once', async () => {
    keepPayment('alice', order);
    const copied = JSON.parse(localStorage.getItem('pendingPayments')!) as { byUid: Record<string, unknown> };
    copied.byUid.bob = copied.byUid.alice;
    localStorage.setItem('pendingPayments', JSON.stringify(copied));
    signIn('bob');
    mocks.purchaseCredits.mockRejectedValueOnce(ownerMismatch());
    await finishPendingPayments();
    expect(toastTexts()).toEqual([`warning: ${HELD_TEXT} PayPal order: 5O190127TN364715T`]);
    expect(player.cloud?.credits).toBe(5);
    // Alice's own entry does it: no held copy.
    expect(stored()).toEqual(ledger({ alice: [kept(order)] }));
    signIn('alice');
    await finishPendingPayments();
    expect(mocks.purchaseCredits).toHaveBeenCalledTimes(2);
    expect(stored()).toEqual(EMPTY);
  });

  it('a held payment that the backend refuses for good is forgotten without a word', async () => {
    keepPayment('alice', order);
    mocks.purchaseCredits.mockRejectedValueOnce(ownerMismatch());
    await finishPendingPayments();
    clearToasts();
    signIn('carol');
    mocks.purchaseCredits.mockRejectedValueOnce(new ApiError('http', 400, 'Order was not captured at PayPal'));
    await finishPendingPayments();
    expect(toastTexts()).toEqual([]);
    expect(stored()).toEqual(EMPTY);
  });

  it('sends and shows nothing but a well-formed PayPal id: stored text of any other shape is left out', async () => {
    localStorage.setItem(
      'pendingPayments',
      JSON.stringify({
        byUid: {
          alice: [
            { kind: 'credits', orderId: '<b>Call +1 555 0100</b>', packId: 'credits-30', keptAt: Date.now() },
            { kind: 'subscription', subscriptionId: 'I-short', plan: 'MONTHLY', keptAt: Date.now() },
          ],
        },
        held: [{ kind: 'credits', orderId: 'Visit evil.example', packId: 'credits-30', keptAt: Date.now() }],
      }),
    );
    await finishPendingPayments();
    expect(mocks.purchaseCredits).not.toHaveBeenCalled();
    expect(api.activateSubscription).not.toHaveBeenCalled();
    expect(toastTexts()).toEqual([]);
    expect(pendingPayments.kept).toBe(0);
    // Nor is a malformed id kept or sent when the portal itself is handed one.
    keepPayment('alice', { kind: 'credits', orderId: 'not-an-order', packId: 'credits-30' });
    expect(stored()).toEqual(EMPTY);
    await expect(
      settlePayment('alice', { kind: 'credits', orderId: 'not-an-order', packId: 'credits-30' }),
    ).resolves.toEqual({
      status: 'refused',
      text: 'Failed to complete purchase. Please contact support.',
    });
    expect(mocks.purchaseCredits).not.toHaveBeenCalled();
  });
});
