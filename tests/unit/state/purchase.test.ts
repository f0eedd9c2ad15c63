// @vitest-environment jsdom
import type {
  CreateOrderRequestBody,
  OnApproveActions,
  OnApproveData,
  OrderResponseBody,
  PayPalButtonsComponentOptions,
} from '@paypal/paypal-js';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/client';
import { paypalConfig } from '../../../src/config/paypal';
import type { CloudSave } from '../../../src/domain/entities';
import { PayPalError } from '../../../src/domain/paypal-error';
import { player } from '../../../src/state/player';
import {
  choosePack,
  closePurchase,
  followSettledPurchase,
  mountPayButtons,
  purchase,
  purchaseButtons,
  recordPurchase,
  resetPurchase,
} from '../../../src/state/purchase';
import { session } from '../../../src/state/session';
import { finishPendingPayments, pendingPayments } from '../../../src/state/pending-payments';
import { clearToasts, toasts } from '../../../src/state/toasts';
import { fakeApi } from '../support/fake-api';
import { keepUnity } from '../support/unity';
import { adaUser } from '../support/fake-auth';

const mocks = vi.hoisted(() => ({ renderButtons: vi.fn(), purchaseCredits: vi.fn() }));

// PayPal's chunk (src/chunks/paypal.ts) brings the entry's graph in a page; here the stores are the subject.
vi.mock('../../../src/chunks/entry-graph', () => ({}));
vi.mock('../../../src/payments/paypal', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/payments/paypal')>()),
  renderButtons: mocks.renderButtons,
}));
vi.mock('../../../src/api/account', () => ({ purchaseCredits: mocks.purchaseCredits }));
// The backend at the API boundary (and Firebase for the identity token); the player and payments stores run for real.
vi.mock('../../../src/auth/firebase', async () => (await import('../support/fake-auth')).fakeAuth);
vi.mock('../../../src/api/payments', async () => (await import('../support/fake-api')).fakeApi.payments);
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
const toastTexts = () => toasts.items.map((t) => `${t.kind}: ${t.text}`);

/** The options the store gave to paypal.Buttons, once rendered. */
let options: PayPalButtonsComponentOptions;
const close = vi.fn(async () => {});

function captured(orderId = '5O190127TN364715T'): OrderResponseBody {
  return {
    id: orderId,
    status: 'COMPLETED',
    purchase_units: [{ payments: { captures: [{ id: 'CAP', status: 'COMPLETED' }] } }],
  };
}

function approveActions(capture: () => Promise<OrderResponseBody>): OnApproveActions {
  return { order: { capture, authorize: vi.fn(), get: vi.fn(), patch: vi.fn() }, redirect: vi.fn(), restart: vi.fn() };
}

const data: OnApproveData = { orderID: '5O190127TN364715T' };

/** Opens the modal for `packId` and renders the buttons (after the 500 ms delay). */
async function openWithButtons(packId = 'credits-30') {
  expect(choosePack(packId)).toBe(true);
  const cleanup = mountPayButtons(document.createElement('div'));
  await vi.advanceTimersByTimeAsync(500);
  return cleanup;
}

async function approve(capture: () => Promise<OrderResponseBody> = async () => captured()) {
  await options.onApprove!(data, approveActions(capture));
}

beforeAll(async () => {
  // PayPal's loader is a chunk the store imports as the modal opens: here, already loaded.
  await import('../../../src/chunks/paypal');
});

