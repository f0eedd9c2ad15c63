// Signed-in sessions against the real Auth emulator: Sign Out from the layout, /auth for a signed-in visitor, and the
// session checks of SPEC 4 (every route change and every 5 minutes) when the account is deleted or disabled.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, type Account } from './fixtures';
import { holdRequests } from './support/payments';
import { openSignedIn, profileValue } from './support/signed-in';
import { expectOnTop } from './support/on-top';

/** A revoked account makes the emulator answer 400 and the backend 401/403 until the session is gone. */
const REVOKED_LOG = /Failed to load resource: the server responded with a status of (400|401|403)/;
const CHECK_EVERY_MS = 300_000;
/** The identity service calls of a session check: the account look-up, then a forced token refresh. */
const SESSION_CHECK = /\/identitytoolkit\.googleapis\.com\/v1\/accounts:lookup\b/;
const TOKEN_REFRESH = /\/securetoken\.googleapis\.com\/v1\/token\b/;

/**
 * Runs `navigate` and returns once the session check of the route it reaches is over: its token refresh has answered
 * and "Validating session..." is gone. A test that deletes or disables the account before then races that check,
 * which may sign out early (before the navigation the test means) or answer a later check with its "valid".
 */
async function navigateChecked(page: Page, navigate: () => Promise<unknown>): Promise<void> {
  const checked = page.waitForResponse(TOKEN_REFRESH);
  await navigate();
  await checked;
  await expect(page.getByText('Validating session...')).toBeHidden();
}

/** Opens / signed in, as a returning visitor; returns once that first route's session check is over. */
async function openChecked(page: Page, account: Account): Promise<void> {
  await navigateChecked(page, () => openSignedIn(page, account, '/'));
  await expect(page.getByRole('button', { name: 'Sign Out', exact: true })).toBeVisible();
}

/** Signs in by e-mail; returns on / once its landing has been checked (the first route after signing in is checked too). */
async function signIn(page: Page, account: Account): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await navigateChecked(page, async () => {
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });
  await expect(page.getByRole('button', { name: 'Sign Out', exact: true })).toBeVisible();
}

/** My Account shows the player's cloud save and plan: its loads are over. */
async function accountPageLoaded(page: Page): Promise<void> {
  await expect(profileValue(page, 'Username')).not.toBeEmpty();
  await expect(profileValue(page, 'Account Type')).not.toBeEmpty();
}

/** Counts the emulator's account look-ups: each session check makes one. */
function countSessionChecks(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (SESSION_CHECK.test(request.url())) count++;
  });
  return () => count;
}

const nav = (page: Page, name: 'Account' | 'Pro' | 'Credits' | 'My Designs') =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

test.describe('Sign Out in the signed-in layout', () => {
  test('clears all local storage and goes to /auth; signed-in pages are closed afterwards', async ({
    page,
    harness,
  }) => {
    const account = await harness.account();
    await openSignedIn(page, account, '/');
    await expect(page.getByRole('button', { name: 'Sign Out', exact: true })).toBeVisible();
    await page.evaluate(() => {
      localStorage.setItem('paymentsDisabled', 'true');
      localStorage.setItem('redirectUrl', 'http://127.0.0.1:5662');
    });
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/auth');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Dream Book');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.goto('/my-designs');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fmy-designs$/);
  });
});

test.describe('/auth when already signed in', () => {
  test('goes to / or to the in-app path it was asked for, each with its title', async ({ page, harness }) => {
    const account = await harness.account();
    await openSignedIn(page, account, '/auth');
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
    await expect(page).toHaveTitle('My Account · Dream Book');
    await page.goto('/auth?redirect=%2Fcredits');
    await expect(page).toHaveURL((url) => url.pathname === '/credits');
    await expect(page).toHaveTitle('Credits · Dream Book');
    await page.goto('/sign-in?redirect=%2Fmy-designs');
    await expect(page).toHaveURL((url) => url.pathname === '/my-designs');
  });
});

