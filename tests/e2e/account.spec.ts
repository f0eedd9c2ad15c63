// My Account (SPEC 2, 4, 5): profile, Account Type and its link, inline username edit, account deletion.
import { expect, expectAccessible, test } from './fixtures';
import { expectNoSidewaysScroll, profileValue, signInToAccount, WIDTHS } from './support/signed-in';
import { signInByEmail } from './support/sign-in';

const longDate = (d: Date) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(d);

for (const { name, viewport } of WIDTHS) {
  test.describe(`My Account (${name})`, () => {
    test.use({ viewport });

    test('shows the profile of a Pro account with its expiry and the Manage link', async ({ page, harness }) => {
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
      await expectNoSidewaysScroll(page);
      await expectAccessible(page, `My Account, Pro (${name})`);
      await page.getByRole('link', { name: 'Manage subscription' }).click();
      await expect(page).toHaveURL(/\/subscription$/);
    });

    test('counts down to the end of the period: "Expires tomorrow", then "Expires today"', async ({
      page,
      harness,
    }) => {
      const account = await harness.account({ name: 'Ada Lovelace', plan: 'monthly' });
      const read = page.waitForResponse((r) => r.url().includes(`/cloud-save/${account.playerId}?`));
      await signInToAccount(page, account);
      const results = (
        (await (await read).json()) as { results: Array<{ key: string; value: { expiresAt?: string } }> }
      ).results;
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
      await expectAccessible(page, `expiring today (${name})`);
    });

    test('shows Free with the Upgrade link, and no link when payments are not allowed', async ({ page, harness }) => {
      const account = await harness.account({ name: 'Grace Hopper' });
      await signInToAccount(page, account);
      await expect(profileValue(page, 'Account Type')).toContainText('Free');
      await expect(profileValue(page, 'Account Type')).not.toContainText('Expires');
      await expect(page.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/subscription');
      await page.goto('/?canMakePayments=false');
      await expect(profileValue(page, 'Account Type')).toContainText('Free');
      await expect(page.getByRole('link', { name: /Upgrade|Manage/ })).toHaveCount(0);
      await expectAccessible(page, `My Account, payments not allowed (${name})`);
    });

    test('edits the username inline, keeps the # suffix, and the change survives a reload', async ({
      page,
      harness,
    }) => {
      const account = await harness.account({ name: 'Ada Lovelace' });
      const suffix = account.username.slice(account.username.indexOf('#'));
      await signInToAccount(page, account);
      const edit = page.getByRole('button', { name: 'Edit username' });
      await edit.click();
      const field = page.getByRole('textbox', { name: 'Username' });
      await expect(field).toBeFocused();
      await expect(field).toHaveValue('Ada Lovelace');
      await expectAccessible(page, `username editing (${name})`);
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
      await expectAccessible(page, `username saved, toast up (${name})`);
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

    test('an empty name does nothing, Cancel and Escape leave edit mode without saving', async ({ page, harness }) => {
      const account = await harness.account({ name: 'Ada Lovelace' });
      await signInToAccount(page, account);
      await page.getByRole('button', { name: 'Edit username' }).click();
      const field = page.getByRole('textbox', { name: 'Username' });
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
      const calls = await harness.log(account.uid);
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    });

    test('refuses a # in the name without asking the server', async ({ page, harness }) => {
      const account = await harness.account({ name: 'Ada Lovelace' });
      await signInToAccount(page, account);
      await page.getByRole('button', { name: 'Edit username' }).click();
      await page.getByRole('textbox', { name: 'Username' }).fill('Ada#0001');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('alert')).toHaveText('A username cannot contain the # character.');
      await expect(page.getByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription(
        'A username cannot contain the # character.',
      );
      expect((await harness.log(account.uid)).filter((c) => c.method === 'PUT')).toEqual([]);
    });

    test('account deletion: "Are you sure?", Cancel and Escape keep the account, focus back on the button', async ({
      page,
      harness,
    }) => {
      const account = await harness.account({ name: 'Ada Lovelace' });
      await signInToAccount(page, account);
      const request = page.getByRole('button', { name: 'Request Account Deletion' });
      await request.click();
      const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await expectAccessible(page, `deletion confirmation (${name})`);
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
    });
  });
}

test.describe('account deletion end to end', () => {
  // Signing in again with the deleted account's credentials gets a 400 from the identity service, on purpose.
  test.use({ allowConsoleErrors: [/status of 400/] });

  for (const { name, viewport } of WIDTHS) {
    test(`deletes the account, shows success, then after 2 seconds signs out to /auth?action=logout (${name})`, async ({
      page,
      harness,
    }) => {
      await page.setViewportSize(viewport);
      const account = await harness.account({ name: 'Ada Lovelace', designs: 2, plan: 'monthly' });
      await signInToAccount(page, account);
      await page.getByRole('button', { name: 'Request Account Deletion' }).click();
      const deleted = page.waitForResponse(
        (r) => r.request().method() === 'DELETE' && r.url().endsWith(`/users/${account.playerId}`),
      );
      await page
        .getByRole('alertdialog', { name: 'Are you sure?' })
        .getByRole('button', { name: 'Delete Account' })
        .click();
      expect((await deleted).status()).toBe(200);
      const success = page.getByRole('status').filter({ hasText: 'Your account has been deleted. Signing you out...' });
      await expect(success).toBeVisible();
      const shownAt = Date.now();
      await expectAccessible(page, `account deleted (${name})`);
      await expect(page.getByText('You have been successfully logged out.')).toBeVisible({ timeout: 8000 });
      expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1500);
      await expect(page).toHaveURL(/\/auth(\?|$)/);
      expect(new URL(page.url()).searchParams.get('action')).toBeNull();
      await expect(page.getByRole('heading', { name: 'My Account' })).toHaveCount(0);
      await expectAccessible(page, `logged out after deletion (${name})`);

      // The identity account is gone too: the same credentials no longer sign in.
      await signInByEmail(page, account);
      await expect(page.getByText('Incorrect email or password')).toBeVisible();
    });
  }
});

test.describe('account deletion refused by the server', () => {
  test.use({ allowConsoleErrors: [/status of 500/] });

  test('a server error shows its error field and keeps the account', async ({ page, harness }) => {
    const account = await harness.account({ name: 'Ada Lovelace' });
    await signInToAccount(page, account);
    await harness.faults(account.uid, 'delete-user=500x1');
    await page.getByRole('button', { name: 'Request Account Deletion' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Injected failure (500)');
    await expectAccessible(page, 'deletion failed');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await expect(profileValue(page, 'Username')).toContainText('Ada Lovelace');
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
    await signInToAccount(page, account);
    await expect(page.getByRole('alert').filter({ hasText: 'Unity authentication failed' })).toBeVisible();
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
    await signInToAccount(page, account);
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
