// @vitest-environment jsdom
// unit pool: forks (it replaces window.location or performance, which a jsdom window keeps, as browsers do)
// The subscription page's store (SPEC 2, 4, 5, 8, 9) over the real subscription and player stores, with the backend
// faked at the API boundary (support/fake-api.ts) and PayPal's buttons rendered by a stand-in.
import { message } from '../../../src/messages/catalogue';
import type { PayPalButtonsComponentOptions } from '@paypal/paypal-js';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/auth/firebase', async () => (await import('../support/fake-auth')).fakeAuth);
vi.mock('../../../src/api/payments', async () => (await import('../support/fake-api')).fakeApi.payments);
vi.mock('../../../src/api/unity', async () => (await import('../support/fake-api')).fakeApi.unity);
vi.mock('../../../src/api/cloud-save', async () => (await import('../support/fake-api')).fakeApi.cloudSave);
vi.mock('../../../src/api/subscription', async () => (await import('../support/fake-api')).fakeApi.subscription);
const paypal = vi.hoisted(() => ({ renderButtons: vi.fn() }));
// PayPal's chunk (src/chunks/paypal.ts) brings the entry's graph in a page; here the stores are the subject.
vi.mock('../../../src/chunks/entry-graph', () => ({}));
vi.mock('../../../src/payments/paypal', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/payments/paypal')>()),
  renderButtons: paypal.renderButtons,
}));

import { ApiError } from '../../../src/api/client';
import { paypalConfig } from '../../../src/config/paypal';
import type { Subscription } from '../../../src/domain/plans';
import { PayPalError } from '../../../src/domain/paypal-error';
import { paymentsPermission } from '../../../src/state/payments-permission';
import { pendingPayments } from '../../../src/state/pending-payments';
import { resetPlayer } from '../../../src/state/player';
import { session } from '../../../src/state/session';
import { resetSubscription, subscription } from '../../../src/state/subscription';
import {
  arrive,
  closeReasonDialog,
  confirmCancel,
  confirmPause,
  mountSubscriptionButtons,
  openReasonDialog,
  resetSubscriptionPage,
  resumeSubscription,
  planButtons,
  retryPanel,
  selectPlan,
  subscriptionPage,
} from '../../../src/state/subscription-page';
import { startFallbackPayment } from '../../../src/state/fallback-payment';
import { clearToasts, toasts } from '../../../src/state/toasts';
import { PLAYER, cloudSave, fakeApi, resetFakeApi } from '../support/fake-api';
import { signedInUser } from '../support/fake-auth';
import { stubPageReload } from '../support/page-reload';

const api = fakeApi.subscription;
const anyContext = expect.objectContaining({ idToken: 'id-token' });

const active: Subscription = {
  plan: 'MONTHLY',
  status: 'ACTIVE',
  expiresAt: '2030-01-01T00:00:00.000Z',
  subscriptionSource: 'paypal',
  subscriptionId: 'I-1',
  pauseUntil: null,
};
const toastTexts = () => toasts.items.map((t) => `${t.kind}: ${t.text}`);
let reload: ReturnType<typeof stubPageReload>;
let options: PayPalButtonsComponentOptions;
const close = vi.fn(async () => {});

/** Chooses `plan` and renders its PayPal buttons. */
async function openPanel(plan: 'MONTHLY' | 'SIX_MONTH' | 'ANNUAL' = 'ANNUAL') {
  selectPlan(plan);
  const cleanup = mountSubscriptionButtons(document.createElement('div'));
  await vi.advanceTimersByTimeAsync(0);
  return cleanup;
}

beforeAll(async () => {
  // PayPal's loader is a chunk the store imports as the panel opens: here, already loaded.
  await import('../../../src/chunks/paypal');
});

