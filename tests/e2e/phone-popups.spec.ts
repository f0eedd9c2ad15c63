// Google popups on phones (docs/reliability.md "Popups on phones and Safari"), in a Chromium whose popup blocker is on:
// Playwright turns it off by default (--disable-popup-blocking), which would let any late window.open through and prove
// nothing. With the machinery warm the popup opens at once; while apis.google.com has not answered yet the popup still
// opens in the click and signs in; when the auth domain's helper misses Firebase's 5 s once, the click loads the
// machinery again; while Google hangs the click ends with SPEC 8's network message, never a spinner without end.
// The app's timers (the 2 s warm-up, the 15 s give-up) and Firebase's 5 s for its helper are moved with page.clock
// only where the requests they race are held by the test, so nothing of Firebase's runs early.
import type { Browser, BrowserContext, Page, Route } from '@playwright/test';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../harness/browser';
import { PHONE_USER_AGENTS } from '../../harness/user-agents';
import { COLD_POPUP_WAIT_MS, IDLE_WARM_DELAY_MS } from '../../src/domain/constants';
import { expect, test } from './fixtures';
import type { GoogleServers } from '../support/google-stand-in';
import { serveIdentityProviderOffline, signInWithNewIdpAccount } from './support/identity-provider';

/** Firebase's time for the auth domain's helper iframe to answer its ping (PING_TIMEOUT of @firebase/auth). */
const FIREBASE_PING_TIMEOUT_MS = 5_000;
const GOOGLE = /^https:\/\/apis\.google\.com\//;

/**
 * One Chromium per worker with the popup blocker on, launched here rather than through test.use: the runner's shared
 * browser keeps Playwright's default arguments. Each test has a context of its own in it.
 */
let blockingBrowser: Promise<Browser> | undefined;
test.afterAll(async () => {
  await (await blockingBrowser)?.close();
  blockingBrowser = undefined;
});

/**
 * Google's loader held by the test: every request to apis.google.com (or only those `which` picks) waits until
 * `release()`, then goes on to the stand-in's answer. `held` lists the requests it held.
 */
async function holdGoogle(context: BrowserContext, which: (route: Route) => boolean = () => true) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  // Registered after the stand-in's routes, so it runs first and falls back to them.
  await context.route(GOOGLE, async (route) => {
    if (which(route)) {
      held.push(route.request().url());
      await released;
    }
    await route.fallback().catch(() => undefined); // the frame went meanwhile
  });
  return { release, held };
}

