// The stand-in's window.paypal: Buttons (createOrder / createSubscription, onApprove, onCancel, onError, onClick,
// onInit, isEligible, close, ...) typed against @paypal/paypal-js, talking to the local PayPal REST API.
import type {
  CreateOrderActions,
  CreateOrderRequestBody,
  CreateSubscriptionActions,
  CreateSubscriptionRequestBody,
  FUNDING_SOURCE,
  OnApproveActions,
  OnApproveData,
  OrderResponseBody,
  PayPalButtonsComponent,
  PayPalButtonsComponentOptions,
  PayPalNamespace,
  ReviseSubscriptionRequestBody,
} from '@paypal/paypal-js';
import {
  checkButtonsOptions,
  checkOrderBody,
  checkReviseArguments,
  checkSubscriptionBody,
  eligibleSources,
  FUNDING,
  StandInError,
  type ScriptParams,
} from './checks';
import type { PayPalRest } from './rest';
import { renderView, type StandInView } from './ui';

/** Message PayPal shows when something breaks in its window; used for the buyer's "Simulate an error". */
export const SIMULATED_ERROR = "Things don't appear to be working at the moment.";

export interface StandInDeps {
  params: ScriptParams;
  rest: PayPalRest;
  /** Integration errors go here (the browser console by default): a test run fails on them. */
  report?: (error: unknown) => void;
  random?: () => string;
}

const defaultRandom = () => Math.random().toString(36).slice(2, 10).toUpperCase();

/** Builds the namespace the real SDK puts on window.paypal. */
export function createNamespace(deps: StandInDeps): PayPalNamespace {
  const { params } = deps;
  const report =
    deps.report ??
    ((error: unknown) => console.error('[PayPal SDK stand-in]', error instanceof Error ? error.message : error));
  const random = deps.random ?? defaultRandom;
  const eligible = eligibleSources(params);
  const namespace: PayPalNamespace = {
    version: '5.0.0-stand-in',
    FUNDING,
    getFundingSources: () => [...eligible],
    isFundingEligible: (source: FUNDING_SOURCE) => eligible.includes(source),
    rememberFunding: () => {},
  };
  if (params.components.includes('buttons')) {
    namespace.Buttons = (options: PayPalButtonsComponentOptions = {}) =>
      createButtons({ ...deps, report, random, eligible }, options);
  }
  return namespace;
}

interface ButtonsDeps extends StandInDeps {
  report: (error: unknown) => void;
  random: () => string;
  eligible: FUNDING_SOURCE[];
}

