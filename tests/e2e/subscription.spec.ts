// The Pro plan chooser (/subscription, SPEC 2, 4, 5, 8) against the stack with the PayPal SDK stand-in: one journey
// signed in through the sign-in screen, the rest starting signed in; behaviour at 1280 px, layout tests at 375 px; the
// page's 5 s reload after a change and the fallback's 2 s are moved by the clock. The page store's rules (the texts of
// each refusal and failure, the arrival query, a kept subscription closing the plans) are proven in
// tests/unit/state/subscription-page.test.ts.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { SUBSCRIPTION_QUERY } from '../support/paypal-sdk';
import { status } from './support/payments';
import { failPayPalLoads, payPalCheckout, SDK_LOAD_ERROR } from './support/paypal';
import { PLAN_IDS } from './support/paypal-rest';
import { expectLayout, openSignedIn, signInToAccount, WIDTHS } from './support/signed-in';

/** The plan cards, in the order shown. */
const cards = (page: Page) =>
  page
    .getByRole('list')
    .filter({ has: page.getByRole('article') })
    .getByRole('article');
const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Complete Your Subscription' });
const choose = (page: Page, title: string) => card(page, title).getByRole('button', { name: `Choose ${title}` });

/**
 * The page's own reload 5 s after a purchase or a cancellation (SPEC 4): call it as the change is made, and await what
 * it returns once the page before the reload has been checked; the clock then moves on to it (a loaded machine may
 * have got there by itself meanwhile).
 */
function reloadAfterFiveSeconds(page: Page): () => Promise<void> {
  const reloaded = page.waitForEvent('load');
  return async () => {
    await page.clock.fastForward(5_000);
    await reloaded;
  };
}

