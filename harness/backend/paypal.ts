// PayPal's side, played locally: the JS SDK stand-in at /paypal/sdk/js and the REST calls it makes (orders, subscriptions).
import { build } from 'esbuild';
import { join } from 'node:path';
import { projectRoot } from '../paths';
import { HttpError, type RequestContext, type RouteDef } from './server';
import { id } from './store';

let sdkSource: Promise<string> | null = null;

/** The stand-in bundled once from harness/paypal-sdk/stand-in.ts. */
function standInSource(): Promise<string> {
  sdkSource ??= build({
    entryPoints: [join(projectRoot(), 'harness/paypal-sdk/stand-in.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    minify: false,
    logLevel: 'silent',
  }).then((r) => r.outputFiles[0]!.text);
  return sdkSource;
}

/** Set by a test to make the SDK fail to load (the portal's fallback path). */
export const sdkControl = { failLoads: 0 };

function clientId(ctx: RequestContext): string {
  const header = ctx.req.headers['paypal-client-id'];
  if (typeof header !== 'string' || !header) throw new HttpError(401, 'AUTHENTICATION_FAILURE: client id missing');
  return header;
}

function amountOf(unit: unknown): { value: string; currency: string; description: string } {
  if (!unit || typeof unit !== 'object') throw new HttpError(422, 'INVALID_PARAMETER_VALUE: purchase_units[0]');
  const u = unit as Record<string, unknown>;
  const amount = (u.amount ?? {}) as Record<string, unknown>;
  if (typeof amount.value !== 'string' || !/^\d+\.\d{2}$/.test(amount.value)) throw new HttpError(422, 'DECIMAL_PRECISION: amount.value must have 2 decimals');
  if (amount.currency_code !== 'USD') throw new HttpError(422, 'CURRENCY_NOT_SUPPORTED: currency_code must be USD');
  return { value: amount.value, currency: amount.currency_code, description: typeof u.description === 'string' ? u.description : '' };
}

export const paypalRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/paypal/sdk/js',
    name: 'paypal-sdk',
    async handler(ctx) {
      if (sdkControl.failLoads > 0 || ctx.url.searchParams.get('fail') === 'load') {
        sdkControl.failLoads = Math.max(0, sdkControl.failLoads - 1);
        return { status: 503, text: 'PayPal SDK unavailable' };
      }
      if (!ctx.url.searchParams.get('client-id')) return { status: 400, text: 'throw new Error("SDK Validation error: client-id missing")', type: 'text/javascript' };
      return { text: await standInSource(), type: 'text/javascript; charset=utf-8' };
    },
  },
  {
    method: 'POST',
    path: '/paypal/v2/checkout/orders',
    name: 'paypal-order-create',
    handler(ctx) {
      clientId(ctx);
      if (ctx.body.intent !== 'CAPTURE') throw new HttpError(422, 'INVALID_PARAMETER_VALUE: intent must be CAPTURE');
      const units = ctx.body.purchase_units;
      if (!Array.isArray(units) || units.length !== 1) throw new HttpError(422, 'INVALID_PARAMETER_VALUE: exactly one purchase unit');
      const amount = amountOf(units[0]);
      const orderId = id('ORDER-', 8);
      ctx.backend.store.data.paypalOrders[orderId] = { id: orderId, amount: amount.value, currency: amount.currency, description: amount.description, status: 'CREATED' };
      ctx.backend.store.save();
      return { status: 201, json: { id: orderId, status: 'CREATED' } };
    },
  },
  {
    method: 'POST',
    path: '/paypal/v2/checkout/orders/:orderId/capture',
    name: 'paypal-order-capture',
    handler(ctx) {
      clientId(ctx);
      const order = ctx.backend.store.data.paypalOrders[ctx.params.orderId ?? ''];
      if (!order) throw new HttpError(404, 'RESOURCE_NOT_FOUND: order');
      if (order.status === 'COMPLETED') throw new HttpError(422, 'ORDER_ALREADY_CAPTURED');
      order.status = 'COMPLETED';
      ctx.backend.store.save();
      return {
        status: 201,
        json: {
          id: order.id,
          status: 'COMPLETED',
          purchase_units: [{ description: order.description, payments: { captures: [{ id: id('CAP-', 6), status: 'COMPLETED', amount: { currency_code: order.currency, value: order.amount } }] } }],
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/paypal/v1/billing/subscriptions',
    name: 'paypal-subscription-create',
    handler(ctx) {
      clientId(ctx);
      const planId = ctx.body.plan_id;
      if (typeof planId !== 'string' || !planId) throw new HttpError(422, 'INVALID_PARAMETER_VALUE: plan_id is required');
      if (!Object.values(ctx.backend.planIds).includes(planId)) throw new HttpError(404, `RESOURCE_NOT_FOUND: plan ${planId}`);
      const subscriptionId = id('I-', 6);
      ctx.backend.store.data.paypalSubscriptions[subscriptionId] = { id: subscriptionId, planId, status: 'APPROVAL_PENDING' };
      ctx.backend.store.save();
      return { status: 201, json: { id: subscriptionId, status: 'APPROVAL_PENDING' } };
    },
  },
  {
    method: 'POST',
    path: '/paypal/v1/billing/subscriptions/:subscriptionId/approve',
    name: 'paypal-subscription-approve',
    handler(ctx) {
      clientId(ctx);
      const sub = ctx.backend.store.data.paypalSubscriptions[ctx.params.subscriptionId ?? ''];
      if (!sub) throw new HttpError(404, 'RESOURCE_NOT_FOUND: subscription');
      sub.status = 'ACTIVE';
      ctx.backend.store.save();
      return { json: { id: sub.id, status: sub.status } };
    },
  },
];
