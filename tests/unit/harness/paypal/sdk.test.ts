// @vitest-environment jsdom
import type {
  OnApproveData,
  PayPalButtonsComponentOptions,
  PayPalNamespace,
  ReviseSubscriptionRequestBody,
} from '@paypal/paypal-js';
import { screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readScriptParams, StandInError } from '../../../../harness/paypal/sdk/checks';
import { restClient, type PayPalRest } from '../../../../harness/paypal/sdk/rest';
import { createNamespace, SIMULATED_ERROR } from '../../../../harness/paypal/sdk/sdk';
import { CAPTURE_QUERY, SUBSCRIPTION_QUERY } from '../../../support/paypal-sdk';
import { approvedSubscription, inProcessBackend, type InProcess } from '../../support/backend-in-process';
import { fakePayPal, sdkUrl } from '../../support/fake-paypal';

function setup(query: Record<string, string>) {
  const rest = fakePayPal();
  const report = vi.fn();
  const paypal: PayPalNamespace = createNamespace({ params: readScriptParams(sdkUrl(query)), rest, report });
  const container = document.createElement('div');
  document.body.append(container);
  return { rest, report, paypal, container, user: userEvent.setup() };
}

const orderBody = (value = '14.99', currency = 'USD') => ({
  intent: 'CAPTURE' as const,
  purchase_units: [{ description: '30 Dream Render credits', amount: { currency_code: currency, value } }],
});

afterEach(() => {
  document.body.replaceChildren();
});

describe('the script query', () => {
  it('reads what @paypal/paypal-js sends for a subscription', () => {
    const params = readScriptParams(sdkUrl(SUBSCRIPTION_QUERY));
    expect(params).toMatchObject({
      clientId: 'test-client-id',
      intent: 'subscription',
      vault: true,
      commit: true,
      currency: 'USD',
      enableFunding: ['paypal'],
      disableFunding: ['credit', 'card'],
      apiBase: 'http://127.0.0.1:8787/paypal',
    });
  });

  it('fails loudly on what PayPal would refuse', () => {
    const bad = (q: Record<string, string>) => () => readScriptParams(sdkUrl(q));
    expect(bad({ components: 'buttons' })).toThrow(/client-id is required/);
    expect(bad({ ...SUBSCRIPTION_QUERY, vault: 'false' })).toThrow(/intent=subscription requires vault=true/);
    expect(bad({ ...CAPTURE_QUERY, currency: 'EUR' })).toThrow(/currency EUR/);
    expect(bad({ ...CAPTURE_QUERY, intent: 'sale' })).toThrow(/invalid intent/);
    expect(bad({ ...CAPTURE_QUERY, commit: 'yes' })).toThrow(/commit/);
    expect(bad({ ...CAPTURE_QUERY, clientId: 'x' })).toThrow(/unexpected query parameter "clientId"/);
    expect(bad({ ...CAPTURE_QUERY, 'disable-funding': 'cards' })).toThrow(/disable-funding: cards/);
    expect(bad({ ...CAPTURE_QUERY, 'disable-funding': 'card', 'enable-funding': 'card' })).toThrow(
      /both enabled and disabled/,
    );
    expect(bad({ ...CAPTURE_QUERY, 'disable-funding': 'paypal' })).toThrow(/cannot be disabled/);
  });

  it('offers Buttons only when the buttons component was asked for', () => {
    const rest = fakePayPal();
    expect(
      createNamespace({ params: readScriptParams(sdkUrl({ ...CAPTURE_QUERY, components: 'marks' })), rest }).Buttons,
    ).toBeUndefined();
    expect(createNamespace({ params: readScriptParams(sdkUrl(CAPTURE_QUERY)), rest }).Buttons).toBeTypeOf('function');
  });
});

