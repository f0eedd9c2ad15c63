// Billing subscriptions v1 (/v1/billing/subscriptions): create (what a browser may send: quantity, an inline plan
// override, start_time), read, the buyer's approval, cancel, suspend, activate, revise, and the payments of each
// cycle; and what PayPal does on its own at a billing date (renewSubscription): charge the cycle, or fail and, at the
// threshold, suspend.
import { billingMonths, isPaidPlan, planById } from '../../src/domain/plans';
import { saleBody } from './payments';
import {
  AMOUNT,
  badSyntax,
  customId,
  fee,
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
import { paypalOrderId, paypalSubscriptionId, type PayPalSubscription, type PayPalTransaction } from './store';

/** The subscription as PayPal's GET shows it (the fields this stand-in plays). */
function subscriptionBody(p: PayPal, sub: PayPalSubscription) {
  const apiBase = `${p.apiBase()}`;
  const payments = Object.values(p.store.data.transactions)
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
            ...(sub.status === 'ACTIVE' ? { next_billing_time: nextBilling(p, sub, payments.length) } : {}),
          },
        }),
    links: [{ href: `${apiBase}/v1/billing/subscriptions/${sub.id}`, rel: 'self', method: 'GET' }],
  };
}

function findSubscription(ctx: PayPalRequest, caller: Caller) {
  const sub = ctx.paypal.store.data.subscriptions[ctx.params.subscriptionId ?? ''];
  if (!sub || !visible(caller, sub.merchantId))
    throw new PayPalApiError(404, 'INVALID_RESOURCE_ID', 'Requested resource ID was not found.');
  return sub;
}

