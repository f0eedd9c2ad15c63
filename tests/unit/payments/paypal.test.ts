// @vitest-environment jsdom
import type { PayPalNamespace, PayPalScriptOptions } from '@paypal/paypal-js';
import { screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readScriptParams } from '../../../harness/paypal-sdk/checks';
import { createNamespace } from '../../../harness/paypal-sdk/sdk';
import { config } from '../../../src/config/config';
import { packById } from '../../../src/domain/credit-packs';
import {
  BUTTON_STYLE,
  completedCapture,
  creditsButtonOptions,
  creditsOrder,
  subscriptionBody,
  paypalSaid,
  scriptOptions,
  subscriptionButtonOptions,
} from '../../../src/payments/paypal';
import { fakePayPal, type FakePayPal } from '../support/fake-paypal';

const loader = vi.hoisted(() => ({ loadScript: vi.fn() }));
vi.mock('@paypal/paypal-js', () => ({ loadScript: loader.loadScript }));

/** The query @paypal/paypal-js builds: every option but sdkBaseUrl/environment, camelCase turned kebab-case. */
function queryOf(options: PayPalScriptOptions): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(options)) {
    if (key === 'sdkBaseUrl' || key === 'environment' || value === undefined) continue;
    out[key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)] = String(value);
  }
  return out;
}

// The loaded SDK is the module's own state (one window.paypal per page): each test loads the module anew, a fresh page.
type PayPalModule = typeof import('../../../src/payments/paypal');
let loadPayPal: PayPalModule['loadPayPal'];
let renderButtons: PayPalModule['renderButtons'];
let PayPalError: PayPalModule['PayPalError'];

let rest: FakePayPal;
let report: ReturnType<typeof vi.fn<(error: unknown) => void>>;

/** loadScript backed by the SDK stand-in, reading the same query the real loader would put in the URL. */
function standInLoader() {
  loader.loadScript.mockImplementation(async (options: PayPalScriptOptions) => {
    const url = `${options.sdkBaseUrl}?${new URLSearchParams(queryOf(options)).toString()}`;
    return createNamespace({ params: readScriptParams(url), rest, report });
  });
}

beforeEach(async () => {
  rest = fakePayPal();
  report = vi.fn<(error: unknown) => void>();
  loader.loadScript.mockReset();
  delete window.paypal;
  vi.resetModules();
  ({ loadPayPal, renderButtons, PayPalError } = await import('../../../src/payments/paypal'));
});

afterEach(() => {
  document.body.replaceChildren();
});

const pack30 = packById('credits-30')!;

describe('the SDK options of SPEC 7', () => {
  it('loads subscriptions with intent subscription, vault, commit, USD, PayPal only', () => {
    expect(scriptOptions('subscription')).toEqual({
      clientId: config.paypal.clientId,
      sdkBaseUrl: config.paypal.sdkBaseUrl,
      components: 'buttons',
      currency: 'USD',
      commit: true,
      intent: 'subscription',
      vault: true,
      enableFunding: 'paypal',
      disableFunding: 'credit,card',
    });
  });

  it('loads credits with intent capture, commit, USD and the configured client id', () => {
    expect(scriptOptions('credits')).toEqual({
      clientId: config.paypal.clientId,
      sdkBaseUrl: config.paypal.sdkBaseUrl,
      components: 'buttons',
      currency: 'USD',
      commit: true,
      intent: 'capture',
    });
  });

  it("uses PayPal's own address when no base URL is configured (production)", () => {
    expect(scriptOptions('credits', { ...config.paypal, sdkBaseUrl: '' })).not.toHaveProperty('sdkBaseUrl');
  });

  it('styles the buttons blue, 45 px high', () => {
    expect(BUTTON_STYLE).toMatchObject({ color: 'blue', height: 45 });
  });
});

describe('loadPayPal', () => {
  it('refuses to load without a client id', async () => {
    await expect(loadPayPal('credits', { ...config.paypal, clientId: '' })).rejects.toMatchObject({ reason: 'config' });
    expect(loader.loadScript).not.toHaveBeenCalled();
  });

  it('reports a script that failed to load, and tries again on the next call', async () => {
    loader.loadScript.mockRejectedValueOnce(new Error('The script failed to load'));
    const error = await loadPayPal('credits').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayPalError);
    expect(error).toMatchObject({ reason: 'load' });
    standInLoader();
    await expect(loadPayPal('credits')).resolves.toHaveProperty('Buttons');
    expect(loader.loadScript).toHaveBeenCalledTimes(2);
  });

  it('says PayPal is unavailable when the namespace has no Buttons', async () => {
    loader.loadScript.mockResolvedValue({ version: 'x' } satisfies PayPalNamespace);
    await expect(loadPayPal('credits')).rejects.toMatchObject({ reason: 'unavailable' });
  });

  it('loads once per flow, and again with the other flow', async () => {
    standInLoader();
    await loadPayPal('credits');
    await loadPayPal('credits');
    expect(loader.loadScript).toHaveBeenCalledTimes(1);
    await loadPayPal('subscription');
    expect(loader.loadScript).toHaveBeenCalledTimes(2);
    expect(loader.loadScript.mock.calls[1]![0]).toMatchObject({ intent: 'subscription' });
  });
});

