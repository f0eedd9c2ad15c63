// Every cent accounted for (issue #44), the server's half seen through the portal: a payment PayPal has taken ends in
// what was bought, for its payer, or is undone at PayPal, whatever the payer's browser does; each test reads PayPal's
// side back from its REST API (support/paypal-rest.ts). The backend's rules under every interleaving are proven in
// tests/unit/harness/payments-model.test.ts; the browser's half (the entry first, a user switch) in
// pending-payments.spec.ts.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { balance, openPayment, status, storedLedger } from './support/payments';
import { payPalCheckout } from './support/paypal';
import { orderAtPayPal, subscribedElsewhere, subscriptionAtPayPal } from './support/paypal-rest';
import { openSignedIn } from './support/signed-in';

const payments = (page: Page) => page.getByRole('list', { name: 'Payments' }).getByRole('listitem');
const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Complete Your Subscription' });

test.describe('the server reconciles with PayPal', () => {
  test.use({ allowConsoleErrors: [/status of (500|400|409)/] });

  test("a laptop that never records its payment and never comes back: PayPal's webhook credits the payer, seen on another device", async ({
    browser,
    page,
    harness,
  }) => {
    const account = await harness.account({ credits: 5 });
    // Every recording call of this user fails: only PayPal's webhook can tell the backend.
    await harness.faults(account.uid, 'purchase=500');
    const laptop = await browser.newContext();
    const tab = await laptop.newPage();
    await tab.addInitScript(() => sessionStorage.setItem('hasShownAffiliateModal', 'true'));
    await openSignedIn(tab, account, '/credits');
    const modal = await openPayment(tab, 30);
    await payPalCheckout(modal, 'Pay Now');
    await expect(modal.getByRole('alert')).toHaveText('Error: Injected failure (500)');
    const ledger = (await storedLedger(tab)) as { byUid: Record<string, Array<{ orderId: string }>> };
    const orderId = ledger.byUid[account.uid]![0]!.orderId;
    // The laptop is gone, its kept entry with it.
    await laptop.close();
    expect(await orderAtPayPal(orderId)).toMatchObject({ status: 'COMPLETED', capture: 'COMPLETED' });

    await openSignedIn(page, account, '/credits');
    await expect(balance(page, 35)).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account', exact: true }).click();
    await expect(payments(page)).toHaveCount(1);
    await expect(payments(page).first()).toContainText('30 credits');
    await expect(payments(page).first()).toContainText('Credited');
    await expect(payments(page).first()).toContainText(`PayPal ID: ${orderId}`);
    // Credited once, by the webhook: the one recording call the portal made failed, and none came since.
    const purchases = (await harness.log(account.uid)).filter((e) => e.route === 'purchase');
    expect(purchases.map((e) => e.status)).toEqual([500]);
  });

  test('a plan bought on another device meanwhile: the one approved here is cancelled at PayPal before the answer, and the portal says so', async ({
    page,
    harness,
  }) => {
    const account = await harness.account({});
    // The tab reloads 5 s after its change (SPEC 4): the clock stands still so the panel is read as it is.
    await page.clock.install();
    await openSignedIn(page, account, '/subscription');
    // The panel opens while the account is free...
    await card(page, 'Annual').getByRole('button', { name: 'Choose Annual' }).click();
    await expect(panel(page).getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
    // ...then the Monthly plan is bought on a phone, and PayPal's webhook records it.
    const first = await subscribedElsewhere(harness, account, 'MONTHLY');

    const activated = page.waitForResponse((r) => r.url().endsWith('/subscription/activate'));
    await payPalCheckout(panel(page), 'Agree & Subscribe');
    const answer = await activated;
    expect(answer.status()).toBe(409);
    const refused = (await answer.json()) as { code: string; subscriptionId: string };
    expect(refused.code).toBe('SUBSCRIPTION_UNDONE');
    await expect(
      page.getByText(
        `Your account already has an active plan, so this PayPal subscription was cancelled and will not bill you again. Your payment was refunded in full. PayPal subscription: ${refused.subscriptionId}`,
      ),
    ).toBeVisible();
    // One plan bills: the one approved here was cancelled at PayPal before the 409 left the backend.
    expect(await subscriptionAtPayPal(refused.subscriptionId)).toBe('CANCELLED');
    expect(await subscriptionAtPayPal(first)).toBe('ACTIVE');
  });

  test('a plan whose price the page overrode at PayPal is cancelled and refunded, and the portal says why', async ({
    page,
    harness,
  }) => {
    const account = await harness.account({});
    await page.clock.install();
    // A tampered page: the subscription it creates overrides the Annual plan's price to one cent, as PayPal allows.
    await page.route('**/paypal/v1/billing/subscriptions', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const body = route.request().postDataJSON() as Record<string, unknown>;
      const cent = { fixed_price: { value: '0.01', currency_code: 'USD' } };
      body.plan = { billing_cycles: [{ sequence: 1, pricing_scheme: cent }] };
      await route.fallback({ postData: JSON.stringify(body) });
    });
    await openSignedIn(page, account, '/subscription');
    await card(page, 'Annual').getByRole('button', { name: 'Choose Annual' }).click();
    const activated = page.waitForResponse((r) => r.url().endsWith('/subscription/activate'));
    await payPalCheckout(panel(page), 'Agree & Subscribe');
    const answer = await activated;
    expect(answer.status()).toBe(409);
    const refused = (await answer.json()) as { subscriptionId: string };
    expect(refused).toMatchObject({ code: 'SUBSCRIPTION_UNDONE', reason: 'PRICE', refund: 'refunded' });
    await expect(
      page.getByText(
        `This PayPal subscription was not set up at our plan's price, so it was cancelled and not added to your account. Your payment was refunded in full. PayPal subscription: ${refused.subscriptionId}`,
      ),
    ).toBeVisible();
    expect(await subscriptionAtPayPal(refused.subscriptionId)).toBe('CANCELLED');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account', exact: true }).click();
    await expect(payments(page)).toHaveCount(1);
    await expect(payments(page).first()).toContainText('$0.01');
    await expect(payments(page).first()).toContainText('Refunded');
  });

  test('pause suspends the plan at PayPal and resume reactivates it there', async ({ page, harness }) => {
    const account = await harness.account({ plan: 'monthly' });
    await openSignedIn(page, account, '/subscription');
    const resumeCall = page.waitForRequest((r) => /\/subscription\/[^/]+\/resume$/.test(r.url()));
    await page.getByRole('button', { name: 'Pause Subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pause Subscription' });
    await dialog.getByRole('radio', { name: 'Financial reasons' }).check();
    await dialog.getByRole('button', { name: 'Confirm Pause' }).click();
    await expect(status(page, 'Your subscription has been paused successfully.')).toBeVisible();
    const suspended = (await harness.client.webhooks()).find(
      (e) => e.eventType === 'BILLING.SUBSCRIPTION.SUSPENDED' && e.customId === account.playerId,
    );
    const subscriptionId = String(suspended?.resourceId);
    expect(await subscriptionAtPayPal(subscriptionId)).toBe('SUSPENDED');

    await page.getByRole('button', { name: 'Resume Subscription' }).click();
    expect(new URL((await resumeCall).url()).pathname).toBe(`/subscription/${subscriptionId}/resume`);
    await expect(status(page, 'Your subscription has been resumed successfully.')).toBeVisible();
    expect(await subscriptionAtPayPal(subscriptionId)).toBe('ACTIVE');
  });

  test('an order that paid another merchant is refunded at PayPal, and the portal says so instead of adding credits', async ({
    page,
    harness,
  }) => {
    const account = await harness.account({ credits: 5 });
    // A tampered page: the order it creates names another shop as its payee, so the money goes there, not here.
    await page.route('**/paypal/v2/checkout/orders', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const body = route.request().postDataJSON() as { purchase_units: Array<Record<string, unknown>> };
      body.purchase_units[0]!.payee = { merchant_id: 'OTHERSHOP0001' };
      await route.fallback({ postData: JSON.stringify(body) });
    });
    await openSignedIn(page, account, '/credits');
    const modal = await openPayment(page, 15);
    const recorded = page.waitForResponse((r) => r.url().endsWith('/consumables/purchase'));
    await payPalCheckout(modal, 'Pay Now');
    const answer = await recorded;
    expect(answer.status()).toBe(400);
    expect(await answer.json()).toMatchObject({ success: false, code: 'PAYMENT_REFUNDED', reason: 'PAYEE' });
    const orderId = (answer.request().postDataJSON() as { orderId: string }).orderId;
    await expect(modal.getByRole('alert')).toHaveText(
      `This payment could not be added to your account, so PayPal has refunded it in full. PayPal order: ${orderId}`,
    );
    expect(await orderAtPayPal(orderId)).toMatchObject({
      payee: 'OTHERSHOP0001',
      capture: 'REFUNDED',
    });
    // The refusal stays on screen after the modal, with the order's id (SPEC 8's purchase error, worded).
    await modal.getByRole('button', { name: 'Close', exact: true }).getByText('Close', { exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: `PayPal order: ${orderId}` })).toBeVisible();
    await expect(balance(page, 5)).toBeVisible();
  });
});