describe('paypal.Buttons checks', () => {
  it('refuses createSubscription without intent=subscription', async () => {
    const { paypal, container, report } = setup(CAPTURE_QUERY);
    const buttons = paypal.Buttons!({ createSubscription: async () => 'I-1' });
    await expect(buttons.render(container)).rejects.toThrow(/createSubscription needs intent=subscription/);
    expect(report).toHaveBeenCalled();
  });

  it('refuses createOrder with intent=subscription', async () => {
    const { paypal, container } = setup(SUBSCRIPTION_QUERY);
    await expect(paypal.Buttons!({ createOrder: async () => 'O-1' }).render(container)).rejects.toBeInstanceOf(
      StandInError,
    );
  });

  it('refuses a style PayPal does not have', async () => {
    const { paypal, container } = setup(CAPTURE_QUERY);
    const options = { createOrder: async () => 'O', style: { height: 60 } } satisfies PayPalButtonsComponentOptions;
    await expect(paypal.Buttons!(options).render(container)).rejects.toThrow(/style.height/);
  });

  it('refuses a container that is not in the page', async () => {
    const { paypal } = setup(CAPTURE_QUERY);
    await expect(
      paypal.Buttons!({ createOrder: async () => 'O' }).render(document.createElement('div')),
    ).rejects.toThrow(/does not exist/);
  });
});