describe('the credits order', () => {
  it('has one purchase unit with the credits description, the buyer as custom_id and the USD amount to 2 decimals', () => {
    expect(creditsOrder(pack30, 'P1')).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        { description: '30 Dream Render credits', custom_id: 'P1', amount: { currency_code: 'USD', value: '14.99' } },
      ],
    });
  });

  it('names the subscriber as the subscription custom_id', () => {
    expect(subscriptionBody('P-TEST-MONTHLY', 'P7')).toEqual({ plan_id: 'P-TEST-MONTHLY', custom_id: 'P7' });
  });

  it('counts a capture as done only when PayPal completed it', () => {
    const done = {
      status: 'COMPLETED' as const,
      purchase_units: [{ payments: { captures: [{ status: 'COMPLETED' as const }] } }],
    };
    expect(completedCapture(done)).toBe(true);
    expect(completedCapture({ ...done, status: 'APPROVED' })).toBe(false);
    expect(
      completedCapture({ status: 'COMPLETED', purchase_units: [{ payments: { captures: [{ status: 'PENDING' }] } }] }),
    ).toBe(false);
    expect(completedCapture({ status: 'COMPLETED' })).toBe(false);
  });
});

function container(): HTMLElement {
  const el = document.createElement('div');
  document.body.append(el);
  return el;
}

describe('the buttons against the SDK stand-in (which checks every option)', () => {
  /** Credits handlers whose approval runs the capture and keeps its outcome. */
  function creditsHandlers() {
    const outcome: { orderId?: string; error?: unknown } = {};
    const handlers = {
      onApprove: vi.fn(async (capture: () => Promise<string>) => {
        await capture().then(
          (orderId) => void (outcome.orderId = orderId),
          (error: unknown) => void (outcome.error = error),
        );
      }),
      onCancel: vi.fn(),
      onError: vi.fn(),
    };
    return { handlers, outcome };
  }

  it('buys credits: order created, approved, then captured by the handler, which gets its id', async () => {
    standInLoader();
    const user = userEvent.setup();
    const { handlers, outcome } = creditsHandlers();
    await renderButtons('credits', container(), creditsButtonOptions(pack30, 'P1', handlers));
    await user.click(screen.getByRole('button', { name: 'PayPal' }));
    await user.click(await screen.findByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(outcome).toEqual({ orderId: 'ORDER1' }));
    expect(rest.orders.get('ORDER1')?.status).toBe('COMPLETED');
    expect(rest.orders.get('ORDER1')?.body.purchase_units[0]?.custom_id).toBe('P1');
    expect(report).not.toHaveBeenCalled();
  });

  it('a declined capture rejects, with no order id', async () => {
    standInLoader();
    const user = userEvent.setup();
    const { handlers, outcome } = creditsHandlers();
    await renderButtons('credits', container(), creditsButtonOptions(pack30, 'P1', handlers));
    await user.click(screen.getByRole('button', { name: 'PayPal' }));
    await user.click(await screen.findByRole('button', { name: 'Pay with a declined card' }));
    await waitFor(() => expect(outcome.error).toBeDefined());
    expect(outcome.orderId).toBeUndefined();
  });

  it('subscribes: the plan id goes to PayPal, the subscription id comes back', async () => {
    standInLoader();
    const user = userEvent.setup();
    const handlers = { onApprove: vi.fn(async () => {}), onCancel: vi.fn(), onError: vi.fn() };
    await renderButtons('subscription', container(), subscriptionButtonOptions('P-TEST-ANNUAL', 'P1', handlers));
    expect(screen.queryByRole('button', { name: 'Debit or Credit Card' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'PayPal' }));
    await user.click(await screen.findByRole('button', { name: 'Agree & Subscribe' }));
    await waitFor(() => expect(handlers.onApprove).toHaveBeenCalledWith(expect.stringMatching(/^I-SUB/)));
    expect(rest.calls[0]).toBe('createSubscription P-TEST-ANNUAL for P1');
    expect(report).not.toHaveBeenCalled();
  });

  it('tells a failed subscription setup from a payment error', async () => {
    standInLoader();
    const user = userEvent.setup();
    const handlers = { onApprove: vi.fn(async () => {}), onCancel: vi.fn(), onError: vi.fn() };
    await renderButtons('subscription', container(), subscriptionButtonOptions('P-UNKNOWN', 'P1', handlers));
    await user.click(screen.getByRole('button', { name: 'PayPal' }));
    await waitFor(() => expect(handlers.onError).toHaveBeenCalledWith('setup', expect.anything()));

    const ok = { onApprove: vi.fn(async () => {}), onCancel: vi.fn(), onError: vi.fn() };
    document.body.replaceChildren();
    await renderButtons('subscription', container(), subscriptionButtonOptions('P-TEST-MONTHLY', 'P1', ok));
    await user.click(screen.getByRole('button', { name: 'PayPal' }));
    await user.click(await screen.findByRole('button', { name: 'Simulate an error' }));
    expect(ok.onError).toHaveBeenCalledWith('payment', expect.anything());
  });

  it('turns a render failure into a PayPalError', async () => {
    standInLoader();
    const detached = document.createElement('div');
    await expect(
      renderButtons(
        'credits',
        detached,
        creditsButtonOptions(pack30, 'P1', {
          onApprove: async () => {},
          onCancel() {},
          onError() {},
        }),
      ),
    ).rejects.toMatchObject({
      reason: 'render',
    });
  });
});

describe('paypalSaid', () => {
  it('reads the message of whatever PayPal passed, and nothing when there is none', () => {
    expect(paypalSaid(new Error('boom'))).toBe('boom');
    expect(paypalSaid({ message: 'from a record' })).toBe('from a record');
    expect([paypalSaid({}), paypalSaid({ message: '' }), paypalSaid('text'), paypalSaid(null)]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});