test.describe('Subscription page', () => {
  test('the journey: sign in, open Pro from the menu, subscribe monthly with PayPal; Current Plan moves to Monthly, also after the reload', async ({
    page,
    harness,
  }) => {
    const account = await harness.account({ name: 'Free Frank' });
    await page.clock.install();
    await signInToAccount(page, account);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pro', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Choose your Pro plan', level: 1 })).toBeVisible();
    await expect(cards(page)).toHaveCount(4);
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
    await expectAccessible(page, 'plans, free user');

    await choose(page, 'Monthly').click();
    await expect(panel(page)).toContainText('Pro Plan - Monthly: $5.99 per month');
    // PayPal only: the stand-in renders no card button when credit and card are disabled.
    await expect(panel(page).getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
    await expect(panel(page).getByRole('button', { name: 'Debit or Credit Card' })).toHaveCount(0);
    const sdk = await page.evaluate(
      () => document.querySelector<HTMLScriptElement>('script[data-js-sdk-library="paypal-js"]')?.src ?? '',
    );
    expect(Object.fromEntries(new URL(sdk).searchParams)).toEqual(SUBSCRIPTION_QUERY);
    await expectAccessible(page, 'payment panel');

    const created = page.waitForRequest((r) => r.url().endsWith('/paypal/v1/billing/subscriptions'));
    const activated = page.waitForRequest((r) => r.url().endsWith('/subscription/activate'));
    const reload = reloadAfterFiveSeconds(page);
    await payPalCheckout(panel(page), 'Agree & Subscribe');
    // The subscriber by the backend's signed purchase reference naming the player, this plan and its price.
    expect((await created).postDataJSON()).toEqual({
      plan_id: PLAN_IDS.MONTHLY,
      custom_id: expect.stringMatching(new RegExp(`^PR1\\.${account.playerId}\\.MONTHLY\\.599\\.`)),
    });
    const body = (await activated).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      plan: 'MONTHLY',
      playerId: account.playerId,
      subscriptionId: expect.stringMatching(/^I-/),
    });
    await expect(status(page, 'Your subscription has been activated successfully!')).toBeVisible();
    await expect(panel(page)).toHaveCount(0);
    await expect(cards(page).first()).toHaveAccessibleName('Monthly');
    await expect(card(page, 'Monthly').getByText('Current Plan')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your Subscription' })).toBeVisible();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    await expect(status(page, 'This page refreshes in a few seconds to show your latest plan.')).toBeVisible();

    await reload();
    await expect(cards(page).first()).toHaveAccessibleName('Monthly');
    await expect(card(page, 'Monthly').getByText('Current Plan')).toBeVisible();
    await expectAccessible(page, 'plans, monthly user');
  });

  test('cancelling needs a reason, then cancels and keeps premium until the period ends, also after the reload', async ({
    page,
    harness,
  }) => {
    const account = await harness.account({ plan: 'monthly' });
    await page.clock.install();
    await openSignedIn(page, account, '/subscription');
    await expect(cards(page).first()).toHaveAccessibleName('Monthly');
    const opener = page.getByRole('button', { name: 'Cancel Subscription' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Subscription' });
    await expect(dialog.getByRole('radio')).toHaveCount(5);
    await expect(dialog.getByRole('group', { name: 'Why are you cancelling?' })).toBeVisible();
    await expect(dialog.getByRole('radio').first()).toBeFocused();
    await dialog.getByRole('button', { name: 'Confirm Cancellation' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please select a reason for cancelling your subscription.');
    await expectAccessible(page, 'cancel dialog with its error');
    // Keeping it returns focus to the opener.
    await dialog.getByRole('button', { name: 'Keep My Subscription' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();

    await opener.click();
    await dialog.getByRole('radio', { name: 'It is too expensive' }).check();
    const cancelled = page.waitForRequest((r) => r.url().endsWith('/subscription/cancel'));
    const reload = reloadAfterFiveSeconds(page);
    await dialog.getByRole('button', { name: 'Confirm Cancellation' }).click();
    expect((await cancelled).postDataJSON()).toMatchObject({ reason: 'too_expensive', playerId: account.playerId });
    await expect(
      status(
        page,
        'Your subscription has been cancelled successfully. You can still use premium features until the end of your billing period.',
      ),
    ).toBeVisible();
    await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Premium features until /)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
    await reload();
    await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
    // A cancelled plan is still the current one until it ends, and may be renewed.
    await expect(card(page, 'Monthly').getByText('Current Plan')).toBeVisible();
    await expect(choose(page, 'Monthly')).toBeVisible();
    await expectAccessible(page, 'cancelled subscription');
  });

  test('no plan starts while one is active or paused (SPEC 5); pausing needs a reason; a paused plan resumes', async ({
    page,
    harness,
  }) => {
    const account = await harness.account({ plan: 'monthly' });
    await openSignedIn(page, account, '/subscription');
    await expect(cards(page).first()).toHaveAccessibleName('Monthly');
    await expect(card(page, 'Monthly').getByRole('button')).toHaveCount(0);
    await choose(page, 'Annual').click();
    await expect(
      page.getByRole('alert').filter({
        hasText: 'You already have an active subscription. Please cancel it before starting a new subscription.',
      }),
    ).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('button', { name: 'Pause Subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pause Subscription' });
    await dialog.getByRole('button', { name: 'Confirm Pause' }).click();
    // The refusal's toast came into the dialog with it (toasts stay readable over a modal): the form's own alert.
    await expect(
      dialog.getByRole('alert').filter({ hasText: 'Please select a reason for pausing your subscription.' }),
    ).toBeVisible();
    await expect(dialog.getByRole('radio')).toHaveCount(5);
    await dialog.getByRole('radio', { name: 'Financial reasons' }).check();
    const paused = page.waitForRequest((r) => r.url().endsWith('/subscription/pause'));
    await dialog.getByRole('button', { name: 'Confirm Pause' }).click();
    expect((await paused).postDataJSON()).toEqual({ reason: 'financial_reasons', playerId: account.playerId });
    await expect(status(page, 'Your subscription has been paused successfully.')).toBeVisible();
    await expect(page.getByText('Paused', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Paused until /)).toBeVisible();
    // SPEC 4 allows PAUSED -> PAUSED: a paused plan may be paused again (the pause runs on from that day).
    await expect(page.getByRole('button', { name: 'Pause Subscription' })).toBeVisible();
    await expectAccessible(page, 'paused subscription');
    await choose(page, 'Semi-Annual').click();
    await expect(
      page.getByRole('alert').filter({
        hasText: 'You have a paused subscription. Please resume or cancel it before starting a new subscription.',
      }),
    ).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const resumed = page.waitForRequest((r) => /\/subscription\/[^/]+\/resume$/.test(r.url()));
    await page.getByRole('button', { name: 'Resume Subscription' }).click();
    expect((await resumed).postDataJSON()).toEqual({ playerId: account.playerId });
    await expect(status(page, 'Your subscription has been resumed successfully.')).toBeVisible();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resume Subscription' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Pause Subscription' })).toBeVisible();
  });

  test.describe('when PayPal cannot load', () => {
    test.use({ allowConsoleErrors: [SDK_LOAD_ERROR] });

    test('Try PayPal Again loads it; the fallback activates the plan manually after 2 s', async ({
      page,
      context,
      harness,
    }) => {
      const account = await harness.account();
      await page.clock.install();
      await openSignedIn(page, account, '/subscription');
      // After openSignedIn, which replaces the context's cookies; PayPal's SDK loads when a panel first opens.
      await failPayPalLoads(context, 1);
      await choose(page, 'Monthly').click();
      await expect(panel(page).getByRole('alert')).toHaveText(
        'Failed to load payment provider. Please try again later.',
      );
      await panel(page).getByRole('button', { name: 'Try PayPal Again' }).click();
      await expect(panel(page).getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
      await expect(panel(page).getByRole('alert')).toHaveCount(0);
      await panel(page).getByRole('button', { name: 'Cancel', exact: true }).click();

      await failPayPalLoads(context, 1);
      await page.reload();
      await choose(page, 'Annual').click();
      await expect(panel(page).getByRole('alert')).toHaveText(
        'Failed to load payment provider. Please try again later.',
      );
      await expect(panel(page).getByText("We're experiencing issues with our payment processor...")).toBeVisible();
      await expectAccessible(page, 'fallback panel');
      const direct: Array<Record<string, unknown>> = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/subscription/direct')) direct.push(r.postDataJSON() as Record<string, unknown>);
      });
      const sent = page.waitForRequest((r) => r.url().endsWith('/subscription/direct'));
      // The page's time stands still from here and moves by hand only, however slow this machine is right now.
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
      await panel(page).getByRole('button', { name: 'Use Fallback Payment Method' }).click();
      await expect(status(page, 'Activating your subscription...')).toBeVisible();
      await page.clock.runFor(1_900);
      expect(direct).toEqual([]);
      await page.clock.runFor(100);
      const body = (await sent).postDataJSON() as Record<string, unknown>;
      await page.clock.resume();
      const reload = reloadAfterFiveSeconds(page);
      expect(body).toMatchObject({ playerId: account.playerId, planId: 'ANNUAL', provider: 'MANUAL' });
      expect(body.subscriptionId).toMatch(/^MANUAL-/);
      await expect(status(page, 'Your subscription has been activated successfully!')).toBeVisible();
      await expect(card(page, 'Annual').getByText('Current Plan')).toBeVisible();
      await reload();
      await expect(cards(page).first()).toHaveAccessibleName('Annual');
    });
  });

  test("the panel closes with Cancel, Escape and PayPal's Cancel, focus going back and nothing activated; a PayPal error shows inside it", async ({
    page,
    harness,
  }) => {
    const account = await harness.account();
    await openSignedIn(page, account, '/subscription');
    const opener = choose(page, 'Semi-Annual');
    await opener.click();
    await expect(panel(page).getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
    await panel(page).getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(panel(page)).toHaveCount(0);
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(panel(page).getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel(page)).toHaveCount(0);
    await expect(opener).toBeFocused();

    await opener.click();
    await payPalCheckout(panel(page), 'Cancel and return');
    await expect(panel(page)).toHaveCount(0);
    await expect(card(page, 'Free').getByText('Current Plan')).toBeVisible();
    expect((await harness.log(account.uid)).filter((e) => e.route.startsWith('subscription-activate'))).toEqual([]);

    await choose(page, 'Monthly').click();
    await payPalCheckout(panel(page), 'Simulate an error');
    await expect(panel(page).getByRole('alert')).toHaveText(
      'An error occurred with the payment process. Please try again later.',
    );
  });

  test('the arrival query: success=true and cancelled=true show their banners; canMakePayments=false closes the plans for later visits and forces a refresh, true opens them', async ({
    page,
    harness,
  }) => {
    const account = await harness.account({ plan: 'monthly' });
    await openSignedIn(page, account, '/subscription?success=true');
    await expect(page.getByText('Your subscription has been activated successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(card(page, 'Monthly').getByText('Current Plan')).toBeVisible();
    await page.goto('/subscription?cancelled=true');
    await expect(page.getByText('Subscription process was cancelled.')).toBeVisible();
    await expectAccessible(page, 'cancelled banner');

    // A Pro player's subscription comes with the cloud save; only a forced refresh reads /subscription/{playerId}.
    const reads = () => harness.log(account.uid).then((log) => log.filter((e) => e.route === 'subscription').length);
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
      await harness.faults(account.uid, 'subscription=500x1');
      // canMakePayments forces a read of /subscription/{playerId} (a Pro player's otherwise comes with the cloud save).
      await openSignedIn(page, account, '/subscription?canMakePayments=true');
      const alert = page.getByRole('alert').filter({ hasText: 'Failed to fetch subscription data: 500' });
      await expect(alert).toBeVisible();
      await expectAccessible(page, 'subscription read failed');
      await alert.getByRole('button', { name: 'Try Again' }).click();
      await expect(card(page, 'Monthly').getByText('Current Plan')).toBeVisible();
    });
  });
});

