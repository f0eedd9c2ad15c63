// PayPal's side as PayPal's REST API shows it (the stand-in's, on the backend under /paypal): what the money did, read
// back after a journey through the portal, as a merchant's dashboard or a support agent would.
import { expect } from '../fixtures';

/** The portal's client id in the suite's builds (build.mjs's default PAYPAL_CLIENT_ID), of merchant DREAMBOOKTEST. */
const PORTAL_CLIENT_ID = 'test-client-id';

/** GET `path` of PayPal's REST API as the merchant of `clientId`. */
async function paypalGet<T = Record<string, unknown>>(path: string, clientId = PORTAL_CLIENT_ID): Promise<T> {
  const res = await fetch(`${process.env.BACKEND_URL!.replace(/\/$/, '')}/paypal${path}`, {
    headers: { 'PayPal-Client-Id': clientId },
  });
  expect(res.status, `PayPal GET ${path}`).toBe(200);
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
