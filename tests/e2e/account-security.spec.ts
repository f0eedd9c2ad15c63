// My Account "Sign-in & security" (departure 6 in docs/departures.md) against the real Auth
// emulator: change and add a password, link Google through the emulator's IdP popup, unlink (never the last method),
// e-mail verification through its oobCodes. Each test starts signed in (openSignedIn); signing in through /auth is
// what the password change and the Google link are proven by. The section's own rules and texts are
// tests/unit/state/account-security.test.ts and tests/unit/ui/account/sign-in-security.test.tsx.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { newGoogleUser, openSignedInWithGoogle } from './support/account-security';
import { firebaseError, signInWithNewIdpAccount } from './support/identity-provider';
import { signInByEmail } from './support/sign-in';
import { expectLayout, openSignedIn, profileValue, WIDTHS } from './support/signed-in';

/** What Chromium logs for an answer >= 400 from the emulator (a wrong password): expected in these tests. */
const HTTP_ERROR_LOG = /Failed to load resource: the server responded with a status of 400/;
const HTTP_OR_NETWORK_ERROR_LOG =
  /Failed to load resource: (the server responded with a status of 400|net::ERR_FAILED)/;

const endpoint = (name: string) => new RegExp(`/identitytoolkit\\.googleapis\\.com/v1/accounts:${name}\\b`);

const security = (page: Page) => page.getByRole('region', { name: 'Sign-in & security' });
const linkedRow = (page: Page, name: 'Google' | 'Apple') =>
  security(page).getByRole('listitem').filter({ hasText: name });

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(/\/auth/);
}

async function expectAtMyAccount(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
}

async function changePassword(page: Page, current: string, next: string): Promise<void> {
  const section = security(page);
  await section.getByLabel('Current password').fill(current);
  await section.getByLabel('New password').fill(next);
  await section.getByRole('button', { name: 'Change password' }).click();
}

test.describe('change password', () => {
  test.use({ allowConsoleErrors: [HTTP_ERROR_LOG] });

  test('an e-mail user changes the password, then signs in with the new one and not the old one', async ({
    page,
    harness,
  }) => {
    const account = await harness.account({ name: 'Ada Lovelace' });
    await openSignedIn(page, account);
    await expect(security(page).getByRole('heading', { name: 'Change password' })).toBeVisible();
    await changePassword(page, account.password, 'brand-new-pass-2');
    await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed.' })).toBeVisible();
    // The fields are emptied, so the passwords do not linger on the page.
    await expect(security(page).getByLabel('Current password')).toHaveValue('');
    await expect(security(page).getByLabel('New password')).toHaveValue('');
    await expect(harness.admin.signIn(account.email, 'brand-new-pass-2')).resolves.toMatchObject({ uid: account.uid });

    await signOut(page);
    await signInByEmail(page, account);
    await expect(page.getByRole('alert')).toHaveText('Incorrect email or password');
    await signInByEmail(page, { email: account.email, password: 'brand-new-pass-2' });
    await expectAtMyAccount(page);
    await expect(profileValue(page, 'Email')).toHaveText(account.email);
  });

  test('SPEC 5 is checked before any request; a wrong current password says "Incorrect email or password" and changes nothing', async ({
    page,
    harness,
  }) => {
    const account = await harness.account();
    await openSignedIn(page, account);
    let reauths = 0;
    page.on('request', (request) => {
      if (endpoint('signInWithPassword').test(request.url())) reauths++;
    });
    // Both fields required, a new password of at least 6 characters.
    await security(page).getByRole('button', { name: 'Change password' }).click();
    await expect(security(page).getByRole('alert')).toHaveText('Please enter your current password');
    await changePassword(page, account.password, '');
    await expect(security(page).getByRole('alert')).toHaveText('Please enter a new password');
    await changePassword(page, account.password, '12345');
    await expect(security(page).getByRole('alert')).toHaveText('Password should be at least 6 characters');
    await expect(security(page).getByLabel('New password')).toBeFocused();
    expect(reauths).toBe(0);

    await changePassword(page, 'not-my-password', 'brand-new-pass-2');
    const alert = security(page).getByRole('alert');
    await expect(alert).toHaveText('Incorrect email or password');
    expect(reauths).toBe(1);
    const current = security(page).getByLabel('Current password');
    await expect(current).toBeFocused();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(current).toHaveAccessibleDescription('Incorrect email or password');
    // What was typed stays, to correct.
    await expect(security(page).getByLabel('New password')).toHaveValue('brand-new-pass-2');
    await expectAccessible(page, 'wrong current password');
    await expect(harness.admin.signIn(account.email, account.password)).resolves.toMatchObject({ uid: account.uid });
    await expect(harness.admin.signIn(account.email, 'brand-new-pass-2')).rejects.toThrow();
  });

  test.describe('failures the emulator cannot produce on demand', () => {
    test.use({ allowConsoleErrors: [HTTP_OR_NETWORK_ERROR_LOG] });

    test('too many attempts and a network failure show the SPEC 8 texts', async ({ page, harness }) => {
      const account = await harness.account();
      await openSignedIn(page, account);
      await page.route(endpoint('signInWithPassword'), firebaseError('TOO_MANY_ATTEMPTS_TRY_LATER'));
      await changePassword(page, account.password, 'brand-new-pass-2');
      await expect(security(page).getByRole('alert')).toHaveText(
        'Too many unsuccessful login attempts. Please try again later',
      );
      await page.unroute(endpoint('signInWithPassword'));
      await page.route(endpoint('signInWithPassword'), (route) => route.abort('failed'));
      await security(page).getByRole('button', { name: 'Change password' }).click();
      await expect(security(page).getByRole('alert')).toHaveText(
        'Network error. Please check your connection and try again',
      );
      // Once the network is back the same form works.
      await page.unroute(endpoint('signInWithPassword'));
      await security(page).getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed.' })).toBeVisible();
    });
  });
});

