// @vitest-environment jsdom
import type {
  CreateSubscriptionActions,
  CreateOrderActions,
  CreateOrderRequestBody,
  OnApproveActions,
  OrderResponseBody,
  PayPalNamespace,
  PayPalScriptOptions,
} from '@paypal/paypal-js';
import { screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readScriptParams } from '../../../harness/paypal/sdk/checks';
import { createNamespace } from '../../../harness/paypal/sdk/sdk';
import { paypalConfig } from '../../../src/config/paypal';
import { packById } from '../../../src/domain/credit-packs';
import { paypalSaid } from '../../../src/domain/paypal-error';
import { creditsButtonOptions, subscriptionButtonOptions } from '../../../src/payments/paypal';
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
let renderButtons: PayPalModule['renderButtons'];
let PayPalError: typeof import('../../../src/domain/paypal-error').PayPalError;

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
  ({ renderButtons } = await import('../../../src/payments/paypal'));
  ({ PayPalError } = await import('../../../src/domain/paypal-error'));
});

afterEach(() => {
  document.body.replaceChildren();
});

/** The module on a fresh page of a build whose PayPal config has `paypal` over the test build's. */
async function buildWith(paypal: Partial<typeof paypalConfig>): Promise<PayPalModule> {
  vi.resetModules();
  vi.doMock('../../../src/config/paypal', async (importOriginal) => {
    const original = await importOriginal<typeof import('../../../src/config/paypal')>();
    return { ...original, paypalConfig: { ...original.paypalConfig, ...paypal } };
  });
  try {
    return await import('../../../src/payments/paypal');
  } finally {
    vi.doUnmock('../../../src/config/paypal');
  }
}

const pack30 = packById('credits-30')!;
const noHandlers = { onApprove: async () => {}, onCancel() {}, onError() {} };
/** The owner's reference, as the state's ReferenceSource answers it when PayPal asks. */
const owner = (reference: string) => async () => reference;
/** Renders the credits buttons, or the subscription buttons, as the pages do. */
const credits = (page: Pick<PayPalModule, 'renderButtons'> = { renderButtons }) =>
  page.renderButtons('credits', container(), creditsButtonOptions(pack30, owner('P1'), noHandlers));
const subscription = () =>
  renderButtons('subscription', container(), subscriptionButtonOptions('P-TEST-MONTHLY', owner('P1'), noHandlers));
/** The options the SDK was loaded with, by load. */
const loads = () => loader.loadScript.mock.calls.map(([options]) => options as PayPalScriptOptions);

describe('the SDK options of SPEC 7', () => {
  it('loads subscriptions with intent subscription, vault, commit, USD, PayPal only', async () => {
    standInLoader();
    await subscription();
    expect(loads()).toEqual([
      {
        clientId: paypalConfig.clientId,
        sdkBaseUrl: paypalConfig.sdkBaseUrl,
        components: 'buttons',
        currency: 'USD',
        commit: true,
        intent: 'subscription',
        vault: true,
        enableFunding: 'paypal',
        disableFunding: 'credit,card',
      },
    ]);
  });

  it('loads credits with intent capture, commit, USD and the configured client id', async () => {
    standInLoader();
    await credits();
    expect(loads()).toEqual([
      {
        clientId: paypalConfig.clientId,
        sdkBaseUrl: paypalConfig.sdkBaseUrl,
        components: 'buttons',
        currency: 'USD',
        commit: true,
        intent: 'capture',
      },
    ]);
  });

  it("uses PayPal's own address when no base URL is configured (production)", async () => {
    const page = await buildWith({ sdkBaseUrl: '' });
    loader.loadScript.mockResolvedValue({ version: 'x' } satisfies PayPalNamespace);
    await expect(credits(page)).rejects.toMatchObject({ reason: 'unavailable' });
    expect(loads()).toHaveLength(1);
    expect(loads()[0]).not.toHaveProperty('sdkBaseUrl');
  });

  it('styles the buttons blue, 45 px high', () => {
    const blue = { color: 'blue', height: 45 };
    expect(creditsButtonOptions(pack30, owner('P1'), noHandlers).style).toMatchObject(blue);
    expect(subscriptionButtonOptions('P-TEST-MONTHLY', owner('P1'), noHandlers).style).toMatchObject(blue);
  });
});

describe('loading the SDK', () => {
  it('refuses to load without a client id', async () => {
    const page = await buildWith({ clientId: '' });
    const error = await credits(page).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'PayPalError' });
    expect(error).toMatchObject({ reason: 'config' });
    expect(loader.loadScript).not.toHaveBeenCalled();
  });

  it('reports a script that failed to load, and tries again on the next call', async () => {
    loader.loadScript.mockRejectedValueOnce(new Error('The script failed to load'));
    const error = await credits().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayPalError);
    expect(error).toMatchObject({ reason: 'load' });
    standInLoader();
    await expect(credits()).resolves.toBeDefined();
    expect(loader.loadScript).toHaveBeenCalledTimes(2);
  });

  it('says PayPal is unavailable when the namespace has no Buttons', async () => {
    loader.loadScript.mockResolvedValue({ version: 'x' } satisfies PayPalNamespace);
    await expect(credits()).rejects.toMatchObject({ reason: 'unavailable' });
  });

  it('loads once per flow, and again with the other flow', async () => {
    standInLoader();
    await credits();
    await credits();
    expect(loader.loadScript).toHaveBeenCalledTimes(1);
    await subscription();
    expect(loader.loadScript).toHaveBeenCalledTimes(2);
    expect(loads()[1]).toMatchObject({ intent: 'subscription' });
  });
});

