// PayPal's side as PayPal's REST API shows it (the stand-in's, on the backend under /paypal): what the money did, read
// back after a journey through the portal, as a merchant's dashboard or a support agent would.
import { portalConfig } from '../../../build.mjs';
import { fetchPurchaseReference } from '../../../src/api/payments';
import { exchangeForUnity } from '../../../src/api/unity';
import type { PaidPlan } from '../../../src/config/types';
import { expect, type Account, type Harness } from '../fixtures';

/** PayPal's config in the suite's builds, as build.mjs makes it. */
const { paypal } = portalConfig('staging');

/** The portal's client id (build.mjs's default PAYPAL_CLIENT_ID), of merchant DREAMBOOKTEST. */
const PORTAL_CLIENT_ID = paypal.clientId;

/** The plans' ids at PayPal. */
export const PLAN_IDS: Record<PaidPlan, string> = paypal.planIds;

/** `path` of PayPal's REST API, on the backend that stands in for it. */
const paypalUrl = (path: string) => `${process.env.BACKEND_URL!.replace(/\/$/, '')}/paypal${path}`;

/** GET `path` of PayPal's REST API as the merchant of `clientId`. */
async function paypalGet<T = Record<string, unknown>>(path: string, clientId = PORTAL_CLIENT_ID): Promise<T> {
  const res = await fetch(paypalUrl(path), { headers: { 'PayPal-Client-Id': clientId } });
  expect(res.status, `PayPal GET ${path}`).toBe(200);
  return (await res.json()) as T;
}

/** POST `path` of PayPal's REST API as the merchant of the portal, as a buyer's browser or PayPal's window does. */
async function paypalPost<T = Record<string, unknown>>(path: string, body: object = {}): Promise<T> {
  const res = await fetch(paypalUrl(path), {
    method: 'POST',
    headers: { 'PayPal-Client-Id': PORTAL_CLIENT_ID, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.ok, `PayPal POST ${path}`).toBe(true);
  return (await res.json()) as T;
}

/** A subscription's status at PayPal (ACTIVE, SUSPENDED, CANCELLED...). */
export async function subscriptionAtPayPal(id: string): Promise<string> {
  return (await paypalGet<{ status: string }>(`/v1/billing/subscriptions/${id}`)).status;
}

/** An order at PayPal: its status and its one capture's status (COMPLETED, REFUNDED), if captured. */
export async function orderAtPayPal(id: string, clientId = PORTAL_CLIENT_ID) {
  const order = await paypalGet<{
    status: string;
    purchase_units: Array<{ payee?: { merchant_id?: string }; payments?: { captures?: Array<{ status: string }> } }>;
  }>(`/v2/checkout/orders/${id}`, clientId);
  const unit = order.purchase_units[0];
  return {
    status: order.status,
    capture: unit?.payments?.captures?.[0]?.status ?? null,
    payee: unit?.payee?.merchant_id,
  };
}

/**
 * A plan bought on another device whose portal never reported it: that device signs in as `account`, takes the
 * backend's purchase reference for `plan`, and the buyer approves the subscription at PayPal; PayPal's
 * BILLING.SUBSCRIPTION.ACTIVATED webhook then records it at the backend. Resolves with the subscription's id once the
 * backend has taken the webhook.
 */
export async function subscribedElsewhere(harness: Harness, account: Account, plan: PaidPlan): Promise<string> {
  const { idToken } = await harness.admin.signIn(account.email, account.password);
  const signedIn = { baseUrl: harness.backendUrl, idToken, unityToken: null, timeoutMs: 10_000 };
  const { accessToken } = await exchangeForUnity(signedIn);
  const { reference } = await fetchPurchaseReference({ ...signedIn, unityToken: accessToken }, account.playerId, plan);
  const created = await paypalPost<{ id: string }>('/v1/billing/subscriptions', {
    plan_id: PLAN_IDS[plan],
    custom_id: reference,
  });
  await paypalPost(`/v1/billing/subscriptions/${created.id}/approve`);
  await expect
    .poll(async () => {
      const events = await harness.client.webhooks();
      return events.find((e) => e.eventType === 'BILLING.SUBSCRIPTION.ACTIVATED' && e.resourceId === created.id)?.state;
    })
    .toBe('delivered');
  return created.id;
}
