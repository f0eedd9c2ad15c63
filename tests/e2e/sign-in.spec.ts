// The /auth sign-in screen against the real Auth emulator: every mode, every SPEC 8 sign-in text that the UI can
// provoke, popups through the emulator's IdP widget, the logout action, keyboard-only use and axe at both widths.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, type Account } from './fixtures';
import { firebaseError, signInWithNewIdpAccount } from './support/identity-provider';
import { expectLayout, openSignedIn } from './support/signed-in';

const PRODUCT = 'Dream Book';
/** What Chromium logs for an answer >= 400 from the emulator (e.g. a wrong password): expected in these tests. */
const HTTP_ERROR_LOG = /Failed to load resource: the server responded with a status of (400|500)/;
/** The same, or a request that never got an answer (routed to a network failure). */
const HTTP_OR_NETWORK_ERROR_LOG =
  /Failed to load resource: (the server responded with a status of (400|500)|net::ERR_FAILED)/;

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

async function openEmailForm(page: Page, path = '/auth'): Promise<void> {
  await page.goto(path);
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await expect(page.getByLabel('Email')).toBeFocused();
}

async function fillAndSubmit(
  page: Page,
  email: string,
  password: string,
  button: 'Sign In' | 'Create Account' = 'Sign In',
): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: button, exact: true }).click();
}

/** Signed in and sent on by the guard: the signed-in layout shows. */
async function expectSignedInAtHome(page: Page): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('button', { name: 'Sign Out', exact: true })).toBeVisible();
}

const endpoint = (name: string) => new RegExp(`/identitytoolkit\\.googleapis\\.com/v1/accounts:${name}\\b`);