/** A subscription action's required `reason` (cancel, suspend), 1 to 128 characters. */
function reasonOf(ctx: PayPalRequest, required: boolean): string | undefined {
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
function subscriptionTerms(ctx: PayPalRequest): {
  planId: string;
  quantity?: string;
  price?: { value: string; currency: string };
  overridden: boolean;
} {
  const planId = ctx.body.plan_id;
  if (typeof planId !== 'string' || !planId) throw missing('/plan_id');
  if (!Object.values(ctx.paypal.planIds).flat().includes(planId))
    throw new PayPalApiError(404, 'INVALID_RESOURCE_ID', 'Requested resource ID was not found.', '/plan_id');
  const quantity = ctx.body.quantity;
  if (quantity !== undefined && (typeof quantity !== 'string' || !QUANTITY.test(quantity)))
    throw badSyntax('/quantity');
  const plan = ctx.body.plan;
  if (plan === undefined) return { planId, ...(quantity ? { quantity } : {}), overridden: false };
  if (!plan || typeof plan !== 'object' || Array.isArray(plan)) throw badSyntax('/plan');
  const cycles = (plan as { billing_cycles?: unknown }).billing_cycles;
  let price: { value: string; currency: string } | undefined;
  if (cycles !== undefined) {
    if (!Array.isArray(cycles)) throw badSyntax('/plan/billing_cycles');
    for (const [i, cycle] of cycles.entries()) {
      const fixed = (cycle as { pricing_scheme?: { fixed_price?: { value?: unknown; currency_code?: unknown } } })
        ?.pricing_scheme?.fixed_price;
      if (!fixed) continue;
      const field = `/plan/billing_cycles/${i}/pricing_scheme/fixed_price`;
      if (typeof fixed.value !== 'string' || !AMOUNT.test(fixed.value)) throw badSyntax(`${field}/value`);
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
function startTime(ctx: PayPalRequest, now: number): string | undefined {
  const value = ctx.body.start_time;
  if (value === undefined) return undefined;
  const t = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(t)) throw badSyntax('/start_time');
  if (t < now - 60_000)
    throw new PayPalApiError(422, 'INVALID_PARAMETER_VALUE', 'Start time must be a future date.', '/start_time');
  return new Date(t).toISOString();
}

/** The merchant's plan (MONTHLY, SIX_MONTH, ANNUAL) a PayPal plan id is one of, if any. */
const planOf = (p: PayPal, planId: string) => Object.entries(p.planIds).find(([, ids]) => ids.includes(planId))?.[0];

/** The plan's price: the portal's catalogue, by the plan ids it was given (a seeded P-SEED-<PLAN> too). */
function planPrice(p: PayPal, planId: string): string {
  const key = planOf(p, planId) ?? /^P-SEED-(.+)$/.exec(planId)?.[1];
  return isPaidPlan(key) ? planById(key).price : '0.00';
}

const subscriptionEvent = (p: PayPal, type: string, sub: PayPalSubscription, summary: string) =>
  p.sender.emit(type, 'subscription', subscriptionBody(p, sub), summary, sub.customId, '2.0');

function changeStatus(p: PayPal, sub: PayPalSubscription, status: PayPalSubscription['status']) {
  sub.status = status;
  sub.statusUpdateTime = iso(p);
}

/** When PayPal bills next: at `start_time`, then one plan period after each cycle billed. */
function nextBilling(p: PayPal, sub: PayPalSubscription, cycles: number): string {
  const start = new Date(sub.startTime ?? sub.createTime ?? 0);
  const key = planOf(p, sub.planId);
  const months = isPaidPlan(key) ? billingMonths(key) : 1;
  start.setUTCMonth(start.getUTCMonth() + months * cycles);
  return start.toISOString();
}

/** What one cycle bills, as PayPal computes it: the price (the plan's, or an override's) times the quantity. */
function cycleAmount(p: PayPal, sub: PayPalSubscription): { value: string; currency: string } {
  const price = sub.price ?? { value: planPrice(p, sub.planId), currency: 'USD' };
  const quantity = Number(sub.quantity ?? '1');
  return { value: ((Math.round(Number(price.value) * 100) * quantity) / 100).toFixed(2), currency: price.currency };
}

/** PayPal charges a subscription's cycle: a COMPLETED payment and PAYMENT.SALE.COMPLETED. */
function chargeCycle(p: PayPal, sub: PayPalSubscription): PayPalTransaction {
  const now = iso(p);
  const merchant = merchantOf(p, sub.merchantId);
  const billed = cycleAmount(p, sub);
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
  p.store.data.transactions[tx.id] = tx;
  sub.failedPayments = 0;
  p.sender.emit(
    'PAYMENT.SALE.COMPLETED',
    'sale',
    saleBody(tx, `${p.apiBase()}`),
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
  p: PayPal,
  subscriptionId: string,
  outcome: 'paid' | 'failed',
): PayPalSubscription['status'] {
  const sub = p.store.data.subscriptions[subscriptionId];
  if (!sub) throw new Error(`no PayPal subscription ${subscriptionId}`);
  if (sub.status !== 'ACTIVE')
    throw new Error(`PayPal bills ACTIVE subscriptions only; ${subscriptionId} is ${sub.status}`);
  if (outcome === 'paid') chargeCycle(p, sub);
  else {
    sub.failedPayments = (sub.failedPayments ?? 0) + 1;
    subscriptionEvent(p, 'BILLING.SUBSCRIPTION.PAYMENT.FAILED', sub, 'Subscription payment failed');
    if (sub.failedPayments >= p.failureThreshold) {
      changeStatus(p, sub, 'SUSPENDED');
      sub.suspendedBy = 'payment-failure';
      subscriptionEvent(p, 'BILLING.SUBSCRIPTION.SUSPENDED', sub, 'Subscription suspended');
    }
  }
  p.store.save();
  return sub.status;
}

export const subscriptionRoutes: PayPalRoute[] = [
  rest('POST', '/paypal/v1/billing/subscriptions', 'paypal-subscription-create', (ctx, caller) => {
    const terms = subscriptionTerms(ctx);
    const owner = customId(ctx.body.custom_id, '/custom_id');
    const subscriptionId = paypalSubscriptionId();
    const now = iso(ctx.paypal);
    const start = startTime(ctx, ctx.paypal.clock());
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
    ctx.paypal.store.data.subscriptions[subscriptionId] = sub;
    ctx.paypal.store.save();
    return { status: 201, json: subscriptionBody(ctx.paypal, sub) };
  }),
  rest('GET', '/paypal/v1/billing/subscriptions/:subscriptionId', 'paypal-subscription-get', (ctx, caller) => ({
    json: subscriptionBody(ctx.paypal, findSubscription(ctx, caller)),
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
      changeStatus(ctx.paypal, sub, 'CANCELLED');
      sub.statusChangeNote = reason;
      ctx.paypal.store.save();
      subscriptionEvent(ctx.paypal, 'BILLING.SUBSCRIPTION.CANCELLED', sub, 'Subscription cancelled');
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
      changeStatus(ctx.paypal, sub, 'SUSPENDED');
      sub.suspendedBy = 'merchant';
      sub.statusChangeNote = reason;
      ctx.paypal.store.save();
      subscriptionEvent(ctx.paypal, 'BILLING.SUBSCRIPTION.SUSPENDED', sub, 'Subscription suspended');
      return { status: 204, text: '' };
    },
  ),
  // The buyer's approval in PayPal's window; PayPal then activates the subscription and charges its first cycle.
  rest(
    'POST',
    '/paypal/v1/billing/subscriptions/:subscriptionId/approve',
    'paypal-subscription-approve',
    (ctx, caller) => {
      const p = ctx.paypal;
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
        p.store.save();
        subscriptionEvent(p, 'BILLING.SUBSCRIPTION.UPDATED', sub, 'Subscription updated');
        return { json: subscriptionBody(p, sub) };
      }
      if (sub.status !== 'APPROVAL_PENDING')
        throw new PayPalApiError(
          422,
          'SUBSCRIPTION_STATUS_INVALID',
          `Invalid subscription status for approve action; subscription status should be approval pending.`,
        );
      changeStatus(p, sub, 'ACTIVE');
      p.store.save();
      subscriptionEvent(p, 'BILLING.SUBSCRIPTION.ACTIVATED', sub, 'Subscription activated');
      // The first cycle is billed at start_time: now, or later (the harness plays that date: {renew}).
      if (!sub.startTime || Date.parse(sub.startTime) <= p.clock()) chargeCycle(p, sub);
      p.store.save();
      return { json: subscriptionBody(p, sub) };
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
      changeStatus(ctx.paypal, sub, 'ACTIVE');
      delete sub.suspendedBy;
      if (reason) sub.statusChangeNote = reason;
      ctx.paypal.store.save();
      subscriptionEvent(ctx.paypal, 'BILLING.SUBSCRIPTION.RE-ACTIVATED', sub, 'Subscription re-activated');
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
      ctx.paypal.store.save();
      const apiBase = `${ctx.paypal.apiBase()}`;
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
      const transactions = Object.values(ctx.paypal.store.data.transactions)
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
];

/** PayPal's default payment_failure_threshold of a plan: failed payments in a row before it suspends a subscription. */
export const PAYMENT_FAILURE_THRESHOLD = 3;

/** A plan that is ACTIVE at PayPal already, as `portal-harness seed --plan` makes one: plan id P-SEED-<PLAN>. */
export function seedSubscription(p: PayPal, seed: { id: string; plan: string; customId: string }): void {
  p.store.data.subscriptions[seed.id] = {
    id: seed.id,
    planId: `P-SEED-${seed.plan}`,
    status: 'ACTIVE',
    customId: seed.customId,
    statusUpdateTime: new Date().toISOString(),
  };
  p.store.save();
}