beforeEach(() => {
  vi.useFakeTimers();
  session.user = adaUser();
  session.status = 'signedIn';
  keepUnity('u1', { playerId: 'P1', accessToken: 'unity' });
  player.cloud = { ...cloud };
  player.status = 'ready';
  mocks.renderButtons.mockReset();
  mocks.renderButtons.mockImplementation(
    async (_flow: string, _container: HTMLElement, given: PayPalButtonsComponentOptions) => {
      options = given;
      return { close };
    },
  );
  mocks.purchaseCredits.mockReset();
  close.mockClear();
  resetPurchase();
  clearToasts();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('choosing a pack', () => {
  it('needs a signed-in player', () => {
    session.user = null;
    expect(choosePack('credits-15')).toBe(false);
    expect(purchase.packId).toBeNull();
    expect(toastTexts()).toEqual(['error: Please log in to purchase credits.']);
  });

  it('needs the PayPal client id', () => {
    const saved = paypalConfig.clientId;
    paypalConfig.clientId = '';
    try {
      expect(choosePack('credits-15')).toBe(false);
      expect(toastTexts()).toEqual(['error: PayPal configuration is missing. Please contact support.']);
    } finally {
      paypalConfig.clientId = saved;
    }
  });

  it('opens the modal and renders the PayPal buttons after 500 ms', async () => {
    expect(choosePack('credits-60')).toBe(true);
    expect(purchase.packId).toBe('credits-60');
    expect(purchaseButtons.status).toBe('loading');
    mountPayButtons(document.createElement('div'));
    await vi.advanceTimersByTimeAsync(499);
    expect(mocks.renderButtons).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(mocks.renderButtons).toHaveBeenCalledWith(
      'credits',
      expect.any(HTMLElement),
      expect.objectContaining({ createOrder: expect.any(Function) }),
    );
    expect(purchaseButtons.status).toBe('ready');
  });

  it('orders the pack at its price', async () => {
    await openWithButtons('credits-15');
    const create = vi.fn(async () => '5O190127TN364715T');
    await options.createOrder!({ paymentSource: 'paypal' }, { order: { create } });
    expect(create).toHaveBeenCalledWith({
      intent: 'CAPTURE',
      purchase_units: [
        // The backend's purchase reference naming the buyer's player and this pack as PayPal's custom_id: the backend
        // records the order for this player and this pack only.
        {
          description: '15 Dream Render credits',
          custom_id: 'REF-P1-credits-15',
          amount: { currency_code: 'USD', value: '9.99' },
        },
      ],
    });
  });

  it('asks the backend for the reference as the modal opens, and shows no buttons when it cannot have one', async () => {
    fakeApi.payments.fetchPurchaseReference.mockClear();
    expect(choosePack('credits-60')).toBe(true);
    // Asked at once, during the 500 ms before the buttons show.
    await vi.advanceTimersByTimeAsync(0);
    expect(fakeApi.payments.fetchPurchaseReference).toHaveBeenCalledWith(expect.anything(), 'P1', 'credits-60');
    // Failed as the modal opens, and again when the buttons would show: no buttons.
    fakeApi.payments.fetchPurchaseReference
      .mockRejectedValueOnce(new ApiError('http', 503, 'down'))
      .mockRejectedValueOnce(new ApiError('http', 503, 'down'));
    expect(choosePack('credits-15')).toBe(true);
    mountPayButtons(document.createElement('div'));
    await vi.advanceTimersByTimeAsync(500);
    expect(purchaseButtons.status).toBe('failed');
    expect(mocks.renderButtons).not.toHaveBeenCalled();
  });

  it('orders with a fresh reference when the modal was left open until a minute before it expires', async () => {
    const fetches = fakeApi.payments.fetchPurchaseReference;
    fetches.mockClear();
    await openWithButtons('credits-15');
    expect(fetches).toHaveBeenCalledTimes(1);
    const customIds: Array<string | undefined> = [];
    const create = vi.fn(async (body: CreateOrderRequestBody) => {
      customIds.push(body.purchase_units[0]?.custom_id);
      return '5O190127TN364715T';
    });
    // The reference holds 30 minutes: with more than a minute left it is used as it is.
    await vi.advanceTimersByTimeAsync(28 * 60_000);
    await options.createOrder!({ paymentSource: 'paypal' }, { order: { create } });
    expect(fetches).toHaveBeenCalledTimes(1);
    // Within a minute of its expiry: a fresh one first, asked once however many clicks wait for it.
    fetches.mockImplementationOnce(async (_ctx, playerId, product) => ({
      reference: `REF2-${playerId}-${product}`,
      expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    }));
    await vi.advanceTimersByTimeAsync(60_000 + 1);
    await Promise.all([
      options.createOrder!({ paymentSource: 'paypal' }, { order: { create } }),
      options.createOrder!({ paymentSource: 'paypal' }, { order: { create } }),
    ]);
    expect(fetches).toHaveBeenCalledTimes(2);
    expect(fetches).toHaveBeenLastCalledWith(expect.anything(), 'P1', 'credits-15');
    // Long past its expiry (the modal left open for hours), the fresh one is fresh again.
    fetches.mockImplementationOnce(async (_ctx, playerId, product) => ({
      reference: `REF3-${playerId}-${product}`,
      expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    }));
    await vi.advanceTimersByTimeAsync(5 * 3_600_000);
    await options.createOrder!({ paymentSource: 'paypal' }, { order: { create } });
    expect(customIds).toEqual(['REF-P1-credits-15', 'REF2-P1-credits-15', 'REF2-P1-credits-15', 'REF3-P1-credits-15']);
  });

  it('reports a fresh reference it cannot have as a failed payment, and asks again on the next click', async () => {
    const fetches = fakeApi.payments.fetchPurchaseReference;
    await openWithButtons('credits-15');
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    fetches.mockRejectedValueOnce(new ApiError('http', 503, 'down'));
    const create = vi.fn(async () => '5O190127TN364715T');
    await expect(options.createOrder!({ paymentSource: 'paypal' }, { order: { create } })).rejects.toThrow();
    // PayPal never got an order naming nobody.
    expect(create).not.toHaveBeenCalled();
    await options.createOrder!({ paymentSource: 'paypal' }, { order: { create } });
    expect(create).toHaveBeenCalledTimes(1);
  });

  it.each([
    [new PayPalError('load', 'x'), 'Failed to load PayPal. Please refresh the page.'],
    [new PayPalError('unavailable', 'x'), 'PayPal is not available. Please refresh the page and try again.'],
    [new PayPalError('render', 'x'), 'Failed to load PayPal buttons. Please try again.'],
    [new PayPalError('config', 'x'), 'PayPal configuration is missing. Please contact support.'],
  ])('says why the buttons did not come (%s)', async (error, text) => {
    mocks.renderButtons.mockRejectedValue(error);
    await openWithButtons();
    expect(purchaseButtons).toEqual({ status: 'failed', error: text });
  });

  it('closes the buttons when the modal goes away', async () => {
    const cleanup = await openWithButtons();
    cleanup();
    expect(close).toHaveBeenCalled();
  });
});

describe('paying', () => {
  it('records the captured order and shows the new balance', async () => {
    mocks.purchaseCredits.mockResolvedValue({ success: true, newBalance: 35, creditsAdded: 30, error: null });
    await openWithButtons();
    await approve();
    expect(mocks.purchaseCredits).toHaveBeenCalledWith(expect.anything(), 30, '5O190127TN364715T');
    expect(player.cloud?.credits).toBe(35);
    expect(purchase.packId).toBeNull();
    expect(toastTexts()).toEqual(['success: Successfully purchased 30 credits!']);
  });

  it('cannot be closed while the payment completes', async () => {
    let finish: (v: unknown) => void = () => {};
    mocks.purchaseCredits.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    await openWithButtons();
    const pending = approve();
    await vi.advanceTimersByTimeAsync(0);
    expect(purchase).toMatchObject({ status: 'pending', orderId: '5O190127TN364715T' });
    closePurchase();
    expect(purchase).toMatchObject({ packId: 'credits-30', status: 'pending' });
    finish({ success: true, newBalance: 35, creditsAdded: 30, error: null });
    await pending;
    expect(purchase.packId).toBeNull();
  });

  it('retries a dropped answer with the same order id, so credits are added once', async () => {
    mocks.purchaseCredits
      .mockRejectedValueOnce(new ApiError('network', null, 'Failed to fetch'))
      .mockResolvedValueOnce({ success: true, newBalance: 35, creditsAdded: 0, error: null });
    await openWithButtons();
    await approve();
    expect(mocks.purchaseCredits.mock.calls.map((c) => c[2])).toEqual(['5O190127TN364715T', '5O190127TN364715T']);
    expect(player.cloud?.credits).toBe(35);
    expect(toastTexts()).toEqual(['success: Successfully purchased 30 credits!']);
  });

  it('gives up after the retry limit and offers to try again with the same order', async () => {
    mocks.purchaseCredits.mockRejectedValue(new ApiError('timeout', null, 'no answer'));
    await openWithButtons();
    await approve();
    expect(mocks.purchaseCredits).toHaveBeenCalledTimes(3);
    expect(purchase).toMatchObject({
      status: 'failed',
      orderId: '5O190127TN364715T',
      error: 'Failed to complete purchase. Please contact support.',
    });
    mocks.purchaseCredits.mockResolvedValue({ success: true, newBalance: 35, creditsAdded: 30, error: null });
    await expect(recordPurchase()).resolves.toBe(true);
    expect(mocks.purchaseCredits.mock.calls.every((c) => c[2] === '5O190127TN364715T')).toBe(true);
  });

  it('shows a failing purchase call as "Error: {server text}" and retries on request', async () => {
    mocks.purchaseCredits.mockRejectedValueOnce(new ApiError('http', 500, 'Injected failure (500)'));
    await openWithButtons();
    await approve();
    expect(mocks.purchaseCredits).toHaveBeenCalledTimes(1);
    expect(purchase.error).toBe('Error: Injected failure (500)');
    mocks.purchaseCredits.mockResolvedValueOnce({ success: true, newBalance: 35, creditsAdded: 30, error: null });
    await recordPurchase();
    expect(player.cloud?.credits).toBe(35);
  });

  it('shows a refused purchase with the server error and the order id, and offers no Try Again', async () => {
    mocks.purchaseCredits.mockResolvedValueOnce({
      success: false,
      newBalance: null,
      creditsAdded: null,
      error: 'Order amount does not match the credit pack',
    });
    await openWithButtons();
    await approve();
    expect(purchase).toMatchObject({
      status: 'failed',
      refused: true,
      error: 'Error: Order amount does not match the credit pack PayPal order: 5O190127TN364715T',
    });
    await expect(recordPurchase()).resolves.toBe(false);
    expect(mocks.purchaseCredits).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('pendingPayments')).toBe('{"byUid":{},"held":[]}');
    // Closed, the refusal stays on screen until dismissed: support needs the order id.
    closePurchase();
    expect(toastTexts()).toEqual([
      'error: Error: Order amount does not match the credit pack PayPal order: 5O190127TN364715T',
    ]);
    expect(toasts.items[0]?.text).toContain('5O190127TN364715T');
  });

  it('says "Failed to complete purchase. Please contact support." and the order id for a refusal without a text', async () => {
    mocks.purchaseCredits.mockResolvedValueOnce({ success: false, newBalance: null, creditsAdded: null, error: null });
    await openWithButtons();
    await approve();
    expect(purchase.error).toBe('Failed to complete purchase. Please contact support. PayPal order: 5O190127TN364715T');
  });

  it('keeps the order for the signed-in user before the purchase call, and forgets it once recorded', async () => {
    let stored: unknown = null;
    mocks.purchaseCredits.mockImplementation(async () => {
      stored = JSON.parse(localStorage.getItem('pendingPayments') ?? 'null');
      return { success: true, newBalance: 35, creditsAdded: 30, error: null };
    });
    await openWithButtons();
    await approve();
    expect(stored).toEqual({
      byUid: {
        u1: [{ kind: 'credits', orderId: '5O190127TN364715T', packId: 'credits-30', keptAt: expect.any(Number) }],
      },
      held: [],
    });
    expect(localStorage.getItem('pendingPayments')).toBe('{"byUid":{},"held":[]}');
  });

  it('keeps an order the backend did not record: closing leaves it to the layout notice, not to support', async () => {
    mocks.purchaseCredits.mockRejectedValue(new ApiError('http', 500, 'down'));
    await openWithButtons();
    await approve();
    expect(purchase.error).toBe('Error: down');
    closePurchase();
    expect(purchase.packId).toBeNull();
    expect(toastTexts()).toEqual([]);
    expect(pendingPayments.kept).toBe(1);
    expect(JSON.parse(localStorage.getItem('pendingPayments') ?? 'null')).toEqual({
      byUid: {
        u1: [{ kind: 'credits', orderId: '5O190127TN364715T', packId: 'credits-30', keptAt: expect.any(Number) }],
      },
      held: [],
    });
  });

  it('a refusal naming another player keeps the order for its owner, says so with the order id, and offers no Try Again', async () => {
    mocks.purchaseCredits.mockRejectedValue(
      new ApiError('http', 403, 'This PayPal order was paid for by another player', 'PAYMENT_OWNER_MISMATCH'),
    );
    await openWithButtons();
    await approve();
    const text =
      'This PayPal payment was made by another account, so it was not added to yours. It stays saved in this browser and will be recorded when that account signs in. PayPal order: 5O190127TN364715T';
    expect(purchase).toMatchObject({ status: 'failed', refused: true, error: text });
    await expect(recordPurchase()).resolves.toBe(false);
    expect(mocks.purchaseCredits).toHaveBeenCalledTimes(1);
    // Not this user's to record, but never dropped: held for its owner.
    expect(JSON.parse(localStorage.getItem('pendingPayments') ?? 'null')).toEqual({
      byUid: {},
      held: [{ kind: 'credits', orderId: '5O190127TN364715T', packId: 'credits-30', keptAt: expect.any(Number) }],
    });
    closePurchase();
    expect(toastTexts()).toEqual([`error: ${text}`]);
  });

  it('Try Again after another tab recorded the order asks nothing and closes the modal without a second toast', async () => {
    mocks.purchaseCredits.mockRejectedValueOnce(new ApiError('http', 500, 'down'));
    await openWithButtons();
    await approve();
    expect(purchase).toMatchObject({ status: 'failed', orderId: '5O190127TN364715T' });
    // Another tab recorded it and forgot it.
    localStorage.setItem('pendingPayments', '{}');
    await expect(recordPurchase()).resolves.toBe(true);
    expect(mocks.purchaseCredits).toHaveBeenCalledTimes(1);
    expect(purchase.packId).toBeNull();
    expect(toastTexts()).toEqual([]);
  });

  it('forgets its error once the layout records the kept order (the connection came back)', async () => {
    // Wired as start-up wires it (page-load.ts).
    followSettledPurchase();
    mocks.purchaseCredits.mockRejectedValueOnce(new ApiError('http', 500, 'down'));
    await openWithButtons();
    await approve();
    expect(purchase).toMatchObject({ status: 'failed', orderId: '5O190127TN364715T' });
    mocks.purchaseCredits.mockResolvedValueOnce({ success: true, newBalance: 35, creditsAdded: 30, error: null });
    await finishPendingPayments();
    expect(mocks.purchaseCredits).toHaveBeenCalledTimes(2);
    expect(purchase).toMatchObject({ packId: null, status: 'idle', orderId: null });
  });

  it('says the PayPal payment failed when the capture fails', async () => {
    await openWithButtons();
    await approve(async () => {
      throw new Error('INSTRUMENT_DECLINED');
    });
    expect(purchaseButtons.status).toBe('ready');
    expect(purchase).toMatchObject({
      status: 'failed',
      orderId: null,
      error: 'PayPal payment failed. Please try again later.',
    });
    expect(mocks.purchaseCredits).not.toHaveBeenCalled();
  });

  it('does not count a capture PayPal did not complete', async () => {
    await openWithButtons();
    await approve(async () => ({ id: '5O190127TN364715T', status: 'PAYER_ACTION_REQUIRED' }));
    expect(purchase.error).toBe('PayPal payment failed. Please try again later.');
    expect(mocks.purchaseCredits).not.toHaveBeenCalled();
  });

  it('shows PayPal errors as "Payment failed: {message}"', async () => {
    await openWithButtons();
    options.onError!(
      new Error("Things don't appear to be working at the moment.") as unknown as Record<string, unknown>,
    );
    expect(purchase.error).toBe("Payment failed: Things don't appear to be working at the moment.");
    expect(purchaseButtons.status).toBe('ready');
  });

  it('says "Payment failed: Unknown error" when PayPal reports an error without words', async () => {
    await openWithButtons();
    options.onError!({});
    expect(purchase).toMatchObject({ status: 'failed', error: 'Payment failed: Unknown error' });
    expect(purchaseButtons.status).toBe('ready');
  });
});

describe('cancelling', () => {
  it('returns to idle with "Payment cancelled" when PayPal is cancelled', async () => {
    await openWithButtons();
    options.onCancel!({}, { redirect: vi.fn() });
    expect(purchase.packId).toBeNull();
    expect(toastTexts()).toEqual(['info: Payment cancelled']);
  });

  it('returns to idle with "Payment cancelled" when the modal is closed', async () => {
    await openWithButtons();
    closePurchase();
    expect(purchase.packId).toBeNull();
    expect(toastTexts()).toEqual(['info: Payment cancelled']);
  });

  it('ignores PayPal callbacks from a modal that was closed', async () => {
    await openWithButtons();
    const old = options;
    closePurchase();
    clearToasts();
    expect(choosePack('credits-15')).toBe(true);
    old.onCancel!({}, { redirect: vi.fn() });
    await old.onApprove!(
      data,
      approveActions(async () => captured()),
    );
    expect(purchase.packId).toBe('credits-15');
    expect(purchaseButtons.status).toBe('loading');
    expect(mocks.purchaseCredits).not.toHaveBeenCalled();
    expect(toastTexts()).toEqual([]);
  });
});
