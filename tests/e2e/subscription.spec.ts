// The Pro plan chooser (/subscription, SPEC 2, 4, 5, 8) against the stack with the PayPal SDK stand-in.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { failPayPalLoads, payPalCheckout, SDK_LOAD_ERROR } from './support/paypal';
import { expectNoSidewaysScroll, signInToAccount, surveyAlreadyShown, WIDTHS } from './support/signed-in';

const PLAN_IDS = { MONTHLY: 'P-TEST-MONTHLY', SIX_MONTH: 'P-TEST-SIX-MONTH', ANNUAL: 'P-TEST-ANNUAL' };

/** The plan cards, in the order shown. */
const cards = (page: Page) =>
  page
    .getByRole('list')
    .filter({ has: page.getByRole('article') })
    .getByRole('article');
const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

async function openSubscriptionPage(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pro', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Choose your Pro plan', level: 1 })).toBeVisible();
  await expect(cards(page)).toHaveCount(4);
}

/** Resolves on the page's own reload (SPEC 4: 5 s after a purchase or cancel). */
function nextReload(page: Page) {
  return page.waitForEvent('load', { timeout: 12_000 });
}

for (const { name, viewport } of WIDTHS) {
  test.describe(`Subscription page (${name})`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ page }) => surveyAlreadyShown(page));

    test('a free user subscribes monthly with PayPal and Current Plan moves to Monthly', async ({ page, harness }) => {
      // Waits for the page's own reload 5 s after the purchase.
      test.slow();
      const account = await harness.account({ name: 'Free Frank' });
      await signInToAccount(page, account);
      await openSubscriptionPage(page);
      await expect(cards(page).first()).toHaveAccessibleName('Free');
      await expect(card(page, 'Free').getByText('Current Plan')).toBeVisible();
      await expect(card(page, 'Monthly')).toContainText('Pro Plan - Monthly');
      await expect(card(page, 'Monthly')).toContainText('$5.99');
      await expect(card(page, 'Semi-Annual')).toContainText('$29.99');
      await expect(card(page, 'Semi-Annual')).toContainText('Save 33%');
      await expect(card(page, 'Annual')).toContainText('$49.99');
      await expect(card(page, 'Annual')).toContainText('Save 50%');
      await expect(card(page, 'Annual')).toContainText('24 expert color palettes');
      await expect(card(page, 'Annual')).toContainText('10 Dream Render AI credits each month');
      await expect(page.getByRole('heading', { name: 'Your Subscription' })).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await expectAccessible(page, `plans, free user (${name})`);

      const opener = card(page, 'Monthly').getByRole('button', { name: 'Choose Monthly' });
      await opener.click();
      const panel = page.getByRole('dialog', { name: 'Complete Your Subscription' });
      await expect(panel).toContainText('Pro Plan - Monthly: $5.99 per month');
      // PayPal only: the stand-in renders no card button when credit and card are disabled.
      await expect(panel.getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Debit or Credit Card' })).toHaveCount(0);
      const sdk = await page.evaluate(
        () => document.querySelector<HTMLScriptElement>('script[data-js-sdk-library="paypal-js"]')?.src ?? '',
      );
      const query = new URL(sdk).searchParams;
      expect(Object.fromEntries(query)).toEqual({
        'client-id': 'test-client-id',
        components: 'buttons',
        currency: 'USD',
        commit: 'true',
        intent: 'subscription',
        vault: 'true',
        'enable-funding': 'paypal',
        'disable-funding': 'credit,card',
      });
      await expectAccessible(page, `payment panel (${name})`);

      const created = page.waitForRequest((r) => r.url().endsWith('/paypal/v1/billing/subscriptions'));
      const activated = page.waitForRequest((r) => r.url().endsWith('/subscription/activate'));
      await payPalCheckout(panel, 'Agree & Subscribe');
      expect((await created).postDataJSON()).toEqual({ plan_id: PLAN_IDS.MONTHLY, custom_id: account.playerId });
      const body = (await activated).postDataJSON() as Record<string, unknown>;
      expect(body).toMatchObject({ plan: 'MONTHLY', playerId: account.playerId });
      expect(body.subscriptionId).toMatch(/^I-/);
      const reloaded = nextReload(page);
      await expect(
        page.getByRole('status').filter({ hasText: 'Your subscription has been activated successfully!' }),
      ).toBeVisible();
      await expect(panel).toHaveCount(0);
      await expect(cards(page).first()).toHaveAccessibleName('Monthly');
      await expect(card(page, 'Monthly').getByText('Current Plan')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Your Subscription' })).toBeVisible();
      await expect(page.getByText('Active', { exact: true })).toBeVisible();

      await reloaded;
      await expect(cards(page).first()).toHaveAccessibleName('Monthly', { timeout: 15_000 });
      await expect(card(page, 'Monthly').getByText('Current Plan')).toBeVisible();
      await expectAccessible(page, `plans, monthly user (${name})`);
    });

    test('cancelling needs a reason, then cancels and keeps premium until the period ends', async ({
      page,
      harness,
    }) => {
      test.slow();
      const account = await harness.account({ plan: 'monthly' });
      await signInToAccount(page, account);
      await openSubscriptionPage(page);
      await expect(cards(page).first()).toHaveAccessibleName('Monthly');
      const opener = page.getByRole('button', { name: 'Cancel Subscription' });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Cancel Subscription' });
      await expect(dialog.getByRole('radio')).toHaveCount(5);
      await expect(dialog.getByRole('group', { name: 'Why are you cancelling?' })).toBeVisible();
      await expect(dialog.getByRole('radio').first()).toBeFocused();

      // Without a reason.
      await dialog.getByRole('button', { name: 'Confirm Cancellation' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Please select a reason for cancelling your subscription.');
      await expectAccessible(page, `cancel dialog with its error (${name})`);

      // Keeping it returns focus to the opener.
      await dialog.getByRole('button', { name: 'Keep My Subscription' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(opener).toBeFocused();

      // With a reason.
      await opener.click();
      await dialog.getByRole('radio', { name: 'It is too expensive' }).check();
      const cancelled = page.waitForRequest((r) => r.url().endsWith('/subscription/cancel'));
      const reloaded = nextReload(page);
      await dialog.getByRole('button', { name: 'Confirm Cancellation' }).click();
      expect((await cancelled).postDataJSON()).toMatchObject({ reason: 'too_expensive', playerId: account.playerId });
      await expect(
        page.getByRole('status').filter({
          hasText:
            'Your subscription has been cancelled successfully. You can still use premium features until the end of your billing period.',
        }),
      ).toBeVisible();
      await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
      await expect(page.getByText(/^Premium features until /)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
      await reloaded;
      await expect(page.getByText('Cancelled', { exact: true })).toBeVisible({ timeout: 15_000 });
      // A cancelled plan is still the current one until it ends, and may be renewed.
      await expect(card(page, 'Monthly').getByText('Current Plan')).toBeVisible();
      await expect(card(page, 'Monthly').getByRole('button', { name: 'Choose Monthly' })).toBeVisible();
      await expectAccessible(page, `cancelled subscription (${name})`);
    });

    test('pausing needs a reason; a paused plan resumes', async ({ page, harness }) => {
      const account = await harness.account({ plan: 'six-month' });
      await signInToAccount(page, account);
      await openSubscriptionPage(page);
      await page.getByRole('button', { name: 'Pause Subscription' }).click();
      const dialog = page.getByRole('dialog', { name: 'Pause Subscription' });
      await dialog.getByRole('button', { name: 'Confirm Pause' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Please select a reason for pausing your subscription.');
      await expect(dialog.getByRole('radio')).toHaveCount(5);
      await dialog.getByRole('radio', { name: 'Financial reasons' }).check();
      const paused = page.waitForRequest((r) => r.url().endsWith('/subscription/pause'));
      await dialog.getByRole('button', { name: 'Confirm Pause' }).click();
      expect((await paused).postDataJSON()).toEqual({ reason: 'financial_reasons', playerId: account.playerId });
      await expect(
        page.getByRole('status').filter({ hasText: 'Your subscription has been paused successfully.' }),
      ).toBeVisible();
      await expect(page.getByText('Paused', { exact: true })).toBeVisible();
      await expect(page.getByText(/^Paused until /)).toBeVisible();
      // SPEC 4 allows PAUSED -> PAUSED: a paused plan may be paused again (the pause runs on from that day).
      await expect(page.getByRole('button', { name: 'Pause Subscription' })).toBeVisible();
      await expectAccessible(page, `paused subscription (${name})`);

      const resumed = page.waitForRequest((r) => /\/subscription\/[^/]+\/resume$/.test(r.url()));
      await page.getByRole('button', { name: 'Resume Subscription' }).click();
      expect((await resumed).postDataJSON()).toEqual({ playerId: account.playerId });
      await expect(
        page.getByRole('status').filter({ hasText: 'Your subscription has been resumed successfully.' }),
      ).toBeVisible();
      await expect(page.getByText('Active', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Resume Subscription' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Pause Subscription' })).toBeVisible();
    });

    test('a new subscription is refused while one is active or paused (SPEC 5)', async ({ page, harness }) => {
      const account = await harness.account({ plan: 'monthly' });
      await signInToAccount(page, account);
      await openSubscriptionPage(page);
      await card(page, 'Annual').getByRole('button', { name: 'Choose Annual' }).click();
      await expect(
        page.getByRole('alert').filter({
          hasText: 'You already have an active subscription. Please cancel it before starting a new subscription.',
        }),
      ).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(card(page, 'Monthly').getByRole('button')).toHaveCount(0);

      await page.getByRole('button', { name: 'Pause Subscription' }).click();
      await page
        .getByRole('dialog', { name: 'Pause Subscription' })
        .getByRole('radio', { name: 'Other', exact: true })
        .check();
      await page
        .getByRole('dialog', { name: 'Pause Subscription' })
        .getByRole('button', { name: 'Confirm Pause' })
        .click();
      await expect(page.getByText('Paused', { exact: true })).toBeVisible();
      await card(page, 'Semi-Annual').getByRole('button', { name: 'Choose Semi-Annual' }).click();
      await expect(
        page.getByRole('alert').filter({
          hasText: 'You have a paused subscription. Please resume or cancel it before starting a new subscription.',
        }),
      ).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expectAccessible(page, `start refused (${name})`);
    });
  });
}

test.describe('Subscription page', () => {
  test.beforeEach(async ({ page }) => surveyAlreadyShown(page));

  test('a subscription bought through Apple has no cancel button', async ({ page, harness }) => {
    const account = await harness.account({ plan: 'annual', subscriptionSource: 'apple' });
    await signInToAccount(page, account);
    await openSubscriptionPage(page);
    await expect(page.getByRole('heading', { name: 'Your Subscription' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pause Subscription' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
    await expect(page.getByText(/bought through Apple/)).toBeVisible();
  });

  test.describe('when PayPal cannot load', () => {
    test.use({ allowConsoleErrors: [SDK_LOAD_ERROR] });

    test('shows the error and the fallback, and the fallback activates the plan manually', async ({
      page,
      context,
      harness,
    }) => {
      const account = await harness.account();
      await failPayPalLoads(context, 1);
      await signInToAccount(page, account);
      await openSubscriptionPage(page);
      await card(page, 'Annual').getByRole('button', { name: 'Choose Annual' }).click();
      const panel = page.getByRole('dialog', { name: 'Complete Your Subscription' });
      await expect(panel.getByRole('alert')).toHaveText('Failed to load payment provider. Please try again later.');
      await expect(panel.getByText("We're experiencing issues with our payment processor...")).toBeVisible();
      await expectAccessible(page, 'fallback panel');

      const direct = page.waitForRequest((r) => r.url().endsWith('/subscription/direct'));
      const started = Date.now();
      await panel.getByRole('button', { name: 'Use Fallback Payment Method' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Activating your subscription...' })).toBeVisible();
      const body = (await direct).postDataJSON() as Record<string, unknown>;
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
      expect(body).toMatchObject({ playerId: account.playerId, planId: 'ANNUAL', provider: 'MANUAL' });
      expect(body.subscriptionId).toMatch(/^MANUAL-/);
      await expect(
        page.getByRole('status').filter({ hasText: 'Your subscription has been activated successfully!' }),
      ).toBeVisible();
      await expect(card(page, 'Annual').getByText('Current Plan')).toBeVisible();
      await expect(cards(page).first()).toHaveAccessibleName('Annual');
    });

    test('PayPal can be tried again after a failed load', async ({ page, context, harness }) => {
      const account = await harness.account();
      await failPayPalLoads(context, 1);
      await signInToAccount(page, account);
      await openSubscriptionPage(page);
      await card(page, 'Monthly').getByRole('button', { name: 'Choose Monthly' }).click();
      const panel = page.getByRole('dialog', { name: 'Complete Your Subscription' });
      await expect(panel.getByRole('alert')).toHaveText('Failed to load payment provider. Please try again later.');
      await panel.getByRole('button', { name: 'Try PayPal Again' }).click();
      await expect(panel.getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
      await expect(panel.getByRole('alert')).toHaveCount(0);
    });
  });

  test('the panel closes with Cancel, with Escape and when PayPal is cancelled; focus goes back', async ({
    page,
    harness,
  }) => {
    const account = await harness.account();
    await signInToAccount(page, account);
    await openSubscriptionPage(page);
    const opener = card(page, 'Semi-Annual').getByRole('button', { name: 'Choose Semi-Annual' });
    const panel = page.getByRole('dialog', { name: 'Complete Your Subscription' });

    await opener.click();
    await expect(panel.getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
    await panel.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(panel).toHaveCount(0);
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(panel.getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(opener).toBeFocused();

    await opener.click();
    await payPalCheckout(panel, 'Cancel and return');
    await expect(panel).toHaveCount(0);
    await expect(card(page, 'Free').getByText('Current Plan')).toBeVisible();
    expect((await harness.log(account.uid)).filter((e) => e.route.startsWith('subscription-activate'))).toEqual([]);
  });

  test('a PayPal error inside the panel is shown there', async ({ page, harness }) => {
    const account = await harness.account();
    await signInToAccount(page, account);
    await openSubscriptionPage(page);
    await card(page, 'Monthly').getByRole('button', { name: 'Choose Monthly' }).click();
    const panel = page.getByRole('dialog', { name: 'Complete Your Subscription' });
    await payPalCheckout(panel, 'Simulate an error');
    await expect(panel.getByRole('alert')).toHaveText(
      'An error occurred with the payment process. Please try again later.',
    );
  });

  test('success=true shows the activation banner and returns to /subscription; cancelled=true shows its banner', async ({
    page,
    harness,
  }) => {
    const account = await harness.account({ plan: 'monthly' });
    await signInToAccount(page, account);
    await page.goto('/subscription?success=true');
    await expect(page.getByText('Your subscription has been activated successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(card(page, 'Monthly').getByText('Current Plan')).toBeVisible();
    await page.goto('/subscription?cancelled=true');
    await expect(page.getByText('Subscription process was cancelled.')).toBeVisible();
    await expectAccessible(page, 'cancelled banner');
  });

  test('without payment permission the plans cannot be chosen; canMakePayments forces a refresh and true brings them back', async ({
    page,
    harness,
  }) => {
    const account = await harness.account({ plan: 'monthly' });
    await signInToAccount(page, account);
    // A Pro player's subscription comes with the cloud save; only a forced refresh reads /subscription/{playerId}.
    const reads = () => harness.log(account.uid).then((log) => log.filter((e) => e.route === 'subscription').length);
    await page.goto('/subscription');
    await expect(page.getByRole('button', { name: /^Choose / })).toHaveCount(2);
    const before = await reads();
    await page.goto('/subscription?canMakePayments=false');
    await expect(cards(page)).toHaveCount(4);
    await expect(page.getByRole('button', { name: /^Choose / })).toHaveCount(0);
    await expect.poll(reads).toBe(before + 1);
    await expectAccessible(page, 'plans without payment permission');
    // The flag is kept for later visits until the host says otherwise.
    await page.goto('/subscription');
    await expect(cards(page)).toHaveCount(4);
    await expect(page.getByRole('button', { name: /^Choose / })).toHaveCount(0);
    await page.goto('/subscription?canMakePayments=true');
    await expect(page.getByRole('button', { name: /^Choose / })).toHaveCount(2);
  });

  test.describe('when the subscription cannot be read', () => {
    test.use({ allowConsoleErrors: [/status of 500/] });

    test('shows "Failed to fetch subscription data" with Try Again, which reloads', async ({ page, harness }) => {
      const account = await harness.account({ plan: 'monthly' });
      await signInToAccount(page, account);
      await harness.faults(account.uid, 'subscription=500x1');
      await page.goto('/subscription?canMakePayments=true');
      const alert = page.getByRole('alert').filter({ hasText: 'Failed to fetch subscription data: 500' });
      await expect(alert).toBeVisible();
      await expectAccessible(page, 'subscription read failed');
      await alert.getByRole('button', { name: 'Try Again' }).click();
      await expect(card(page, 'Monthly').getByText('Current Plan')).toBeVisible();
    });
  });
});