test.describe('Subscription page at 375 px', () => {
  test.use({ viewport: WIDTHS[1].viewport });

  test("a free user's plans and the payment panel fit and pass axe", async ({ page, harness }) => {
    const account = await harness.account();
    await openSignedIn(page, account, '/subscription');
    await expect(card(page, 'Free').getByText('Current Plan')).toBeVisible();
    await expect(cards(page)).toHaveCount(4);
    await expectLayout(page, 'plans, free user, 375 px');
    await choose(page, 'Monthly').click();
    await expect(panel(page).getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
    await expectLayout(page, 'payment panel, 375 px');
  });

  test('a plan bought through Apple: its card offers Pause but no Cancel and says where to cancel; it fits with the plans, and so does the reason dialog', async ({
    page,
    harness,
  }) => {
    const account = await harness.account({ plan: 'annual', subscriptionSource: 'apple' });
    await openSignedIn(page, account, '/subscription');
    await expect(page.getByRole('heading', { name: 'Your Subscription' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pause Subscription' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
    await expect(page.getByText(/bought through Apple/)).toBeVisible();
    await expect(cards(page).first()).toHaveAccessibleName('Annual');
    await expectLayout(page, 'a running subscription, 375 px');
    // The reason dialog, as Pause and Cancel both show it.
    await page.getByRole('button', { name: 'Pause Subscription' }).click();
    await expect(page.getByRole('dialog', { name: 'Pause Subscription' }).getByRole('radio')).toHaveCount(5);
    await expectLayout(page, 'the reason dialog, 375 px');
  });
});
