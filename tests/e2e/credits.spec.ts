// The credits shop (/credits, SPEC 2, 4, 5, 8, 9) against the stack with the PayPal SDK stand-in.
import type { Page, Request } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { failPayPalLoads, payPalCheckout, SDK_LOAD_ERROR } from './support/paypal';
import { expectNoSidewaysScroll, signInToAccount, surveyAlreadyShown, WIDTHS } from './support/signed-in';

const PACKS = [
  { amount: 15, price: '9.99', each: '$0.67 each' },
  { amount: 30, price: '14.99', each: '$0.50 each' },
  { amount: 60, price: '24.99', each: '$0.42 each' },
] as const;

async function openCredits(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Credits', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Transform Your Designs Into Reality', level: 1 })).toBeVisible();
}

const pack = (page: Page, amount: number) => page.getByRole('article', { name: `${amount} Credits`, exact: true });
const balanceCard = (page: Page) => page.getByRole('region', { name: 'Your Credit Balance' });

async function expectBalance(page: Page, credits: number) {
  await expect(balanceCard(page).getByText(new RegExp(`^${credits} Available Credits$`))).toBeVisible();
}

/** Opens the payment modal of a pack and waits for PayPal's buttons in it. */
async function openPayment(page: Page, amount: number) {
  await pack(page, amount).getByRole('button', { name: 'Purchase with PayPal' }).click();
  const modal = page.getByRole('dialog', { name: `Purchase ${amount} Credits` });
  await expect(modal.getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
  return modal;
}

const isPurchase = (r: Request) => r.method() === 'POST' && r.url().endsWith('/consumables/purchase');

for (const { name, viewport } of WIDTHS) {
  test.describe(`Credits shop (${name})`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ page }) => surveyAlreadyShown(page));

    test('shows the hero, the comparison, the balance, render costs, the three packs and how it works', async ({
      page,
      harness,
    }) => {
      const account = await harness.account({ credits: 7 });
      await signInToAccount(page, account);
      await openCredits(page);
      for (const tick of [
        'Photorealistic Quality',
        'You frame the shot',
        'Interior & Exterior Views',
        'Fast Processing Times',
      ]) {
        await expect(page.getByRole('listitem').filter({ hasText: tick })).toBeVisible();
      }
      await expect(page.getByRole('slider', { name: 'Before and after comparison' })).toHaveAttribute(
        'aria-valuenow',
        '50',
      );
      await expect(page.getByText('BEFORE', { exact: true })).toBeVisible();
      await expect(page.getByText('AFTER', { exact: true })).toBeVisible();
      await expect(balanceCard(page).getByRole('heading', { name: 'Your Credit Balance' })).toBeVisible();
      await expectBalance(page, 7);
      await expect(balanceCard(page)).toContainText('Standard 1 credit');
      await expect(balanceCard(page)).toContainText('HD 3 credits');
      for (const p of PACKS) {
        await expect(pack(page, p.amount)).toContainText(`$${p.price}`);
        await expect(pack(page, p.amount)).toContainText(p.each);
        await expect(pack(page, p.amount).getByRole('button', { name: 'Purchase with PayPal' })).toBeVisible();
      }
      await expect(pack(page, 15)).not.toContainText('Save');
      await expect(pack(page, 30)).toContainText('Save 33%');
      await expect(pack(page, 60)).toContainText('Save 40%');
      await expect(pack(page, 60)).toContainText('BEST VALUE');
      await expect(pack(page, 30)).not.toContainText('BEST VALUE');
      await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'How It Works' }).getByRole('listitem')).toHaveCount(4);
      await expectNoSidewaysScroll(page);
      await expectAccessible(page, `credits shop (${name})`);
    });

    test('buys each pack with PayPal and sees the balance grow', async ({ page, harness }) => {
      test.slow();
      const account = await harness.account({ credits: 5 });
      await signInToAccount(page, account);
      await openCredits(page);
      let expected = 5;
      for (const p of PACKS) {
        const opener = pack(page, p.amount).getByRole('button', { name: 'Purchase with PayPal' });
        const modal = await openPayment(page, p.amount);
        await expect(modal).toContainText(`${p.amount} Dream Render credits for $${p.price}`);
        if (p.amount === 15) {
          const sdk = await page.evaluate(
            () => document.querySelector<HTMLScriptElement>('script[data-js-sdk-library="paypal-js"]')?.src ?? '',
          );
          expect(Object.fromEntries(new URL(sdk).searchParams)).toEqual({
            'client-id': 'test-client-id',
            components: 'buttons',
            currency: 'USD',
            commit: 'true',
            intent: 'capture',
          });
          await expectAccessible(page, `payment modal (${name})`);
        }
        const order = page.waitForRequest(
          (r) => r.method() === 'POST' && r.url().endsWith('/paypal/v2/checkout/orders'),
        );
        const purchase = page.waitForRequest(isPurchase);
        await payPalCheckout(modal, 'Pay Now');
        expect((await order).postDataJSON()).toEqual({
          intent: 'CAPTURE',
          purchase_units: [
            {
              description: `${p.amount} Dream Render credits`,
              amount: { currency_code: 'USD', value: p.price },
              // The payer, as PayPal advises: the backend refuses the order to anyone else (departure 10).
              custom_id: account.playerId,
            },
          ],
        });
        const body = (await purchase).postDataJSON() as Record<string, unknown>;
        expect(body).toMatchObject({ creditsAmount: p.amount, paymentMethod: 'paypal' });
        expect(body.orderId).toEqual(expect.any(String));
        expected += p.amount;
        await expect(
          page.getByRole('status').filter({ hasText: `Successfully purchased ${p.amount} credits!` }),
        ).toBeVisible();
        await expect(modal).toHaveCount(0);
        await expectBalance(page, expected);
        await expect(opener).toBeFocused();
      }
      await page.reload();
      await expectBalance(page, 110);
    });
  });
}