test.describe('linked methods (the emulator IdP widget)', () => {
  // "Add a password": the emulator answers the link of the account's own address with a 400 before the portal sets it.
  test.use({ allowConsoleErrors: [HTTP_ERROR_LOG] });

  test('linking Google in the popup shows it linked, and the identity service keeps the link', async ({
    page,
    harness,
  }) => {
    const account = await harness.account({ name: 'Ada Lovelace' });
    await openSignedIn(page, account);
    await expect(profileValue(page, 'Sign-in Method')).toHaveText('Email');
    await expect(linkedRow(page, 'Google')).toContainText('Not linked');
    const popup = page.waitForEvent('popup');
    await security(page).getByRole('button', { name: 'Link Google' }).click();
    const google = await signInWithNewIdpAccount(await popup, 'Google.com');
    await expect(page.getByRole('status').filter({ hasText: 'Google is now linked.' })).toBeVisible();
    await expect(linkedRow(page, 'Google')).toContainText('Linked');
    await expect(linkedRow(page, 'Google').getByRole('button', { name: 'Unlink Google' })).toBeVisible();
    await expect(profileValue(page, 'Sign-in Method')).toHaveText('Email, Google');
    const user = await harness.admin.lookup(account.uid);
    expect(user?.providerUserInfo).toContainEqual(
      expect.objectContaining({ providerId: 'google.com', email: google.email }),
    );
  });

  // The link made as the test above proves it is made; signing in through it is this test's (two popups in one test
  // took 12-18 s).
  test('with Google linked, "Continue with Google" signs into the same account', async ({ page, harness }) => {
    const account = await harness.account({ name: 'Ada Lovelace' });
    const google = newGoogleUser('Ada Google');
    await harness.admin.linkGoogle((await harness.admin.signIn(account.email, account.password)).idToken, google);
    await page.goto('/auth');
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const widget = await popup;
    await widget.waitForLoadState('domcontentloaded');
    // The widget lists the Google accounts the emulator knows: pick the one linked.
    await widget.locator('li').filter({ hasText: google.email }).click();
    await expectAtMyAccount(page);
    await expect(profileValue(page, 'Email')).toHaveText(account.email);
    await expect(profileValue(page, 'Sign-in Method')).toHaveText('Email, Google');
    expect(await page.evaluate(() => localStorage.getItem('authProvider'))).toBe('google.com');
  });

  test('a Google-only account cannot unlink its last method; after "Add a password" it can, with a confirmation', async ({
    page,
    harness,
  }) => {
    const google = await openSignedInWithGoogle(page);
    await expectAtMyAccount(page);
    await expect(profileValue(page, 'Sign-in Method')).toHaveText('Google');

    // The last method: no Unlink, and the reason is said.
    await expect(linkedRow(page, 'Google')).toContainText(
      'This is your only sign-in method, so it cannot be unlinked.',
    );
    await expect(security(page).getByRole('button', { name: 'Unlink Google' })).toHaveCount(0);

    // No password yet: "Add a password" instead of the change form.
    await expect(security(page).getByRole('heading', { name: 'Add a password' })).toBeVisible();
    await expect(security(page).getByLabel('Current password')).toHaveCount(0);
    await security(page).getByLabel('New password').fill('added-pass-1');
    await security(page).getByRole('button', { name: 'Add password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Password added.' })).toBeVisible();
    await expect(profileValue(page, 'Sign-in Method')).toHaveText('Email, Google');
    await expect(security(page).getByRole('heading', { name: 'Change password' })).toBeVisible();
    await expect(harness.admin.signIn(google.email, 'added-pass-1')).resolves.toMatchObject({
      uid: expect.any(String),
    });

    // Now Google may go, after "Unlink Google?"; Cancel keeps it.
    const unlink = security(page).getByRole('button', { name: 'Unlink Google' });
    await unlink.click();
    const dialog = page.getByRole('alertdialog', { name: 'Unlink Google?' });
    await expect(dialog).toHaveAccessibleDescription(
      'You will no longer be able to sign in with Google. You can still sign in with Email.',
    );
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectAccessible(page, 'unlink confirmation');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(unlink).toBeFocused();
    await expect(profileValue(page, 'Sign-in Method')).toHaveText('Email, Google');

    await unlink.click();
    await dialog.getByRole('button', { name: 'Unlink', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Google has been unlinked.' })).toBeVisible();
    await expect(profileValue(page, 'Sign-in Method')).toHaveText('Email');
    await expect(linkedRow(page, 'Google')).toContainText('Not linked');
    await expect(security(page).getByRole('button', { name: 'Link Google' })).toBeVisible();

    // The identity service agrees: the account has only its password now.
    const found = await fetch(
      `${harness.admin.url}/identitytoolkit.googleapis.com/v1/projects/${harness.admin.projectId}/accounts:lookup`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
        body: JSON.stringify({ email: [google.email] }),
      },
    ).then((r) => r.json() as Promise<{ users?: Array<{ providerUserInfo?: Array<{ providerId: string }> }> }>);
    expect(found.users?.[0]?.providerUserInfo?.map((p) => p.providerId)).toEqual(['password']);
  });

  test('a blocked popup says so and offers the system browser for linking', async ({ page, harness }) => {
    const account = await harness.account();
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await openSignedIn(page, account);
    await security(page).getByRole('button', { name: 'Link Apple' }).click();
    await expect(security(page).getByRole('alert')).toHaveText(
      'Pop-up blocked by browser. Please allow pop-ups for this site',
    );
    await expect(
      security(page).getByText('Linking Google or Apple may not work inside this app window.', { exact: false }),
    ).toBeVisible();
    await security(page).getByRole('button', { name: 'Continue in your browser' }).click();
    await expect(security(page).getByText(/could not open your browser/)).toBeVisible();
    await expect(security(page).getByRole('link', { name: page.url() })).toHaveAttribute('href', page.url());
    await expect(profileValue(page, 'Sign-in Method')).toHaveText('Email');
  });
});

