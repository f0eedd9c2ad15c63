// What the PayPal JS SDK stand-in accepts: the script's query, the Buttons options and the bodies given to
// actions.order.create / actions.subscription.create / actions.subscription.revise. Anything else fails loudly, as
// PayPal's own validation does.
import type {
  CreateOrderRequestBody,
  CreateSubscriptionRequestBody,
  FUNDING_SOURCE,
  PayPalButtonsComponentOptions,
  PayPalButtonStyle,
  ReviseSubscriptionRequestBody,
} from '@paypal/paypal-js';

export class StandInError extends Error {
  constructor(message: string) {
    super(`PayPal SDK stand-in: ${message}`);
    this.name = 'StandInError';
  }
}

type ScriptIntent = 'capture' | 'authorize' | 'subscription' | 'tokenize';

/** The SDK script's query, read and checked. */
export interface ScriptParams {
  clientId: string;
  components: string[];
  currency: string;
  intent: ScriptIntent;
  vault: boolean;
  commit: boolean;
  disableFunding: FUNDING_SOURCE[];
  enableFunding: FUNDING_SOURCE[];
  /** Where PayPal's REST API lives: the origin that served the script, under /paypal. */
  apiBase: string;
}

export const FUNDING: Record<string, FUNDING_SOURCE> = {
  PAYPAL: 'paypal',
  VENMO: 'venmo',
  APPLEPAY: 'applepay',
  ITAU: 'itau',
  CREDIT: 'credit',
  PAYLATER: 'paylater',
  CARD: 'card',
  IDEAL: 'ideal',
  SEPA: 'sepa',
  BANCONTACT: 'bancontact',
  GIROPAY: 'giropay',
  SOFORT: 'sofort',
  EPS: 'eps',
  MYBANK: 'mybank',
  P24: 'p24',
  VERKKOPANKKI: 'verkkopankki',
  PAYU: 'payu',
  BLIK: 'blik',
  TRUSTLY: 'trustly',
  ZIMPLER: 'zimpler',
  MAXIMA: 'maxima',
  OXXO: 'oxxo',
  BOLETOBANCARIO: 'boletobancario',
  WECHATPAY: 'wechatpay',
  MERCADOPAGO: 'mercadopago',
  MULTIBANCO: 'multibanco',
};

const SOURCES = new Set<string>(Object.values(FUNDING));
/** The only currency the local PayPal plays. */
const SUPPORTED_CURRENCIES = ['USD'];
const KNOWN_PARAMS = new Set([
  'client-id',
  'components',
  'currency',
  'intent',
  'vault',
  'commit',
  'disable-funding',
  'enable-funding',
  'buyer-country',
  'locale',
  'debug',
  'integration-date',
  'merchant-id',
  // Harness-only: ?fail=load is answered by the server before the script runs.
  'fail',
]);

function bool(name: string, raw: string | null, fallback: boolean): boolean {
  if (raw === null) return fallback;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw new StandInError(`SDK Validation error: invalid query value for ${name}: ${raw} (expected true or false)`);
}

function sources(name: string, raw: string | null): FUNDING_SOURCE[] {
  if (raw === null || raw === '') return [];
  return raw.split(',').map((s) => {
    if (!SOURCES.has(s)) throw new StandInError(`SDK Validation error: invalid query value for ${name}: ${s}`);
    return s as FUNDING_SOURCE;
  });
}

