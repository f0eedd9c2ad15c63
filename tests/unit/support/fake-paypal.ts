// An in-memory PayPal REST side for unit tests of the SDK stand-in and the portal's PayPal module.
import type { CreateOrderRequestBody, CreateSubscriptionRequestBody, OrderResponseBody } from '@paypal/paypal-js';
import { PayPalRestError, type PayPalRest, type SubscriptionResource } from '../../../harness/paypal/sdk/rest';

export interface FakePayPal extends PayPalRest {
  orders: Map<
    string,
    { body: CreateOrderRequestBody; status: 'CREATED' | 'APPROVED' | 'COMPLETED'; declined: boolean }
  >;
  subscriptions: Map<string, SubscriptionResource>;
  calls: string[];
}

export function fakePayPal(): FakePayPal {
  let n = 0;
  const orders: FakePayPal['orders'] = new Map();
  const subscriptions: FakePayPal['subscriptions'] = new Map();
  /** Revisions waiting for the buyer's approval: subscription id to the plan id it moves to. */
  const revisions = new Map<string, string>();
  const calls: string[] = [];
  const order = (id: string): OrderResponseBody => {
    const o = orders.get(id);
    if (!o) throw new PayPalRestError(404, 'INVALID_RESOURCE_ID', 'no order');
    return {
      id,
      intent: 'CAPTURE',
      status: o.status,
      purchase_units: o.body.purchase_units.map((u) => ({ description: u.description, amount: u.amount })),
    } as OrderResponseBody;
  };
  return {
    orders,
    subscriptions,
    calls,
    async createOrder(body) {
      calls.push('createOrder');
      const id = `ORDER${++n}`;
      orders.set(id, { body, status: 'CREATED', declined: false });
      return { ...order(id), id };
    },
    async getOrder(id) {
      return order(id);
    },
    async approveOrder(id, options) {
      calls.push(`approveOrder ${id}`);
      const o = orders.get(id)!;
      o.status = 'APPROVED';
      o.declined = options?.decline === true;
      return { ...order(id), payer: { payer_id: 'PAYER1' } } as OrderResponseBody;
    },
    async captureOrder(id) {
      calls.push(`captureOrder ${id}`);
      const o = orders.get(id)!;
      if (o.status !== 'APPROVED')
        throw new PayPalRestError(422, 'ORDER_NOT_APPROVED', 'ORDER_NOT_APPROVED: not approved');
      if (o.declined) throw new PayPalRestError(422, 'INSTRUMENT_DECLINED', 'INSTRUMENT_DECLINED: declined');
      o.status = 'COMPLETED';
      const u = o.body.purchase_units[0]!;
      return {
        ...order(id),
        purchase_units: [
          { amount: u.amount, payments: { captures: [{ id: 'CAP1', status: 'COMPLETED', amount: u.amount }] } },
        ],
      } as OrderResponseBody;
    },
    async authorizeOrder() {
      throw new PayPalRestError(422, 'ACTION_DOES_NOT_MATCH_INTENT', 'ACTION_DOES_NOT_MATCH_INTENT');
    },
    async createSubscription(body: CreateSubscriptionRequestBody) {
      calls.push(`createSubscription ${body.plan_id}${body.custom_id ? ` for ${body.custom_id}` : ''}`);
      if (body.plan_id === 'P-UNKNOWN')
        throw new PayPalRestError(404, 'INVALID_RESOURCE_ID', 'INVALID_RESOURCE_ID: plan');
      const sub = { id: `I-SUB${++n}`, plan_id: body.plan_id, status: 'APPROVAL_PENDING' };
      subscriptions.set(sub.id, sub);
      return sub;
    },
    async getSubscription(id) {
      return subscriptions.get(id)!;
    },
    async approveSubscription(id) {
      calls.push(`approveSubscription ${id}`);
      const sub = subscriptions.get(id)!;
      // The buyer's consent to a revision: its plan holds from now on.
      const revised = revisions.get(id);
      if (revised !== undefined) sub.plan_id = revised;
      revisions.delete(id);
      sub.status = 'ACTIVE';
      return sub;
    },
    async activateSubscription() {
      throw new PayPalRestError(422, 'SUBSCRIPTION_STATUS_INVALID', 'SUBSCRIPTION_STATUS_INVALID');
    },
    async reviseSubscription(id, body) {
      calls.push(`reviseSubscription ${id} to ${body.plan_id ?? 'its plan'}`);
      const sub = subscriptions.get(id);
      if (!sub) throw new PayPalRestError(404, 'RESOURCE_NOT_FOUND', 'RESOURCE_NOT_FOUND: subscription');
      if (sub.status !== 'ACTIVE')
        throw new PayPalRestError(422, 'SUBSCRIPTION_STATUS_INVALID', 'SUBSCRIPTION_STATUS_INVALID');
      const revision = { plan_id: body.plan_id ?? sub.plan_id ?? '', plan_overridden: body.plan !== undefined };
      revisions.set(id, revision.plan_id);
      return revision;
    },
  };
}

/** The SDK URL @paypal/paypal-js builds for these options (kebab-case query). */
export function sdkUrl(query: Record<string, string>): string {
  return `http://127.0.0.1:8787/paypal/sdk/js?${new URLSearchParams(query).toString()}`;
}