test.describe('e-mail sign-in and account creation', () => {
  test.use({ allowConsoleErrors: [HTTP_ERROR_LOG] });

  test('creates an account by e-mail and lands signed in', async ({ page, harness }) => {
    await openEmailForm(page);
    await page.getByRole('button', { name: "Don't have an account? Create one" }).click();
    await expect(heading(page)).toHaveText(`Create your ${PRODUCT} account`);
    await expect(page.getByRole('button', { name: 'Forgot password?' })).toHaveCount(0);
    const email = harness.email('created');
    await fillAndSubmit(page, email, 'fresh-pass-1', 'Create Account');
    await expectSignedInAtHome(page);
    // The account really exists in the emulator, with that password.
    await expect(harness.admin.signIn(email, 'fresh-pass-1')).resolves.toMatchObject({ uid: expect.any(String) });
    expect(await page.evaluate(() => localStorage.getItem('authProvider'))).toBe('password');
  });

  test('signs in a seeded account', async ({ page, harness }) => {
    const account = await harness.account();
    await openEmailForm(page);
    await expect(heading(page)).toHaveText(`Welcome to ${PRODUCT}`);
    await expect(page.getByText(`Sign in to your ${PRODUCT} account`)).toBeVisible();
    await fillAndSubmit(page, account.email, account.password);
    await expectSignedInAtHome(page);
  });

  test('signs in for an in-app redirect target and goes there, keeping its query', async ({ page, harness }) => {
    const account = await harness.account();
    await page.goto('/credits?foo=1');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fcredits&foo=1$/);
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    await fillAndSubmit(page, account.email, account.password);
    await expect(page).toHaveURL(/\/credits\?foo=1$/);
    await expect(page).toHaveTitle('Credits · Dream Book');
  });

  test('a wrong password, then an unknown address, say "Incorrect email or password" and sign nobody in', async ({
    page,
    harness,
  }) => {
    const account = await harness.account();
    await openEmailForm(page);
    const alert = page.getByRole('alert');
    await fillAndSubmit(page, account.email, 'not-the-password');
    await expect(alert).toHaveText('Incorrect email or password');
    await expect(page).toHaveURL(/\/auth$/);
    expect(await page.evaluate(() => localStorage.getItem('isAuthenticating'))).toBeNull();
    await expectAccessible(page, 'e-mail form with an error');
    // The same words for an address nobody has: nothing tells which addresses have accounts. The answer is awaited, as
    // the alert already says those words.
    const answered = page.waitForResponse(endpoint('signInWithPassword'));
    await fillAndSubmit(page, harness.email('nobody'), 'whatever-1');
    expect((await answered).status()).toBe(400);
    await expect(alert).toHaveText('Incorrect email or password');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('an existing e-mail on create says "An account with this email already exists"', async ({ page, harness }) => {
    const account = await harness.account();
    await openEmailForm(page);
    await page.getByRole('button', { name: "Don't have an account? Create one" }).click();
    await fillAndSubmit(page, account.email, 'another-pass-1', 'Create Account');
    await expect(page.getByRole('alert')).toHaveText('An account with this email already exists');
    await expect(heading(page)).toHaveText(`Create your ${PRODUCT} account`);
  });

  test('a disabled account gets "Failed to sign in. Please check your credentials"', async ({ page, harness }) => {
    const account = await harness.account();
    await harness.admin.disableUser(account.uid);
    await openEmailForm(page);
    await fillAndSubmit(page, account.email, account.password);
    await expect(page.getByRole('alert')).toHaveText('Failed to sign in. Please check your credentials');
  });

  test('a 5-character password: the browser blocks it, and the provider rejects one that slips through', async ({
    page,
    harness,
  }) => {
    let signUps = 0;
    page.on('request', (request) => {
      if (endpoint('signUp').test(request.url())) signUps++;
    });
    await openEmailForm(page);
    await page.getByRole('button', { name: "Don't have an account? Create one" }).click();
    const email = harness.email('short');
    await page.getByLabel('Email').fill(email);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('12345');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    // minlength 6: the browser refuses to submit and says why on the field.
    expect(await password.evaluate((el: HTMLInputElement) => el.validity.tooShort)).toBe(true);
    expect(await password.evaluate((el: HTMLInputElement) => el.validationMessage)).not.toBe('');
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(signUps).toBe(0);

    // A password manager that fills the field by script is not held back by minlength (not a user edit):
    // the provider then answers WEAK_PASSWORD and the SPEC 5 text shows.
    await password.evaluate((el: HTMLInputElement) => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setValue.call(el, '54321');
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(await password.evaluate((el: HTMLInputElement) => el.validity.tooShort)).toBe(false);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Password should be at least 6 characters');
    expect(signUps).toBe(1);
    await expect(harness.admin.signIn(email, '54321')).rejects.toThrow();
  });

  test('the browser also requires both fields and a well-formed address', async ({ page }) => {
    await openEmailForm(page);
    const email = page.getByLabel('Email');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    expect(await email.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    await email.fill('not-an-address');
    await page.getByLabel('Password', { exact: true }).fill('secret-pass');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    expect(await email.evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test.describe('errors the emulator cannot produce on demand (its endpoint answers an error instead)', () => {
  test.use({ allowConsoleErrors: [HTTP_OR_NETWORK_ERROR_LOG] });

  test('on sign-in: too many attempts, an address the service calls invalid, a network failure; then it signs in', async ({
    page,
    harness,
  }) => {
    const account = await harness.account();
    await openEmailForm(page);
    const alert = page.getByRole('alert');

    await page.route(endpoint('signInWithPassword'), firebaseError('TOO_MANY_ATTEMPTS_TRY_LATER'));
    await fillAndSubmit(page, account.email, account.password);
    await expect(alert).toHaveText('Too many unsuccessful login attempts. Please try again later');

    await page.unroute(endpoint('signInWithPassword'));
    await page.route(endpoint('signInWithPassword'), firebaseError('INVALID_EMAIL'));
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(alert).toHaveText('Invalid email address format');

    await page.unroute(endpoint('signInWithPassword'));
    await page.route(endpoint('signInWithPassword'), (route) => route.abort('failed'));
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(alert).toHaveText('Network error. Please check your connection and try again');
    // The same button works again once the network is back.
    await page.unroute(endpoint('signInWithPassword'));
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectSignedInAtHome(page);
  });

  test('any other failure on create', async ({ page, harness }) => {
    await page.route(endpoint('signUp'), firebaseError('OPERATION_NOT_ALLOWED'));
    await openEmailForm(page);
    await page.getByRole('button', { name: "Don't have an account? Create one" }).click();
    await fillAndSubmit(page, harness.email(), 'secret-pass', 'Create Account');
    await expect(page.getByRole('alert')).toHaveText('Failed to create account. Please try again');
  });

  test('network failure and too many requests on reset, and any other reset failure', async ({ page, harness }) => {
    const account = await harness.account();
    await openEmailForm(page);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const send = page.getByRole('button', { name: 'Send Reset Link' });

    await page.route(endpoint('sendOobCode'), (route) => route.abort('failed'));
    await send.click();
    await expect(page.getByRole('alert')).toHaveText('Network error. Please check your connection and try again');

    await page.unroute(endpoint('sendOobCode'));
    await page.route(endpoint('sendOobCode'), firebaseError('TOO_MANY_ATTEMPTS_TRY_LATER'));
    await send.click();
    await expect(page.getByRole('alert')).toHaveText('Too many requests. Please try again later');

    await page.unroute(endpoint('sendOobCode'));
    await page.route(endpoint('sendOobCode'), firebaseError('INTERNAL_ERROR', 500));
    await send.click();
    await expect(page.getByRole('alert')).toHaveText('Unable to send password reset email. Please try again later');

    await page.unroute(endpoint('sendOobCode'));
    await page.route(endpoint('sendOobCode'), firebaseError('INVALID_EMAIL'));
    await send.click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email address format');
    await expect(heading(page)).toHaveText('Reset your password');
  });
});

test.describe('password reset', () => {
  test.use({ allowConsoleErrors: [HTTP_ERROR_LOG] });

  test('a known address: "Password reset email sent!" and the "Check your email" view; the emulator has the e-mail', async ({
    page,
    harness,
  }) => {
    const account = await harness.account();
    await openEmailForm(page);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(heading(page)).toHaveText('Reset your password');
    // The address typed in the sign-in form is carried over.
    await expect(page.getByLabel('Email')).toHaveValue(account.email);
    await expectAccessible(page, 'reset form');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(heading(page)).toHaveText('Check your email');
    await expect(page.getByRole('status').filter({ hasText: 'Password reset email sent!' })).toHaveText(
      'Password reset email sent! Check your inbox for instructions.',
    );
    await expect(page.getByText(account.email)).toBeVisible();
    const codes = await harness.admin.oobCodes();
    expect(codes.some((c) => c.email === account.email && c.requestType === 'PASSWORD_RESET')).toBe(true);
    await expectAccessible(page, 'check your email');
    await page.getByRole('button', { name: 'Back to Sign In' }).click();
    await expect(heading(page)).toHaveText(`Welcome to ${PRODUCT}`);
    await expect(page.getByLabel('Email')).toHaveValue(account.email);
  });

  test('an unknown address gets the neutral "If an account exists..." text', async ({ page, harness }) => {
    await openEmailForm(page);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(harness.email('unknown'));
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(heading(page)).toHaveText('Check your email');
    await expect(
      page.getByText('If an account exists with this email, a password reset link will be sent'),
    ).toBeVisible();
  });

  test('an empty address: "Please enter your email address", on the field', async ({ page }) => {
    await openEmailForm(page);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill('');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter your email address');
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'reset form with an error');
  });
});

test.describe('Google and Apple popups (the emulator IdP widget)', () => {
  for (const [button, provider, stored] of [
    ['Continue with Google', 'Google.com', 'google.com'],
    ['Continue with Apple', 'Apple.com', 'apple.com'],
  ] as const) {
    test(`${button}: a new account through the popup signs in`, async ({ page, harness }) => {
      await page.goto('/auth');
      const popup = page.waitForEvent('popup');
      await page.getByRole('button', { name: button }).click();
      const { email } = await signInWithNewIdpAccount(await popup, provider);
      await expectSignedInAtHome(page);
      expect(await page.evaluate(() => localStorage.getItem('authProvider'))).toBe(stored);
      // The emulator now has that user, linked to the provider.
      const found = await fetch(
        `${harness.admin.url}/identitytoolkit.googleapis.com/v1/projects/${harness.admin.projectId}/accounts:lookup`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
          body: JSON.stringify({ email: [email] }),
        },
      ).then((r) => r.json() as Promise<{ users?: Array<{ providerUserInfo?: Array<{ providerId: string }> }> }>);
      expect(found.users?.[0]?.providerUserInfo?.map((p) => p.providerId)).toEqual([stored]);
    });
  }

  test('closing the popup says "Sign-in cancelled. Please try again"', async ({ page }) => {
    await page.clock.install();
    await page.goto('/auth');
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const opened = await popup;
    // The provider's page is up (a popup opened before the machinery was ready moves there from its blank page): the
    // user closes that. Closing it in the middle of that move once left Playwright's close waiting for ever.
    await expect(opened.getByRole('button', { name: 'Add new account' })).toBeVisible();
    await opened.close();
    // The SDK notices a closed popup on its next poll (every 2 s) and waits 8 s for a late answer first. The machinery
    // answered long ago (the provider's page was up) and the closed popup can send nothing: only that poll and that
    // wait are left to run, and the page's clock moves over them.
    // Not before that wait: 7 s on, the SDK may still hear from the popup, and the screen says nothing yet.
    await page.clock.runFor(7_000);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveAttribute('aria-disabled', 'true');
    await page.clock.runFor(3_000);
    await expect(page.getByRole('alert')).toHaveText('Sign-in cancelled. Please try again');
    expect(await page.evaluate(() => localStorage.getItem('isAuthenticating'))).toBeNull();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  });

  test.describe('provider answers that need routing', () => {
    test.use({ allowConsoleErrors: [HTTP_OR_NETWORK_ERROR_LOG] });

    /** Each popup sign-in of the test answered as the next of `answers` says; each shows its text on /auth. */
    async function popupAnswers(
      page: Page,
      button: 'Continue with Apple' | 'Continue with Google',
      answers: ReadonlyArray<readonly [string, string]>,
    ): Promise<void> {
      let answer = '';
      await page.route(endpoint('signInWithIdp'), (route) =>
        answer === 'network' ? route.abort('failed') : firebaseError(answer)(route),
      );
      await page.goto('/auth');
      for (const [next, text] of answers) {
        answer = next;
        const popup = page.waitForEvent('popup');
        await page.getByRole('button', { name: button }).click();
        await signInWithNewIdpAccount(await popup, button === 'Continue with Apple' ? 'Apple.com' : 'Google.com');
        await expect(page.getByRole('alert'), next).toHaveText(text);
        await expect(page).toHaveURL(/\/auth$/);
      }
    }

    test('Apple: network -> "Network error...", TOO_MANY_ATTEMPTS_TRY_LATER -> "Too many requests...", INTERNAL_ERROR -> "Failed to sign in with Apple..."', async ({
      page,
    }) => {
      await popupAnswers(page, 'Continue with Apple', [
        ['network', 'Network error. Please check your connection and try again'],
        ['TOO_MANY_ATTEMPTS_TRY_LATER', 'Too many requests. Please try again later'],
        ['INTERNAL_ERROR', 'Failed to sign in with Apple. Please try again'],
      ]);
    });

    test('Google: too many requests, and any other failure', async ({ page }) => {
      await popupAnswers(page, 'Continue with Google', [
        ['TOO_MANY_ATTEMPTS_TRY_LATER', 'Too many requests. Please try again later'],
        ['INVALID_IDP_RESPONSE', 'Failed to sign in with Google. Please try again'],
      ]);
    });
  });

  test('a blocked popup says so and offers the system browser, which without a host shows the address', async ({
    page,
  }) => {
    // What a popup blocker does: window.open returns null.
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto('/auth?redirect=%2Fcredits');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByRole('alert')).toHaveText('Pop-up blocked by browser. Please allow pop-ups for this site');
    await expect(
      page.getByText(
        'Google and Apple sign-in may not work inside this app window. Continue in your web browser to sign in there.',
      ),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Continue in your browser' }).click();
    await expect(page.getByText(/could not open your browser/)).toBeVisible();
    await expect(page.getByRole('link', { name: page.url() })).toHaveAttribute('href', page.url());
    await expectAccessible(page, 'popup blocked');
  });
});

test.describe('inside a host webview', () => {
  test('offers the system browser from the start and asks the host to open this same /auth address', async ({
    page,
    desktop,
  }) => {
    // A React Native host: it injects ReactNativeWebView before the page runs and records what the page posts.
    await page.addInitScript(() => {
      const posted: string[] = [];
      Object.assign(window, { __posted: posted, ReactNativeWebView: { postMessage: (m: string) => posted.push(m) } });
    });
    const path = `/auth?redirect=${encodeURIComponent(desktop.url)}&unityToken=true`;
    await page.goto(path);
    await expect(
      page.getByText('Google and Apple sign-in may not work inside this app window.', { exact: false }),
    ).toBeVisible();
    await expectAccessible(page, 'webview offer');
    await page.getByRole('button', { name: 'Continue in your browser' }).click();
    await expect(page.getByText(/Your web browser should open now/)).toBeVisible();
    const sent = await page.evaluate(() =>
      (window as unknown as { __posted: string[] }).__posted.map(
        (m) => JSON.parse(m) as { v: number; type: string; url?: string },
      ),
    );
    expect(sent.filter((m) => m.type === 'openUrl')).toEqual([
      { v: 1, type: 'openUrl', url: new URL(path, page.url()).href },
    ]);
    // E-mail sign-in still works right here.
    await expect(page.getByRole('button', { name: 'Continue with Email' })).toBeVisible();
  });
});

test.describe('?action=logout', () => {
  test('signs out, clears the desktop data and the redirect URL, says so, and removes only the action parameter', async ({
    page,
    harness,
  }) => {
    const account: Account = await harness.account();
    await openSignedIn(page, account, '/');
    await expect(page.getByRole('button', { name: 'Sign Out', exact: true })).toBeVisible();
    await page.evaluate(() => {
      for (const key of ['authToken', 'redirectUrl', 'redirectPath', 'isRedirecting', 'redirectWithUnityToken'])
        localStorage.setItem(key, 'x');
      localStorage.setItem('paymentsDisabled', 'true');
    });
    const before = await page.evaluate(() => history.length);
    await page.goto('/auth?foo=1&action=logout&bar=2');
    await expect(page.getByRole('status').filter({ hasText: 'logged out' })).toHaveText(
      'You have been successfully logged out.',
    );
    await expect(page).toHaveURL(/\/auth\?foo=1&bar=2$/);
    // A replace, not a push: the entry with action=logout is gone, so Back cannot log out again.
    expect(await page.evaluate(() => history.length)).toBe(before + 1);
    const stored = await page.evaluate(() => ({ ...localStorage }));
    for (const key of [
      'authToken',
      'unityAuthData',
      'redirectUrl',
      'redirectPath',
      'isRedirecting',
      'redirectWithUnityToken',
    ])
      expect(stored[key], key).toBeUndefined();
    expect(stored.paymentsDisabled).toBe('true');
    await expectAccessible(page, 'logged out');
    // Really signed out: a signed-in page sends us back to /auth.
    await page.goto('/credits');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fcredits$/);
  });

  test('works when nobody is signed in, and the screen is usable right away', async ({ page, harness }) => {
    const account = await harness.account();
    await page.goto('/auth?action=logout');
    await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    await expect(page.getByText('You have been successfully logged out.')).toHaveCount(0);
    await fillAndSubmit(page, account.email, account.password);
    await expectSignedInAtHome(page);
  });
});

test.describe('keyboard only', () => {
  test('signs in without a mouse', async ({ page, harness }) => {
    const account = await harness.account();
    await page.goto('/auth');
    const email = page.getByRole('button', { name: 'Continue with Email' });
    for (let i = 0; i < 10 && !(await email.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(email).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.keyboard.type(account.email);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await page.keyboard.type(account.password);
    await page.keyboard.press('Enter');
    await expectSignedInAtHome(page);
  });

  test('walks the views with Tab and Enter: sign-in form, create mode, reset', async ({ page }) => {
    await openEmailForm(page);
    for (const next of [
      page.getByLabel('Password', { exact: true }),
      page.getByRole('button', { name: 'Show password' }),
      page.getByRole('button', { name: 'Forgot password?' }),
      page.getByRole('button', { name: 'Sign In', exact: true }),
      page.getByRole('button', { name: "Don't have an account? Create one" }),
      page.getByRole('button', { name: 'Back to Sign-In Options' }),
    ]) {
      await page.keyboard.press('Tab');
      await expect(next).toBeFocused();
    }
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(heading(page)).toHaveText(`Create your ${PRODUCT} account`);
    await expect(page.getByLabel('Email')).toBeFocused();
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Already have an account? Sign in' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(heading(page)).toHaveText(`Welcome to ${PRODUCT}`);
    await expect(page.getByLabel('Email')).toBeFocused();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Forgot password?' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(heading(page)).toHaveText('Reset your password');
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(heading(page)).toHaveText(`Welcome to ${PRODUCT}`);
    await expect(page.getByLabel('Email')).toBeFocused();
  });
});

test.describe('every mode fits its width and passes axe', () => {
  // The reset goes to an unknown address, which the emulator answers with a 400.
  test.use({ allowConsoleErrors: [HTTP_ERROR_LOG] });
  for (const [label, width, height] of [
    ['desktop', 1280, 800],
    ['375 px wide', 375, 740],
  ] as const) {
    test.describe(label, () => {
      test.use({ viewport: { width, height } });

      test('the choice, the sign-in form and the create form', async ({ page }) => {
        await page.goto('/auth');
        await expect(heading(page)).toHaveText(`Welcome to ${PRODUCT}`);
        await expectLayout(page, `${label} choice`);
        await page.getByRole('button', { name: 'Continue with Email' }).click();
        await expectLayout(page, `${label} sign-in form`);
        await page.getByRole('button', { name: "Don't have an account? Create one" }).click();
        await expect(heading(page)).toHaveText(`Create your ${PRODUCT} account`);
        await expectLayout(page, `${label} create form`);
      });

      test('the reset form, check-email, and a message', async ({ page, harness }) => {
        await openEmailForm(page);
        await page.getByRole('button', { name: 'Forgot password?' }).click();
        await expect(heading(page)).toHaveText('Reset your password');
        await expectLayout(page, `${label} reset form`);
        await page.getByLabel('Email').fill(harness.email('axe'));
        await page.getByRole('button', { name: 'Send Reset Link' }).click();
        await expect(heading(page)).toHaveText('Check your email');
        await expectLayout(page, `${label} check email`);
        await page.goto('/auth?action=logout');
        await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
        await expectLayout(page, `${label} logged out`);
      });
    });
  }
});
