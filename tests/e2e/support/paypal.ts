// Steps through the PayPal SDK stand-in (harness/paypal/sdk) as a buyer would, and its per-browser load failures.
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';

/** The stand-in's cookie (harness/paypal/sdk-server.ts): this browser's next `count` SDK loads answer 503. */
export async function failPayPalLoads(context: BrowserContext, count = 1): Promise<void> {
  await context.addCookies([
    { name: 'paypal-stand-in-fail-loads', value: String(count), url: process.env.BACKEND_URL!, sameSite: 'Lax' },
  ]);
}

/** The console line Chromium prints for the failed SDK load. */
export const SDK_LOAD_ERROR = /Failed to load resource: the server responded with a status of 503/;

/** Opens PayPal's checkout from the PayPal button inside `scope` and presses `choice` there. */
export async function payPalCheckout(
  scope: Locator | Page,
  choice: 'Pay Now' | 'Agree & Subscribe' | 'Cancel and return' | 'Simulate an error' | 'Pay with a declined card',
) {
  const button = scope.getByRole('button', { name: 'PayPal', exact: true });
  await expect(button).toBeVisible();
  await button.click();
  const checkout = scope.getByRole('region', { name: 'PayPal checkout' });
  await checkout.getByRole('button', { name: choice }).click();
}
