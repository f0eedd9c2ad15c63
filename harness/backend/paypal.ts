// PayPal's side, played locally: the JS SDK stand-in at /paypal/sdk/js and PayPal's REST API under /paypal (orders,
// captures and refunds, subscriptions, Transaction Search, webhook verification), each merchant seeing its own, with
// PayPal's errors ({name, message, debug_id, details: [{issue, description}]}) and its issue names. What PayPal does on
// its own (the buyer's approval, a subscription's next cycle) is played here too, and every change sends its webhook.
import { verify, X509Certificate, type KeyObject } from 'node:crypto';
import { join } from 'node:path';
import { billingMonths, planById } from '../../src/domain/plans';
import { projectRoot } from '../paths';
import type { Reply, RequestContext, RouteDef } from './http';
import { AUTH_ALGO, signedString, type Merchant } from './paypal-events';
import {
  completedCapture,
  id,
  paypalOrderId,
  paypalSubscriptionId,
  type PayPalOrder,
  type PayPalSubscription,
  type PayPalTransaction,
} from './store';

let sdkSource: Promise<string> | null = null;

/** The stand-in bundled once from harness/paypal-sdk/stand-in.ts. */
function standInSource(): Promise<string> {
  // esbuild is loaded on the first SDK request only: the backend starts without it (and in test environments it rejects).
  sdkSource ??= import('esbuild')
    .then(({ build }) =>
      build({
        entryPoints: [join(projectRoot(), 'harness/paypal-sdk/stand-in.ts')],
        bundle: true,
        write: false,
        format: 'iife',
        target: 'es2020',
        minify: false,
        logLevel: 'silent',
      }),
    )
    .then(
      (r) => r.outputFiles[0]!.text,
      (error: unknown) => {
        sdkSource = null;
        throw error;
      },
    );
  return sdkSource;
}

/** Set by a test (POST /__harness/paypal {failLoads}) to make the next SDK loads fail, for everyone. */
export const sdkControl = { failLoads: 0 };

/**
 * Per-browser control: a cookie on the backend's host makes that browser's next N SDK loads fail, so tests running
 * side by side do not take each other's failures. The count goes down with each failed load.
 */
export const FAIL_LOADS_COOKIE = 'paypal-stand-in-fail-loads';