/** Reads the SDK script URL the way PayPal's loader reads its query (kebab-case keys). */
export function readScriptParams(src: string): ScriptParams {
  const url = new URL(src);
  const q = url.searchParams;
  for (const key of q.keys()) {
    if (!KNOWN_PARAMS.has(key)) throw new StandInError(`SDK Validation error: unexpected query parameter "${key}"`);
  }
  const clientId = q.get('client-id');
  if (!clientId) throw new StandInError('SDK Validation error: client-id is required');
  const components = (q.get('components') ?? 'buttons').split(',').filter(Boolean);
  const currency = q.get('currency') ?? 'USD';
  if (!SUPPORTED_CURRENCIES.includes(currency))
    throw new StandInError(`SDK Validation error: currency ${currency} is not supported here (USD only)`);
  const intent = (q.get('intent') ?? 'capture') as ScriptIntent;
  if (!['capture', 'authorize', 'subscription', 'tokenize'].includes(intent))
    throw new StandInError(`SDK Validation error: invalid intent ${intent}`);
  const vault = bool('vault', q.get('vault'), false);
  const commit = bool('commit', q.get('commit'), true);
  if (intent === 'subscription' && !vault)
    throw new StandInError('SDK Validation error: intent=subscription requires vault=true');
  const disableFunding = sources('disable-funding', q.get('disable-funding'));
  const enableFunding = sources('enable-funding', q.get('enable-funding'));
  const both = enableFunding.find((s) => disableFunding.includes(s));
  if (both) throw new StandInError(`SDK Validation error: ${both} is both enabled and disabled`);
  if (disableFunding.includes('paypal'))
    throw new StandInError('SDK Validation error: paypal funding cannot be disabled');
  return {
    clientId,
    components,
    currency,
    intent,
    vault,
    commit,
    disableFunding,
    enableFunding,
    apiBase: `${url.origin}/paypal`,
  };
}

/** The funding sources this stand-in renders buttons for, in PayPal's order. */
export function eligibleSources(params: ScriptParams): FUNDING_SOURCE[] {
  const out: FUNDING_SOURCE[] = ['paypal'];
  if (!params.disableFunding.includes('card') && params.intent !== 'tokenize') out.push('card');
  return out;
}

const COLORS = ['gold', 'blue', 'silver', 'white', 'black'];
const LABELS = ['paypal', 'checkout', 'buynow', 'pay', 'installment', 'subscribe', 'donate'];

function checkStyle(style: PayPalButtonStyle | undefined): void {
  if (!style) return;
  if (style.color !== undefined && !COLORS.includes(style.color))
    throw new StandInError(`style.color must be one of ${COLORS.join(', ')}`);
  if (style.label !== undefined && !LABELS.includes(style.label))
    throw new StandInError(`style.label must be one of ${LABELS.join(', ')}`);
  if (style.layout !== undefined && style.layout !== 'vertical' && style.layout !== 'horizontal')
    throw new StandInError('style.layout must be vertical or horizontal');
  if (style.shape !== undefined && !['rect', 'pill', 'sharp'].includes(style.shape))
    throw new StandInError('style.shape must be rect, pill or sharp');
  if (style.height !== undefined && (!Number.isInteger(style.height) || style.height < 25 || style.height > 55)) {
    throw new StandInError(`style.height must be a whole number from 25 to 55, got ${String(style.height)}`);
  }
}

/** PayPal's checks on paypal.Buttons(options) against the script's intent and vault. */
export function checkButtonsOptions(params: ScriptParams, options: PayPalButtonsComponentOptions): void {
  checkStyle(options.style);
  const creators = [
    options.createOrder,
    options.createSubscription,
    options.createBillingAgreement,
    options.createVaultSetupToken,
  ].filter(Boolean);
  if (creators.length > 1)
    throw new StandInError(
      'pass only one of createOrder, createSubscription, createBillingAgreement, createVaultSetupToken',
    );
  if (options.createSubscription) {
    if (params.intent !== 'subscription')
      throw new StandInError(
        `createSubscription needs intent=subscription in the SDK url, got intent=${params.intent}`,
      );
    if (!params.vault) throw new StandInError('createSubscription needs vault=true in the SDK url');
  } else if (params.intent === 'subscription') {
    throw new StandInError('intent=subscription in the SDK url needs createSubscription');
  }
  if (options.createOrder && params.intent !== 'capture' && params.intent !== 'authorize') {
    throw new StandInError(
      `createOrder needs intent=capture or intent=authorize in the SDK url, got intent=${params.intent}`,
    );
  }
  if (options.createBillingAgreement || options.createVaultSetupToken)
    throw new StandInError('billing agreements and vault setup tokens are not played by this stand-in');
  if (options.fundingSource !== undefined && !SOURCES.has(options.fundingSource))
    throw new StandInError(`unknown fundingSource ${String(options.fundingSource)}`);
  for (const key of ['onApprove', 'onCancel', 'onError', 'onClick', 'onInit'] as const) {
    if (options[key] !== undefined && typeof options[key] !== 'function')
      throw new StandInError(`${key} must be a function`);
  }
}

