// Google popups on phones (docs/reliability.md "Popups on phones and Safari"), in a Chromium whose popup blocker is on:
// Playwright turns it off by default (--disable-popup-blocking), which would let any late window.open through and prove
// nothing. With the machinery warm the popup opens at once; while apis.google.com is slow the popup still opens in the
// click and signs in; while it hangs the click ends with SPEC 8's network message, never a spinner without end.
import type { Page } from '@playwright/test';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../harness/browser';
import { PHONE_USER_AGENTS } from '../../harness/user-agents';
import { expect, test } from './fixtures';

// Each test launches its own browser and may wait for Google's slow answers.
test.describe.configure({ timeout: 90_000 });
import { serveIdentityProviderOffline, signInWithNewIdpAccount, type GoogleServers } from './support/identity-provider';

/**
 * A phone page in a Chromium of its own with the popup blocker on, Google's servers answering as `servers` says.
 * Launched here rather than through test.use: the runner's shared browser keeps Playwright's default arguments.
 */
async function phonePage(servers: GoogleServers) {
  const browser = await chromium.launch({
    ...chromiumLaunchOptions(),
    ignoreDefaultArgs: ['--disable-popup-blocking'],
  });
  const context = await browser.newContext({
    baseURL: process.env.PORTAL_URL,
    userAgent: PHONE_USER_AGENTS['Android Chrome'],
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(() => sessionStorage.setItem('hasShownAffiliateModal', 'true'));
  const thirdParty = await serveIdentityProviderOffline(context, servers);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, thirdParty, errors, close: () => browser.close() };
}

type PhonePage = Awaited<ReturnType<typeof phonePage>>;
let phone: PhonePage | undefined;
test.afterEach(async () => {
  const errors = phone?.errors ?? [];
  await phone?.close();
  phone = undefined;
  expect(errors, 'uncaught page errors').toEqual([]);
});

const google = (page: Page) => page.getByRole('button', { name: 'Continue with Google' });

async function expectSignedInAtHome(page: Page): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
}

test('the popup blocker is on: a window opened 8 s after a click is refused, one in the click opens', async () => {
  phone = await phonePage('fast');
  const { page } = phone;
  await page.goto('/auth');
  await expect(google(page)).toBeEnabled();
  // A control of the test's own on the portal's page: one window in its click, one 8 s later (Chromium's user
  // activation lasts 5 s; Safari's is shorter still). The test leaves the page alone meanwhile: every Playwright
  // evaluation or locator poll grants the page a fresh user activation, which would let the late window through.
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.textContent = 'Open two windows';
    const out = document.createElement('output');
    button.addEventListener('click', () => {
      const inClick = window.open('about:blank', 'in-click') ? 'opened' : 'refused';
      setTimeout(() => {
        const late = window.open('about:blank', 'late') ? 'opened' : 'refused';
        out.textContent = `in the click: ${inClick}; 8 s later: ${late}`;
      }, 8_000);
    });
    document.body.append(button, out);
  });
  await page.getByRole('button', { name: 'Open two windows' }).click();
  await page.waitForTimeout(9_000);
  await expect(page.getByRole('status')).toHaveText('in the click: opened; 8 s later: refused');
});

test.describe('apis.google.com answering at once', () => {
  test('once the machinery has loaded in idle time, Google signs in through its popup', async () => {
    phone = await phonePage('fast');
    const { page, thirdParty } = phone;
    await page.goto('/auth');
    await expect(google(page)).toBeEnabled();
    // The choice offers popups: the loader is asked for without a click.
    await expect.poll(() => thirdParty.some((url) => url.startsWith('https://apis.google.com/js/api.js'))).toBe(true);
    const popup = page.waitForEvent('popup');
    await google(page).click();
    await signInWithNewIdpAccount(await popup, 'Google.com');
    await expectSignedInAtHome(page);
  });
});

test.describe('apis.google.com answering after 3 s', () => {
  test('a click before the machinery is ready still opens the popup in the click, and signs in', async () => {
    phone = await phonePage('slow');
    const { page } = phone;
    await page.goto('/auth');
    const popup = page.waitForEvent('popup');
    await google(page).click();
    const opened = await popup;
    // The window opened in the click, before Google answered, on the identity service's own blank helper page.
    await opened.waitForURL((url) => url.pathname === '/emulator/auth/iframe');
    await signInWithNewIdpAccount(opened, 'Google.com');
    await expectSignedInAtHome(page);
  });
});

test.describe("the auth domain's helper iframe answering after Firebase's 5 s, once", () => {
  test('the click loads the machinery again in the same popup, and signs in', async () => {
    phone = await phonePage('lateHelperOnce');
    const { page, thirdParty } = phone;
    await page.goto('/auth');
    const popup = page.waitForEvent('popup');
    await google(page).click();
    const opened = await popup;
    await signInWithNewIdpAccount(opened, 'Google.com');
    await expectSignedInAtHome(page);
    // The helper iframe's loader was asked for twice: the late first answer, then the one that came in time.
    const loaders = thirdParty.filter((url) => url.startsWith('https://apis.google.com/js/api.js'));
    expect(loaders.length).toBeGreaterThanOrEqual(3);
  });
});

test.describe('apis.google.com hanging', () => {
  test('the click ends with "Network error. Please check your connection and try again", and the popup closes', async () => {
    phone = await phonePage('hanging');
    const { page } = phone;
    await page.goto('/auth');
    const popup = page.waitForEvent('popup');
    await google(page).click();
    const opened = await popup;
    // The click waits COLD_POPUP_WAIT_MS (15 s) for the machinery, then gives up.
    await expect(page.getByRole('alert')).toHaveText('Network error. Please check your connection and try again', {
      timeout: 25_000,
    });
    expect(opened.isClosed()).toBe(true);
    // Nothing is left busy: the choice works again.
    await expect(google(page)).not.toHaveAttribute('aria-disabled', 'true');
    expect(await page.evaluate(() => localStorage.getItem('isAuthenticating'))).toBeNull();
  });
});