function cookie(ctx: RequestContext, name: string): string | null {
  for (const part of (ctx.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

const ERROR_NAMES: Record<number, { name: string; message: string }> = {
  400: { name: 'INVALID_REQUEST', message: 'Request is not well-formed, syntactically incorrect, or violates schema.' },
  401: {
    name: 'AUTHENTICATION_FAILURE',
    message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
  },
  403: { name: 'NOT_AUTHORIZED', message: 'Authorization failed due to insufficient permissions.' },
  404: { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' },
  422: {
    name: 'UNPROCESSABLE_ENTITY',
    message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
  },
};

/** A PayPal REST error, turned into PayPal's error body by `rest()`. */
export class PayPalApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 422,
    readonly issue: string,
    readonly description: string,
    readonly field?: string,
  ) {
    super(`${issue}: ${description}`);
  }
}

function errorReply(error: PayPalApiError): Reply {
  const { name, message } = ERROR_NAMES[error.status]!;
  return {
    status: error.status,
    json: {
      name,
      message,
      debug_id: id('', 6).toLowerCase(),
      details: [{ ...(error.field ? { field: error.field } : {}), issue: error.issue, description: error.description }],
    },
  };
}

/** The merchant calling, by its client id. */
interface Caller {
  clientId: string;
  merchant: Merchant;
}

/** A REST route: checks the client id (a merchant's), maps PayPalApiError to PayPal's error body. */
function rest(
  method: RouteDef['method'],
  path: string,
  name: string,
  handler: (ctx: RequestContext, caller: Caller) => Reply,
): RouteDef {
  return {
    method,
    path,
    name,
    handler(ctx) {
      try {
        const header = ctx.headers['paypal-client-id'];
        const merchant = typeof header === 'string' ? ctx.backend.standIn.merchants.get(header) : undefined;
        if (typeof header !== 'string' || !merchant)
          throw new PayPalApiError(401, 'invalid_client', 'Client Authentication failed');
        return handler(ctx, { clientId: header, merchant });
      } catch (error) {
        if (error instanceof PayPalApiError) return errorReply(error);
        throw error;
      }
    },
  };
}

const missing = (field: string) =>
  new PayPalApiError(400, 'MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.', field);

const AMOUNT = /^(0|[1-9]\d{0,14})(\.\d{1,2})?$/;

/** PayPal's limit on `custom_id` (Orders v2 purchase units and Subscriptions v1): 1 to 127 characters. */
const CUSTOM_ID_MAX = 127;

/** A `custom_id` as PayPal checks it: absent, or text of 1 to 127 characters. */
function customId(value: unknown, field: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string')
    throw new PayPalApiError(
      400,
      'INVALID_PARAMETER_SYNTAX',
      'The value of a field does not conform to the expected format.',
      field,
    );
  if (value.length < 1 || value.length > CUSTOM_ID_MAX)
    throw new PayPalApiError(
      400,
      'INVALID_STRING_LENGTH',
      'The value of a field is either too short or too long.',
      field,
    );
  return value;
}

/** A purchase unit's `payee`: one of the merchants PayPal knows, by merchant_id or email_address. */
function payeeOf(ctx: RequestContext, value: unknown, i: number): Merchant | undefined {
  if (value === undefined) return undefined;
  const p = (value && typeof value === 'object' ? value : {}) as { merchant_id?: unknown; email_address?: unknown };
  const found = [...ctx.backend.standIn.merchants.values()].find(
    (m) => m.merchantId === p.merchant_id || m.email === p.email_address,
  );
  if (!found)
    throw new PayPalApiError(
      422,
      'PAYEE_ACCOUNT_INVALID',
      'Payee account specified is invalid. Please check the `payee.email_address` or `payee.merchant_id` specified and try again.',
      `/purchase_units/${i}/payee`,
    );
  return found;
}

/** The amount of one purchase unit, checked as PayPal's Orders API checks it. */
function unitAmount(
  ctx: RequestContext,
  unit: unknown,
  i: number,
): { cents: number; currency: string; description: string; customId: string | undefined; payee?: Merchant } {
  if (!unit || typeof unit !== 'object')
    throw new PayPalApiError(
      400,
      'INVALID_PARAMETER_SYNTAX',
      'purchase unit must be an object',
      `/purchase_units/${i}`,
    );
  const u = unit as Record<string, unknown>;
  const amount = u.amount;
  if (!amount || typeof amount !== 'object') throw missing(`/purchase_units/${i}/amount`);
  const a = amount as Record<string, unknown>;
  if (typeof a.currency_code !== 'string') throw missing(`/purchase_units/${i}/amount/currency_code`);
  if (a.currency_code !== 'USD')
    throw new PayPalApiError(
      422,
      'CURRENCY_NOT_SUPPORTED',
      'Currency code is not currently supported (this PayPal plays USD only).',
      `/purchase_units/${i}/amount/currency_code`,
    );
  if (typeof a.value !== 'string')
    throw new PayPalApiError(
      400,
      'INVALID_PARAMETER_SYNTAX',
      'The value of a field does not conform to the expected format.',
      `/purchase_units/${i}/amount/value`,
    );
  if (/\.\d{3,}$/.test(a.value)) {
    throw new PayPalApiError(
      422,
      'DECIMAL_PRECISION',
      'If the currency supports decimals, only two decimal place precision is supported.',
      `/purchase_units/${i}/amount/value`,
    );
  }
  if (!AMOUNT.test(a.value))
    throw new PayPalApiError(
      400,
      'INVALID_PARAMETER_SYNTAX',
      'The value of a field does not conform to the expected format.',
      `/purchase_units/${i}/amount/value`,
    );
  const cents = Math.round(Number(a.value) * 100);
  if (cents <= 0)
    throw new PayPalApiError(
      422,
      'CANNOT_BE_ZERO_OR_NEGATIVE',
      'Must be greater than zero.',
      `/purchase_units/${i}/amount/value`,
    );
  const description = typeof u.description === 'string' ? u.description : '';
  if (description.length > 127)
    throw new PayPalApiError(
      400,
      'INVALID_STRING_LENGTH',
      'The value of a field is too long.',
      `/purchase_units/${i}/description`,
    );
  const payee = payeeOf(ctx, u.payee, i);
  return {
    cents,
    currency: a.currency_code,
    description,
    customId: customId(u.custom_id, `/purchase_units/${i}/custom_id`),
    ...(payee ? { payee } : {}),
  };
}

const iso = (b: RequestContext['backend']) => new Date(b.clock()).toISOString();
const money = (value: string, currency = 'USD') => ({ currency_code: currency, value });

/** PayPal's fee on a US payment (3.49% + 0.49), for the seller_receivable_breakdown. */
function fee(value: string): string {
  const cents = Math.round(Number(value) * 100);
  return (Math.min(cents, Math.round(cents * 0.0349) + 49) / 100).toFixed(2);
}

/** A capture, or a subscription payment, as Payments v2 shows it (GET /v2/payments/captures/{id}, webhooks). */
function captureBody(tx: PayPalTransaction, apiBase: string) {
  const net = (Math.round(Number(tx.amount) * 100) - Math.round(Number(fee(tx.amount)) * 100)) / 100;
  return {
    id: tx.id,
    status: tx.status,
    amount: money(tx.amount, tx.currency),
    final_capture: true,
    ...(tx.customId ? { custom_id: tx.customId } : {}),
    payee: { email_address: tx.payee.email, merchant_id: tx.payee.merchantId },
    seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
    seller_receivable_breakdown: {
      gross_amount: money(tx.amount, tx.currency),
      paypal_fee: money(fee(tx.amount), tx.currency),
      net_amount: money(net.toFixed(2), tx.currency),
    },
    ...(tx.orderId ? { supplementary_data: { related_ids: { order_id: tx.orderId } } } : {}),
    create_time: tx.createTime,
    update_time: tx.updateTime,
    links: [
      { href: `${apiBase}/v2/payments/captures/${tx.id}`, rel: 'self', method: 'GET' },
      { href: `${apiBase}/v2/payments/captures/${tx.id}/refund`, rel: 'refund', method: 'POST' },
      ...(tx.orderId ? [{ href: `${apiBase}/v2/checkout/orders/${tx.orderId}`, rel: 'up', method: 'GET' }] : []),
    ],
  };
}

/** A subscription payment as the v1 `sale` resource of PAYMENT.SALE.COMPLETED shows it. */
function saleBody(tx: PayPalTransaction, apiBase: string) {
  return {
    id: tx.id,
    state: tx.status === 'COMPLETED' ? 'completed' : tx.status === 'REFUNDED' ? 'refunded' : 'reversed',
    amount: { total: tx.amount, currency: tx.currency, details: { subtotal: tx.amount } },
    payment_mode: 'INSTANT_TRANSFER',
    protection_eligibility: 'ELIGIBLE',
    transaction_fee: { value: fee(tx.amount), currency: tx.currency },
    billing_agreement_id: tx.subscriptionId,
    ...(tx.customId ? { custom: tx.customId } : {}),
    create_time: tx.createTime,
    update_time: tx.updateTime,
    links: [
      { href: `${apiBase}/v1/payments/sale/${tx.id}`, rel: 'self', method: 'GET' },
      { href: `${apiBase}/v2/payments/captures/${tx.id}/refund`, rel: 'refund', method: 'POST' },
    ],
  };
}

/** The order as PayPal's GET shows it: its purchase unit with `custom_id` and `payee`, and the capture once captured. */
function orderBody(b: RequestContext['backend'], order: PayPalOrder) {
  const apiBase = `${b.baseUrl()}/paypal`;
  const tx = order.captureId ? b.store.data.paypalTransactions[order.captureId] : undefined;
  return {
    id: order.id,
    intent: 'CAPTURE',
    status: order.status,
    purchase_units: [
      {
        reference_id: 'default',
        description: order.description,
        ...(order.customId ? { custom_id: order.customId } : {}),
        amount: money(order.amount, order.currency),
        ...(order.payee ? { payee: { email_address: order.payee.email, merchant_id: order.payee.merchantId } } : {}),
        ...(order.status === 'COMPLETED' && tx ? { payments: { captures: [captureBody(tx, apiBase)] } } : {}),
      },
    ],
    ...(order.payerId ? { payer: { payer_id: order.payerId } } : {}),
    ...(order.createTime ? { create_time: order.createTime } : {}),
    links: [{ href: `${apiBase}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' }],
  };
}

/** The subscription as PayPal's GET shows it (the fields this stand-in plays). */
function subscriptionBody(b: RequestContext['backend'], sub: PayPalSubscription) {
  const apiBase = `${b.baseUrl()}/paypal`;
  const payments = Object.values(b.store.data.paypalTransactions)
    .filter((t) => t.subscriptionId === sub.id)
    .sort((x, y) => x.createTime.localeCompare(y.createTime));
  const last = payments.at(-1);
  return {
    id: sub.id,
    plan_id: sub.planId,
    status: sub.status,
    quantity: sub.quantity ?? '1',
    plan_overridden: sub.planOverridden === true,
    ...(sub.customId ? { custom_id: sub.customId } : {}),
    ...(sub.createTime ? { create_time: sub.createTime, start_time: sub.startTime ?? sub.createTime } : {}),
    ...(sub.statusUpdateTime ? { status_update_time: sub.statusUpdateTime } : {}),
    ...(sub.statusChangeNote ? { status_change_note: sub.statusChangeNote } : {}),
    ...(sub.status === 'APPROVAL_PENDING'
      ? {}
      : {
          billing_info: {
            outstanding_balance: money('0.00'),
            failed_payments_count: sub.failedPayments ?? 0,
            ...(last ? { last_payment: { amount: money(last.amount, last.currency), time: last.createTime } } : {}),
            ...(sub.status === 'ACTIVE' ? { next_billing_time: nextBilling(b, sub, payments.length) } : {}),
          },
        }),
    links: [{ href: `${apiBase}/v1/billing/subscriptions/${sub.id}`, rel: 'self', method: 'GET' }],
  };
}

/** A merchant sees what it made or what pays it; anything else does not exist for it, as at PayPal. */
const visible = (caller: Caller, ...merchantIds: Array<string | undefined>) =>
  merchantIds.every((m) => m === undefined) || merchantIds.includes(caller.merchant.merchantId);

function findOrder(ctx: RequestContext, caller: Caller): PayPalOrder {
  const order = ctx.backend.store.data.paypalOrders[ctx.params.orderId ?? ''];
  if (!order || !visible(caller, order.creatorMerchantId, order.payee?.merchantId))
    throw new PayPalApiError(
      404,
      'INVALID_RESOURCE_ID',
      'Specified resource ID does not exist. Please check the resource ID and try again.',
    );
  return order;
}

function findSubscription(ctx: RequestContext, caller: Caller) {
  const sub = ctx.backend.store.data.paypalSubscriptions[ctx.params.subscriptionId ?? ''];
  if (!sub || !visible(caller, sub.merchantId))
    throw new PayPalApiError(404, 'INVALID_RESOURCE_ID', 'Requested resource ID was not found.');
  return sub;
}

function findTransaction(ctx: RequestContext, caller: Caller): PayPalTransaction {
  const tx = ctx.backend.store.data.paypalTransactions[ctx.params.captureId ?? ''];
  if (!tx || !visible(caller, tx.creatorMerchantId, tx.payee.merchantId))
    throw new PayPalApiError(
      404,
      'INVALID_RESOURCE_ID',
      'Specified resource ID does not exist. Please check the resource ID and try again.',
    );
  return tx;
}

/** A subscription action's required `reason` (cancel, suspend), 1 to 128 characters. */
function reasonOf(ctx: RequestContext, required: boolean): string | undefined {
  const reason = ctx.body.reason;
  if (reason === undefined && !required) return undefined;
  if (typeof reason !== 'string' || reason.length === 0) throw missing('/reason');
  if (reason.length > 128)
    throw new PayPalApiError(
      400,
      'INVALID_STRING_LENGTH',
      'The value of a field is either too short or too long.',
      '/reason',
    );
  return reason;
}

const statusInvalid = (action: string, should: string) =>
  new PayPalApiError(
    422,
    'SUBSCRIPTION_STATUS_INVALID',
    `Invalid subscription status for ${action} action; subscription status should be ${should}.`,
  );

/** Subscriptions v1's `quantity`: a whole number of 1 to 32 digits, as text. */
const QUANTITY = /^[1-9]\d{0,31}$/;

/**
 * What a create or revise body may set, checked as PayPal checks it: `plan_id`, `quantity`, and `plan` (an inline
 * override of the plan: its billing cycles' fixed price, payment preferences, taxes), which makes it
 * `plan_overridden`. The stand-in bills in USD only, as its orders.
 */
function subscriptionTerms(ctx: RequestContext): {
  planId: string;
  quantity?: string;
  price?: { value: string; currency: string };
  overridden: boolean;
} {
  const planId = ctx.body.plan_id;
  if (typeof planId !== 'string' || !planId) throw missing('/plan_id');
  if (!Object.values(ctx.backend.planIds).flat().includes(planId))
    throw new PayPalApiError(404, 'INVALID_RESOURCE_ID', 'Requested resource ID was not found.', '/plan_id');
  const quantity = ctx.body.quantity;
  if (quantity !== undefined && (typeof quantity !== 'string' || !QUANTITY.test(quantity)))
    throw new PayPalApiError(
      400,
      'INVALID_PARAMETER_SYNTAX',
      'The value of a field does not conform to the expected format.',
      '/quantity',
    );
  const plan = ctx.body.plan;
  if (plan === undefined) return { planId, ...(quantity ? { quantity } : {}), overridden: false };
  if (!plan || typeof plan !== 'object' || Array.isArray(plan))
    throw new PayPalApiError(
      400,
      'INVALID_PARAMETER_SYNTAX',
      'The value of a field does not conform to the expected format.',
      '/plan',
    );
  const cycles = (plan as { billing_cycles?: unknown }).billing_cycles;
  let price: { value: string; currency: string } | undefined;
  if (cycles !== undefined) {
    if (!Array.isArray(cycles))
      throw new PayPalApiError(
        400,
        'INVALID_PARAMETER_SYNTAX',
        'The value of a field does not conform to the expected format.',
        '/plan/billing_cycles',
      );
    for (const [i, cycle] of cycles.entries()) {
      const fixed = (cycle as { pricing_scheme?: { fixed_price?: { value?: unknown; currency_code?: unknown } } })
        ?.pricing_scheme?.fixed_price;
      if (!fixed) continue;
      const field = `/plan/billing_cycles/${i}/pricing_scheme/fixed_price`;
      if (typeof fixed.value !== 'string' || !AMOUNT.test(fixed.value))
        throw new PayPalApiError(
          400,
          'INVALID_PARAMETER_SYNTAX',
          'The value of a field does not conform to the expected format.',
          `${field}/value`,
        );
      if (fixed.currency_code !== 'USD')
        throw new PayPalApiError(
          422,
          'CURRENCY_NOT_SUPPORTED',
          'Currency code is not currently supported (this PayPal plays USD only).',
          `${field}/currency_code`,
        );
      price = { value: fixed.value, currency: fixed.currency_code };
    }
  }
  return { planId, ...(quantity ? { quantity } : {}), ...(price ? { price } : {}), overridden: true };
}

/** `start_time`: when the first cycle is billed; RFC 3339, not in the past (PayPal's default: now). */
function startTime(ctx: RequestContext, now: number): string | undefined {
  const value = ctx.body.start_time;
  if (value === undefined) return undefined;
  const t = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(t))
    throw new PayPalApiError(
      400,
      'INVALID_PARAMETER_SYNTAX',
      'The value of a field does not conform to the expected format.',
      '/start_time',
    );
  if (t < now - 60_000)
    throw new PayPalApiError(422, 'INVALID_PARAMETER_VALUE', 'Start time must be a future date.', '/start_time');
  return new Date(t).toISOString();
}

/** The plan's price: the portal's catalogue, by the plan ids it was given (a seeded P-SEED-<PLAN> too). */
function planPrice(b: RequestContext['backend'], planId: string): string {
  const key =
    Object.entries(b.planIds).find(([, ids]) => ids.includes(planId))?.[0] ?? /^P-SEED-(.+)$/.exec(planId)?.[1];
  return key === 'MONTHLY' || key === 'SIX_MONTH' || key === 'ANNUAL' ? planById(key).price : '0.00';
}

const subscriptionEvent = (b: RequestContext['backend'], type: string, sub: PayPalSubscription, summary: string) =>
  b.standIn.sender.emit(type, 'subscription', subscriptionBody(b, sub), summary, sub.customId, '2.0');

function changeStatus(b: RequestContext['backend'], sub: PayPalSubscription, status: PayPalSubscription['status']) {
  sub.status = status;
  sub.statusUpdateTime = iso(b);
}

/** The merchant of a subscription or a seeded one (made before merchants): the first merchant PayPal knows. */
function merchantOf(b: RequestContext['backend'], merchantId: string | undefined): Merchant {
  const all = [...b.standIn.merchants.values()];
  return all.find((m) => m.merchantId === merchantId) ?? all[0]!;
}

/** When PayPal bills next: at `start_time`, then one plan period after each cycle billed. */
function nextBilling(b: RequestContext['backend'], sub: PayPalSubscription, cycles: number): string {
  const start = new Date(sub.startTime ?? sub.createTime ?? 0);
  const key = Object.entries(b.planIds).find(([, ids]) => ids.includes(sub.planId))?.[0];
  const months = key === 'MONTHLY' || key === 'SIX_MONTH' || key === 'ANNUAL' ? billingMonths(key) : 1;
  start.setUTCMonth(start.getUTCMonth() + months * cycles);
  return start.toISOString();
}

/** What one cycle bills, as PayPal computes it: the price (the plan's, or an override's) times the quantity. */
function cycleAmount(b: RequestContext['backend'], sub: PayPalSubscription): { value: string; currency: string } {
  const price = sub.price ?? { value: planPrice(b, sub.planId), currency: 'USD' };
  const quantity = Number(sub.quantity ?? '1');
  return { value: ((Math.round(Number(price.value) * 100) * quantity) / 100).toFixed(2), currency: price.currency };
}

/** PayPal charges a subscription's cycle: a COMPLETED payment and PAYMENT.SALE.COMPLETED. */
function chargeCycle(b: RequestContext['backend'], sub: PayPalSubscription): PayPalTransaction {
  const now = iso(b);
  const merchant = merchantOf(b, sub.merchantId);
  const billed = cycleAmount(b, sub);
  const tx: PayPalTransaction = {
    id: paypalOrderId(),
    kind: 'sale',
    subscriptionId: sub.id,
    amount: billed.value,
    currency: billed.currency,
    status: 'COMPLETED',
    ...(sub.customId ? { customId: sub.customId } : {}),
    payee: { ...merchant },
    creatorMerchantId: merchant.merchantId,
    createTime: now,
    updateTime: now,
  };
  b.store.data.paypalTransactions[tx.id] = tx;
  sub.failedPayments = 0;
  b.standIn.sender.emit(
    'PAYMENT.SALE.COMPLETED',
    'sale',
    saleBody(tx, `${b.baseUrl()}/paypal`),
    `Payment completed for $ ${tx.amount} USD`,
    sub.customId,
  );
  return tx;
}

/**
 * What PayPal does at a subscription's next billing date (the harness plays it: POST /__harness/paypal {renew}): a
 * payment and PAYMENT.SALE.COMPLETED, or a failed one (BILLING.SUBSCRIPTION.PAYMENT.FAILED) and, at the failure
 * threshold, the subscription SUSPENDED (BILLING.SUBSCRIPTION.SUSPENDED), which only the payer can undo.
 */
export function renewSubscription(
  b: RequestContext['backend'],
  subscriptionId: string,
  outcome: 'paid' | 'failed',
): PayPalSubscription['status'] {
  const sub = b.store.data.paypalSubscriptions[subscriptionId];
  if (!sub) throw new Error(`no PayPal subscription ${subscriptionId}`);
  if (sub.status !== 'ACTIVE')
    throw new Error(`PayPal bills ACTIVE subscriptions only; ${subscriptionId} is ${sub.status}`);
  if (outcome === 'paid') chargeCycle(b, sub);
  else {
    sub.failedPayments = (sub.failedPayments ?? 0) + 1;
    subscriptionEvent(b, 'BILLING.SUBSCRIPTION.PAYMENT.FAILED', sub, 'Subscription payment failed');
    if (sub.failedPayments >= b.standIn.failureThreshold) {
      changeStatus(b, sub, 'SUSPENDED');
      sub.suspendedBy = 'payment-failure';
      subscriptionEvent(b, 'BILLING.SUBSCRIPTION.SUSPENDED', sub, 'Subscription suspended');
    }
  }
  b.store.save();
  return sub.status;
}

/** A dispute as Disputes v1 shows it (the fields this stand-in plays). */
function disputeBody(tx: PayPalTransaction) {
  const d = tx.dispute!;
  return {
    dispute_id: d.id,
    create_time: d.createTime,
    update_time: d.updateTime,
    disputed_transactions: [{ seller_transaction_id: tx.id, seller: { merchant_id: tx.payee.merchantId } }],
    reason: 'UNAUTHORISED',
    status: d.status,
    dispute_amount: money(tx.amount, tx.currency),
    ...(d.outcome ? { dispute_outcome: { outcome_code: d.outcome } } : {}),
    dispute_life_cycle_stage: 'CHARGEBACK',
    dispute_channel: 'EXTERNAL',
  };
}

/**
 * What the buyer's bank or PayPal does to a capture after it completed (the harness plays it: POST /__harness/paypal
 * {moneyBack: {id, how}}): `reverse`, a chargeback (PAYMENT.CAPTURE.REVERSED); `deny`, PayPal denies it
 * (PAYMENT.CAPTURE.DENIED); `dispute`, the buyer opens a dispute (CUSTOMER.DISPUTE.CREATED); `seller-wins`, that
 * dispute is resolved in the merchant's favour (CUSTOMER.DISPUTE.RESOLVED).
 */
export function moneyBack(
  b: RequestContext['backend'],
  captureId: string,
  how: 'reverse' | 'deny' | 'dispute' | 'seller-wins',
): PayPalTransaction['status'] {
  const tx = b.store.data.paypalTransactions[captureId];
  if (!tx) throw new Error(`no PayPal capture ${captureId}`);
  const now = iso(b);
  const apiBase = `${b.baseUrl()}/paypal`;
  if (how === 'dispute' || how === 'seller-wins') {
    if (how === 'dispute') tx.dispute ??= { id: `PP-D-${id('', 3)}`, status: 'OPEN', createTime: now, updateTime: now };
    else if (!tx.dispute) throw new Error(`no dispute on ${captureId}`);
    else Object.assign(tx.dispute, { status: 'RESOLVED', outcome: 'RESOLVED_SELLER_FAVOUR', updateTime: now });
    b.store.save();
    b.standIn.sender.emit(
      how === 'dispute' ? 'CUSTOMER.DISPUTE.CREATED' : 'CUSTOMER.DISPUTE.RESOLVED',
      'dispute',
      disputeBody(tx),
      how === 'dispute' ? 'A new dispute opened' : 'A dispute was resolved',
      tx.customId,
      '1.0',
    );
    return tx.status;
  }
  if (tx.status !== 'COMPLETED')
    throw new Error(`PayPal reverses or denies COMPLETED captures only; ${captureId} is ${tx.status}`);
  tx.status = how === 'reverse' ? 'REVERSED' : 'DECLINED';
  tx.updateTime = now;
  b.store.save();
  if (how === 'deny')
    b.standIn.sender.emit(
      'PAYMENT.CAPTURE.DENIED',
      'capture',
      captureBody(tx, apiBase),
      `A $ ${tx.amount} USD capture payment was denied`,
      tx.customId,
      '2.0',
    );
  else
    b.standIn.sender.emit(
      'PAYMENT.CAPTURE.REVERSED',
      'refund',
      {
        id: paypalOrderId(),
        status: 'COMPLETED',
        amount: money(`-${tx.amount}`, tx.currency),
        create_time: now,
        update_time: now,
        links: [{ href: `${apiBase}/v2/payments/captures/${tx.id}`, rel: 'up', method: 'GET' }],
      },
      `A $ ${tx.amount} USD capture payment was reversed`,
      tx.customId,
      '2.0',
    );
  return tx.status;
}

/** Transaction Search's event codes: T0006 PayPal Checkout capture, T0002 subscription payment, T1107 refund. */
function searchRows(b: RequestContext['backend'], merchantId: string, from: number, to: number, now: number) {
  const rows: Array<{ at: string; info: Record<string, unknown> }> = [];
  const seen = (at: string) => {
    const t = Date.parse(at);
    return t >= from && t <= to && now - t >= b.standIn.searchDelayMs;
  };
  for (const tx of Object.values(b.store.data.paypalTransactions)) {
    if (tx.payee.merchantId !== merchantId) continue;
    if (seen(tx.createTime))
      rows.push({
        at: tx.createTime,
        info: {
          paypal_account_id: merchantId,
          transaction_id: tx.id,
          paypal_reference_id: tx.kind === 'capture' ? tx.orderId : tx.subscriptionId,
          paypal_reference_id_type: tx.kind === 'capture' ? 'ODR' : 'SUB',
          transaction_event_code: tx.kind === 'capture' ? 'T0006' : 'T0002',
          transaction_initiation_date: tx.createTime,
          transaction_updated_date: tx.updateTime,
          transaction_amount: money(tx.amount, tx.currency),
          fee_amount: money(`-${fee(tx.amount)}`, tx.currency),
          // V: reversed (refunded, or taken back: a chargeback, a denial).
          transaction_status: tx.status === 'COMPLETED' ? 'S' : 'V',
          ...(tx.customId ? { custom_field: tx.customId } : {}),
          protection_eligibility: '01',
        },
      });
    if (tx.refundId && seen(tx.updateTime))
      rows.push({
        at: tx.updateTime,
        info: {
          paypal_account_id: merchantId,
          transaction_id: tx.refundId,
          paypal_reference_id: tx.id,
          paypal_reference_id_type: 'TXN',
          transaction_event_code: 'T1107',
          transaction_initiation_date: tx.updateTime,
          transaction_updated_date: tx.updateTime,
          transaction_amount: money(`-${tx.amount}`, tx.currency),
          transaction_status: 'S',
          ...(tx.customId ? { custom_field: tx.customId } : {}),
        },
      });
  }
  return rows.sort((x, y) => x.at.localeCompare(y.at));
}

/** Transaction Search's date parameters: RFC 3339 with seconds, at most 31 days apart. */
function searchDate(ctx: RequestContext, name: string): number {
  const value = ctx.url.searchParams.get(name);
  if (!value) throw missing(name);
  const t = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(value) || Number.isNaN(t))
    throw new PayPalApiError(
      400,
      'INVALID_PARAMETER_SYNTAX',
      'The value of a field does not conform to the expected format.',
      name,
    );
  return t;
}

const SEARCH_MAX_RANGE_MS = 31 * 86_400_000;

const certificateKeys = new Map<string, KeyObject>();

/** The public key of the certificate PayPal signs webhooks with, as a verifier reads it from PAYPAL-CERT-URL. */
function certificateKey(pem: string): KeyObject {
  let key = certificateKeys.get(pem);
  if (!key) certificateKeys.set(pem, (key = new X509Certificate(pem).publicKey));
  return key;
}

export const paypalRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/paypal/sdk/js',
    name: 'paypal-sdk',
    async handler(ctx) {
      const perBrowser = Number(cookie(ctx, FAIL_LOADS_COOKIE) ?? '0');
      if (Number.isInteger(perBrowser) && perBrowser > 0) {
        const left = perBrowser - 1;
        const setCookie = `${FAIL_LOADS_COOKIE}=${left}; Path=/; SameSite=Lax${left === 0 ? '; Max-Age=0' : ''}`;
        return { status: 503, text: 'PayPal SDK unavailable', headers: { 'set-cookie': setCookie } };
      }
      if (sdkControl.failLoads > 0 || ctx.url.searchParams.get('fail') === 'load') {
        sdkControl.failLoads = Math.max(0, sdkControl.failLoads - 1);
        return { status: 503, text: 'PayPal SDK unavailable' };
      }
      if (!ctx.url.searchParams.get('client-id'))
        return {
          status: 400,
          text: 'throw new Error("SDK Validation error: client-id missing")',
          type: 'text/javascript',
        };
      return { text: await standInSource(), type: 'text/javascript; charset=utf-8' };
    },
  },
  rest('POST', '/paypal/v2/checkout/orders', 'paypal-order-create', (ctx, caller) => {
    const intent = ctx.body.intent;
    if (intent === undefined) throw missing('/intent');
    if (intent !== 'CAPTURE')
      throw new PayPalApiError(422, 'INTENT_NOT_SUPPORTED', 'This PayPal plays intent CAPTURE only.', '/intent');
    const units = ctx.body.purchase_units;
    if (!Array.isArray(units) || units.length === 0) throw missing('/purchase_units');
    if (units.length > 10)
      throw new PayPalApiError(
        400,
        'INVALID_ARRAY_MAX_ITEMS',
        'The number of items in an array parameter is too large.',
        '/purchase_units',
      );
    const amounts = units.map((u, i) => unitAmount(ctx, u, i));
    const cents = amounts.reduce((sum, a) => sum + a.cents, 0);
    const orderId = paypalOrderId();
    const owner = amounts[0]?.customId;
    const payee = amounts[0]?.payee ?? caller.merchant;
    const order: PayPalOrder = {
      id: orderId,
      amount: (cents / 100).toFixed(2),
      currency: 'USD',
      description: amounts
        .map((a) => a.description)
        .filter(Boolean)
        .join('; '),
      status: 'CREATED',
      ...(owner ? { customId: owner } : {}),
      createTime: iso(ctx.backend),
      creatorMerchantId: caller.merchant.merchantId,
      payee: { merchantId: payee.merchantId, email: payee.email },
    };
    ctx.backend.store.data.paypalOrders[orderId] = order;
    ctx.backend.store.save();
    return { status: 201, json: orderBody(ctx.backend, order) };
  }),
  rest('GET', '/paypal/v2/checkout/orders/:orderId', 'paypal-order-get', (ctx, caller) => ({
    json: orderBody(ctx.backend, findOrder(ctx, caller)),
  })),
  // The buyer's approval, which real PayPal records in its own window; the stand-in's checkout panel calls it.
  rest('POST', '/paypal/v2/checkout/orders/:orderId/approve', 'paypal-order-approve', (ctx, caller) => {
    const order = findOrder(ctx, caller);
    if (order.status !== 'CREATED')
      throw new PayPalApiError(422, 'ORDER_ALREADY_APPROVED', 'The order was already approved.');
    order.status = 'APPROVED';
    order.payerId = id('', 6);
    order.declined = ctx.body.decline === true;
    ctx.backend.store.save();
    return { json: orderBody(ctx.backend, order) };
  }),
  rest('POST', '/paypal/v2/checkout/orders/:orderId/capture', 'paypal-order-capture', (ctx, caller) => {
    const b = ctx.backend;
    const order = findOrder(ctx, caller);
    if (order.status === 'COMPLETED')
      throw new PayPalApiError(
        422,
        'ORDER_ALREADY_CAPTURED',
        'Order already captured. If intent is CAPTURE, only one capture per order is allowed.',
      );
    if (order.status !== 'APPROVED')
      throw new PayPalApiError(422, 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
    if (order.declined) {
      throw new PayPalApiError(
        422,
        'INSTRUMENT_DECLINED',
        "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
      );
    }
    const now = iso(b);
    const payee = order.payee ?? merchantOf(b, undefined);
    const tx = completedCapture(order, paypalOrderId(), payee, now);
    b.store.data.paypalTransactions[tx.id] = tx;
    order.status = 'COMPLETED';
    order.captureId = tx.id;
    b.store.save();
    b.standIn.sender.emit(
      'PAYMENT.CAPTURE.COMPLETED',
      'capture',
      captureBody(tx, `${b.baseUrl()}/paypal`),
      `Payment completed for $ ${tx.amount} USD`,
      tx.customId,
      '2.0',
    );
    return { status: 201, json: orderBody(b, order) };
  }),
  rest('POST', '/paypal/v2/checkout/orders/:orderId/authorize', 'paypal-order-authorize', (ctx, caller) => {
    findOrder(ctx, caller);
    throw new PayPalApiError(
      422,
      'ACTION_DOES_NOT_MATCH_INTENT',
      "Order was created with an intent to 'CAPTURE'. Please use v2/checkout/orders/order_id/capture to complete the transaction or alternately Create an order with an intent of 'AUTHORIZE'.",
    );
  }),
  rest('GET', '/paypal/v2/payments/captures/:captureId', 'paypal-capture-get', (ctx, caller) => ({
    json: captureBody(findTransaction(ctx, caller), `${ctx.backend.baseUrl()}/paypal`),
  })),
  rest('GET', '/paypal/v1/payments/sale/:captureId', 'paypal-sale-get', (ctx, caller) => {
    const tx = findTransaction(ctx, caller);
    if (tx.kind !== 'sale')
      throw new PayPalApiError(404, 'INVALID_RESOURCE_ID', 'Requested resource ID was not found.');
    return { json: saleBody(tx, `${ctx.backend.baseUrl()}/paypal`) };
  }),
  // A full refund of a capture or a subscription payment, by the merchant it paid (or whose call made it).
  rest('POST', '/paypal/v2/payments/captures/:captureId/refund', 'paypal-capture-refund', (ctx, caller) => {
    const b = ctx.backend;
    const tx = findTransaction(ctx, caller);
    if (tx.status === 'REFUNDED')
      throw new PayPalApiError(422, 'CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded');
    const asked = ctx.body.amount as { value?: unknown } | undefined;
    if (asked !== undefined && asked?.value !== tx.amount)
      throw new PayPalApiError(
        422,
        'PARTIAL_REFUND_NOT_ALLOWED',
        'This PayPal stand-in plays full refunds only: leave out amount.',
        '/amount',
      );
    const note = typeof ctx.body.note_to_payer === 'string' ? ctx.body.note_to_payer : undefined;
    tx.status = 'REFUNDED';
    tx.refundId = paypalOrderId();
    tx.updateTime = iso(b);
    b.store.save();
    const apiBase = `${b.baseUrl()}/paypal`;
    const refund = {
      id: tx.refundId,
      status: 'COMPLETED',
      amount: money(tx.amount, tx.currency),
      ...(note ? { note_to_payer: note } : {}),
      ...(tx.customId ? { custom_id: tx.customId } : {}),
      create_time: tx.updateTime,
      update_time: tx.updateTime,
      links: [
        { href: `${apiBase}/v2/payments/refunds/${tx.refundId}`, rel: 'self', method: 'GET' },
        { href: `${apiBase}/v2/payments/captures/${tx.id}`, rel: 'up', method: 'GET' },
      ],
    };
    if (tx.kind === 'capture')
      b.standIn.sender.emit(
        'PAYMENT.CAPTURE.REFUNDED',
        'refund',
        refund,
        `A $ ${tx.amount} USD capture payment was refunded`,
        tx.customId,
        '2.0',
      );
    else
      b.standIn.sender.emit(
        'PAYMENT.SALE.REFUNDED',
        'refund',
        {
          id: tx.refundId,
          state: 'completed',
          amount: { total: `-${tx.amount}`, currency: tx.currency },
          sale_id: tx.id,
          create_time: tx.updateTime,
        },
        `A $ ${tx.amount} USD sale payment was refunded`,
        tx.customId,
      );
    return { status: 201, json: refund };
  }),
  rest('POST', '/paypal/v1/billing/subscriptions', 'paypal-subscription-create', (ctx, caller) => {
    const terms = subscriptionTerms(ctx);
    const owner = customId(ctx.body.custom_id, '/custom_id');
    const subscriptionId = paypalSubscriptionId();
    const now = iso(ctx.backend);
    const start = startTime(ctx, ctx.backend.clock());
    const sub: PayPalSubscription = {
      id: subscriptionId,
      planId: terms.planId,
      status: 'APPROVAL_PENDING',
      statusUpdateTime: now,
      createTime: now,
      merchantId: caller.merchant.merchantId,
      ...(owner ? { customId: owner } : {}),
      ...(terms.quantity ? { quantity: terms.quantity } : {}),
      ...(terms.price ? { price: terms.price } : {}),
      ...(terms.overridden ? { planOverridden: true } : {}),
      ...(start ? { startTime: start } : {}),
    };
    ctx.backend.store.data.paypalSubscriptions[subscriptionId] = sub;
    ctx.backend.store.save();
    return { status: 201, json: subscriptionBody(ctx.backend, sub) };
  }),
  rest('GET', '/paypal/v1/billing/subscriptions/:subscriptionId', 'paypal-subscription-get', (ctx, caller) => ({
    json: subscriptionBody(ctx.backend, findSubscription(ctx, caller)),
  })),
  // The merchant's cancel (the backend's, when a player cancels): PayPal stops billing for good. 204, as PayPal answers.
  rest(
    'POST',
    '/paypal/v1/billing/subscriptions/:subscriptionId/cancel',
    'paypal-subscription-cancel',
    (ctx, caller) => {
      const sub = findSubscription(ctx, caller);
      const reason = reasonOf(ctx, true);
      if (sub.status !== 'ACTIVE' && sub.status !== 'SUSPENDED') throw statusInvalid('cancel', 'active or suspended');
      changeStatus(ctx.backend, sub, 'CANCELLED');
      sub.statusChangeNote = reason;
      ctx.backend.store.save();
      subscriptionEvent(ctx.backend, 'BILLING.SUBSCRIPTION.CANCELLED', sub, 'Subscription cancelled');
      return { status: 204, text: '' };
    },
  ),
  // The merchant's suspend (the backend's pause): PayPal stops billing until the merchant activates it again.
  rest(
    'POST',
    '/paypal/v1/billing/subscriptions/:subscriptionId/suspend',
    'paypal-subscription-suspend',
    (ctx, caller) => {
      const sub = findSubscription(ctx, caller);
      const reason = reasonOf(ctx, true);
      if (sub.status !== 'ACTIVE') throw statusInvalid('suspend', 'active');
      changeStatus(ctx.backend, sub, 'SUSPENDED');
      sub.suspendedBy = 'merchant';
      sub.statusChangeNote = reason;
      ctx.backend.store.save();
      subscriptionEvent(ctx.backend, 'BILLING.SUBSCRIPTION.SUSPENDED', sub, 'Subscription suspended');
      return { status: 204, text: '' };
    },
  ),
  // The buyer's approval in PayPal's window; PayPal then activates the subscription and charges its first cycle.
  rest(
    'POST',
    '/paypal/v1/billing/subscriptions/:subscriptionId/approve',
    'paypal-subscription-approve',
    (ctx, caller) => {
      const b = ctx.backend;
      const sub = findSubscription(ctx, caller);
      if (sub.revision && (sub.status === 'ACTIVE' || sub.status === 'SUSPENDED')) {
        // The buyer consents to a revision: the new terms hold from now on.
        const { planId, quantity, price } = sub.revision;
        sub.planId = planId;
        sub.quantity = quantity ?? '1';
        if (price) sub.price = price;
        else delete sub.price;
        sub.planOverridden = price !== undefined || sub.planOverridden === true;
        delete sub.revision;
        b.store.save();
        subscriptionEvent(b, 'BILLING.SUBSCRIPTION.UPDATED', sub, 'Subscription updated');
        return { json: subscriptionBody(b, sub) };
      }
      if (sub.status !== 'APPROVAL_PENDING')
        throw new PayPalApiError(
          422,
          'SUBSCRIPTION_STATUS_INVALID',
          `Invalid subscription status for approve action; subscription status should be approval pending.`,
        );
      changeStatus(b, sub, 'ACTIVE');
      b.store.save();
      subscriptionEvent(b, 'BILLING.SUBSCRIPTION.ACTIVATED', sub, 'Subscription activated');
      // The first cycle is billed at start_time: now, or later (the harness plays that date: {renew}).
      if (!sub.startTime || Date.parse(sub.startTime) <= b.clock()) chargeCycle(b, sub);
      b.store.save();
      return { json: subscriptionBody(b, sub) };
    },
  ),
  // The merchant's activate (the backend's resume): only a subscription the merchant suspended.
  rest(
    'POST',
    '/paypal/v1/billing/subscriptions/:subscriptionId/activate',
    'paypal-subscription-activate',
    (ctx, caller) => {
      const sub = findSubscription(ctx, caller);
      const reason = reasonOf(ctx, false);
      if (sub.status !== 'SUSPENDED') throw statusInvalid('activate', 'suspended');
      if (sub.suspendedBy === 'payment-failure')
        throw new PayPalApiError(
          422,
          'SUBSCRIPTION_CANNOT_BE_ACTIVATED',
          'Subscription cannot be activated after payment failure threshold has reached.',
        );
      changeStatus(ctx.backend, sub, 'ACTIVE');
      delete sub.suspendedBy;
      if (reason) sub.statusChangeNote = reason;
      ctx.backend.store.save();
      subscriptionEvent(ctx.backend, 'BILLING.SUBSCRIPTION.RE-ACTIVATED', sub, 'Subscription re-activated');
      return { status: 204, text: '' };
    },
  ),
  // The merchant's (or the buyer's browser's, actions.subscription.revise) change of plan, quantity or price: it waits
  // for the buyer's consent (approve), then applies; later cycles bill the new terms.
  rest(
    'POST',
    '/paypal/v1/billing/subscriptions/:subscriptionId/revise',
    'paypal-subscription-revise',
    (ctx, caller) => {
      const sub = findSubscription(ctx, caller);
      if (sub.status !== 'ACTIVE' && sub.status !== 'SUSPENDED') throw statusInvalid('revise', 'active or suspended');
      const terms = subscriptionTerms(ctx);
      sub.revision = {
        planId: terms.planId,
        ...(terms.quantity ? { quantity: terms.quantity } : {}),
        ...(terms.price ? { price: terms.price } : {}),
      };
      ctx.backend.store.save();
      const apiBase = `${ctx.backend.baseUrl()}/paypal`;
      return {
        json: {
          plan_id: terms.planId,
          ...(terms.quantity ? { quantity: terms.quantity } : {}),
          plan_overridden: terms.overridden,
          links: [
            { href: `${apiBase}/v1/billing/subscriptions/${sub.id}/approve`, rel: 'approve', method: 'POST' },
            { href: `${apiBase}/v1/billing/subscriptions/${sub.id}`, rel: 'edit', method: 'PATCH' },
          ],
        },
      };
    },
  ),
  rest(
    'GET',
    '/paypal/v1/billing/subscriptions/:subscriptionId/transactions',
    'paypal-subscription-transactions',
    (ctx, caller) => {
      const sub = findSubscription(ctx, caller);
      const from = Date.parse(ctx.url.searchParams.get('start_time') ?? '');
      const to = Date.parse(ctx.url.searchParams.get('end_time') ?? '');
      if (Number.isNaN(from)) throw missing('start_time');
      if (Number.isNaN(to)) throw missing('end_time');
      const transactions = Object.values(ctx.backend.store.data.paypalTransactions)
        .filter(
          (t) => t.subscriptionId === sub.id && Date.parse(t.createTime) >= from && Date.parse(t.createTime) <= to,
        )
        .sort((x, y) => x.createTime.localeCompare(y.createTime))
        .map((t) => ({
          id: t.id,
          status: t.status,
          amount_with_breakdown: {
            gross_amount: money(t.amount, t.currency),
            fee_amount: money(fee(t.amount), t.currency),
            net_amount: money(
              ((Math.round(Number(t.amount) * 100) - Math.round(Number(fee(t.amount)) * 100)) / 100).toFixed(2),
              t.currency,
            ),
          },
          payer_name: { given_name: 'Stand-in', surname: 'Buyer' },
          payer_email: 'buyer@paypal.stand-in',
          time: t.createTime,
        }));
      return { json: { transactions, links: [] } };
    },
  ),
  // Transaction Search: the merchant's money movements, as long as they are old enough to appear (PayPal: up to 3 h).
  rest('GET', '/paypal/v1/reporting/transactions', 'paypal-transaction-search', (ctx, caller) => {
    const from = searchDate(ctx, 'start_date');
    const to = searchDate(ctx, 'end_date');
    if (to - from > SEARCH_MAX_RANGE_MS || to < from)
      throw new PayPalApiError(400, 'INVALID_REQUEST', 'The maximum supported date range is 31 days.', 'end_date');
    const pageSize = Math.min(500, Math.max(1, Number(ctx.url.searchParams.get('page_size') ?? '100') || 100));
    const page = Math.max(1, Number(ctx.url.searchParams.get('page') ?? '1') || 1);
    const rows = searchRows(ctx.backend, caller.merchant.merchantId, from, to, ctx.backend.clock());
    const totalPages = Math.max(1, Math.ceil(rows.length / pageSize));
    return {
      json: {
        transaction_details: rows
          .slice((page - 1) * pageSize, page * pageSize)
          .map((r) => ({ transaction_info: r.info })),
        account_number: caller.merchant.merchantId,
        start_date: new Date(from).toISOString(),
        end_date: new Date(to).toISOString(),
        last_refreshed_datetime: new Date(ctx.backend.clock() - ctx.backend.standIn.searchDelayMs).toISOString(),
        page,
        total_items: rows.length,
        total_pages: totalPages,
        links: [],
      },
    };
  }),
  // What a backend asks PayPal about a webhook delivery: was it signed by PayPal, for this webhook?
  rest('POST', '/paypal/v1/notifications/verify-webhook-signature', 'paypal-webhook-verify', (ctx) => {
    const body = ctx.body;
    for (const field of [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
    ]) {
      if (typeof body[field] !== 'string' || body[field] === '') throw missing(`/${field}`);
    }
    const event = body.webhook_event;
    if (!event || typeof event !== 'object') throw missing('/webhook_event');
    const standIn = ctx.backend.standIn;
    const text = (k: string) => body[k] as string;
    let ok =
      text('auth_algo') === AUTH_ALGO &&
      text('cert_url') === standIn.certUrl() &&
      text('webhook_id') === standIn.webhook.id;
    if (ok) {
      // PayPal checks the CRC of the event as it reads it, so a re-serialised body must match the one it sent.
      const message = signedString(
        text('transmission_id'),
        text('transmission_time'),
        text('webhook_id'),
        JSON.stringify(event),
      );
      const key = certificateKey(standIn.key.certificatePem);
      try {
        ok = verify('sha256', Buffer.from(message), key, Buffer.from(text('transmission_sig'), 'base64'));
      } catch {
        ok = false;
      }
    }
    return { json: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
  }),
  // A webhook event as PayPal keeps it: the backend acts on this, not on the body a delivery carried.
  rest('GET', '/paypal/v1/notifications/webhooks-events/:eventId', 'paypal-webhook-event', (ctx) => {
    const found = ctx.backend.standIn.sender.deliveries.find((d) => d.event.id === ctx.params.eventId);
    if (!found) throw new PayPalApiError(404, 'INVALID_RESOURCE_ID', 'Requested resource ID was not found.');
    return { json: found.event };
  }),
  rest('GET', '/paypal/v1/customer/disputes/:disputeId', 'paypal-dispute-get', (ctx, caller) => {
    const tx = Object.values(ctx.backend.store.data.paypalTransactions).find(
      (t) => t.dispute?.id === ctx.params.disputeId && visible(caller, t.creatorMerchantId, t.payee.merchantId),
    );
    if (!tx?.dispute) throw new PayPalApiError(404, 'INVALID_RESOURCE_ID', 'Requested resource ID was not found.');
    return { json: disputeBody(tx) };
  }),
  {
    // The certificate named in PAYPAL-CERT-URL; public, as PayPal's.
    method: 'GET',
    path: '/paypal/v1/notifications/certs/:certId',
    name: 'paypal-webhook-cert',
    handler(ctx) {
      const key = ctx.backend.standIn.key;
      if (ctx.params.certId !== key.certId) return { status: 404, text: 'Not found' };
      return { text: key.certificatePem, type: 'application/x-pem-file' };
    },
  },
];

/** PayPal's default payment_failure_threshold of a plan: failed payments in a row before it suspends a subscription. */
export const PAYMENT_FAILURE_THRESHOLD = 3;
