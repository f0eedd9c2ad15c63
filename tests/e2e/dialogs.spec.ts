// The shared modal dialog (src/ui/components/Dialog.tsx, a native <dialog> opened with showModal()) where the browser's
// own modal behaviour needs help: toasts over it, a dialog that must not close refusing the browser's Escape, and the
// payment dialogs, modeless over an inert page so that PayPal's own checkout overlay stays usable above them.
import type { Page } from '@playwright/test';
import { expect, test, type Harness } from './fixtures';
import { expectAccessibleHeld, holdClock } from './support/held-clock';
import { expectOnTop } from './support/on-top';
import { payPalCheckout } from './support/paypal';
import { openSignedIn } from './support/signed-in';

/** A new account with 5 credits, on the credits page, already signed in. */
async function atCredits(page: Page, harness: Harness) {
  const account = await harness.account({ credits: 5 });
  await openSignedIn(page, account, '/credits');
  await expect(page.getByRole('heading', { name: 'Transform Your Designs Into Reality', level: 1 })).toBeVisible();
  return account;
}

const purchaseButton = (page: Page) =>
  page.getByRole('article', { name: '30 Credits', exact: true }).getByRole('button', { name: 'Purchase with PayPal' });
const modal = (page: Page) => page.getByRole('dialog', { name: 'Purchase 30 Credits' });
/** Whether the element holds focus or contains it. */
const holdsFocus = (el: Element) => el.contains(document.activeElement);

test('a toast stays on top of an open modal dialog, read and dismissible there', async ({ page, harness }) => {
  // The toast lasts 5 s of the page's clock, which stands still from before it shows until it is dismissed: the steps
  // below (an axe scan among them, seconds long on a slow machine) cannot outlast it.
  await page.clock.install();
  await atCredits(page, harness);
  await purchaseButton(page).click();
  await expect(modal(page)).toBeVisible();
  await holdClock(page);
  await modal(page).getByRole('button', { name: 'Cancel', exact: true }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Payment cancelled' });
  await expect(toast).toBeVisible();

  // The modal opens again while the toast is up.
  await purchaseButton(page).click();
  await expect(modal(page)).toBeVisible();
  // Moved into the dialog, it does not fade in a second time: at once fully opaque, its contrast whole.
  expect(await toast.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  // Not under the backdrop, and not inert: outside the top modal dialog it would be hidden from readers too.
  await expectOnTop(toast);
  await expect(modal(page).getByRole('status').filter({ hasText: 'Payment cancelled' })).toBeVisible();
  await expectAccessibleHeld(page, 'a toast over the payment modal');
  await expect(toast).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(toast).toHaveCount(0);
  await expect(modal(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal(page)).toHaveCount(0);
  await expect(purchaseButton(page)).toBeFocused();
  // The clock runs again for the end-of-test scan.
  await page.clock.resume();
});

test('a dialog that must not close ignores Escape, however often, keeps focus, then closes by itself', async ({
  page,
  harness,
}) => {
  const account = await atCredits(page, harness);
  // The purchase call waits until the test lets it go: meanwhile the modal adds the credits and must stay.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/consumables/purchase', async (route) => {
    await held;
    await route.continue();
  });
  await purchaseButton(page).click();
  await payPalCheckout(modal(page), 'Pay Now');
  await expect(modal(page).getByRole('status').filter({ hasText: 'Adding credits to your account...' })).toBeFocused();
  await expect(modal(page).getByRole('button', { name: 'Close' })).toHaveCount(0);

  // Chromium closes a modal dialog on a second Escape after its `cancel` was refused, unless the key itself is taken.
  for (let i = 0; i < 3; i++) await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await page.mouse.click(5, 5);
  await page.keyboard.press('Escape');
  await expect(modal(page)).toBeVisible();
  // The payment dialog is modeless over an inert page (Dialog.tsx `modal={false}`): nothing behind it takes focus.
  expect(await page.getByRole('main').evaluate((el) => el.closest('[inert]') !== null)).toBe(true);
  expect(await modal(page).evaluate(holdsFocus)).toBe(true);
  expect((await harness.log(account.uid)).filter((e) => e.route === 'purchase')).toEqual([]);

  release();
  await expect(page.getByRole('status').filter({ hasText: 'Successfully purchased 30 credits!' })).toBeVisible();
  await expect(modal(page)).toHaveCount(0);
  await expect(purchaseButton(page)).toBeFocused();
});

test("PayPal's checkout overlay, put into <body> after the click, stays usable above the payment dialog", async ({
  page,
  harness,
}) => {
  await atCredits(page, harness);
  await purchaseButton(page).click();
  await expect(modal(page).getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
  // What PayPal's SDK does once its button is clicked and its window opens (paypal/paypal-js#528): a full-page overlay
  // of its own, appended to <body>, whose "Click to Continue" brings the PayPal window back. Under a showModal()
  // dialog it would be inert and beneath the backdrop.
  await page.evaluate(() => {
    const overlay = document.createElement('div');
    overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.8)';
    const text = document.createElement('p');
    text.textContent = "Don't see the secure PayPal browser?";
    const again = document.createElement('button');
    again.type = 'button';
    again.textContent = 'Click to Continue';
    again.addEventListener('click', () => (again.dataset.clicked = 'true'));
    overlay.append(text, again);
    overlay.id = 'paypal-overlay';
    document.body.append(overlay);
  });
  const again = page.getByRole('button', { name: 'Click to Continue' });
  await again.click({ timeout: 5_000 });
  await expect(again).toHaveAttribute('data-clicked', 'true');
  await expect(again).toBeFocused();
  // PayPal's window closed: its overlay goes, and the dialog is as it was.
  await page.evaluate(() => document.getElementById('paypal-overlay')?.remove());
  await expect(modal(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal(page)).toHaveCount(0);
  await expect(purchaseButton(page)).toBeFocused();
  expect(await page.getByRole('main').evaluate((el) => el.closest('[inert]') === null)).toBe(true);
});
