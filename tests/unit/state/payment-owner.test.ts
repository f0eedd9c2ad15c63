// @vitest-environment jsdom
// A paid order belongs to the user who opened the credits modal or the plan panel (docs/security.md "Security"): a
// capture or an approval is kept and recorded for that uid only, never for a user signed in since, whether the switch
// reset the stores first (the usual way, session.ts) or the callback still arrives on a live modal (the backstop).
// The entry first (docs/reliability.md "The entry first"): PayPal's answer is filed under that uid before anything
// looks at the session or the store, so a sign-out, a switch or the session check mid-payment loses nothing.
import type { OrderResponseBody, PayPalButtonsComponentOptions } from '@paypal/paypal-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/client';
import { deferred } from '../support/deferred';

const mocks = vi.hoisted(() => ({ renderButtons: vi.fn(), purchaseCredits: vi.fn() }));
// PayPal's chunk (src/chunks/paypal.ts) brings the entry's graph in a page; here the stores are the subject.
vi.mock('../../../src/chunks/entry-graph', () => ({}));
vi.mock('../../../src/payments/paypal', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/payments/paypal')>()),
  renderButtons: mocks.renderButtons,
}));
vi.mock('../../../src/api/account', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/account')>()),
  purchaseCredits: mocks.purchaseCredits,
}));
// The fakes are imported once, before any reset, and handed to the mocks: vi.resetModules() keeps a mocked module but
// would evaluate a support file again, so a later import of it is not the instance the stores see.
const { fakeAuth: auth, signedInUser } = await vi.hoisted(() => import('../support/fake-auth'));
const { cloudSave, fakeApi, resetFakeApi } = await vi.hoisted(() => import('../support/fake-api'));
vi.mock('../../../src/auth/firebase', () => auth);
vi.mock('../../../src/api/payments', async () => (await import('../support/fake-api')).fakeApi.payments);
vi.mock('@home-design/portal-bridge', async () => (await import('../support/fake-bridge')).fakeBridgeModule());
vi.mock('../../../src/api/unity', () => fakeApi.unity);
vi.mock('../../../src/api/cloud-save', () => fakeApi.cloudSave);
vi.mock('../../../src/api/subscription', () => fakeApi.subscription);

type Purchase = typeof import('../../../src/state/purchase');
type SubscriptionPage = typeof import('../../../src/state/subscription-page');
let player: (typeof import('../../../src/state/player'))['player'];
let choosePack: Purchase['choosePack'];
let mountPayButtons: Purchase['mountPayButtons'];
let purchase: Purchase['purchase'];
let session: (typeof import('../../../src/state/session'))['session'];
let validateSession: (typeof import('../../../src/state/session'))['validateSession'];
let finishPendingPayments: (typeof import('../../../src/state/pending-payments'))['finishPendingPayments'];
let pendingPayments: (typeof import('../../../src/state/pending-payments'))['pendingPayments'];
let toasts: (typeof import('../../../src/state/toasts'))['toasts'];
let mountSubscriptionButtons: SubscriptionPage['mountSubscriptionButtons'];
let selectPlan: SubscriptionPage['selectPlan'];
let keepUnity: (typeof import('../support/unity'))['keepUnity'];

const alice = { ...signedInUser, uid: 'alice', email: 'alice@example.com' };
const bob = { ...signedInUser, uid: 'bob', email: 'bob@example.com' };

let options: PayPalButtonsComponentOptions;

/** What local storage keeps of payments not yet recorded, as text: no uid but the payer's may appear in it. */
const ledger = () => localStorage.getItem('pendingPayments') ?? '';
/** The ledger as data. */
const stored = () => JSON.parse(ledger() || 'null') as unknown;
const keptOrder = (orderId: string) => ({
  kind: 'credits',
  orderId,
  packId: 'credits-15',
  keptAt: expect.any(Number) as number,
});
const keptPlan = (subscriptionId: string) => ({
  kind: 'subscription',
  subscriptionId,
  plan: 'MONTHLY',
  keptAt: expect.any(Number) as number,
});

