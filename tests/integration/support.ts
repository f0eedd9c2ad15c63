// Accounts and API contexts for integration tests: real emulator tokens, the real client, the running backend.
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { ApiContext } from '../../src/api/client';
import { exchangeForUnity } from '../../src/api/unity';
import { harnessClient } from '../../harness/client';
import { EmulatorAdmin } from '../../harness/emulator';

export const backendUrl = () => inject('backendUrl');
export const admin = () => new EmulatorAdmin(inject('emulatorUrl'));

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  ctx: ApiContext;
  playerId: string;
}

export function context(idToken: string, unityToken: string | null = null): ApiContext {
  return { baseUrl: backendUrl(), idToken, unityToken, timeoutMs: 10_000 };
}

/** A new emulator account, exchanged for its Unity player. */
export async function newUser(): Promise<TestUser> {
  const email = `it-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'secret-pass-1';
  const { uid, idToken } = await admin().createUser(email, password);
  const unity = await exchangeForUnity(context(idToken));
  return { uid, email, password, playerId: unity.playerId, ctx: context(idToken, unity.accessToken) };
}

/** The running backend's test routes (/__harness/*), with the secret the global setup provides. */
export const harness = () => harnessClient(backendUrl(), inject('harnessSecret'));

export async function faults(uid: string, spec: string): Promise<void> {
  await harness().faults(spec, uid);
}

/** What PayPal does when the buyer approves: a subscription for `planId`, owned by `playerId` (custom_id), approved. */
export async function approvedPayPalSubscription(
  planId: string,
  playerId: string,
  /** More of PayPal's create body, as a buyer's browser may send it (a `plan` override, a `quantity`). */
  extra: Record<string, unknown> = {},
): Promise<string> {
  const headers = { 'content-type': 'application/json', 'PayPal-Client-Id': 'test-client-id' };
  const created = await fetch(`${backendUrl()}/paypal/v1/billing/subscriptions`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ plan_id: planId, custom_id: playerId, ...extra }),
  });
  const { id } = (await created.json()) as { id: string };
  await fetch(`${backendUrl()}/paypal/v1/billing/subscriptions/${id}/approve`, { method: 'POST', headers });
  return id;
}

/** What PayPal does for a credits order: one purchase unit owned by `playerId` (custom_id), approved, captured. */
export async function capturedOrder(value: string, playerId: string): Promise<string> {
  const headers = { 'content-type': 'application/json', 'PayPal-Client-Id': 'test-client-id' };
  const created = await fetch(`${backendUrl()}/paypal/v2/checkout/orders`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      intent: 'CAPTURE',
      purchase_units: [{ description: 'credits', custom_id: playerId, amount: { currency_code: 'USD', value } }],
    }),
  });
  const { id } = (await created.json()) as { id: string };
  await fetch(`${backendUrl()}/paypal/v2/checkout/orders/${id}/approve`, { method: 'POST', headers });
  await fetch(`${backendUrl()}/paypal/v2/checkout/orders/${id}/capture`, { method: 'POST', headers });
  return id;
}