const AMOUNT = /^(0|[1-9]\d{0,14})\.\d{2}$/;

/** The checks PayPal makes on actions.order.create(body), plus the REST API's own on amounts. */
export function checkOrderBody(params: ScriptParams, body: CreateOrderRequestBody): void {
  if (!body || typeof body !== 'object') throw new StandInError('actions.order.create needs an order body');
  const expected = params.intent.toUpperCase();
  if (body.intent !== expected) {
    throw new StandInError(
      `expected intent ${expected} in actions.order.create (from intent=${params.intent} in the SDK url), got ${String(body.intent)}`,
    );
  }
  if (!Array.isArray(body.purchase_units) || body.purchase_units.length === 0)
    throw new StandInError('actions.order.create needs at least one purchase unit');
  body.purchase_units.forEach((unit, i) => {
    const amount = unit?.amount;
    if (!amount) throw new StandInError(`purchase_units[${i}].amount is required`);
    if (amount.currency_code !== params.currency) {
      throw new StandInError(
        `purchase_units[${i}].amount.currency_code is ${String(amount.currency_code)}; the SDK was loaded with currency=${params.currency}`,
      );
    }
    if (typeof amount.value !== 'string' || !AMOUNT.test(amount.value)) {
      throw new StandInError(
        `purchase_units[${i}].amount.value must be a string with 2 decimals, got ${JSON.stringify(amount.value)}`,
      );
    }
    if (Number(amount.value) <= 0) throw new StandInError(`purchase_units[${i}].amount.value must be above 0`);
    if (unit.description !== undefined && (typeof unit.description !== 'string' || unit.description.length > 127)) {
      throw new StandInError(`purchase_units[${i}].description must be text of at most 127 characters`);
    }
    checkCustomId(unit.custom_id, `purchase_units[${i}].custom_id`);
  });
}

/** The checks on actions.subscription.create(body). */
export function checkSubscriptionBody(body: CreateSubscriptionRequestBody): void {
  if (!body || typeof body !== 'object') throw new StandInError('actions.subscription.create needs a body');
  if (typeof body.plan_id !== 'string' || body.plan_id.trim() === '')
    throw new StandInError('actions.subscription.create needs a plan_id');
  checkCustomId(body.custom_id, 'custom_id');
}

/** The checks PayPal's SDK makes on actions.subscription.revise(subscriptionID, body) before it calls the API. */
export function checkReviseArguments(subscriptionID: unknown, body: ReviseSubscriptionRequestBody): void {
  if (typeof subscriptionID !== 'string' || subscriptionID.trim() === '')
    throw new StandInError('actions.subscription.revise needs the subscription id as its first argument');
  if (!body || typeof body !== 'object') throw new StandInError('actions.subscription.revise needs a body');
}

/** PayPal's `custom_id` (Orders v2 purchase unit, Subscriptions v1): absent, or text of 1 to 127 characters. */
function checkCustomId(value: unknown, field: string): void {
  if (value === undefined) return;
  if (typeof value !== 'string' || value.length < 1 || value.length > 127)
    throw new StandInError(`${field} must be text of 1 to 127 characters`);
}
