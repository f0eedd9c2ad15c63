// Orders v2 (/v2/checkout/orders): create, read, the buyer's approval (PayPal's window, played by the SDK stand-in),
// capture; intent CAPTURE and USD only, each purchase unit checked as PayPal checks it.
import { id } from '../records';
import { captureBody } from './payments';
import type { Merchant } from './merchants';
import {
  AMOUNT,
  badSyntax,
  customId,
  iso,
  merchantOf,
  missing,
  money,
  PayPalApiError,
  rest,
  visible,
  type Caller,
  type PayPal,
  type PayPalRequest,
  type PayPalRoute,
} from './rest';
import { completedCapture, paypalOrderId, type PayPalOrder } from './store';

/** A purchase unit's `payee`: one of the merchants PayPal knows, by merchant_id or email_address. */
function payeeOf(ctx: PayPalRequest, value: unknown, i: number): Merchant | undefined {
  if (value === undefined) return undefined;
  const p = (value && typeof value === 'object' ? value : {}) as { merchant_id?: unknown; email_address?: unknown };
  const found = [...ctx.paypal.merchants.values()].find(
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
  ctx: PayPalRequest,
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
  if (typeof a.value !== 'string') throw badSyntax(`/purchase_units/${i}/amount/value`);
  if (/\.\d{3,}$/.test(a.value)) {
    throw new PayPalApiError(
      422,
      'DECIMAL_PRECISION',
      'If the currency supports decimals, only two decimal place precision is supported.',
      `/purchase_units/${i}/amount/value`,
    );
  }
  if (!AMOUNT.test(a.value)) throw badSyntax(`/purchase_units/${i}/amount/value`);
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

/** The order as PayPal's GET shows it: its purchase unit with `custom_id` and `payee`, and the capture once captured. */
function orderBody(p: PayPal, order: PayPalOrder) {
  const apiBase = `${p.apiBase()}`;
  const tx = order.captureId ? p.store.data.transactions[order.captureId] : undefined;
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

function findOrder(ctx: PayPalRequest, caller: Caller): PayPalOrder {
  const order = ctx.paypal.store.data.orders[ctx.params.orderId ?? ''];
  if (!order || !visible(caller, order.creatorMerchantId, order.payee?.merchantId))
    throw new PayPalApiError(
      404,
      'INVALID_RESOURCE_ID',
      'Specified resource ID does not exist. Please check the resource ID and try again.',
    );
  return order;
}

export const orderRoutes: PayPalRoute[] = [
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
      createTime: iso(ctx.paypal),
      creatorMerchantId: caller.merchant.merchantId,
      payee: { merchantId: payee.merchantId, email: payee.email },
    };
    ctx.paypal.store.data.orders[orderId] = order;
    ctx.paypal.store.save();
    return { status: 201, json: orderBody(ctx.paypal, order) };
  }),
  rest('GET', '/paypal/v2/checkout/orders/:orderId', 'paypal-order-get', (ctx, caller) => ({
    json: orderBody(ctx.paypal, findOrder(ctx, caller)),
  })),
  // The buyer's approval, which real PayPal records in its own window; the stand-in's checkout panel calls it.
  rest('POST', '/paypal/v2/checkout/orders/:orderId/approve', 'paypal-order-approve', (ctx, caller) => {
    const order = findOrder(ctx, caller);
    if (order.status !== 'CREATED')
      throw new PayPalApiError(422, 'ORDER_ALREADY_APPROVED', 'The order was already approved.');
    order.status = 'APPROVED';
    order.payerId = id('', 6);
    order.declined = ctx.body.decline === true;
    ctx.paypal.store.save();
    return { json: orderBody(ctx.paypal, order) };
  }),
  rest('POST', '/paypal/v2/checkout/orders/:orderId/capture', 'paypal-order-capture', (ctx, caller) => {
    const p = ctx.paypal;
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
    const now = iso(p);
    const payee = order.payee ?? merchantOf(p, undefined);
    const tx = completedCapture(order, paypalOrderId(), payee, now);
    p.store.data.transactions[tx.id] = tx;
    order.status = 'COMPLETED';
    order.captureId = tx.id;
    p.store.save();
    p.sender.emit(
      'PAYMENT.CAPTURE.COMPLETED',
      'capture',
      captureBody(tx, `${p.apiBase()}`),
      `Payment completed for $ ${tx.amount} USD`,
      tx.customId,
      '2.0',
    );
    return { status: 201, json: orderBody(p, order) };
  }),
  rest('POST', '/paypal/v2/checkout/orders/:orderId/authorize', 'paypal-order-authorize', (ctx, caller) => {
    findOrder(ctx, caller);
    throw new PayPalApiError(
      422,
      'ACTION_DOES_NOT_MATCH_INTENT',
      "Order was created with an intent to 'CAPTURE'. Please use v2/checkout/orders/order_id/capture to complete the transaction or alternately Create an order with an intent of 'AUTHORIZE'.",
    );
  }),
];