describe('the credits order', () => {
  it('has one purchase unit with the credits description, the buyer as custom_id and the USD amount to 2 decimals', async () => {
    const created: CreateOrderRequestBody[] = [];
    const actions: CreateOrderActions = { order: { create: async (body) => (created.push(body), 'ORDER1') } };
    await creditsButtonOptions(pack30, owner('P1'), noHandlers).createOrder!({ paymentSource: 'paypal' }, actions);
    expect(created).toEqual([
      {
        intent: 'CAPTURE',
        purchase_units: [
          { description: '30 Dream Render credits', custom_id: 'P1', amount: { currency_code: 'USD', value: '14.99' } },
        ],
      },
    ]);
  });

  it('names the subscriber as the subscription custom_id, and a renewal its start', async () => {
    /** The request body the buttons' createSubscription hands PayPal. */
    async function bodyOf(startTime?: string) {
      const created: unknown[] = [];
      const actions = {
        subscription: { create: async (body: unknown) => (created.push(body), 'I-SUB1') },
      } as unknown as CreateSubscriptionActions;
      await subscriptionButtonOptions('P-TEST-MONTHLY', owner('P7'), noHandlers, startTime).createSubscription!(
        {},
        actions,
      );
      return created;
    }
    expect(await bodyOf()).toEqual([{ plan_id: 'P-TEST-MONTHLY', custom_id: 'P7' }]);
    expect(await bodyOf('2026-09-01T00:00:00.000Z')).toEqual([
      { plan_id: 'P-TEST-MONTHLY', custom_id: 'P7', start_time: '2026-09-01T00:00:00.000Z' },
    ]);
  });

  it('counts a capture as done only when PayPal completed it', async () => {
    /** What the handler's capture gives when PayPal answers the capture with `answer`: the order id, or a failure. */
    async function captureOf(answer: OrderResponseBody): Promise<string> {
      let outcome = 'not run';
      const options = creditsButtonOptions(pack30, owner('P1'), {
        ...noHandlers,
        onApprove: async (capture) => {
          outcome = await capture().catch(() => 'failed');
        },
      });
      const actions: OnApproveActions = {
        order: { capture: async () => answer, authorize: vi.fn(), get: vi.fn(), patch: vi.fn() },
        redirect: vi.fn(),
        restart: vi.fn(),
      };
      await options.onApprove!({ orderID: 'ORDER1' }, actions);
      return outcome;
    }
    const done = {
      id: 'ORDER1',
      status: 'COMPLETED' as const,
      purchase_units: [{ payments: { captures: [{ status: 'COMPLETED' as const }] } }],
    };
    expect(await captureOf(done)).toBe('ORDER1');
    expect(await captureOf({ ...done, status: 'APPROVED' })).toBe('failed');
    expect(await captureOf({ ...done, purchase_units: [{ payments: { captures: [{ status: 'PENDING' }] } }] })).toBe(
      'failed',
    );
    expect(await captureOf({ id: 'ORDER1', status: 'COMPLETED' })).toBe('failed');
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
    await renderButtons('credits', container(), creditsButtonOptions(pack30, owner('P1'), handlers));
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
    await renderButtons('credits', container(), creditsButtonOptions(pack30, owner('P1'), handlers));
    await user.click(screen.getByRole('button', { name: 'PayPal' }));
    await user.click(await screen.findByRole('button', { name: 'Pay with a declined card' }));
    await waitFor(() => expect(outcome.error).toBeDefined());
    expect(outcome.orderId).toBeUndefined();
  });

  it('subscribes: the plan id goes to PayPal, the subscription id comes back', async () => {
    standInLoader();
    const user = userEvent.setup();
    const handlers = { onApprove: vi.fn(async () => {}), onCancel: vi.fn(), onError: vi.fn() };
    await renderButtons('subscription', container(), subscriptionButtonOptions('P-TEST-ANNUAL', owner('P1'), handlers));
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
    await renderButtons('subscription', container(), subscriptionButtonOptions('P-UNKNOWN', owner('P1'), handlers));
    await user.click(screen.getByRole('button', { name: 'PayPal' }));
    await waitFor(() => expect(handlers.onError).toHaveBeenCalledWith('setup', expect.anything()));

    const ok = { onApprove: vi.fn(async () => {}), onCancel: vi.fn(), onError: vi.fn() };
    document.body.replaceChildren();
    await renderButtons('subscription', container(), subscriptionButtonOptions('P-TEST-MONTHLY', owner('P1'), ok));
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
        creditsButtonOptions(pack30, owner('P1'), {
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
