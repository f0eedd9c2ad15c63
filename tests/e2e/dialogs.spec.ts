// The shared modal dialog (src/ui/components/Dialog.tsx, a native <dialog> opened with showModal()) where the browser's
// own modal behaviour needs help: toasts over it, and a dialog that must not close refusing the browser's Escape.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { expectOnTop } from './support/on-top';
import { payPalCheckout } from './support/paypal';
import { signInToAccount } from './support/signed-in';

async function openCredits(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Credits', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Transform Your Designs Into Reality', level: 1 })).toBeVisible();
}

const purchaseButton = (page: Page) =>
  page.getByRole('article', { name: '30 Credits', exact: true }).getByRole('button', { name: 'Purchase with PayPal' });
const modal = (page: Page) => page.getByRole('dialog', { name: 'Purchase 30 Credits' });
/** Whether the element holds focus or contains it. */
const holdsFocus = (el: Element) => el.contains(document.activeElement);

test('a toast stays on top of an open modal dialog, read and dismissible there', async ({ page, harness }) => {
  const account = await harness.account({ credits: 5 });
  await signInToAccount(page, account);
  await openCredits(page);
  await purchaseButton(page).click();
  await modal(page).getByRole('button', { name: 'Cancel', exact: true }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Payment cancelled' });
  await expect(toast).toBeVisible();

  // The toast lasts 5 s: the modal opens again while it is up.
  await purchaseButton(page).click();
  await expect(modal(page)).toBeVisible();
  // Not under the backdrop, and not inert: outside the top modal dialog it would be hidden from readers too.
  await expectOnTop(toast);
  await expect(modal(page).getByRole('status').filter({ hasText: 'Payment cancelled' })).toBeVisible();
  await expectAccessible(page, 'a toast over the payment modal');
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(toast).toHaveCount(0);
  await expect(modal(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal(page)).toHaveCount(0);
  await expect(purchaseButton(page)).toBeFocused();
});

test('a dialog that must not close ignores Escape, however often, keeps focus, then closes by itself', async ({
  page,
  harness,
}) => {
  const account = await harness.account({ credits: 5 });
  await signInToAccount(page, account);
  await openCredits(page);
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
  expect(await modal(page).evaluate((el) => el.matches(':modal'))).toBe(true);
  expect(await modal(page).evaluate(holdsFocus)).toBe(true);
  expect((await harness.log(account.uid)).filter((e) => e.route === 'purchase')).toEqual([]);

  release();
  await expect(page.getByRole('status').filter({ hasText: 'Successfully purchased 30 credits!' })).toBeVisible();
  await expect(modal(page)).toHaveCount(0);
  await expect(purchaseButton(page)).toBeFocused();
});
