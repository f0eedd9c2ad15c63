// "Where you're signed in", "Sign out everywhere" and "Download your data" (issue #51) against the real Auth emulator
// and the reference backend: two browsers as two devices (an iPhone and a Windows PC) list each other, signing out
// everywhere ends the other one at its next navigation and the desktop app's handed-off token at once, and the export
// arrives as a file that parses. The store's rules and texts are tests/unit/state/account-sessions.test.ts.
import type { Browser, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expect, test, type Account } from './fixtures';
import { expectLayout, openSignedIn, WIDTHS } from './support/signed-in';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';

/** The backend's refusals of the ended sessions (401), and the emulator's of their old tokens (400): expected. */
const REFUSALS = /status of (400|401)/;

const sessionsPart = (page: Page) => page.getByRole('region', { name: "Where you're signed in" });
const sessionRow = (page: Page, device: string) => sessionsPart(page).getByRole('listitem').filter({ hasText: device });

/** A second device: its own browser context with its own user agent, signed in as `account` at My Account. */
async function otherDevice(browser: Browser, account: Account, userAgent: string): Promise<Page> {
  const context = await browser.newContext({ userAgent, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(() => sessionStorage.setItem('hasShownAffiliateModal', 'true'));
  await openSignedIn(page, account);
  return page;
}

async function signOutEverywhere(page: Page): Promise<void> {
  await sessionsPart(page).getByRole('button', { name: 'Sign out everywhere' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Sign out everywhere?' });
  await expect(dialog).toContainText('this browser included');
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
}

const signedOutEverywhere = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'You were signed out on all devices. Sign in again.' });

test.describe('two devices', () => {
  test.use({ userAgent: IPHONE, allowConsoleErrors: [REFUSALS] });

  test('an iPhone and a Windows PC list each other; sign out everywhere ends the other device at its next navigation', async ({
    browser,
    page,
    harness,
  }) => {
    const account = await harness.account();
    const pc = await otherDevice(browser, account, WINDOWS);
    await expect(sessionRow(pc, 'Chrome on Windows')).toContainText('This device');

    await openSignedIn(page, account);
    const phoneRow = sessionRow(page, 'Safari on iPhone');
    await expect(phoneRow).toContainText('This device');
    await expect(phoneRow).toContainText('Browser');
    await expect(sessionRow(page, 'Chrome on Windows')).toBeVisible();
    await expect(sessionRow(page, 'Chrome on Windows')).not.toContainText('This device');
    // The PC sees the phone once it reads the list again (each visit of My Account does), then moves on.
    const pcNav = pc.getByRole('navigation', { name: 'Main' });
    await pcNav.getByRole('link', { name: 'My Designs' }).click();
    await pcNav.getByRole('link', { name: 'Account', exact: true }).click();
    await expect(sessionRow(pc, 'Safari on iPhone')).not.toContainText('This device');
    await pcNav.getByRole('link', { name: 'My Designs' }).click();
    await expect(pc.getByRole('heading', { name: 'My Designs', level: 1 })).toBeVisible();

    await signOutEverywhere(page);
    // This browser signs out as Sign Out does, and says why.
    await expect(page).toHaveURL(/\/auth/);
    await expect(signedOutEverywhere(page)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('unityAuthData'))).toBeNull();

    // The PC still shows its page; its next navigation (to My Account, which asks the backend) ends it.
    await expect(pc.getByRole('heading', { name: 'My Designs', level: 1 })).toBeVisible();
    await pcNav.getByRole('link', { name: 'Account', exact: true }).click();
    await expect(pc).toHaveURL(/\/auth/);
    await expect(signedOutEverywhere(pc)).toBeVisible();
    await pc.context().close();
  });
});

test.describe('the desktop app', () => {
  test.use({ allowConsoleErrors: [REFUSALS] });

  test('a token the desktop listener received is refused by the backend afterwards', async ({
    page,
    harness,
    desktop,
  }) => {
    const account = await harness.account();
    await openSignedIn(page, account, `/?redirect=${encodeURIComponent(desktop.url)}`);
    const event = await desktop.next('login');
    // The browser has arrived at the listener: nothing of the portal is left to interrupt the next navigation.
    await expect(page).toHaveURL(new RegExp(`^${desktop.url}/login\\?`));
    expect(event.kind).toBe('login');
    const token = event.kind === 'login' ? event.token : '';
    const exchange = () =>
      fetch(`${harness.backendUrl}/auth/unity`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'user-agent': 'UnityPlayer/6000.0 (UnityWebRequest/1.0) Windows',
        },
        body: JSON.stringify({ idToken: token }),
      });
    expect((await exchange()).status).toBe(200);

    await page.goto('/');
    await expect(sessionRow(page, 'Desktop app')).toContainText('Windows');
    await signOutEverywhere(page);
    await expect(signedOutEverywhere(page)).toBeVisible();
    const refused = await exchange();
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'SESSION_REVOKED' });
  });
});

test.describe('a sign-in older than five minutes', () => {
  test.use({ allowConsoleErrors: [/status of 400/] });

  test('"Download your data" asks for the password first, as changing the password does, then downloads', async ({
    page,
    harness,
  }) => {
    const account = await harness.account();
    await page.clock.install();
    await openSignedIn(page, account);
    await expect(sessionsPart(page).getByRole('listitem')).toHaveCount(1);
    // Six minutes later by this page's clock: its sign-in is no longer recent.
    await page.clock.fastForward('06:00');
    await page.getByRole('region', { name: 'Your data' }).getByRole('button', { name: 'Download your data' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Download your data' });
    await expect(dialog).toContainText('For your security, enter your password to continue.');
    const password = dialog.getByLabel('Current password');
    await expect(password).toBeFocused();
    await password.fill('not-the-password');
    await dialog.getByRole('button', { name: 'Download your data' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Incorrect email or password');
    await password.fill(account.password);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download your data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^dream-book-account-\d{4}-\d\d-\d\d\.json$/);
    await expect(dialog).toBeHidden();
  });
});

test('"Download your data" saves the account as a JSON file that parses', async ({ page, harness }) => {
  const account = await harness.account({ credits: 30, designs: 2 });
  await openSignedIn(page, account);
  const card = page.getByRole('region', { name: 'Your data' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download your data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^dream-book-account-\d{4}-\d\d-\d\d\.json$/);
  const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as Record<string, unknown>;
  expect(file).toMatchObject({
    format: 'account-export',
    version: 2,
    identity: { email: account.email, providers: ['password'] },
    profile: { playerId: account.playerId },
    credits: 30,
  });
  expect(file.designs).toHaveLength(2);
});

for (const { name, viewport } of WIDTHS) {
  test.describe(`at ${name}`, () => {
    test.use({ viewport });

    test('the sections and the confirmation pass axe and fit, and the confirmation works by keyboard', async ({
      page,
      harness,
    }) => {
      const account = await harness.account();
      await openSignedIn(page, account);
      await expect(sessionsPart(page).getByRole('listitem')).toHaveCount(1);
      await expect(page.getByRole('region', { name: 'Your data' })).toBeVisible();
      await expectLayout(page, `My Account at ${name}`);
      const button = sessionsPart(page).getByRole('button', { name: 'Sign out everywhere' });
      const dialog = page.getByRole('alertdialog', { name: 'Sign out everywhere?' });
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await expectLayout(page, `the confirmation at ${name}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(button).toBeFocused();
    });
  });
}