describe('a subscription through the stand-in', () => {
  it('renders a blue PayPal button 45 px high and no card button when card funding is disabled', async () => {
    const { paypal, container } = setup(SUBSCRIPTION_QUERY);
    await paypal.Buttons!({ createSubscription: async () => 'I-1', style: { color: 'blue', height: 45 } }).render(
      container,
    );
    const button = screen.getByRole('button', { name: 'PayPal' });
    expect(button.className).toContain('ppsi-blue');
    expect(button.style.height).toBe('45px');
    expect(screen.queryByRole('button', { name: 'Debit or Credit Card' })).toBeNull();
  });

  it('creates the subscription with the plan id and hands its id to onApprove', async () => {
    const { paypal, container, rest, user, report } = setup(SUBSCRIPTION_QUERY);
    const onApprove = vi.fn(async () => {});
    await paypal.Buttons!({
      createSubscription: (_data, actions) => actions.subscription.create({ plan_id: 'P-TEST-MONTHLY' }),
      onApprove,
    }).render(container);
    await user.click(screen.getByRole('button', { name: 'PayPal' }));
    expect(await screen.findByText('P-TEST-MONTHLY')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Agree & Subscribe' }));
    await waitFor(() => expect(onApprove).toHaveBeenCalled());
    const [data] = onApprove.mock.calls[0] as unknown as [{ subscriptionID: string; orderID: string }];
    expect(data.subscriptionID).toMatch(/^I-SUB/);
    expect(rest.subscriptions.get(data.subscriptionID)?.status).toBe('ACTIVE');
    expect(report).not.toHaveBeenCalled();
    // PayPal's window closed: the buttons are back.
    expect(screen.getByRole('button', { name: 'PayPal' })).toBeTruthy();
  });

  it('fails loudly when no plan id is given', async () => {
    const { paypal, container, user, report } = setup(SUBSCRIPTION_QUERY);
    const onError = vi.fn();
    await paypal.Buttons!({
      createSubscription: (_d, actions) => actions.subscription.create({ plan_id: '' }),
      onError,
    }).render(container);
    await user.click(screen.getByRole('button', { name: 'PayPal' }));
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect(report.mock.calls[0]![0]).toBeInstanceOf(StandInError);
    expect(String(report.mock.calls[0]![0])).toMatch(/plan_id/);
  });
});

describe('actions.subscription.revise', () => {
  /** The stand-in's REST calls handed to a backend and its PayPal in process, as the browser's fetch would. */
  const dispatchFetch =
    (w: InProcess): typeof fetch =>
    async (input, init) => {
      const url = new URL(String(input));
      const outcome = await w.core.dispatch({
        method: init?.method ?? 'GET',
        path: url.pathname + url.search,
        headers: Object.fromEntries(Object.entries(init?.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)])),
        body: typeof init?.body === 'string' ? init.body : '',
      });
      if ('drop' in outcome) throw new TypeError('Failed to fetch');
      const r = outcome.reply;
      return new Response(r.text ?? (r.json === undefined ? '' : JSON.stringify(r.json)), { status: r.status ?? 200 });
    };

  /** Buttons whose createSubscription revises `id` to `body`, rendered; what onApprove and onError were given. */
  async function renderRevise(rest: PayPalRest, id: string, body: ReviseSubscriptionRequestBody) {
    const report = vi.fn();
    const paypal = createNamespace({ params: readScriptParams(sdkUrl(SUBSCRIPTION_QUERY)), rest, report });
    const container = document.createElement('div');
    document.body.append(container);
    const onApprove = vi.fn(async (_data: OnApproveData) => {});
    const onError = vi.fn();
    const revised: string[] = [];
    await paypal.Buttons!({
      createSubscription: async (_d, actions) => {
        const answer = await actions.subscription.revise(id, body);
        revised.push(answer);
        return answer;
      },
      onApprove,
      onError,
    }).render(container);
    return { report, onApprove, onError, revised, user: userEvent.setup() };
  }

  it("posts to the Subscriptions API's revise and resolves to the same id; the buyer's approval applies it", async () => {
    const w = inProcessBackend();
    const id = await approvedSubscription(w.core, 'player-revise', 'P-TEST-MONTHLY');
    const rest = restClient('http://backend.in-process/paypal', 'test-client-id', dispatchFetch(w));
    const { user, onApprove, report, revised } = await renderRevise(rest, id, { plan_id: 'P-TEST-ANNUAL' });
    await user.click(screen.getByRole('button', { name: 'PayPal' }));
    // PayPal's window asks for consent to the new plan; until then the running one holds.
    expect(await screen.findByText('P-TEST-ANNUAL')).toBeTruthy();
    expect(screen.getByText('P-TEST-MONTHLY')).toBeTruthy();
    expect(revised).toEqual([id]);
    const sub = () => w.core.paypal.store.data.subscriptions[id]!;
    expect(sub()).toMatchObject({ planId: 'P-TEST-MONTHLY', revision: { planId: 'P-TEST-ANNUAL' } });
    await user.click(screen.getByRole('button', { name: 'Agree & Subscribe' }));
    await waitFor(() => expect(onApprove).toHaveBeenCalled());
    expect(onApprove.mock.calls[0]![0]).toMatchObject({ subscriptionID: id });
    expect(sub()).toMatchObject({ planId: 'P-TEST-ANNUAL', status: 'ACTIVE' });
    expect(sub().revision).toBeUndefined();
    expect(report).not.toHaveBeenCalled();
  });

  it("hands PayPal's refusal to onError, loudly: an unknown subscription, one not running, a missing id", async () => {
    const rest = fakePayPal();
    const unknown = await renderRevise(rest, 'I-NOBODY', { plan_id: 'P-TEST-ANNUAL' });
    await unknown.user.click(screen.getByRole('button', { name: 'PayPal' }));
    await waitFor(() => expect(unknown.onError).toHaveBeenCalled());
    expect(String(unknown.report.mock.calls[0]![0])).toMatch(/RESOURCE_NOT_FOUND/);
    expect(unknown.onApprove).not.toHaveBeenCalled();
    document.body.replaceChildren();

    const pending = await rest.createSubscription({ plan_id: 'P-TEST-MONTHLY' });
    const notRunning = await renderRevise(rest, pending.id, { plan_id: 'P-TEST-ANNUAL' });
    await notRunning.user.click(screen.getByRole('button', { name: 'PayPal' }));
    await waitFor(() => expect(notRunning.onError).toHaveBeenCalled());
    expect(String(notRunning.report.mock.calls[0]![0])).toMatch(/SUBSCRIPTION_STATUS_INVALID/);
    document.body.replaceChildren();

    const noId = await renderRevise(rest, '', { plan_id: 'P-TEST-ANNUAL' });
    await noId.user.click(screen.getByRole('button', { name: 'PayPal' }));
    await waitFor(() => expect(noId.onError).toHaveBeenCalled());
    expect(noId.report.mock.calls[0]![0]).toBeInstanceOf(StandInError);
    expect(rest.calls.filter((c) => c.startsWith('revise'))).toEqual([
      'reviseSubscription I-NOBODY to P-TEST-ANNUAL',
      `reviseSubscription ${pending.id} to P-TEST-ANNUAL`,
    ]);
  });
});