function captured(orderId: string): OrderResponseBody {
  return {
    id: orderId,
    status: 'COMPLETED',
    purchase_units: [{ payments: { captures: [{ id: 'CAP', status: 'COMPLETED' }] } }],
  };
}

/** PayPal approves and captures the order of the credits modal; `capture` answers when the test says. */
async function payCredits(
  orderId = '5O190127TN364715T',
  capture: () => Promise<OrderResponseBody> = async () => captured(orderId),
): Promise<void> {
  await options.onApprove!(
    { orderID: orderId },
    { order: { capture, authorize: vi.fn(), get: vi.fn(), patch: vi.fn() }, redirect: vi.fn(), restart: vi.fn() },
  );
}

/** PayPal approves the subscription of the plan panel. */
async function approveSubscription(subscriptionId = 'I-ALICEALICE01'): Promise<void> {
  await options.onApprove!(
    { orderID: 'EC-1', subscriptionID: subscriptionId },
    { redirect: vi.fn(), restart: vi.fn() },
  );
}

// Each test is a fresh page: new modules of the session and of every store over it, with the sign-out resets registered
// as startPortal does, and Alice signed in.
beforeEach(async () => {
  vi.useFakeTimers();
  localStorage.clear();
  vi.clearAllMocks();
  vi.resetModules();
  // PayPal's loader is a chunk the stores import as the modal opens: here, already loaded, as after the idle prefetch.
  await import('../../../src/chunks/paypal');
  const sessionModule = await import('../../../src/state/session');
  const subscriptionPageModule = await import('../../../src/state/subscription-page');
  const { paymentsPermission } = await import('../../../src/state/payments-permission');
  ({ session, validateSession } = sessionModule);
  ({ finishPendingPayments, pendingPayments } = await import('../../../src/state/pending-payments'));
  ({ toasts } = await import('../../../src/state/toasts'));
  ({ mountSubscriptionButtons, selectPlan } = subscriptionPageModule);
  ({ player } = await import('../../../src/state/player'));
  ({ choosePack, mountPayButtons, purchase } = await import('../../../src/state/purchase'));
  ({ keepUnity } = await import('../support/unity'));
  (await import('../../../src/state/sign-out-resets')).registerSignOutResets();
  (await import('../../../src/state/signed-in-start')).startSignedIn();
  sessionModule.startSession();
  auth.answer(alice);
  keepUnity('alice', { playerId: 'P-ALICE', accessToken: 'unity-alice' });
  player.cloud = cloudSave();
  player.status = 'ready';
  paymentsPermission.allowed = true;
  mocks.renderButtons.mockImplementation(
    async (_flow: string, _container: HTMLElement, given: PayPalButtonsComponentOptions) => {
      options = given;
      return { close: vi.fn(async () => {}) };
    },
  );
  mocks.purchaseCredits.mockResolvedValue({ success: true, newBalance: 20, creditsAdded: 15, error: null });
});
afterEach(() => {
  resetFakeApi();
  vi.useRealTimers();
});

/** Opens the credits modal as the signed-in user and renders its buttons (after SPEC 9's 500 ms). */
async function openCreditsModal(): Promise<void> {
  expect(choosePack('credits-15')).toBe(true);
  mountPayButtons(document.createElement('div'));
  await vi.advanceTimersByTimeAsync(500);
  expect(mocks.renderButtons).toHaveBeenCalled();
}

/** Opens the plan panel as the signed-in user and renders its buttons. */
async function openPlanPanel(): Promise<void> {
  selectPlan('MONTHLY');
  mountSubscriptionButtons(document.createElement('div'));
  await vi.advanceTimersByTimeAsync(500);
  expect(mocks.renderButtons).toHaveBeenCalled();
}