test.describe('session checks', () => {
  test.use({ allowConsoleErrors: [REVOKED_LOG] });

  test('a deleted account is signed out on the next route change and lands on /auth', async ({ page, harness }) => {
    await page.clock.install();
    const account = await harness.account();
    await openChecked(page, account);
    // The load of / was checked (with the account still there), and My Account has shown what it loaded: no call
    // of the old session is left in flight to sign it out early. The next navigation is checked again.
    await accountPageLoaded(page);
    await harness.admin.deleteUser(account.uid);
    await nav(page, 'Credits').click();
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fcredits$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Dream Book');
    await expectAccessible(page, 'after an invalid session');
  });

  test('a disabled account is signed out on the next route change', async ({ page, harness }) => {
    await page.clock.install();
    const account = await harness.account();
    await openChecked(page, account);
    await navigateChecked(page, async () => {
      await nav(page, 'Pro').click();
      await expect(page).toHaveURL((url) => url.pathname === '/subscription');
    });
    // The page has shown the plan it loaded: no call of the old session is left in flight (as accountPageLoaded).
    await expect(page.getByRole('article', { name: 'Free', exact: true }).getByText('Current Plan')).toBeVisible();
    await harness.admin.disableUser(account.uid);
    await nav(page, 'My Designs').click();
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fmy-designs$/);
    // Signing in again is refused while the account stays disabled.
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to sign in. Please check your credentials');
  });

  test('a valid session is checked on each route change, the first one after signing in too', async ({
    page,
    harness,
  }) => {
    await page.clock.install();
    const account = await harness.account();
    await signIn(page, account);
    // Counted from here: signing in and the check of its landing on / are over.
    const checks = countSessionChecks(page);
    await nav(page, 'Credits').click();
    await expect(page).toHaveURL((url) => url.pathname === '/credits');
    await expect.poll(checks).toBe(1);
    await nav(page, 'Account').click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect.poll(checks).toBe(2);
    await nav(page, 'My Designs').click();
    await expect.poll(checks).toBe(3);
    await expect(page).toHaveURL((url) => url.pathname === '/my-designs');
  });

  test('a session revoked right after signing in does not survive its first navigation', async ({ page, harness }) => {
    const account = await harness.account();
    await signIn(page, account);
    // The landing on / was checked already (with the account still there); the next navigation is checked again.
    await harness.admin.deleteUser(account.uid);
    // In-app navigation (a full reload would re-read the account anyway). The page may already have been signed out
    // by a protected call failing for the deleted account; either way /credits must end on the sign-in screen.
    await page.evaluate(() => {
      history.pushState({}, '', '/credits');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fcredits$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Dream Book');
  });

  test('every 5 minutes the open page checks again: a deleted account is sent to /auth without any click', async ({
    page,
    harness,
  }) => {
    await page.clock.install();
    const account = await harness.account();
    await openChecked(page, account);
    // Counted from here: the check of the load of / is over.
    const checks = countSessionChecks(page);
    // The timed check must not meet the navigation's own check in flight: it would share that one's "valid".
    await navigateChecked(page, async () => {
      await nav(page, 'Credits').click();
      await expect(page).toHaveURL((url) => url.pathname === '/credits');
    });
    await harness.admin.deleteUser(account.uid);
    await page.clock.fastForward(CHECK_EVERY_MS);
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fcredits$/);
    expect(checks()).toBeGreaterThanOrEqual(1);
  });

  test('the exempt public pages do not check the session', async ({ page, harness }) => {
    await page.clock.install();
    const account = await harness.account();
    await openChecked(page, account);
    // Counted from here: the check of the load of / is over.
    const checks = countSessionChecks(page);
    await harness.admin.deleteUser(account.uid);
    // In-app navigation to an exempt page (no full reload, which would re-read the account anyway).
    await page.evaluate(() => {
      history.pushState({}, '', '/share-design?model=Cozy_Cottage&design=d1');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/share-design\?/);
    await page.clock.fastForward(CHECK_EVERY_MS);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(checks()).toBe(0);
    await expect(page).toHaveURL(/\/share-design\?/);
  });
});

test.describe('what the screen says while it waits (SPEC 2)', () => {
  test('"Loading..." while the identity service has not yet said who is signed in', async ({ page, harness }) => {
    const account = await harness.account();
    // Hold the identity service's answers: on a fresh load the SDK re-reads the stored user before auth resolves.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    await page.route(/\/identitytoolkit\.googleapis\.com\/|\/securetoken\.googleapis\.com\//, async (route) => {
      held++;
      await released;
      await route.continue();
    });
    await openSignedIn(page, account, '/credits');
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    expect(held).toBeGreaterThan(0);
    release();
    await expect(page.getByRole('heading', { name: 'Transform Your Designs Into Reality', level: 1 })).toBeVisible();
    await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
  });

  test('"Setting up your account and redirecting..." while the browser leaves for the desktop app', async ({
    page,
    harness,
    desktop,
  }) => {
    const account = await harness.account();
    // Hold the portal's question whether the desktop app listens (HEAD {target}/, asked before it navigates): the
    // redirect is under way and the page stays on screen. Holding the navigation itself would make every locator
    // wait for that navigation to finish.
    const release = await holdRequests(page, `${desktop.url}/`, () => true);
    // A returning user's launch: the hand-off starts as the page loads.
    await openSignedIn(page, account, `/auth?redirect=${encodeURIComponent(desktop.url)}`);
    // On top: SPEC 2's message blocks the page while the redirect is in progress.
    await expectOnTop(page.getByRole('status').filter({ hasText: 'Setting up your account and redirecting...' }));
    release();
    expect((await desktop.next('login')).kind).toBe('login');
    await expect(page).toHaveURL(new RegExp(`^${desktop.url}/login\\?`));
  });

  test('a returning user is told of the redirect from the start, never offered a sign-in', async ({
    page,
    harness,
    desktop,
  }) => {
    const account = await harness.account();
    // Hold the cloud save, a step before the redirect: the hand-off is under way, and nothing is left to ask.
    const release = await holdRequests(page, `${harness.backendUrl}/cloud-save/**`, (method) => method === 'GET');
    await openSignedIn(page, account, `/auth?redirect=${encodeURIComponent(desktop.url)}`);
    await expectOnTop(page.getByRole('status').filter({ hasText: 'Setting up your account and redirecting...' }));
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /^Welcome to / })).toHaveCount(0);
    await expectAccessible(page);
    expect(desktop.events).toEqual([]);
    release();
    expect((await desktop.next('login')).kind).toBe('login');
  });
});
