// The only @paypal/paypal-js import: loads PayPal's JS SDK for a flow (subscription or credits) and renders its buttons.
import {
  loadScript,
  type CreateOrderRequestBody,
  type CreateSubscriptionRequestBody,
  type OrderResponseBody,
  type PayPalButtonsComponent,
  type PayPalButtonsComponentOptions,
  type PayPalButtonStyle,
  type PayPalNamespace,
  type PayPalScriptOptions,
} from '@paypal/paypal-js';
import { paypalConfig } from '../config/paypal';
import { usdAmount, type CreditPack } from '../domain/credit-packs';
import { PayPalError } from '../domain/paypal-error';
import { plural } from '../messages/catalogue';

export type PayPalFlow = 'subscription' | 'credits';

/** SPEC 7: button style blue, height 45. */
const BUTTON_STYLE: PayPalButtonStyle = { color: 'blue', height: 45, layout: 'vertical', shape: 'rect' };

/** The loader options of SPEC 7 for each flow (the loader turns them into the SDK's kebab-case query). */
function scriptOptions(flow: PayPalFlow): PayPalScriptOptions {
  const base: PayPalScriptOptions = {
    clientId: paypalConfig.clientId,
    components: 'buttons',
    currency: 'USD',
    commit: true,
    // Empty in production: the loader then uses PayPal's own address.
    ...(paypalConfig.sdkBaseUrl ? { sdkBaseUrl: paypalConfig.sdkBaseUrl } : {}),
  };
  if (flow === 'subscription') {
    return { ...base, intent: 'subscription', vault: true, enableFunding: 'paypal', disableFunding: 'credit,card' };
  }
  return { ...base, intent: 'capture' };
}

// Outside a store: the SDK's one load, a promise shared by every caller; the buttons' store holds what renders.
let loaded: { flow: PayPalFlow; promise: Promise<PayPalNamespace> } | null = null;

/**
 * Removes a loaded or failed SDK so the other flow's options take effect: PayPal's SDK is configured by its URL,
 * and a page can hold only one window.paypal.
 */
function unloadSdk(): void {
  for (const script of Array.from(document.querySelectorAll('script[data-js-sdk-library="paypal-js"]')))
    script.remove();
  delete window.paypal;
  loaded = null;
}

/** Loads the SDK configured for `flow` once per page; a failure is forgotten so the next call tries again. */
function loadPayPal(flow: PayPalFlow): Promise<PayPalNamespace> {
  if (!paypalConfig.clientId) return Promise.reject(new PayPalError('config', 'PayPal client id is not configured'));
  if (loaded?.flow === flow) return loaded.promise;
  unloadSdk();
  const promise = (async () => {
    let namespace: PayPalNamespace | null;
    try {
      namespace = await loadScript(scriptOptions(flow));
    } catch (error) {
      throw new PayPalError('load', error instanceof Error ? error.message : String(error), error);
    }
    if (!namespace?.Buttons) throw new PayPalError('unavailable', 'window.paypal.Buttons is not available');
    return namespace;
  })();
  const entry = { flow, promise };
  loaded = entry;
  promise.catch(() => {
    if (loaded === entry) unloadSdk();
  });
  return promise;
}

/** Renders PayPal buttons with `options` into `container`; returns them so the caller can close them. */
export async function renderButtons(
  flow: PayPalFlow,
  container: HTMLElement,
  options: PayPalButtonsComponentOptions,
): Promise<PayPalButtonsComponent> {
  const namespace = await loadPayPal(flow);
  if (!namespace.Buttons) throw new PayPalError('unavailable', 'window.paypal.Buttons is not available');
  let buttons: PayPalButtonsComponent;
  try {
    buttons = namespace.Buttons({ style: BUTTON_STYLE, ...options });
  } catch (error) {
    throw new PayPalError('render', error instanceof Error ? error.message : String(error), error);
  }
  if (!buttons.isEligible()) throw new PayPalError('unavailable', 'PayPal buttons are not eligible here');
  try {
    await buttons.render(container);
  } catch (error) {
    throw new PayPalError('render', error instanceof Error ? error.message : String(error), error);
  }
  return buttons;
}

/** What went wrong in PayPal's part of a payment, for the caller's texts. */
type PaymentErrorKind = 'setup' | 'payment';