describe('a credits capture is filed under the uid that opened the modal', () => {
  it('the same user: kept and recorded for them (the baseline)', async () => {
    await openCreditsModal();
    await payCredits();
    expect(mocks.purchaseCredits).toHaveBeenCalledOnce();
    expect(purchase.packId).toBeNull();
  });

  it('another user signed in since (another tab): the modal closed with the switch, and nothing is filed under Bob', async () => {
    await openCreditsModal();
    auth.answer(bob);
    expect(purchase.packId).toBeNull();
    await payCredits();
    expect(ledger()).not.toContain('bob');
    expect(mocks.purchaseCredits).not.toHaveBeenCalled();
  });

  it('a capture that still reaches a live modal after the switch is neither kept for Bob nor recorded with his tokens', async () => {
    await openCreditsModal();
    // The uid changes under the open modal without the resets: only the modal's own uid can keep it out.
    session.user = bob;
    keepUnity('bob', { playerId: 'P-BOB', accessToken: 'unity-bob' });
    await payCredits();
    expect(ledger()).not.toContain('bob');
    expect(mocks.purchaseCredits).not.toHaveBeenCalled();
    expect(purchase).toMatchObject({ status: 'failed', error: 'Error: No authenticated user available for request.' });
  });
});

describe('a subscription approval is filed under the uid that opened the panel', () => {
  it('the same user: kept and activated for them (the baseline)', async () => {
    await openPlanPanel();
    await approveSubscription();
    expect(fakeApi.subscription.activateSubscription).toHaveBeenCalledOnce();
  });

  it('another user signed in since: the panel closed with the switch, and nothing is filed under Bob', async () => {
    await openPlanPanel();
    auth.answer(bob);
    await approveSubscription();
    expect(ledger()).not.toContain('bob');
    expect(fakeApi.subscription.activateSubscription).not.toHaveBeenCalled();
  });

  it('an approval after the switch is filed under Alice, who opened the panel, and activated at her next sign-in', async () => {
    await openPlanPanel();
    auth.answer(bob);
    await approveSubscription('I-ALICEALICE01');
    expect(stored()).toEqual({ byUid: { alice: [keptPlan('I-ALICEALICE01')] }, held: [] });
    expect(fakeApi.subscription.activateSubscription).not.toHaveBeenCalled();
    auth.answer(alice);
    await finishPendingPayments();
    // Her player, exchanged again at her sign-in (the fake backend's P1).
    expect(fakeApi.subscription.activateSubscription).toHaveBeenCalledWith(
      expect.anything(),
      'P1',
      'I-ALICEALICE01',
      'MONTHLY',
    );
    expect(stored()).toEqual({ byUid: {}, held: [] });
  });

  it('an approval that still reaches a live panel after the switch is neither kept for Bob nor activated', async () => {
    await openPlanPanel();
    session.user = bob;
    keepUnity('bob', { playerId: 'P-BOB', accessToken: 'unity-bob' });
    await approveSubscription();
    expect(ledger()).not.toContain('bob');
    expect(fakeApi.subscription.activateSubscription).not.toHaveBeenCalled();
  });
});