test.describe('Credits shop', () => {
  test.beforeEach(async ({ page }) => surveyAlreadyShown(page));

  test('cancelling a payment (Cancel, Escape, or at PayPal) says "Payment cancelled" and charges nothing', async ({
    page,
    harness,
  }) => {
    const account = await harness.account({ credits: 5 });
    await signInToAccount(page, account);
    await openCredits(page);
    const opener = pack(page, 30).getByRole('button', { name: 'Purchase with PayPal' });
    const cancelled = page.getByRole('status').filter({ hasText: 'Payment cancelled' });

    let modal = await openPayment(page, 30);
    await modal.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(modal).toHaveCount(0);
    await expect(cancelled).toBeVisible();
    await expect(opener).toBeFocused();

    modal = await openPayment(page, 30);
    await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);
    await expect(opener).toBeFocused();

    modal = await openPayment(page, 30);
    await payPalCheckout(modal, 'Cancel and return');
    await expect(modal).toHaveCount(0);
    await expect(cancelled).toBeVisible();
    await expectBalance(page, 5);
    expect((await harness.log(account.uid)).filter((e) => e.route === 'purchase')).toEqual([]);
  });

  test.describe('when PayPal fails the payment', () => {
    // The declined card is PayPal's 422 INSTRUMENT_DECLINED at capture, which the browser logs.
    test.use({ allowConsoleErrors: [/status of 422/] });

    test('PayPal errors are shown in the modal, and the buyer can still pay', async ({ page, harness }) => {
      const account = await harness.account({ credits: 0 });
      await signInToAccount(page, account);
      await openCredits(page);
      const modal = await openPayment(page, 15);
      await payPalCheckout(modal, 'Simulate an error');
      await expect(modal.getByRole('alert')).toHaveText(
        "Payment failed: Things don't appear to be working at the moment.",
      );
      await expectAccessible(page, 'payment modal with an error');
      await payPalCheckout(modal, 'Pay with a declined card');
      await expect(modal.getByRole('alert')).toHaveText('PayPal payment failed. Please try again later.');
      await payPalCheckout(modal, 'Pay Now');
      await expect(page.getByRole('status').filter({ hasText: 'Successfully purchased 15 credits!' })).toBeVisible();
      await expectBalance(page, 15);
    });
  });

  test.describe('when the purchase call fails', () => {
    test.use({ allowConsoleErrors: [/status of 500/] });

    test('shows "Error: {server text}" and Try Again records the same order once', async ({ page, harness }) => {
      const account = await harness.account({ credits: 5 });
      await signInToAccount(page, account);
      await openCredits(page);
      await harness.faults(account.uid, 'purchase=500x1');
      const bodies: unknown[] = [];
      page.on('request', (r) => {
        if (isPurchase(r)) bodies.push(r.postDataJSON());
      });
      const modal = await openPayment(page, 30);
      await payPalCheckout(modal, 'Pay Now');
      await expect(modal.getByRole('alert')).toHaveText('Error: Injected failure (500)');
      await expect(modal.getByRole('button', { name: 'PayPal', exact: true })).toHaveCount(0);
      await expectAccessible(page, 'purchase failed, Try Again offered');
      await modal.getByRole('button', { name: 'Try Again' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Successfully purchased 30 credits!' })).toBeVisible();
      await expectBalance(page, 35);
      // A page 'request' event is not ordered with what the page shows: wait for it rather than read it at once.
      await expect.poll(() => bodies.length).toBe(2);
      expect(bodies[0]).toEqual(bodies[1]);
      await page.reload();
      await expectBalance(page, 35);
    });
  });

  test.describe('when the answer to the purchase call is lost', () => {
    test.use({ allowConsoleErrors: [/net::ERR_/] });

    test('retries with the same order id and adds the credits once', async ({ page, harness }) => {
      const account = await harness.account({ credits: 5 });
      await signInToAccount(page, account);
      await openCredits(page);
      // Bodies are captured inside the route handler, before the request may go on: the success toast then implies
      // both were captured. (A page 'request' listener raced the toast: its event for the retry could arrive after
      // the toast was seen, the more so as a `times: 1` route switched interception off while the retry was in flight.)
      const bodies: unknown[] = [];
      // The backend records the purchase, then the answer is lost on its way back; the retry goes through.
      await page.route('**/consumables/purchase', async (route) => {
        if (!isPurchase(route.request())) return route.fallback();
        bodies.push(route.request().postDataJSON());
        if (bodies.length > 1) return route.continue();
        await route.fetch();
        await route.abort('connectionreset');
      });
      const modal = await openPayment(page, 30);
      await payPalCheckout(modal, 'Pay Now');
      await expect(page.getByRole('status').filter({ hasText: 'Successfully purchased 30 credits!' })).toBeVisible();
      await expectBalance(page, 35);
      expect(bodies).toHaveLength(2);
      expect(bodies[0]).toEqual(bodies[1]);
      // The backend saw both calls (the lost answer and the retry) and counted the order once.
      expect((await harness.log(account.uid)).filter((e) => e.route === 'purchase').map((e) => e.status)).toEqual([
        200, 200,
      ]);
      await page.reload();
      await expectBalance(page, 35);
    });
  });

  test.describe('when PayPal cannot load', () => {
    test.use({ allowConsoleErrors: [SDK_LOAD_ERROR] });

    test('says "Failed to load PayPal. Please refresh the page."', async ({ page, context, harness }) => {
      const account = await harness.account({ credits: 5 });
      await failPayPalLoads(context, 1);
      await signInToAccount(page, account);
      await openCredits(page);
      await pack(page, 60).getByRole('button', { name: 'Purchase with PayPal' }).click();
      const modal = page.getByRole('dialog', { name: 'Purchase 60 Credits' });
      await expect(modal.getByRole('alert')).toHaveText('Failed to load PayPal. Please refresh the page.');
      await expect(modal.getByRole('button', { name: 'PayPal', exact: true })).toHaveCount(0);
      await expectAccessible(page, 'PayPal did not load');
      await modal.getByRole('button', { name: 'Cancel', exact: true }).click();
      // The next attempt loads PayPal again.
      await openPayment(page, 60);
    });
  });

  test('without payment permission no pack can be bought', async ({ page, harness }) => {
    const account = await harness.account({ credits: 5 });
    await signInToAccount(page, account);
    await page.goto('/credits?canMakePayments=false');
    await expectBalance(page, 5);
    await expect(pack(page, 30)).toContainText('$14.99');
    await expect(page.getByRole('button', { name: 'Purchase with PayPal' })).toHaveCount(0);
    await page.goto('/credits?canMakePayments=true');
    await expect(page.getByRole('button', { name: 'Purchase with PayPal' })).toHaveCount(3);
  });

  test('a new user buys 30 credits and subscribes to the annual plan; both show after a reload', async ({
    page,
    harness,
  }) => {
    test.slow();
    const account = await harness.account();
    await signInToAccount(page, account);
    await openCredits(page);
    await expectBalance(page, 0);
    await payPalCheckout(await openPayment(page, 30), 'Pay Now');
    await expectBalance(page, 30);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pro', exact: true }).click();
    await page
      .getByRole('article', { name: 'Annual', exact: true })
      .getByRole('button', { name: 'Choose Annual' })
      .click();
    await payPalCheckout(page.getByRole('dialog', { name: 'Complete Your Subscription' }), 'Agree & Subscribe');
    await expect(page.getByRole('article', { name: 'Annual', exact: true }).getByText('Current Plan')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('article', { name: 'Annual', exact: true }).getByText('Current Plan')).toBeVisible();
    await expect(page.getByText('Pro Plan - Annual').first()).toBeVisible();
    await page.goto('/credits');
    await expectBalance(page, 30);
  });
});

test.describe('Before/after slider', () => {
  test.beforeEach(async ({ page }) => surveyAlreadyShown(page));

  /** The comparison's box on screen, from the after image that fills it. */
  async function stageBox(page: Page) {
    const box = await page
      .getByRole('img', { name: 'The same design as a colourful photorealistic render' })
      .boundingBox();
    if (!box) throw new Error('the comparison is not on screen');
    return box;
  }
  const value = (page: Page) =>
    page.getByRole('slider', { name: 'Before and after comparison' }).getAttribute('aria-valuenow').then(Number);

  test('waits for both images, then moves by mouse drag, click and keys', async ({ page, harness }) => {
    const account = await harness.account();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/images/after-render.png', async (route) => {
      await held;
      await route.continue();
    });
    await signInToAccount(page, account);
    await openCredits(page);
    await expect(page.getByText('Loading comparison images...')).toBeVisible();
    await expect(page.getByRole('slider')).toHaveCount(0);
    release();
    const slider = page.getByRole('slider', { name: 'Before and after comparison' });
    await expect(slider).toBeVisible();
    await expect(page.getByText('Loading comparison images...')).toHaveCount(0);
    await expect(slider).toHaveAttribute('aria-valuemin', '0');
    await expect(slider).toHaveAttribute('aria-valuemax', '100');
    await expect(slider).toHaveAttribute('aria-valuenow', '50');

    const box = await stageBox(page);
    const y = box.y + box.height / 2;
    const at = (percent: number) => box.x + (box.width * percent) / 100;
    // Drag from the handle to 80 %, then past the right edge: clamped at 100.
    await page.mouse.move(at(50), y);
    await page.mouse.down();
    await page.mouse.move(at(65), y, { steps: 4 });
    await page.mouse.move(at(80), y, { steps: 4 });
    expect(await value(page)).toBeGreaterThanOrEqual(79);
    expect(await value(page)).toBeLessThanOrEqual(81);
    await page.mouse.move(box.x + box.width + 80, y, { steps: 4 });
    await page.mouse.up();
    await expect(slider).toHaveAttribute('aria-valuenow', '100');
    // A click anywhere jumps there (the non-drag way of WCAG 2.5.7), and leaves focus on the slider.
    await page.mouse.click(at(20), y + 20);
    expect(Math.abs((await value(page)) - 20)).toBeLessThanOrEqual(1);
    await expect(slider).toBeFocused();
    // Keys: 5 per arrow, Home and End, clamped.
    await page.keyboard.press('Home');
    await expect(slider).toHaveAttribute('aria-valuenow', '0');
    await page.keyboard.press('ArrowLeft');
    await expect(slider).toHaveAttribute('aria-valuenow', '0');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuenow', '10');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await expect(slider).toHaveAttribute('aria-valuenow', '95');
    await expectAccessible(page, 'slider moved');
  });

  test.describe('on a touch screen', () => {
    test.use({ hasTouch: true, isMobile: true, viewport: { width: 375, height: 812 } });

    test('follows a finger drag and jumps to a tap', async ({ page, harness }) => {
      const account = await harness.account();
      await signInToAccount(page, account);
      await openCredits(page);
      const slider = page.getByRole('slider', { name: 'Before and after comparison' });
      await slider.scrollIntoViewIfNeeded();
      await expect(slider).toHaveAttribute('aria-valuenow', '50');
      const box = await stageBox(page);
      const y = Math.round(box.y + box.height / 2);
      const at = (percent: number) => Math.round(box.x + (box.width * percent) / 100);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: at(50), y }] });
      for (const p of [45, 40, 35, 30])
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: at(p), y }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      expect(Math.abs((await value(page)) - 30)).toBeLessThanOrEqual(2);
      await page.touchscreen.tap(at(75), y);
      expect(Math.abs((await value(page)) - 75)).toBeLessThanOrEqual(2);
    });
  });
});