beforeEach(() => {
  vi.useFakeTimers();
  resetFakeApi();
  paypal.renderButtons.mockReset();
  paypal.renderButtons.mockImplementation(
    async (_flow: string, _c: HTMLElement, given: PayPalButtonsComponentOptions) => {
      options = given;
      return { close };
    },
  );
  reload = stubPageReload();
  resetPlayer();
  resetSubscription();
  session.user = signedInUser;
  session.status = 'signedIn';
  paymentsPermission.allowed = true;
  resetSubscriptionPage();
  clearToasts();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The processing overlay's text while the page's change is pending, as the page shows it. */
const overlayText = () =>
  subscriptionPage.change.status === 'pending' && subscriptionPage.change.overlay
    ? message(subscriptionPage.change.overlay)
    : null;

describe('arriving on the page', () => {
  it('shows the activation banner for success=true, refreshes, and asks to go back to /subscription', async () => {
    await expect(arrive({ success: true })).resolves.toBe(true);
    expect(subscriptionPage.notice).toEqual({
      kind: 'success',
      text: 'Your subscription has been activated successfully!',
    });
    // A refresh asks the backend for the subscription itself, not the cloud save's copy.
    expect(api.fetchSubscription).toHaveBeenCalledWith(anyContext, PLAYER.playerId);
  });

  it('shows the cancelled banner for cancelled=true, and reads the subscription the cloud save holds', async () => {
    fakeApi.cloudSave.fetchCloudSave.mockResolvedValue(cloudSave(null));
    await expect(arrive({ cancelled: true })).resolves.toBe(false);
    expect(subscriptionPage.notice).toEqual({ kind: 'info', text: 'Subscription process was cancelled.' });
    expect(fakeApi.cloudSave.fetchCloudSave).toHaveBeenCalled();
    expect(api.fetchSubscription).not.toHaveBeenCalled();
  });

  it('refreshes when canMakePayments is in the query, either way', async () => {
    fakeApi.cloudSave.fetchCloudSave.mockResolvedValue(cloudSave(null));
    await arrive({ canMakePayments: false });
    expect(api.fetchSubscription).toHaveBeenCalledTimes(1);
    await arrive({ canMakePayments: true });
    expect(api.fetchSubscription).toHaveBeenCalledTimes(2);
  });

  it('clears an old banner on a plain visit', async () => {
    await arrive({ success: true });
    await arrive({});
    expect(subscriptionPage.notice).toBeNull();
  });
});

describe('choosing a plan', () => {
  it('refuses while a subscription is active or paused (SPEC 5)', () => {
    subscription.current = active;
    selectPlan('ANNUAL');
    expect(subscriptionPage.selected).toBeNull();
    subscription.current = { ...active, status: 'PAUSED' };
    selectPlan('ANNUAL');
    expect(toastTexts()).toEqual([
      'warning: You already have an active subscription. Please cancel it before starting a new subscription.',
      'warning: You have a paused subscription. Please resume or cancel it before starting a new subscription.',
    ]);
  });

  it('does nothing without payment permission', () => {
    paymentsPermission.allowed = false;
    selectPlan('MONTHLY');
    expect(subscriptionPage.selected).toBeNull();
    expect(toastTexts()).toEqual([]);
  });

  it('opens the panel and renders subscription buttons with the configured plan id', async () => {
    await openPanel('ANNUAL');
    expect(subscriptionPage.selected).toBe('ANNUAL');
    expect(planButtons.status).toBe('ready');
    expect(paypal.renderButtons).toHaveBeenCalledWith('subscription', expect.any(HTMLElement), expect.anything());
    const create = vi.fn(async () => 'I-9');
    await options.createSubscription!({}, { subscription: { create, revise: vi.fn() } });
    // The backend's purchase reference naming the subscriber's player and this plan as PayPal's custom_id: the backend
    // activates it for this player and this plan only.
    expect(create).toHaveBeenCalledWith({
      plan_id: paypalConfig.planIds.ANNUAL,
      custom_id: `REF-${PLAYER.playerId}-ANNUAL`,
    });
  });

  it('subscribes with a fresh reference when the panel was left open until a minute before it expires', async () => {
    const fetches = fakeApi.payments.fetchPurchaseReference;
    await openPanel('MONTHLY');
    expect(fetches).toHaveBeenCalledTimes(1);
    const create = vi.fn(async (_body: unknown) => 'I-9');
    const subscribe = () => options.createSubscription!({}, { subscription: { create, revise: vi.fn() } });
    await vi.advanceTimersByTimeAsync(28 * 60_000);
    await subscribe();
    fetches.mockImplementationOnce(async (_ctx, playerId, product) => ({
      reference: `REF2-${playerId}-${product}`,
      expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    }));
    await vi.advanceTimersByTimeAsync(60_000 + 1);
    await subscribe();
    expect(fetches).toHaveBeenCalledTimes(2);
    expect(create.mock.calls.map(([body]) => (body as { custom_id: string }).custom_id)).toEqual([
      `REF-${PLAYER.playerId}-MONTHLY`,
      `REF2-${PLAYER.playerId}-MONTHLY`,
    ]);
  });

  it('refuses while an approved subscription of this user is kept (a first activation got a 502), until it is recorded', async () => {
    api.activateSubscription.mockRejectedValueOnce(new ApiError('http', 502, 'Bad Gateway'));
    await openPanel('MONTHLY');
    await options.onApprove!(
      { orderID: 'EC-1', subscriptionID: 'I-KEPTKEPTKEPT' },
      { redirect: vi.fn(), restart: vi.fn() },
    );
    expect(pendingPayments).toMatchObject({ kept: 1, subscriptionKept: true });
    clearToasts();
    selectPlan('ANNUAL');
    expect(subscriptionPage.selected).toBeNull();
    expect(toastTexts()).toEqual([
      'warning: Your PayPal payment for a plan is still being recorded. You can choose a plan once it is.',
    ]);
    // Recorded (the layout's Try Again): the plans are open again.
    const { finishPendingPayments } = await import('../../../src/state/pending-payments');
    await finishPendingPayments();
    expect(pendingPayments).toMatchObject({ kept: 0, subscriptionKept: false });
    subscription.current = null;
    selectPlan('ANNUAL');
    expect(subscriptionPage.selected).toBe('ANNUAL');
  });

  it('is not refused for a subscription another user of this browser has kept', () => {
    localStorage.setItem(
      'pendingPayments',
      JSON.stringify({
        byUid: { someoneElse: [{ kind: 'subscription', subscriptionId: 'I-KEPTKEPTKEPT', plan: 'MONTHLY' }] },
        held: [],
      }),
    );
    selectPlan('ANNUAL');
    expect(subscriptionPage.selected).toBe('ANNUAL');
  });

  it('lets a cancelled plan be renewed', async () => {
    subscription.current = { ...active, status: 'CANCELLED' };
    await openPanel('MONTHLY');
    expect(subscriptionPage.selected).toBe('MONTHLY');
  });
});

describe('paying with PayPal', () => {
  it('activates the approved subscription, refreshes, and reloads the page after 5 seconds', async () => {
    await openPanel('ANNUAL');
    const done = options.onApprove!(
      { orderID: 'EC-1', subscriptionID: 'I-NEWNEWNEW123' },
      { redirect: vi.fn(), restart: vi.fn() },
    );
    expect(overlayText()).toBe('Activating your subscription...');
    expect(subscriptionPage.selected).toBeNull();
    await done;
    expect(api.activateSubscription).toHaveBeenCalledWith(anyContext, PLAYER.playerId, 'I-NEWNEWNEW123', 'ANNUAL');
    expect(api.fetchSubscription).toHaveBeenCalled();
    expect(toastTexts()).toEqual(['success: Your subscription has been activated successfully!']);
    expect(subscriptionPage.change.status).toBe('succeeded');
    await vi.advanceTimersByTimeAsync(4999);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it.each([
    [
      new ApiError('http', 400, 'Subscription was not approved at PayPal'),
      'Failed to activate your subscription. If you were charged, please contact support. PayPal subscription: I-NEWNEWNEW123',
    ],
    [new ApiError('http', 401, 'expired'), 'Authentication failed. Please try again later.'],
  ])('says why activation failed (%s)', async (error, text) => {
    api.activateSubscription.mockRejectedValue(error);
    await openPanel();
    await options.onApprove!(
      { orderID: 'EC-1', subscriptionID: 'I-NEWNEWNEW123' },
      { redirect: vi.fn(), restart: vi.fn() },
    );
    expect(toastTexts()).toEqual([`error: ${text}`]);
    await vi.advanceTimersByTimeAsync(6000);
    expect(reload).not.toHaveBeenCalled();
  });

  it('keeps the approved subscription before activating, and after a failure that is not final', async () => {
    let stored: unknown = null;
    api.activateSubscription.mockImplementation(async () => {
      stored = JSON.parse(localStorage.getItem('pendingPayments') ?? 'null');
      throw new ApiError('network', null, 'Failed to fetch');
    });
    await openPanel('MONTHLY');
    await options.onApprove!(
      { orderID: 'EC-1', subscriptionID: 'I-KEPTKEPTKEPT' },
      { redirect: vi.fn(), restart: vi.fn() },
    );
    expect(stored).toEqual({
      byUid: {
        u1: [{ kind: 'subscription', subscriptionId: 'I-KEPTKEPTKEPT', plan: 'MONTHLY', keptAt: expect.any(Number) }],
      },
      held: [],
    });
    expect(JSON.parse(localStorage.getItem('pendingPayments') ?? 'null')).toEqual(stored);
    expect(pendingPayments.kept).toBe(1);
    expect(toastTexts()).toEqual([]);
    expect(subscriptionPage.change).toMatchObject({ status: 'failed', error: null });
  });

  it('does not activate without a subscription id', async () => {
    await openPanel();
    await options.onApprove!({ orderID: 'EC-1' }, { redirect: vi.fn(), restart: vi.fn() });
    expect(api.activateSubscription).not.toHaveBeenCalled();
    expect(toastTexts()).toEqual([
      'error: Failed to activate your subscription. If you were charged, please contact support.',
    ]);
  });

  it('closes the panel when PayPal is cancelled', async () => {
    await openPanel();
    options.onCancel!({}, { redirect: vi.fn() });
    expect(subscriptionPage.selected).toBeNull();
  });

  it('tells a setup error from a payment error', async () => {
    await openPanel();
    const create = vi.fn(async () => {
      throw new Error('RESOURCE_NOT_FOUND');
    });
    await options.createSubscription!({}, { subscription: { create, revise: vi.fn() } }).catch(() => undefined);
    options.onError!(new Error('RESOURCE_NOT_FOUND') as unknown as Record<string, unknown>);
    expect(subscriptionPage.panelError).toBe('An error occurred while setting up your subscription. Please try again.');
    options.onError!(new Error('boom') as unknown as Record<string, unknown>);
    expect(subscriptionPage.panelError).toBe('An error occurred with the payment process. Please try again later.');
  });
});

describe('when PayPal cannot load', () => {
  beforeEach(() => {
    paypal.renderButtons.mockRejectedValue(new PayPalError('load', 'The script failed to load'));
  });

  it('says so and offers the fallback', async () => {
    await openPanel('SIX_MONTH');
    expect(planButtons).toEqual({
      status: 'failed',
      error: 'Failed to load payment provider. Please try again later.',
    });
  });

  it('tries PayPal again on request', async () => {
    await openPanel();
    const attempt = subscriptionPage.attempt;
    retryPanel();
    expect(planButtons).toEqual({ status: 'loading', error: null });
    expect(subscriptionPage).toMatchObject({ panelError: null, attempt: attempt + 1 });
  });

  it('activates manually 2 seconds after the fallback is chosen, then reloads', async () => {
    api.activateDirect.mockResolvedValue({ success: true, expiresAt: '2030-01-01T00:00:00.000Z' });
    await openPanel('SIX_MONTH');
    const done = startFallbackPayment();
    expect(overlayText()).toBe('Activating your subscription...');
    await vi.advanceTimersByTimeAsync(1999);
    expect(api.activateDirect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(api.activateDirect).toHaveBeenCalledWith(
      anyContext,
      PLAYER.playerId,
      'SIX_MONTH',
      expect.stringMatching(/^MANUAL-\d+-[0-9A-Z]{6}$/),
    );
    expect(toastTexts()).toEqual(['success: Your subscription has been activated successfully!']);
    await vi.advanceTimersByTimeAsync(5000);
    expect(reload).toHaveBeenCalled();
  });

  it('says the activation failed when the backend refuses', async () => {
    api.activateDirect.mockResolvedValue({ success: false, expiresAt: null });
    await openPanel();
    const done = startFallbackPayment();
    await vi.advanceTimersByTimeAsync(2000);
    await done;
    expect(toastTexts()).toEqual(['error: Failed to activate your subscription. Please try again later.']);
  });
});

describe('cancel, pause and resume', () => {
  beforeEach(() => {
    subscription.current = active;
  });

  it('needs a cancellation reason', async () => {
    openReasonDialog('cancel');
    await expect(confirmCancel(null)).resolves.toBe(false);
    expect(subscriptionPage.dialogError).toBe('Please select a reason for cancelling your subscription.');
    expect(api.cancelSubscription).not.toHaveBeenCalled();
    await confirmCancel('financial_reasons');
    expect(api.cancelSubscription).not.toHaveBeenCalled();
  });

  it('cancels with the reason, says so and reloads after 5 seconds', async () => {
    openReasonDialog('cancel');
    await expect(confirmCancel('too_expensive')).resolves.toBe(true);
    expect(api.cancelSubscription).toHaveBeenCalledWith(anyContext, PLAYER.playerId, 'I-1', 'too_expensive');
    expect(subscriptionPage.dialog).toBeNull();
    expect(toastTexts()).toEqual([
      'success: Your subscription has been cancelled successfully. You can still use premium features until the end of your billing period.',
    ]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(reload).toHaveBeenCalled();
  });

  it('shows the server text when cancelling fails', async () => {
    api.cancelSubscription.mockRejectedValue(new ApiError('http', 409, 'There is no active subscription to cancel'));
    await confirmCancel('other');
    expect(toastTexts()).toEqual(['error: Failed to cancel subscription: There is no active subscription to cancel']);
  });

  it('needs a pause reason, then pauses without reloading', async () => {
    openReasonDialog('pause');
    await confirmPause('');
    expect(subscriptionPage.dialogError).toBe('Please select a reason for pausing your subscription.');
    await confirmPause('temporarily_not_using');
    expect(api.pauseSubscription).toHaveBeenCalledWith(anyContext, PLAYER.playerId, 'temporarily_not_using');
    expect(toastTexts()).toEqual(['success: Your subscription has been paused successfully.']);
    await vi.advanceTimersByTimeAsync(6000);
    expect(reload).not.toHaveBeenCalled();
  });

  it('says when pausing or resuming fails', async () => {
    api.pauseSubscription.mockRejectedValue(new ApiError('http', 500, 'x'));
    api.resumeSubscription.mockRejectedValue(new ApiError('http', 500, 'x'));
    await confirmPause('other');
    await resumeSubscription();
    expect(toastTexts()).toEqual([
      'error: Failed to pause subscription. Please try again later.',
      'error: Failed to resume subscription. Please try again later.',
    ]);
  });

  it('resumes and says so', async () => {
    await resumeSubscription();
    expect(api.resumeSubscription).toHaveBeenCalledWith(anyContext, PLAYER.playerId, 'I-1');
    expect(toastTexts()).toEqual(['success: Your subscription has been resumed successfully.']);
    expect(api.fetchSubscription).toHaveBeenCalled();
  });

  it('forgets the error when the dialog closes', async () => {
    openReasonDialog('pause');
    await confirmPause(null);
    closeReasonDialog();
    openReasonDialog('pause');
    expect(subscriptionPage.dialogError).toBeNull();
  });
});
