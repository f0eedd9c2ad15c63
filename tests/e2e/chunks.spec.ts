// A page's code that does not arrive never leaves a blank page (docs/reliability.md "A page's code that does not
// arrive"): offline, the error screen says so and the page loads by itself when the connection is back; a file gone
// after a release reloads the tab once into the new release, keeping its address and any kept payment; a second
// failure after that reload shows the branded error screen, never a loop.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openSignedIn } from './support/signed-in';

const OFFLINE = 'You are offline. Check your internet connection: this page will carry on by itself when it is back.';
/** The Credits page's chunk (src/chunks/credits.ts). */
const CREDITS_CHUNK = /\/chunks\/credits-[\w-]+\.js$/;
const creditsHeading = (page: Page) =>
  page.getByRole('heading', { name: 'Transform Your Designs Into Reality', level: 1 });
const errorHeading = (page: Page) => page.getByRole('heading', { name: 'Something went wrong', level: 1 });
const toCredits = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Credits', exact: true }).click();

/** A payment this browser keeps for the backend (docs/reliability.md "The entry first"): a reload must not lose it. */
const KEPT = JSON.stringify({ someone: [{ kind: 'credits', orderId: 'ORDER-KEPT-1', packId: 'credits-15' }] });

/** Counts the page loads of `path` (document requests): a reload is one more. */
function documentLoads(page: Page, path: string): () => number {
  let loads = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && new URL(request.url()).pathname === path) loads++;
  });
  return () => loads;
}

test.describe("a page's code that does not arrive", () => {
  // Chromium logs each file it could not fetch, and React the error the error screen caught.
  // One pattern: Playwright reads an option's array of two or more objects as [value, options].
  test.use({
    allowConsoleErrors: [
      /net::ERR_INTERNET_DISCONNECTED|Failed to load resource|could not load|dynamically imported module/,
    ],
  });

  test('offline: the error screen says so, and the page loads by itself when the connection is back', async ({
    page,
    context,
    harness,
  }) => {
    const account = await harness.account();
    // The Credits chunk never came while online (the idle prefetch too), so the move below needs it.
    await context.route(CREDITS_CHUNK, (route) => route.abort('internetdisconnected'));
    await openSignedIn(page, account);
    await expect(page.getByRole('button', { name: 'Edit username' })).toBeVisible();

    await context.setOffline(true);
    await toCredits(page);
    await expect(errorHeading(page)).toBeVisible();
    await expect(page.getByText(OFFLINE)).toBeVisible();
    await expect(page).toHaveURL(/\/credits$/);

    await context.unroute(CREDITS_CHUNK);
    await context.setOffline(false);
    await expect(creditsHeading(page)).toBeVisible();
    await expect(errorHeading(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign Out', exact: true })).toBeVisible();
  });

  test('gone after a release: one reload into the new release, at the same address, keeping a kept payment', async ({
    page,
    context,
    harness,
  }) => {
    const account = await harness.account();
    // The old release's file is gone until the tab loads the new release (its next page load).
    let released = false;
    page.on('request', (request) => {
      if (request.resourceType() === 'document' && new URL(request.url()).pathname === '/credits') released = true;
    });
    await context.route(CREDITS_CHUNK, (route) =>
      released ? route.continue() : route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }),
    );
    const loads = documentLoads(page, '/credits');
    await openSignedIn(page, account);
    await expect(page.getByRole('button', { name: 'Edit username' })).toBeVisible();
    await page.evaluate((kept) => localStorage.setItem('pendingPayments', kept), KEPT);

    await toCredits(page);
    await expect(creditsHeading(page)).toBeVisible();
    await expect(page).toHaveURL(/\/credits$/);
    expect(loads()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('pendingPayments'))).toBe(KEPT);
  });

  test('still gone after that reload: the branded error screen, no second reload, and Try again once it is back', async ({
    page,
    context,
    harness,
  }) => {
    const account = await harness.account();
    await context.route(CREDITS_CHUNK, (route) =>
      route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }),
    );
    const loads = documentLoads(page, '/credits');
    await openSignedIn(page, account);
    await expect(page.getByRole('button', { name: 'Edit username' })).toBeVisible();

    let asked = 0;
    page.on('request', (request) => {
      if (CREDITS_CHUNK.test(request.url())) asked++;
    });
    await toCredits(page);
    await expect(errorHeading(page)).toBeVisible();
    await expect(page).toHaveURL(/\/credits$/);
    expect(loads()).toBe(1);
    await expect(page.getByText(OFFLINE)).toHaveCount(0);

    // Try again asks for the file once more, and with the file still gone the screen stays: no reload.
    const before = asked;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => asked).toBeGreaterThan(before);
    await expect(errorHeading(page)).toBeVisible();
    expect(loads()).toBe(1);

    // Once the file is back the page arrives: by Try again, or by itself when the router loads the route again.
    await context.unroute(CREDITS_CHUNK);
    const tryAgain = page.getByRole('button', { name: 'Try again' });
    if (await tryAgain.isVisible()) await tryAgain.click().catch(() => undefined);
    await expect(creditsHeading(page)).toBeVisible();
    expect(loads()).toBe(1);
  });

  test("the portal's own code missing at the first load: one reload, then the page says so instead of staying blank", async ({
    page,
    context,
  }) => {
    // The portal's chunk (src/app.tsx): main.tsx imports it once the language file's request has left.
    const APP_CHUNK = /\/chunks\/app-[\w-]+\.js$/;
    await context.route(APP_CHUNK, (route) =>
      route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }),
    );
    const loads = documentLoads(page, '/auth');
    await page.goto('/auth');
    await expect(
      page.getByText(/could not load\. Check your internet connection, then reload the page\./),
    ).toBeVisible();
    expect(loads()).toBe(2);

    await context.unroute(APP_CHUNK);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await expect(page.getByText(/could not load\./)).toBeHidden();
  });
  test("the sign-in screen's forms offline: the choice says so, and Continue with Email opens the form once back", async ({
    page,
    context,
  }) => {
    // The views' chunk (src/chunks/auth-views.ts): /auth's first load carries only the provider choice.
    const FORMS_CHUNK = /\/chunks\/auth-views-[\w-]+\.js$/;
    // Its request (the idle prefetch's, or the click's) fails once the connection has gone, not before: a failure
    // while the site still answers would mean a file gone after a release.
    let goOffline!: () => void;
    const offline = new Promise<void>((resolve) => (goOffline = resolve));
    await context.route(FORMS_CHUNK, async (route) => {
      await offline;
      await route.abort('internetdisconnected');
    });
    await page.goto('/auth');
    const email = page.getByRole('button', { name: 'Continue with Email' });
    await expect(email).toBeVisible();
    await context.setOffline(true);
    goOffline();
    await email.click();
    await expect(page.getByRole('alert')).toHaveText('Network error. Please check your connection and try again');
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();

    await context.unroute(FORMS_CHUNK);
    await context.setOffline(false);
    await email.click();
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