test.describe('inside a host webview', () => {
  test('linking offers the system browser from the start and asks the host to open My Account there', async ({
    page,
    harness,
  }) => {
    const account = await harness.account();
    await page.addInitScript(() => {
      const posted: string[] = [];
      Object.assign(window, { __posted: posted, ReactNativeWebView: { postMessage: (m: string) => posted.push(m) } });
    });
    await openSignedIn(page, account);
    await expect(
      security(page).getByText('Linking Google or Apple may not work inside this app window.', { exact: false }),
    ).toBeVisible();
    await security(page).getByRole('button', { name: 'Continue in your browser' }).click();
    await expect(security(page).getByText(/Your web browser should open now/)).toBeVisible();
    const sent = await page.evaluate(() =>
      (window as unknown as { __posted: string[] }).__posted.map(
        (m) => JSON.parse(m) as { type: string; url?: string },
      ),
    );
    expect(sent.filter((m) => m.type === 'openUrl').map((m) => m.url)).toEqual([page.url()]);
  });
});

test.describe('e-mail verification', () => {
  test("a link read from the emulator's out-of-band codes flips the badge to Verified", async ({ page, harness }) => {
    const account = await harness.account();
    await openSignedIn(page, account);
    const part = security(page).getByRole('region', { name: 'Email verification' });
    await expect(part.getByText('Not verified', { exact: true })).toBeVisible();
    await part.getByRole('button', { name: 'Send verification e-mail' }).click();
    await expect(part.getByRole('status')).toHaveText(
      `Verification email sent to ${account.email}. Follow the link in it, then come back here.`,
    );
    // The cooldown: the button counts down and refuses meanwhile, a keyboard press as well (it keeps its focus).
    const again = part.getByRole('button', { name: /^Send again in \d+ s$/ });
    await expect(again).toHaveAttribute('aria-disabled', 'true');
    await again.focus();
    await page.keyboard.press('Enter');

    // Not followed yet: checking says so. Its answer comes after any e-mail the press above could have sent.
    await part.getByRole('button', { name: 'Check again' }).click();
    await expect(part.getByRole('status')).toHaveText(/not verified yet/);
    const codes = (await harness.admin.oobCodes()).filter(
      (c) => c.email === account.email && c.requestType === 'VERIFY_EMAIL',
    );
    expect(codes).toHaveLength(1);

    // Following the link, as the mail app would, verifies the address at the identity service.
    const followed = await fetch(codes[0]!.oobLink);
    expect(followed.status).toBe(200);
    await part.getByRole('button', { name: 'Check again' }).click();
    await expect(part.getByText('Verified', { exact: true })).toBeVisible();
    await expect(part.getByRole('status')).toHaveText('Your email address is verified.');
    await expect(part.getByRole('button', { name: /Send/ })).toHaveCount(0);
  });
});

test.describe('375 px', () => {
  test.use({ viewport: WIDTHS[1].viewport });

  test('the section fits and passes axe, with an error and a notice showing, in both themes', async ({
    page,
    harness,
  }) => {
    const account = await harness.account();
    await openSignedIn(page, account);
    await security(page).getByRole('heading', { name: 'Sign-in & security' }).scrollIntoViewIfNeeded();
    await expectLayout(page, 'Sign-in & security at 375 px');
    await security(page).getByRole('button', { name: 'Change password' }).click();
    await expect(security(page).getByRole('alert')).toHaveText('Please enter your current password');
    await security(page).getByRole('button', { name: 'Send verification e-mail' }).click();
    await expect(security(page).getByText(/Verification email sent/)).toBeVisible();
    await expectLayout(page, 'Sign-in & security at 375 px with messages');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, 'Sign-in & security at 375 px with messages, dark theme');
  });
});
