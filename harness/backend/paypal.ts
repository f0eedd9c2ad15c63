// PayPal's side, played locally: the JS SDK stand-in at /paypal/sdk/js and the REST calls it makes (orders, subscriptions).
// Errors have PayPal's shape ({name, message, debug_id, details: [{issue, description}]}) and its issue names.
import { join } from 'node:path';
import { projectRoot } from '../paths';
import type { Reply, RequestContext, RouteDef } from './http';
import { id, paypalOrderId, paypalSubscriptionId, type PayPalOrder, type PayPalSubscription } from './store';

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
  for (const part of (ctx.req.headers.cookie ?? '').split(';')) {
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
  404: { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' },
  422: {
    name: 'UNPROCESSABLE_ENTITY',
    message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
  },
};

/** A PayPal REST error, turned into PayPal's error body by `rest()`. */
class PayPalApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 422,
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

/** A REST route: checks the client id, maps PayPalApiError to PayPal's error body. */
function rest(
  method: RouteDef['method'],
  path: string,
  name: string,
  handler: (ctx: RequestContext) => Reply,
): RouteDef {
  return {
    method,
    path,
    name,
    handler(ctx) {
      try {
        const header = ctx.req.headers['paypal-client-id'];
        if (typeof header !== 'string' || !header)
          throw new PayPalApiError(401, 'invalid_client', 'Client Authentication failed');
        return handler(ctx);
      } catch (error) {
        if (error instanceof PayPalApiError) return errorReply(error);
        throw error;
      }
    },
  };
}

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

/** The amount of one purchase unit, checked as PayPal's Orders API checks it. */
function unitAmount(
  unit: unknown,
  i: number,
): { cents: number; currency: string; description: string; customId: string | undefined } {
  if (!unit || typeof unit !== 'object')
    throw new PayPalApiError(
      400,
      'INVALID_PARAMETER_SYNTAX',
      'purchase unit must be an object',
      `/purchase_units/${i}`,
    );
  const u = unit as Record<string, unknown>;
  const amount = u.amount;
  if (!amount || typeof amount !== 'object')
    throw new PayPalApiError(
      400,
      'MISSING_REQUIRED_PARAMETER',
      'A required field / parameter is missing.',
      `/purchase_units/${i}/amount`,
    );
  const a = amount as Record<string, unknown>;
  if (typeof a.currency_code !== 'string')
    throw new PayPalApiError(
      400,
      'MISSING_REQUIRED_PARAMETER',
      'A required field / parameter is missing.',
      `/purchase_units/${i}/amount/currency_code`,
    );
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
  return {
    cents,
    currency: a.currency_code,
    description,
    customId: customId(u.custom_id, `/purchase_units/${i}/custom_id`),
  };
}

function captureBody(order: PayPalOrder) {
  return {
    id: order.captureId,
    status: 'COMPLETED',
    amount: { currency_code: order.currency, value: order.amount },
    final_capture: true,
    ...(order.customId ? { custom_id: order.customId } : {}),
  };
}

/** The order as PayPal's GET shows it: its purchase unit with `custom_id`, and the capture once captured. */
function orderBody(order: PayPalOrder) {
  return {
    id: order.id,
    intent: 'CAPTURE',
    status: order.status,
    purchase_units: [
      {
        reference_id: 'default',
        description: order.description,
        ...(order.customId ? { custom_id: order.customId } : {}),
        amount: { currency_code: order.currency, value: order.amount },
        ...(order.status === 'COMPLETED' && order.captureId ? { payments: { captures: [captureBody(order)] } } : {}),
      },
    ],
    ...(order.payerId ? { payer: { payer_id: order.payerId } } : {}),
    links: [{ href: `/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' }],
  };
}

/** The subscription as PayPal's GET shows it (the fields this stand-in plays). */
function subscriptionBody(sub: PayPalSubscription) {
  return {
    id: sub.id,
    plan_id: sub.planId,
    status: sub.status,
    ...(sub.customId ? { custom_id: sub.customId } : {}),
    ...(sub.statusUpdateTime ? { status_update_time: sub.statusUpdateTime } : {}),
    ...(sub.statusChangeNote ? { status_change_note: sub.statusChangeNote } : {}),
    links: [{ href: `/v1/billing/subscriptions/${sub.id}`, rel: 'self', method: 'GET' }],
  };
}

function findOrder(ctx: RequestContext): PayPalOrder {
  const order = ctx.backend.store.data.paypalOrders[ctx.params.orderId ?? ''];
  if (!order)
    throw new PayPalApiError(
      404,
      'INVALID_RESOURCE_ID',
      'Specified resource ID does not exist. Please check the resource ID and try again.',
    );
  return order;
}

function findSubscription(ctx: RequestContext) {
  const sub = ctx.backend.store.data.paypalSubscriptions[ctx.params.subscriptionId ?? ''];
  if (!sub) throw new PayPalApiError(404, 'INVALID_RESOURCE_ID', 'Requested resource ID was not found.');
  return sub;
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
  rest('POST', '/paypal/v2/checkout/orders', 'paypal-order-create', (ctx) => {
    const intent = ctx.body.intent;
    if (intent === undefined)
      throw new PayPalApiError(
        400,
        'MISSING_REQUIRED_PARAMETER',
        'A required field / parameter is missing.',
        '/intent',
      );
    if (intent !== 'CAPTURE')
      throw new PayPalApiError(422, 'INTENT_NOT_SUPPORTED', 'This PayPal plays intent CAPTURE only.', '/intent');
    const units = ctx.body.purchase_units;
    if (!Array.isArray(units) || units.length === 0)
      throw new PayPalApiError(
        400,
        'MISSING_REQUIRED_PARAMETER',
        'A required field / parameter is missing.',
        '/purchase_units',
      );
    if (units.length > 10)
      throw new PayPalApiError(
        400,
        'INVALID_ARRAY_MAX_ITEMS',
        'The number of items in an array parameter is too large.',
        '/purchase_units',
      );
    const amounts = units.map(unitAmount);
    const cents = amounts.reduce((sum, a) => sum + a.cents, 0);
    const orderId = paypalOrderId();
    const owner = amounts[0]?.customId;
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
    };
    ctx.backend.store.data.paypalOrders[orderId] = order;
    ctx.backend.store.save();
    return { status: 201, json: orderBody(order) };
  }),
  rest('GET', '/paypal/v2/checkout/orders/:orderId', 'paypal-order-get', (ctx) => ({
    json: orderBody(findOrder(ctx)),
  })),
  // The buyer's approval, which real PayPal records in its own window; the stand-in's checkout panel calls it.
  rest('POST', '/paypal/v2/checkout/orders/:orderId/approve', 'paypal-order-approve', (ctx) => {
    const order = findOrder(ctx);
    if (order.status !== 'CREATED')
      throw new PayPalApiError(422, 'ORDER_ALREADY_APPROVED', 'The order was already approved.');
    order.status = 'APPROVED';
    order.payerId = id('', 6);
    order.declined = ctx.body.decline === true;
    ctx.backend.store.save();
    return { json: orderBody(order) };
  }),
  rest('POST', '/paypal/v2/checkout/orders/:orderId/capture', 'paypal-order-capture', (ctx) => {
    const order = findOrder(ctx);
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
    order.status = 'COMPLETED';
    order.captureId = paypalOrderId();
    ctx.backend.store.save();
    return { status: 201, json: orderBody(order) };
  }),
  rest('POST', '/paypal/v2/checkout/orders/:orderId/authorize', 'paypal-order-authorize', (ctx) => {
    findOrder(ctx);
    throw new PayPalApiError(
      422,
      'ACTION_DOES_NOT_MATCH_INTENT',
      "Order was created with an intent to 'CAPTURE'. Please use v2/checkout/orders/order_id/capture to complete the transaction or alternately Create an order with an intent of 'AUTHORIZE'.",
    );
  }),
  rest('POST', '/paypal/v1/billing/subscriptions', 'paypal-subscription-create', (ctx) => {
    const planId = ctx.body.plan_id;
    if (typeof planId !== 'string' || !planId)
      throw new PayPalApiError(
        400,
        'MISSING_REQUIRED_PARAMETER',
        'A required field / parameter is missing.',
        '/plan_id',
      );
    if (!Object.values(ctx.backend.planIds).flat().includes(planId))
      throw new PayPalApiError(404, 'INVALID_RESOURCE_ID', 'Requested resource ID was not found.', '/plan_id');
    const owner = customId(ctx.body.custom_id, '/custom_id');
    const subscriptionId = paypalSubscriptionId();
    const sub: PayPalSubscription = {
      id: subscriptionId,
      planId,
      status: 'APPROVAL_PENDING',
      statusUpdateTime: new Date().toISOString(),
      ...(owner ? { customId: owner } : {}),
    };
    ctx.backend.store.data.paypalSubscriptions[subscriptionId] = sub;
    ctx.backend.store.save();
    return { status: 201, json: subscriptionBody(sub) };
  }),
  rest('GET', '/paypal/v1/billing/subscriptions/:subscriptionId', 'paypal-subscription-get', (ctx) => ({
    json: subscriptionBody(findSubscription(ctx)),
  })),
  // The merchant's cancel (the backend's, when a player cancels): PayPal stops billing. 204, as PayPal answers.
  rest('POST', '/paypal/v1/billing/subscriptions/:subscriptionId/cancel', 'paypal-subscription-cancel', (ctx) => {
    const sub = findSubscription(ctx);
    const reason = ctx.body.reason;
    if (typeof reason !== 'string' || reason.length === 0)
      throw new PayPalApiError(
        400,
        'MISSING_REQUIRED_PARAMETER',
        'A required field / parameter is missing.',
        '/reason',
      );
    if (reason.length > 128)
      throw new PayPalApiError(
        400,
        'INVALID_STRING_LENGTH',
        'The value of a field is either too short or too long.',
        '/reason',
      );
    if (sub.status !== 'ACTIVE')
      throw new PayPalApiError(
        422,
        'SUBSCRIPTION_STATUS_INVALID',
        `Invalid subscription status for cancel action; subscription status should be active or suspended, it is ${sub.status}.`,
      );
    sub.status = 'CANCELLED';
    sub.statusChangeNote = reason;
    sub.statusUpdateTime = new Date().toISOString();
    ctx.backend.store.save();
    return { status: 204, text: '' };
  }),
  // The buyer's approval in PayPal's window; PayPal then activates the subscription on its own.
  rest('POST', '/paypal/v1/billing/subscriptions/:subscriptionId/approve', 'paypal-subscription-approve', (ctx) => {
    const sub = findSubscription(ctx);
    if (sub.status !== 'APPROVAL_PENDING')
      throw new PayPalApiError(
        422,
        'SUBSCRIPTION_STATUS_INVALID',
        `Invalid subscription status for approve action; subscription status is ${sub.status}.`,
      );
    sub.status = 'ACTIVE';
    sub.statusUpdateTime = new Date().toISOString();
    ctx.backend.store.save();
    return { json: subscriptionBody(sub) };
  }),
  rest('POST', '/paypal/v1/billing/subscriptions/:subscriptionId/activate', 'paypal-subscription-activate', (ctx) => {
    const sub = findSubscription(ctx);
    throw new PayPalApiError(
      422,
      'SUBSCRIPTION_STATUS_INVALID',
      `Invalid subscription status for activate action; subscription status should be suspended, it is ${sub.status}.`,
    );
  }),
];
