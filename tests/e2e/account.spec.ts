// My Account (SPEC 2, 4, 5): profile, Account Type and its link, inline username edit, account deletion.
// The behaviour runs at 1280 px, started signed in; the journey signs in through /auth; one test checks the page's
// states at 375 px. The expiry's wording is src/domain/profile.ts's (tests/unit/domain/profile.test.ts), the username
// rules and the deletion's steps are src/state/account.ts's (tests/unit/state/account.test.ts).
import { expect, expectAccessible, test } from './fixtures';
import { expectAccessibleHeld, expectLayoutHeld, holdClock, pageNow } from './support/held-clock';
import { expectLayout, openSignedIn, profileValue, signInToAccount, WIDTHS } from './support/signed-in';
import { signInByEmail } from './support/sign-in';

const longDate = (d: Date) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(d);
const LOGGED_OUT = 'You have been successfully logged out.';

test.describe('My Account', () => {
  test('the journey: sign in, the profile of a Pro account with its expiry, and Manage leads to /subscription', async ({
    page,
    harness,
  }) => {
    const account = await harness.account({ name: 'Ada Lovelace', plan: 'annual', credits: 5 });
    await signInToAccount(page, account);
    await expect(profileValue(page, 'Username')).toContainText('Ada Lovelace');
    await expect(profileValue(page, 'Username')).not.toContainText('#');
    await expect(profileValue(page, 'Email')).toHaveText(account.email);
    await expect(profileValue(page, 'Sign-in Method')).toHaveText('Email');
    await expect(profileValue(page, 'Account Created')).toHaveText(longDate(new Date()));
    await expect(profileValue(page, 'Account Type')).toContainText('Pro Plan - Annual');
    await expect(profileValue(page, 'Account Type')).toContainText(/Expires in 36[56] days/);
    // No photo for an e-mail account: the initials placeholder stands in.
    await expect(page.getByText('AL', { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Your profile photo' })).toHaveCount(0);
    await expectAccessible(page, 'My Account, Pro');
    await page.getByRole('link', { name: 'Manage subscription' }).click();
    await expect(page).toHaveURL(/\/subscription$/);
  });

  test('counts down to the end of the period: "Expires tomorrow", then "Expires today"', async ({ page, harness }) => {
    const account = await harness.account({ name: 'Ada Lovelace', plan: 'monthly' });
    const read = page.waitForResponse((r) => r.url().includes(`/cloud-save/${account.playerId}?`));
    await openSignedIn(page, account);
    const results = ((await (await read).json()) as { results: Array<{ key: string; value: { expiresAt?: string } }> })
      .results;
    const expiresAt = Date.parse(results.find((r) => r.key === 'subscriptionData')!.value.expiresAt!);
    const midnight = new Date(expiresAt);
    midnight.setHours(0, 0, 0, 0);
    // Halfway between the expiry day's midnight and the expiry: that day, before it ends.
    const sameDay = new Date(midnight.getTime() + (expiresAt - midnight.getTime()) / 2);
    const dayBefore = new Date(sameDay);
    dayBefore.setDate(dayBefore.getDate() - 1);
    await page.clock.install({ time: dayBefore });
    await page.reload();
    await expect(profileValue(page, 'Account Type')).toContainText('Pro Plan - Monthly');
    await expect(profileValue(page, 'Account Type')).toContainText('Expires tomorrow');
    await page.clock.setSystemTime(sameDay);
    await page.reload();
    await expect(profileValue(page, 'Account Type')).toContainText('Expires today');
    await expectAccessible(page, 'expiring today');
  });

  test('shows Free with the Upgrade link, and no link when payments are not allowed', async ({ page, harness }) => {
    const account = await harness.account({ name: 'Grace Hopper' });
    await openSignedIn(page, account);
    await expect(profileValue(page, 'Account Type')).toContainText('Free');
    await expect(profileValue(page, 'Account Type')).not.toContainText('Expires');
    await expect(page.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/subscription');
    await page.goto('/?canMakePayments=false');
    await expect(profileValue(page, 'Account Type')).toContainText('Free');
    await expect(page.getByRole('link', { name: /Upgrade|Manage/ })).toHaveCount(0);
    await expectAccessible(page, 'My Account, payments not allowed');
  });

  test('edits the username inline, keeps the # suffix, and the change survives a reload', async ({ page, harness }) => {
    const account = await harness.account({ name: 'Ada Lovelace' });
    const suffix = account.username.slice(account.username.indexOf('#'));
    await openSignedIn(page, account);
    const edit = page.getByRole('button', { name: 'Edit username' });
    await edit.click();
    const field = page.getByRole('textbox', { name: 'Username' });
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('Ada Lovelace');
    await expectAccessible(page, 'username editing');
    await field.fill('Countess of Lovelace');
    const saved = page.waitForRequest(
      (r) => r.method() === 'PUT' && r.url().endsWith(`/cloud-save/${account.playerId}/username`),
    );
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).postDataJSON()).toEqual({ username: 'Countess of Lovelace' });
    const toast = page.getByRole('status').filter({ hasText: 'Username updated.' });
    await expect(toast).toBeVisible();
    await expect(field).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit username' })).toBeFocused();
    // The pointer on the toast holds it (WCAG 2.2.1) while axe reads the page: a scan can outlast its 5 s.
    await toast.hover();
    await expectAccessible(page, 'username saved, toast up');
    await toast.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(toast).toHaveCount(0);
    await expect(profileValue(page, 'Username')).toContainText('Countess of Lovelace');

    const reloaded = page.waitForResponse(
      (r) => r.url().includes(`/cloud-save/${account.playerId}?`) && r.request().method() === 'GET',
    );
    await page.reload();
    expect(((await (await reloaded).json()) as { username: string }).username).toBe(`Countess of Lovelace${suffix}`);
    await expect(profileValue(page, 'Username')).toContainText('Countess of Lovelace');
    await expect(profileValue(page, 'Username')).not.toContainText('#');
  });

  test('refuses a # and ignores an empty name without asking the server; Cancel and Escape leave it unsaved', async ({
    page,
    harness,
  }) => {
    const account = await harness.account({ name: 'Ada Lovelace' });
    await openSignedIn(page, account);
    await page.getByRole('button', { name: 'Edit username' }).click();
    const field = page.getByRole('textbox', { name: 'Username' });
    await field.fill('Ada#0001');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert')).toHaveText('A username cannot contain the # character.');
    await expect(field).toHaveAccessibleDescription('A username cannot contain the # character.');

    await field.fill('   ');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(field).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(field).toHaveCount(0);
    await expect(profileValue(page, 'Username')).toContainText('Ada Lovelace');

    await page.getByRole('button', { name: 'Edit username' }).click();
    await field.fill('Someone Else');
    await field.press('Escape');
    await expect(field).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit username' })).toBeFocused();
    await expect(profileValue(page, 'Username')).toContainText('Ada Lovelace');
    expect((await harness.log(account.uid)).filter((c) => c.method === 'PUT')).toEqual([]);
  });
});

test.describe('account deletion', () => {
  // The server's refusal below is a 500, on purpose.
  test.use({ allowConsoleErrors: [/status of 500/] });

  test('"Are you sure?" keeps focus; Cancel, Escape and a server error keep the account, focus back on the button', async ({
    page,
    harness,
  }) => {
    const account = await harness.account({ name: 'Ada Lovelace' });
    await openSignedIn(page, account);
    const request = page.getByRole('button', { name: 'Request Account Deletion' });
    await request.click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectAccessible(page, 'deletion confirmation');
    // Focus stays inside the dialog.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(request).toBeFocused();
    await request.click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(request).toBeFocused();
    expect((await harness.log(account.uid)).filter((c) => c.method === 'DELETE')).toEqual([]);

    // The server refuses: its error field shows in the dialog, and the account stays.
    await harness.faults(account.uid, 'delete-user=500x1');
    await request.click();
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Injected failure (500)');
    await expectAccessible(page, 'deletion failed');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await expect(profileValue(page, 'Username')).toContainText('Ada Lovelace');
  });
});

test.describe('account deletion end to end', () => {
  // Signing in again with the deleted account's credentials gets a 400 from the identity service, on purpose.
  test.use({ allowConsoleErrors: [/status of 400/] });

  test('deletes the account, shows success, then after 2 seconds signs out to /auth?action=logout', async ({
    page,
    harness,
  }) => {
    // The 2 s run on the page's clock, held from the click on: the success is read (and scanned) in between.
    await page.clock.install();
    const account = await harness.account({ name: 'Ada Lovelace', designs: 2, plan: 'monthly' });
    await openSignedIn(page, account);
    await expect(profileValue(page, 'Username')).toContainText('Ada Lovelace');
    await page.getByRole('button', { name: 'Request Account Deletion' }).click();
    const deleted = page.waitForResponse(
      (r) => r.request().method() === 'DELETE' && r.url().endsWith(`/users/${account.playerId}`),
    );
    await holdClock(page);
    const clicked = await pageNow(page);
    await page
      .getByRole('alertdialog', { name: 'Are you sure?' })
      .getByRole('button', { name: 'Delete Account' })
      .click();
    expect((await deleted).status()).toBe(200);
    const success = page.getByRole('status').filter({ hasText: 'Your account has been deleted. Signing you out...' });
    await expect(success).toBeVisible();
    await expectAccessibleHeld(page, 'account deleted');
    // Up to 1.9 s after the success the page stays; by 2 s it signs out.
    await page.clock.runFor(clicked + 1_900 - (await pageNow(page)));
    await expect(success).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await page.clock.runFor(100);
    await page.clock.resume();
    await expect(page.getByText(LOGGED_OUT)).toBeVisible();
    await expect(page).toHaveURL(/\/auth(\?|$)/);
    expect(new URL(page.url()).searchParams.get('action')).toBeNull();
    await expect(page.getByRole('heading', { name: 'My Account' })).toHaveCount(0);
    await expectAccessible(page, 'logged out after deletion');

    // The identity account is gone too: the same credentials no longer sign in.
    await signInByEmail(page, account);
    await expect(page.getByText('Incorrect email or password')).toBeVisible();
  });
});

test.describe('account deletion without the data it needs', () => {
  // The Unity exchange answers 500, and the identity service cannot be reached, on purpose.
  test.use({ allowConsoleErrors: [/status of 500|ERR_FAILED|ERR_INTERNET_DISCONNECTED/] });

  test('no player id (the Unity exchange failed): "Authentication data is missing. Please try logging in again."', async ({
    page,
    harness,
  }) => {
    const account = await harness.account({ name: 'Ada Lovelace' });
    await harness.faults(account.uid, 'auth-unity=500');
    await openSignedIn(page, account);
    // Every part of the page that needs the player says so: the account type, the payments and the sessions.
    await expect(page.getByRole('alert').filter({ hasText: 'Unity authentication failed' })).toHaveCount(3);
    await page.getByRole('button', { name: 'Request Account Deletion' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Authentication data is missing. Please try logging in again.');
    await expectAccessible(page, 'deletion without a player id');
    expect((await harness.log(account.uid)).filter((c) => c.method === 'DELETE')).toEqual([]);
  });

  test('no identity token (it expired and cannot be renewed): "Firebase authentication is required. Please log in again."', async ({
    page,
    harness,
  }) => {
    await page.clock.install();
    const account = await harness.account({ name: 'Ada Lovelace' });
    // The first route's session check renews the token (SPEC 4): it must be over before the clock jumps, or its answer
    // comes after the jump and Firebase counts the new token valid for an hour from there.
    const checked = page.waitForResponse(/\/securetoken\.googleapis\.com\/v1\/token\b/);
    await openSignedIn(page, account);
    await checked;
    await expect(page.getByText('Validating session...')).toBeHidden();
    await expect(profileValue(page, 'Username')).toContainText('Ada Lovelace');
    // Two hours later the one-hour identity token has expired, and the token service is out of reach.
    await page.route('**/securetoken.googleapis.com/**', (route) => route.abort('internetdisconnected'));
    await page.clock.fastForward('02:00:00');
    await page.getByRole('button', { name: 'Request Account Deletion' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Firebase authentication is required. Please log in again.');
    await expectAccessible(page, 'deletion without an identity token');
    expect((await harness.log(account.uid)).filter((c) => c.method === 'DELETE')).toEqual([]);
  });
});

test.describe('My Account at 375 px', () => {
  test.use({ viewport: WIDTHS[1].viewport });

  test('fits and passes axe: the profile, the username being edited, then saved with its toast', async ({
    page,
    harness,
  }) => {
    // The page's clock is held from the save on, so that the toast waits for the checks.
    await page.clock.install();
    const account = await harness.account({ name: 'Ada Lovelace', plan: 'annual' });
    await openSignedIn(page, account);
    await expect(profileValue(page, 'Account Type')).toContainText(/Expires in 36[56] days/);
    await expect(page.getByRole('link', { name: 'Manage subscription' })).toBeVisible();
    await expectLayout(page, 'My Account, Pro, at 375 px');

    await page.getByRole('button', { name: 'Edit username' }).click();
    const field = page.getByRole('textbox', { name: 'Username' });
    await expect(field).toBeFocused();
    await expectLayout(page, 'username editing at 375 px');
    await field.fill('Countess of Lovelace');
    await holdClock(page);
    await page.getByRole('button', { name: 'Save' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Username updated.' });
    await expect(toast).toBeVisible();
    await expectLayoutHeld(page, 'username saved, toast up, at 375 px');
    await toast.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(toast).toHaveCount(0);
    await page.clock.resume();
  });

  test('fits and passes axe: the deletion dialog, the account deleted, then logged out', async ({ page, harness }) => {
    // The page's clock is held from the confirmation on, so that the 2 s before the sign-out wait for the checks.
    await page.clock.install();
    const account = await harness.account({ name: 'Ada Lovelace' });
    await openSignedIn(page, account);
    await expect(profileValue(page, 'Username')).toContainText('Ada Lovelace');
    await page.getByRole('button', { name: 'Request Account Deletion' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectLayout(page, 'deletion confirmation at 375 px');
    await holdClock(page);
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your account has been deleted.' })).toBeVisible();
    await expectLayoutHeld(page, 'account deleted at 375 px');
    await page.clock.resume();
    await expect(page.getByText(LOGGED_OUT)).toBeVisible();
    await expectLayout(page, 'logged out after deletion at 375 px');
  });
});