describe('the entry first: a capture or an approval in flight when the session goes', () => {
  /** The credits modal open, Pay Now pressed, PayPal's capture on its way: resolves once the payment is over. */
  async function captureInFlight(orderId: string) {
    await openCreditsModal();
    const answer = deferred<OrderResponseBody>();
    const paying = payCredits(orderId, () => answer.promise);
    await vi.advanceTimersByTimeAsync(0);
    expect(purchase.status).toBe('pending');
    return {
      capture: async () => {
        answer.resolve(captured(orderId));
        await paying;
      },
    };
  }

  it.each([
    ['another tab signs out', () => auth.answer(null)],
    [
      "the 5-minute session check finds the session gone (the host's logout and Sign Out sign out the same way)",
      async () => {
        auth.sessionStillValid.mockResolvedValueOnce(false);
        auth.signOutUser.mockResolvedValueOnce(undefined);
        await validateSession();
      },
    ],
  ])(
    '%s: the capture is filed under the payer, nothing else happens, and the next sign-in records it',
    async (_how, signOut) => {
      const { capture } = await captureInFlight('5O190127TN364715T');
      await signOut();
      expect(session.user).toBeNull();
      await capture();
      expect(stored()).toEqual({ byUid: { alice: [keptOrder('5O190127TN364715T')] }, held: [] });
      // Only the recording call and the modal are skipped.
      expect(mocks.purchaseCredits).not.toHaveBeenCalled();
      expect(purchase.packId).toBeNull();
      expect(toasts.items).toEqual([]);

      auth.answer(alice);
      keepUnity('alice', { playerId: 'P-ALICE', accessToken: 'unity-alice' });
      await finishPendingPayments();
      expect(mocks.purchaseCredits).toHaveBeenCalledWith(expect.anything(), 15, '5O190127TN364715T');
      expect(stored()).toEqual({ byUid: {}, held: [] });
      expect(toasts.items.map((t) => t.text)).toEqual(['Successfully purchased 15 credits!']);
    },
  );

  it("another user signs in: filed under the payer, never under Bob, and Bob's balance is left alone", async () => {
    const { capture } = await captureInFlight('5O190127TN364715T');
    auth.answer(bob);
    keepUnity('bob', { playerId: 'P-BOB', accessToken: 'unity-bob' });
    player.cloud = { ...cloudSave(), credits: 2 };
    await capture();
    expect(stored()).toEqual({ byUid: { alice: [keptOrder('5O190127TN364715T')] }, held: [] });
    expect(ledger()).not.toContain('bob');
    expect(mocks.purchaseCredits).not.toHaveBeenCalled();
    expect(player.cloud?.credits).toBe(2);
    // Nothing of it for Bob to see: his notice counts his own kept payments only.
    expect(pendingPayments.kept).toBe(0);
  });

  it('the payer signed out and in again meanwhile: kept, and the notice offers Try Again at once', async () => {
    const { capture } = await captureInFlight('5O190127TN364715T');
    auth.answer(null);
    auth.answer(alice);
    await capture();
    expect(stored()).toEqual({ byUid: { alice: [keptOrder('5O190127TN364715T')] }, held: [] });
    expect(pendingPayments.kept).toBe(1);
  });

  it('a subscription approved after a sign-out is filed under the payer, and no plan can be chosen until it is recorded', async () => {
    await openPlanPanel();
    auth.answer(null);
    await approveSubscription('I-ALICEALICE01');
    expect(stored()).toEqual({ byUid: { alice: [keptPlan('I-ALICEALICE01')] }, held: [] });
    expect(fakeApi.subscription.activateSubscription).not.toHaveBeenCalled();
    auth.answer(alice);
    // The recording fails this time (a 502): still kept, and the plans stay closed to Alice.
    fakeApi.subscription.activateSubscription.mockRejectedValueOnce(new ApiError('http', 502, 'Bad Gateway'));
    await finishPendingPayments();
    expect(pendingPayments).toMatchObject({ kept: 1, subscriptionKept: true });
    selectPlan('ANNUAL');
    expect(toasts.items.map((t) => t.text)).toEqual([
      'Your PayPal payment for a plan is still being recorded. You can choose a plan once it is.',
    ]);
    await finishPendingPayments();
    expect(pendingPayments).toMatchObject({ kept: 0, subscriptionKept: false });
  });
});

describe('a late answer of the recording call', () => {
  it("changes no balance but the payer's: Bob signed in meanwhile keeps his, and sees no toast of Alice's", async () => {
    const answer = deferred<{ success: true; newBalance: number; creditsAdded: number; error: null }>();
    mocks.purchaseCredits.mockReturnValueOnce(answer.promise);
    await openCreditsModal();
    const paying = payCredits('5O190127TN364715T');
    await vi.advanceTimersByTimeAsync(0);
    expect(mocks.purchaseCredits).toHaveBeenCalledOnce();
    auth.answer(bob);
    keepUnity('bob', { playerId: 'P-BOB', accessToken: 'unity-bob' });
    player.cloud = { ...cloudSave(), credits: 2 };
    answer.resolve({ success: true, newBalance: 20, creditsAdded: 15, error: null });
    await paying;
    expect(player.cloud?.credits).toBe(2);
    expect(toasts.items).toEqual([]);
    // Recorded by the backend for Alice: nothing is left kept.
    expect(stored()).toEqual({ byUid: {}, held: [] });
  });
});
