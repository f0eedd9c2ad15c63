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
vi.mock('../../../src/auth/firebase', async () => (await import('../support/fake-auth')).fakeAuth);
vi.mock('@home-design/portal-bridge', async () => (await import('../support/fake-bridge')).fakeBridgeModule());
vi.mock('../../../src/api/unity', async () => (await import('../support/fake-api')).fakeApi.unity);
vi.mock('../../../src/api/cloud-save', async () => (await import('../support/fake-api')).fakeApi.cloudSave);
vi.mock('../../../src/api/subscription', async () => (await import('../support/fake-api')).fakeApi.subscription);

import { paymentsPermission } from '../../../src/state/payments-permission';
import { player, resetPlayer } from '../../../src/state/player';
import { choosePack, mountPayButtons, purchase, resetPurchase } from '../../../src/state/purchase';
import { resetSessionForTests, session, startSession } from '../../../src/state/session';
import { registerSignOutResets } from '../../../src/state/sign-out-resets';
import {
  mountSubscriptionButtons,
  resetSubscriptionPage,
  selectPlan,
  setPageEffects,
} from '../../../src/state/subscription-page';
import { clearToasts } from '../../../src/state/toasts';
import { cloudSave, fakeApi, resetFakeApi } from '../support/fake-api';
import { fakeAuth as auth, signedInUser } from '../support/fake-auth';
import { resetFakeBridge } from '../support/fake-bridge';
import { keepUnity } from '../support/unity';

registerSignOutResets();

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

beforeEach(() => {
  vi.useFakeTimers();
  vi.clearAllMocks();
  resetSessionForTests();
  startSession();
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
  setPageEffects({ reload: vi.fn(), sleep: async () => {} });
});
afterEach(() => {
  resetSessionForTests();
  resetPurchase();
  resetSubscriptionPage();
  resetPlayer();
  resetFakeApi();
  resetFakeBridge();
  clearToasts();
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