describe('an order through the stand-in', () => {
  async function renderOrder(options: Partial<PayPalButtonsComponentOptions> = {}, value = '14.99', currency = 'USD') {
    const ctx = setup(CAPTURE_QUERY);
    const onApprove = vi.fn(async (_data: unknown, actions: { order?: { capture(): Promise<unknown> } }) => {
      await actions.order!.capture();
    });
    const onCancel = vi.fn();
    const onError = vi.fn();
    await ctx.paypal.Buttons!({
      createOrder: (_d, actions) => actions.order.create(orderBody(value, currency)),
      onApprove,
      onCancel,
      onError,
      ...options,
    }).render(ctx.container);
    return { ...ctx, onApprove, onCancel, onError };
  }

  it('shows the amount and description, then captures on approval', async () => {
    const { user, rest, onApprove, report } = await renderOrder();
    expect(screen.getByRole('button', { name: 'Debit or Credit Card' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'PayPal' }));
    expect(await screen.findByText('$14.99 USD')).toBeTruthy();
    expect(screen.getByText('30 Dream Render credits')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(onApprove).toHaveBeenCalled());
    expect(rest.calls).toEqual(['createOrder', 'approveOrder ORDER1', 'captureOrder ORDER1']);
    expect(onApprove.mock.calls[0]![0]).toMatchObject({ orderID: 'ORDER1', payerID: 'PAYER1' });
    expect(report).not.toHaveBeenCalled();
  });

  it('calls onCancel when the buyer cancels', async () => {
    const { user, onCancel, onApprove } = await renderOrder();
    await user.click(screen.getByRole('button', { name: 'PayPal' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel and return' }));
    expect(onCancel).toHaveBeenCalledWith({ orderID: 'ORDER1' }, expect.anything());
    expect(onApprove).not.toHaveBeenCalled();
  });

  it('calls onError with PayPal words when the buyer simulates an error, without a console error', async () => {
    const { user, onError, report } = await renderOrder();
    await user.click(screen.getByRole('button', { name: 'PayPal' }));
    await user.click(await screen.findByRole('button', { name: 'Simulate an error' }));
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: SIMULATED_ERROR }));
    expect(report).not.toHaveBeenCalled();
  });

  it('lets a declined card fail at capture, as PayPal does', async () => {
    const { user, onError, onApprove } = await renderOrder();
    await user.click(screen.getByRole('button', { name: 'PayPal' }));
    await user.click(await screen.findByRole('button', { name: 'Pay with a declined card' }));
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect(onApprove).toHaveBeenCalled();
    expect(String(onError.mock.calls[0]![0])).toMatch(/INSTRUMENT_DECLINED/);
  });

  it('fails loudly on an amount with 3 decimals', async () => {
    const { user, onError, report, rest } = await renderOrder({}, '14.999');
    await user.click(screen.getByRole('button', { name: 'PayPal' }));
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect(String(report.mock.calls[0]![0])).toMatch(/2 decimals/);
    expect(rest.calls).toEqual([]);
  });

  it('fails loudly on a currency other than the script one', async () => {
    const { user, report } = await renderOrder({}, '14.99', 'EUR');
    await user.click(screen.getByRole('button', { name: 'PayPal' }));
    await waitFor(() => expect(report).toHaveBeenCalled());
    expect(String(report.mock.calls[0]![0])).toMatch(/currency=USD/);
  });

  it('stops when onClick rejects', async () => {
    const { user, rest } = await renderOrder({ onClick: (_d, actions) => actions.reject() });
    await user.click(screen.getByRole('button', { name: 'PayPal' }));
    expect(rest.calls).toEqual([]);
  });

  it('goes away on close()', async () => {
    const ctx = setup(CAPTURE_QUERY);
    const buttons = ctx.paypal.Buttons!({ createOrder: async () => 'O' });
    await buttons.render(ctx.container);
    expect(buttons.isEligible()).toBe(true);
    await buttons.close();
    expect(screen.queryByRole('button', { name: 'PayPal' })).toBeNull();
  });
});