function createButtons(deps: ButtonsDeps, initial: PayPalButtonsComponentOptions): PayPalButtonsComponent {
  const { params, rest, report, random } = deps;
  let options = initial;
  let invalid: unknown = null;
  try {
    checkButtonsOptions(params, options);
  } catch (error) {
    invalid = error;
  }
  let view: StandInView | null = null;
  let rendered = false;
  let closed = false;
  let enabled = true;
  let busy = false;
  const sources = options.fundingSource ? deps.eligible.filter((s) => s === options.fundingSource) : deps.eligible;

  /** An error in the merchant's integration: loud in the console, then onError as PayPal does. */
  const integrationError = (error: unknown) => {
    report(error);
    if (!closed) options.onError?.(toRecord(error));
  };

  const backToButtons = () => {
    busy = false;
    if (!closed) view?.showButtons();
  };

  async function createId(
    source: FUNDING_SOURCE,
  ): Promise<{ kind: 'order' | 'subscription'; id: string; revisedPlan?: string }> {
    if (options.createSubscription) {
      const revisions = new Map<string, string | undefined>();
      const actions: CreateSubscriptionActions = {
        subscription: {
          create: async (body: CreateSubscriptionRequestBody) => {
            checkSubscriptionBody(body);
            return (await rest.createSubscription(body)).id;
          },
          // PayPal's SDK posts the body to the Subscriptions API's revise and resolves to the same subscription id:
          // createSubscription returns it, and the buyer's approval in PayPal's window is the consent to the new terms.
          revise: async (subscriptionID: string, body: ReviseSubscriptionRequestBody) => {
            checkReviseArguments(subscriptionID, body);
            const revision = await rest.reviseSubscription(subscriptionID, body);
            revisions.set(subscriptionID, revision.plan_id);
            return subscriptionID;
          },
        },
      };
      const id = await options.createSubscription({ paymentSource: source }, actions);
      if (typeof id !== 'string' || !id) throw new StandInError('createSubscription must resolve to a subscription id');
      const revisedPlan = revisions.get(id);
      return { kind: 'subscription', id, ...(revisedPlan ? { revisedPlan } : {}) };
    }
    if (options.createOrder) {
      const actions: CreateOrderActions = {
        order: {
          create: async (body: CreateOrderRequestBody) => {
            checkOrderBody(params, body);
            return (await rest.createOrder(body)).id;
          },
        },
      };
      const id = await options.createOrder({ paymentSource: source }, actions);
      if (typeof id !== 'string' || !id) throw new StandInError('createOrder must resolve to an order id');
      return { kind: 'order', id };
    }
    throw new StandInError('paypal.Buttons needs createOrder or createSubscription');
  }

  async function approve(kind: 'order' | 'subscription', id: string, source: FUNDING_SOURCE, decline: boolean) {
    view?.showBusy('Processing your approval...');
    const facilitatorAccessToken = `A21AA${random()}${random()}`;
    let data: OnApproveData;
    let actions: OnApproveActions;
    const redirect = (url: string) => window.location.assign(url);
    const restart = () => backToButtons();
    try {
      if (kind === 'subscription') {
        await rest.approveSubscription(id);
        data = {
          orderID: `EC-${random()}`,
          subscriptionID: id,
          facilitatorAccessToken,
          payerID: random(),
          paymentSource: source,
        } as OnApproveData;
        actions = {
          subscription: { get: () => rest.getSubscription(id) as never, activate: () => rest.activateSubscription(id) },
          redirect,
          restart,
        };
      } else {
        const approved = await rest.approveOrder(id, { decline });
        data = {
          orderID: id,
          payerID: approved.payer?.payer_id ?? null,
          paymentID: null,
          billingToken: null,
          facilitatorAccessToken,
          paymentSource: source,
        } as OnApproveData;
        actions = {
          order: {
            capture: () => rest.captureOrder(id),
            authorize: () => rest.authorizeOrder(id),
            get: () => rest.getOrder(id),
            patch: async () => {
              throw new StandInError('actions.order.patch is not played by this stand-in');
            },
          },
          redirect,
          restart,
        };
      }
    } catch (error) {
      backToButtons();
      integrationError(error);
      return;
    }
    // PayPal's window closes here; the buttons come back while the merchant finishes the payment.
    backToButtons();
    if (closed) return;
    try {
      if (options.onApprove) await options.onApprove(data, actions);
      else if (kind === 'order') await actions.order!.capture();
    } catch (error) {
      // PayPal hands errors thrown by onApprove to onError; without one it is an unhandled integration error.
      if (options.onError) options.onError(toRecord(error));
      else report(error);
    }
  }

  async function pick(source: FUNDING_SOURCE) {
    if (busy || closed) return;
    busy = true;
    if (options.onClick) {
      let rejected = false;
      const result = await Promise.resolve(
        options.onClick(
          { fundingSource: source },
          {
            resolve: async () => {},
            reject: async () => {
              rejected = true;
            },
          },
        ),
      ).catch((error: unknown) => {
        rejected = true;
        report(error);
      });
      if (rejected || (result as unknown) === false || !enabled) {
        busy = false;
        return;
      }
    } else if (!enabled) {
      busy = false;
      return;
    }
    view?.showBusy('Connecting to PayPal...');
    let created: { kind: 'order' | 'subscription'; id: string; revisedPlan?: string };
    let rows: Array<[string, string]>;
    try {
      created = await createId(source);
      rows =
        created.kind === 'order'
          ? orderRows(await rest.getOrder(created.id))
          : subscriptionRows(await rest.getSubscription(created.id), created.revisedPlan);
    } catch (error) {
      backToButtons();
      integrationError(error);
      return;
    }
    if (closed) return;
    const { kind, id } = created;
    view?.showApproval(
      { kind, rows, commit: params.commit },
      {
        approve: () => void approve(kind, id, source, false),
        cancel: () => {
          backToButtons();
          options.onCancel?.({ orderID: id }, { redirect: () => {} });
        },
        fail: () => {
          backToButtons();
          const error = new Error(SIMULATED_ERROR);
          if (options.onError) options.onError(toRecord(error));
          else report(error);
        },
        ...(kind === 'order' ? { decline: () => void approve(kind, id, source, true) } : {}),
      },
    );
  }

  return {
    isEligible: () => sources.length > 0,
    async render(container: HTMLElement | string) {
      if (invalid) {
        report(invalid);
        throw invalid;
      }
      if (rendered) throw new StandInError('these buttons were already rendered; call paypal.Buttons() again');
      const target = typeof container === 'string' ? document.querySelector<HTMLElement>(container) : container;
      if (!target || !target.isConnected)
        throw new Error(
          `Document is ready and element ${typeof container === 'string' ? container : 'given'} does not exist`,
        );
      if (sources.length === 0)
        throw new StandInError(`funding source ${String(options.fundingSource)} is not eligible`);
      rendered = true;
      view = renderView(target, sources, options.style ?? {}, (source) => void pick(source));
      options.onInit?.(
        {},
        {
          enable: async () => {
            enabled = true;
            view?.setEnabled(true);
          },
          disable: async () => {
            enabled = false;
          },
        },
      );
    },
    async close() {
      closed = true;
      view?.remove();
      view = null;
    },
    async updateProps(props: PayPalButtonsComponentOptions) {
      const next = { ...options, ...props };
      checkButtonsOptions(params, next);
      options = next;
    },
    resume: () => {},
    hasReturned: () => false,
  };
}

function orderRows(order: OrderResponseBody): Array<[string, string]> {
  const unit = order.purchase_units?.[0];
  const amount = unit?.amount;
  const rows: Array<[string, string]> = [];
  if (amount) rows.push(['Amount', `$${amount.value} ${amount.currency_code}`]);
  if (unit?.description) rows.push(['For', unit.description]);
  rows.push(['Order', order.id ?? '']);
  return rows;
}

/** A revision's approval shows the plan the buyer consents to, beside the one running now. */
function subscriptionRows(sub: { id: string; plan_id?: string }, revisedPlan?: string): Array<[string, string]> {
  const current = sub.plan_id ?? 'unknown';
  return [
    ...(revisedPlan ? ([['Plan now', current]] as Array<[string, string]>) : []),
    ['Plan', revisedPlan ?? current],
    ['Subscription', sub.id],
  ];
}

/** onError's parameter is typed as a record; PayPal passes an Error. */
function toRecord(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return error as unknown as Record<string, unknown>;
  return new Error(String(error)) as unknown as Record<string, unknown>;
}