/** A phone page in that browser, Google's servers answering as `servers` says. */
async function phonePage(servers: GoogleServers) {
  blockingBrowser ??= chromium.launch({ ...chromiumLaunchOptions(), ignoreDefaultArgs: ['--disable-popup-blocking'] });
  const context = await (
    await blockingBrowser
  ).newContext({
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
  return { context, page, thirdParty, errors, close: () => context.close() };
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
  await expect(page.getByRole('button', { name: 'Sign Out', exact: true })).toBeVisible();
}

test('the popup blocker is on: a window opened 6 s after a click is refused, one in the click opens', async () => {
  phone = await phonePage('fast');
  const { page } = phone;
  // A control of the test's own, on a page of the portal's origin with nothing of the portal in it: one window in its
  // click, one 6 s later (Chromium's user activation lasts 5 s, on the browser's own clock, which page.clock does not
  // move; Safari's is shorter still). Nothing may touch the page meanwhile: a Playwright evaluation or locator poll,
  // and Playwright's set-up of a frame that attaches (the portal's Google helper iframe would), grant the page a fresh
  // user activation, which would let the late window through. The test waits for the page's console line instead.
  await page.route(`${process.env.PORTAL_URL}popup-blocker-control`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><title>Popup blocker control</title></head><body><main>
<button type="button">Open two windows</button><output></output>
<script>
  document.querySelector('button').addEventListener('click', () => {
    const inClick = window.open('about:blank', 'in-click') ? 'opened' : 'refused';
    setTimeout(() => {
      const late = window.open('about:blank', 'late') ? 'opened' : 'refused';
      document.querySelector('output').textContent = 'in the click: ' + inClick + '; 6 s later: ' + late;
      console.info(document.querySelector('output').textContent);
    }, 6000);
  });
</script></main></body></html>`,
    }),
  );
  await page.goto('/popup-blocker-control');
  const result = page.waitForEvent('console', { predicate: (msg) => msg.text().startsWith('in the click:') });
  await page.getByRole('button', { name: 'Open two windows' }).click();
  expect((await result).text()).toBe('in the click: opened; 6 s later: refused');
  await expect(page.getByRole('status')).toHaveText('in the click: opened; 6 s later: refused');
});

test.describe('apis.google.com answering at once', () => {
  test('once the machinery has loaded in idle time, Google signs in through its popup', async () => {
    phone = await phonePage('fast');
    const { page, thirdParty } = phone;
    await page.clock.install();
    await page.goto('/auth');
    await expect(google(page)).toBeEnabled();
    // The choice offers popups: the loader is asked for without a click, IDLE_WARM_DELAY_MS after the screen showed.
    // Nothing of Google's has started before then, so the jump races nothing.
    await page.clock.fastForward(IDLE_WARM_DELAY_MS);
    await expect.poll(() => thirdParty.some((url) => url.startsWith('https://apis.google.com/js/api.js'))).toBe(true);
    const popup = page.waitForEvent('popup');
    await google(page).click();
    await signInWithNewIdpAccount(await popup, 'Google.com');
    await expectSignedInAtHome(page);
  });
});

test.describe('apis.google.com not answered yet at the click', () => {
  test('the click still opens the popup, on the helper page, and once Google answers it signs in', async () => {
    phone = await phonePage('fast');
    const { page, context } = phone;
    const loader = await holdGoogle(context);
    await page.goto('/auth');
    const popup = page.waitForEvent('popup');
    await google(page).click();
    const opened = await popup;
    // The window opened in the click, before Google answered, on the identity service's own blank helper page.
    // Committed, not loaded: the helper page's own load waits for Google's loader, which is held.
    await opened.waitForURL((url) => url.pathname === '/emulator/auth/iframe', { waitUntil: 'commit' });
    expect(loader.held.length).toBeGreaterThan(0);
    loader.release();
    await signInWithNewIdpAccount(opened, 'Google.com');
    await expectSignedInAtHome(page);
  });
});

test.describe("the auth domain's helper iframe answering after Firebase's 5 s, once", () => {
  test('the click loads the machinery again in the same popup, and signs in', async () => {
    phone = await phonePage('fast');
    const { page, context } = phone;
    // Only the first loader of the portal's helper iframe (a frame inside the portal's page) is held: for ever, as if
    // it answered late. Firebase's ping of that iframe is then moved past its 5 s with the page's clock.
    let helpers = 0;
    const loader = await holdGoogle(context, (route) => {
      const frame = route.request().frame();
      return frame.page() === page && frame.parentFrame() !== null && ++helpers === 1;
    });
    await page.clock.install();
    await page.goto('/auth');
    const popup = page.waitForEvent('popup');
    await google(page).click();
    const opened = await popup;
    await expect.poll(() => loader.held.length).toBe(1);
    await page.clock.fastForward(FIREBASE_PING_TIMEOUT_MS);
    await signInWithNewIdpAccount(opened, 'Google.com');
    await expectSignedInAtHome(page);
    // The helper iframe's loader was asked for again after the first went unanswered.
    expect(helpers).toBeGreaterThanOrEqual(2);
    loader.release();
  });
});

test.describe('apis.google.com hanging', () => {
  test('the click ends with "Network error. Please check your connection and try again", and the popup closes', async () => {
    phone = await phonePage('hanging');
    const { page } = phone;
    await page.clock.install();
    await page.goto('/auth');
    const popup = page.waitForEvent('popup');
    await google(page).click();
    const opened = await popup;
    // The click waits COLD_POPUP_WAIT_MS (15 s) for the machinery, then gives up. Google never answers, so nothing of
    // Firebase's runs meanwhile: the page's clock moves over the wait.
    // A second short of the wait: still waiting, the window still open for the machinery.
    await page.clock.fastForward(COLD_POPUP_WAIT_MS - 1_000);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(opened.isClosed()).toBe(false);
    await page.clock.fastForward(1_000);
    await expect(page.getByRole('alert')).toHaveText('Network error. Please check your connection and try again');
    expect(opened.isClosed()).toBe(true);
    // Nothing is left busy: the choice works again.
    await expect(google(page)).not.toHaveAttribute('aria-disabled', 'true');
    expect(await page.evaluate(() => localStorage.getItem('isAuthenticating'))).toBeNull();
  });
});