export interface SubscriptionHandlers {
  /** The buyer approved; `subscriptionId` is PayPal's id (null if PayPal sent none). */
  onApprove(subscriptionId: string | null): Promise<void>;
  onCancel(): void;
  onError(kind: PaymentErrorKind, error: unknown): void;
}

/**
 * The subscription of SPEC 7 for `planId`, owned as `customId` (the backend's purchase reference naming the player):
 * PayPal's `custom_id` (Subscriptions v1: "The custom id for the subscription"), which the backend reads back from
 * PayPal and checks against the caller's player.
 * `startTime`: when PayPal bills the first cycle (a renewal starts when the paid time ends), else now.
 */
function subscriptionBody(
  planId: string,
  customId: string,
  startTime: string | null = null,
): CreateSubscriptionRequestBody {
  return { plan_id: planId, custom_id: customId, ...(startTime ? { start_time: startTime } : {}) };
}

/**
 * Buttons that create a PayPal subscription to `planId`, owned as the reference `customId` answers when PayPal asks
 * (SPEC 7; departures 10, 28, 29).
 */
export function subscriptionButtonOptions(
  planId: string,
  customId: () => Promise<string>,
  handlers: SubscriptionHandlers,
  startTime: string | null = null,
): PayPalButtonsComponentOptions {
  // PayPal reports a failed createSubscription through onError too; remember it to tell setup from payment errors.
  let setupFailed = false;
  return {
    style: BUTTON_STYLE,
    createSubscription: async (_data, actions) => {
      setupFailed = false;
      try {
        return await actions.subscription.create(subscriptionBody(planId, await customId(), startTime));
      } catch (error) {
        setupFailed = true;
        throw error;
      }
    },
    onApprove: async (data) => handlers.onApprove(data.subscriptionID ?? null),
    onCancel: () => handlers.onCancel(),
    onError: (error) => {
      handlers.onError(setupFailed ? 'setup' : 'payment', error);
      setupFailed = false;
    },
  };
}

/**
 * The order of SPEC 7 for a credit pack: one purchase unit, its description, the USD amount to 2 decimals; and its
 * owner, the backend's purchase reference naming the player (`customId`), as the unit's `custom_id` (Orders v2: "The
 * API caller-provided external ID. Used to reconcile client transactions with PayPal transactions."), which the
 * backend reads back from PayPal.
 */
function creditsOrder(pack: CreditPack, customId: string): CreateOrderRequestBody {
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        description: plural(pack.amount, 'packDescription'),
        custom_id: customId,
        amount: { currency_code: 'USD', value: usdAmount(pack.price) },
      },
    ],
  };
}

/** Whether PayPal completed the capture: the order and every capture in it COMPLETED. */
function completedCapture(capture: OrderResponseBody): boolean {
  if (capture.status !== 'COMPLETED') return false;
  const captures = capture.purchase_units?.flatMap((u) => u.payments?.captures ?? []) ?? [];
  return captures.length > 0 && captures.every((c) => c.status === 'COMPLETED');
}

export interface CreditsHandlers {
  /** The buyer approved: `capture` captures the order at PayPal and resolves to its id, the purchase call's key. */
  onApprove(capture: () => Promise<string>): Promise<void>;
  onCancel(): void;
  onError(error: unknown): void;
}

/**
 * Buttons that create and capture the order for `pack`, owned as the backend's purchase reference `customId` answers
 * when PayPal asks for the order (SPEC 7; departure 29).
 */
export function creditsButtonOptions(
  pack: CreditPack,
  customId: () => Promise<string>,
  handlers: CreditsHandlers,
): PayPalButtonsComponentOptions {
  return {
    style: BUTTON_STYLE,
    createOrder: async (_data, actions) => actions.order.create(creditsOrder(pack, await customId())),
    // A capture that fails or does not complete rejects; what the user reads is the caller's.
    onApprove: (data, actions) =>
      handlers.onApprove(async () => {
        const capture = await actions.order?.capture();
        if (!capture || !completedCapture(capture)) throw new Error(`capture status ${capture?.status}`);
        return capture.id ?? data.orderID;
      }),
    onCancel: () => handlers.onCancel(),
    onError: (error) => handlers.onError(error),
  };
}
