// @vitest-environment jsdom
// A paid order belongs to the user who opened the credits modal or the plan panel (docs/security.md "Security"): a
// capture or an approval is kept and recorded for that uid only, never for a user signed in since, whether the switch
// reset the stores first (the usual way, session.ts) or the callback still arrives on a live modal (the backstop).
import type { OrderResponseBody, PayPalButtonsComponentOptions } from '@paypal/paypal-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const mocks = vi.hoisted(() => ({ renderButtons: vi.fn(), purchaseCredits: vi.fn() }));
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
let mountSubscriptionButtons: SubscriptionPage['mountSubscriptionButtons'];
let selectPlan: SubscriptionPage['selectPlan'];
let keepUnity: (typeof import('../support/unity'))['keepUnity'];

const alice = { ...signedInUser, uid: 'alice', email: 'alice@example.com' };
const bob = { ...signedInUser, uid: 'bob', email: 'bob@example.com' };

let options: PayPalButtonsComponentOptions;

/** What local storage keeps of payments not yet recorded, as text: no uid but the payer's may appear in it. */
const ledger = () => localStorage.getItem('pendingPayments') ?? '';

function captured(orderId: string): OrderResponseBody {
  return {
    id: orderId,
    status: 'COMPLETED',
    purchase_units: [{ payments: { captures: [{ id: 'CAP', status: 'COMPLETED' }] } }],
  };
}

/** PayPal approves and captures the order of the credits modal. */
async function payCredits(orderId = '5O190127TN364715T'): Promise<void> {
  const capture = async () => captured(orderId);
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
  vi.clearAllMocks();
  vi.resetModules();
  const sessionModule = await import('../../../src/state/session');
  const subscriptionPageModule = await import('../../../src/state/subscription-page');
  const { paymentsPermission } = await import('../../../src/state/payments-permission');
  ({ session } = sessionModule);
  ({ mountSubscriptionButtons, selectPlan } = subscriptionPageModule);
  ({ player } = await import('../../../src/state/player'));
  ({ choosePack, mountPayButtons, purchase } = await import('../../../src/state/purchase'));
  ({ keepUnity } = await import('../support/unity'));
  (await import('../../../src/state/sign-out-resets')).registerSignOutResets();
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
  subscriptionPageModule.setPageEffects({ reload: vi.fn(), sleep: async () => {} });
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
    expect(purchase.phase).toBe('idle');
  });

  it('another user signed in since (another tab): the modal closed with the switch, and nothing is filed under Bob', async () => {
    await openCreditsModal();
    auth.answer(bob);
    expect(purchase.phase).toBe('idle');
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

  it('an approval that still reaches a live panel after the switch is neither kept for Bob nor activated', async () => {
    await openPlanPanel();
    session.user = bob;
    keepUnity('bob', { playerId: 'P-BOB', accessToken: 'unity-bob' });
    await approveSubscription();
    expect(ledger()).not.toContain('bob');
    expect(fakeApi.subscription.activateSubscription).not.toHaveBeenCalled();
  });
});
