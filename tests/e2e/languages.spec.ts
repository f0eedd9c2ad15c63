// Every user's language (docs/languages.md "Languages"): the language comes from the user's choice, the app's `lang`
// launch parameter or the browser; the page reads in it, right to left included, and switches live. Texts are read from
// the language files themselves, so a test finds what a German or Arabic reader sees. Signing in through the screen in
// another language is the hand-off's and the picker's journeys; the other signed-in tests start signed in.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { hostSends, injectHost } from './bridge-hosts';
import { payPalCheckout } from './support/paypal';
import { expectOnTop } from './support/on-top';
import { openSignedIn } from './support/signed-in';

type Forms = Record<string, string>;
const files: Record<string, Record<string, string | Forms>> = {};
/** The text of `key` in `tag`, with {product} (and `params`) filled in; a counted text gives its `form`. */
function t(tag: string, key: string, params: Record<string, string | number> = {}, form = 'other'): string {
  files[tag] ??= JSON.parse(readFileSync(new URL(`../../src/messages/locales/${tag}.json`, import.meta.url), 'utf8'));
  const entry = files[tag]![key]!;
  const text = typeof entry === 'string' ? entry : entry[form]!;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    String({ product: 'Dream Book', ...params }[name] ?? whole),
  );
}

const html = (page: Page) => page.locator('html');

async function signInHere(page: Page, tag: string, account: { email: string; password: string }) {
  await page.getByRole('button', { name: t(tag, 'continueWithEmail') }).click();
  await page.getByLabel(t(tag, 'emailLabel'), { exact: true }).fill(account.email);
  await page.getByLabel(t(tag, 'passwordLabel'), { exact: true }).fill(account.password);
  await page.getByRole('button', { name: t(tag, 'signInButton'), exact: true }).click();
}

test.describe('German', () => {
  test('an app that launches with lang=de gets German, through e-mail sign-in to the desktop hand-off', async ({
    page,
    harness,
    desktop,
  }) => {
    const account = await harness.account();
    await page.goto(`/auth?lang=de-AT&redirect=${encodeURIComponent(desktop.url)}`);
    await expect(page.getByRole('heading', { name: t('de', 'welcomeHeading'), level: 1 })).toBeVisible();
    await expect(html(page)).toHaveAttribute('lang', 'de');
    await expect(html(page)).toHaveAttribute('dir', 'ltr');
    await expect(page).toHaveTitle(`${t('de', 'pageTitleSignIn')} · Dream Book`);
    await signInHere(page, 'de', account);
    const event = await desktop.next('login');
    expect(event.kind === 'login' && event.claims?.user_id).toBe(account.uid);
  });

  test('buys credits in German, with German prices', async ({ page, harness }) => {
    const account = await harness.account();
    await openSignedIn(page, account, '/credits?lang=de');
    await expect(page.getByRole('heading', { name: t('de', 'creditsHeading'), level: 1 })).toBeVisible();
    const pack = page.getByRole('article', { name: t('de', 'packTitle', { n: 30 }), exact: true });
    // Intl's German USD: "14,99 $".
    await expect(pack.getByText(/^14,99\s\$$/)).toBeVisible();
    await pack.getByRole('button', { name: t('de', 'purchaseWithPayPal') }).click();
    const modal = page.getByRole('dialog', { name: t('de', 'purchaseCreditsTitle', { n: 30 }) });
    await payPalCheckout(modal, 'Pay Now');
    await expect(page.getByText(t('de', 'purchaseSucceeded', { n: 30 }))).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: t('de', 'balanceHeading') })
        .getByText(new RegExp(`^30 ${t('de', 'availableCredits')}$`)),
    ).toBeVisible();
  });

  test("the reset e-mail request carries the language to Firebase's Auth emulator", async ({ page, harness }) => {
    const account = await harness.account();
    await page.goto('/auth?lang=de');
    await page.getByRole('button', { name: t('de', 'continueWithEmail') }).click();
    await page.getByRole('button', { name: t('de', 'forgotPassword') }).click();
    await page.getByLabel(t('de', 'emailLabel'), { exact: true }).fill(account.email);
    const sent = page.waitForRequest((r) => r.url().includes('accounts:sendOobCode') && r.method() === 'POST');
    await page.getByRole('button', { name: t('de', 'sendResetLink') }).click();
    expect((await sent).headers()['x-firebase-locale']).toBe('de');
    await expect(page.getByRole('heading', { name: t('de', 'checkEmailHeading'), level: 1 })).toBeVisible();
  });
});

test.describe('Arabic, right to left', () => {
  test.use({ locale: 'ar-EG' });

  test('the browser language gives Arabic: My Account, the subscription page and the sign-in screen mirror and pass axe', async ({
    page,
    harness,
  }) => {
    const account = await harness.account();
    await openSignedIn(page, account);
    await expectOnTop(page.getByRole('heading', { name: t('ar', 'myAccountHeading'), level: 1 }));
    await expect(html(page)).toHaveAttribute('dir', 'rtl');
    await expect(html(page)).toHaveAttribute('lang', 'ar');
    await expectAccessible(page, 'My Account in Arabic');
    // Right to left: the main navigation starts at the right edge.
    const nav = page.getByRole('navigation', { name: t('ar', 'mainNavLabel') });
    const first = await nav.getByRole('link').first().boundingBox();
    const last = await nav.getByRole('link').last().boundingBox();
    expect(first!.x).toBeGreaterThan(last!.x);
    await nav.getByRole('link', { name: 'Pro', exact: true }).click();
    await expect(page.getByRole('heading', { name: t('ar', 'subscriptionHeading'), level: 1 })).toBeVisible();
    await expect(page.getByRole('article', { name: t('ar', 'planTitleAnnual'), exact: true })).toBeVisible();
    await expectAccessible(page, 'the subscription page in Arabic');
    // Signed out, the sign-in screen reads in Arabic too.
    await page.getByRole('button', { name: t('ar', 'signOut'), exact: true }).click();
    await expect(page.getByRole('heading', { name: t('ar', 'welcomeHeading'), level: 1 })).toBeVisible();
    await expect(html(page)).toHaveAttribute('dir', 'rtl');
    await expect(html(page)).toHaveAttribute('lang', 'ar');
    await expectAccessible(page, '/auth in Arabic');
  });
});

test.describe("A language's two files: its own texts, which every first screen needs, and its pages'", () => {
  test.use({ allowConsoleErrors: [/Failed to load resource: net::ERR_FAILED/] });

  /** Aborts every request for pages' texts while `blocked()`; returns the paths asked for. */
  async function pagesTexts(page: Page, blocked: () => boolean): Promise<string[]> {
    const asked: string[] = [];
    await page.route('**/locales/*.pages.json', (route) => {
      asked.push(new URL(route.request().url()).pathname);
      return blocked() ? route.abort('failed') : route.continue();
    });
    return asked;
  }

  test("the sign-in screen needs only the first; its e-mail form's texts that cannot load read in English", async ({
    page,
  }) => {
    const asked = await pagesTexts(page, () => true);
    await page.goto('/auth?lang=de');
    await expect(page.getByRole('heading', { name: t('de', 'welcomeHeading'), level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: t('de', 'continueWithGoogle') })).toBeEnabled();
    // The e-mail form is a view of its own, with its own texts: here, English, and the screen works on.
    await page.getByRole('button', { name: t('de', 'continueWithEmail') }).click();
    await expect(page.getByLabel('Email', { exact: true })).toBeEditable();
    await expect(page.getByLabel('Password', { exact: true })).toBeEditable();
    await expect(html(page)).toHaveAttribute('lang', 'de');
    expect(asked.length).toBeGreaterThan(0);
  });

  test("a page's texts that cannot load read in English; the next page asks again, and a switch brings both files", async ({
    page,
    harness,
  }) => {
    const account = await harness.account();
    let blocked = true;
    const asked = await pagesTexts(page, () => blocked);
    await openSignedIn(page, account, '/?lang=de');
    await expectOnTop(page.getByRole('heading', { name: 'My Account', level: 1 }));
    await expect(page.getByRole('combobox', { name: t('de', 'languageLabel') })).toHaveValue('de');
    expect(asked.length).toBeGreaterThan(0);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Credits', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Transform Your Designs Into Reality', level: 1 })).toBeVisible();
    // Back on a page whose code is here already: showing it asks for the texts again, and they come.
    blocked = false;
    await nav.getByRole('link', { name: 'Account', exact: true }).click();
    await expect(page.getByRole('heading', { name: t('de', 'myAccountHeading'), level: 1 })).toBeVisible();
    await page.getByRole('combobox', { name: t('de', 'languageLabel') }).selectOption({ label: 'Français' });
    await expect(page.getByRole('heading', { name: t('fr', 'myAccountHeading'), level: 1 })).toBeVisible();
    expect(asked.filter((path) => /^\/locales\/fr-[0-9a-f]+\.pages\.json$/.test(path))).toHaveLength(1);
  });

  test('a page opened in German shows German from its first render, never English first', async ({ page, harness }) => {
    const account = await harness.account();
    // English that would show first: the page's heading, or the status the portal shows while a page loads.
    const english = ['Transform Your Designs Into Reality', 'Loading...'];
    await page.addInitScript((texts) => {
      const seen = new Set<string>();
      Object.assign(window, { englishSeen: seen });
      new MutationObserver(() => {
        for (const text of texts) if (document.body?.textContent?.includes(text)) seen.add(text);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    }, english);
    // The pages' texts come last, well after the page's code.
    await page.route('**/locales/*.pages.json', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await openSignedIn(page, account, '/credits?lang=de');
    await expect(page.getByRole('heading', { name: t('de', 'creditsHeading'), level: 1 })).toBeVisible();
    expect(await page.evaluate(() => [...(window as unknown as { englishSeen: Set<string> }).englishSeen])).toEqual([]);
  });
});

test.describe('Japanese', () => {
  test.use({ locale: 'ja-JP' });

  test('the external-link page reads in Japanese', async ({ page }) => {
    await page.goto('/external-link');
    await expect(page.getByRole('heading', { name: t('ja', 'getAppHeading'), level: 1 })).toBeVisible();
    await expect(html(page)).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('combobox', { name: t('ja', 'languageLabel') })).toHaveValue('ja');
  });
});

test.describe('A host webview', () => {
  test("switches the page live to the app's language, keeping what was typed", async ({ page }) => {
    await injectHost(page, { kind: 'webview2' });
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    await page.getByLabel('Email', { exact: true }).fill('typed@example.com');
    await hostSends(page, 'webview2', { v: 4, type: 'locale', locale: 'ko-KR' });
    await expect(page.getByRole('button', { name: t('ko', 'signInButton'), exact: true })).toBeVisible();
    await expect(page.getByLabel(t('ko', 'emailLabel'), { exact: true })).toHaveValue('typed@example.com');
    await expect(html(page)).toHaveAttribute('lang', 'ko');
    await hostSends(page, 'webview2', { v: 4, type: 'locale', locale: 'he-IL' });
    await expect(html(page)).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('button', { name: t('he', 'signInButton'), exact: true })).toBeVisible();
    // The user's own choice on the page outranks the app's: a later host message changes nothing.
    await page.getByRole('combobox', { name: t('he', 'languageLabel') }).selectOption({ label: 'Deutsch' });
    await expect(html(page)).toHaveAttribute('lang', 'de');
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await hostSends(page, 'webview2', { v: 4, type: 'locale', locale: 'ja' });
    // A message after it has been handled once its effect shows: the locale message came before it.
    await hostSends(page, 'webview2', { v: 1, type: 'canMakePayments', allowed: false });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('paymentsDisabled'))).toBe('true');
    expect(asked.filter((path) => path.startsWith('/locales/'))).toEqual([]);
    await expect(page.getByRole('button', { name: t('de', 'signInButton'), exact: true })).toBeVisible();
    await expect(html(page)).toHaveAttribute('lang', 'de');
  });
});

test.describe('Choosing a language', () => {
  test('the picker switches live, keeps what was typed, and the choice outranks the app on the next load and outlives a sign-out', async ({
    page,
    harness,
  }) => {
    const account = await harness.account();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    const picker = page.getByRole('combobox', { name: 'Language' });
    await picker.focus();
    await picker.selectOption({ label: 'Français' });
    await expect(page.getByRole('button', { name: t('fr', 'signInButton'), exact: true })).toBeVisible();
    await expect(page.getByLabel(t('fr', 'emailLabel'), { exact: true })).toHaveValue(account.email);
    await expect(html(page)).toHaveAttribute('lang', 'fr');
    await page.getByLabel(t('fr', 'passwordLabel'), { exact: true }).fill(account.password);
    await page.getByRole('button', { name: t('fr', 'signInButton'), exact: true }).click();
    await expectOnTop(page.getByRole('heading', { name: t('fr', 'myAccountHeading'), level: 1 }));
    // The app's language does not override the user's own choice.
    await page.goto('/?lang=de');
    await expect(page.getByRole('heading', { name: t('fr', 'myAccountHeading'), level: 1 })).toBeVisible();
    await page.getByRole('button', { name: t('fr', 'signOut'), exact: true }).click();
    await expect(page.getByRole('heading', { name: t('fr', 'welcomeHeading'), level: 1 })).toBeVisible();
    // Back to English, which has no file: the catalogue's own texts, live.
    await page.getByRole('combobox', { name: t('fr', 'languageLabel') }).selectOption({ label: 'English' });
    await expect(page.getByRole('heading', { name: 'Welcome to Dream Book', level: 1 })).toBeVisible();
    await expect(html(page)).toHaveAttribute('lang', 'en');
  });

  test('a hostile lang value gets English and leaves the address', async ({ page }) => {
    for (const value of ['<script>alert(1)</script>', '__proto__', 'de-' + 'x'.repeat(300)]) {
      await page.goto(`/auth?lang=${encodeURIComponent(value)}`);
      await expect(page.getByRole('heading', { name: 'Welcome to Dream Book', level: 1 })).toBeVisible();
      await expect(html(page)).toHaveAttribute('lang', 'en');
      expect(new URL(page.url()).searchParams.has('lang')).toBe(false);
    }
  });

  test.describe('when the language file cannot load', () => {
    test.use({ allowConsoleErrors: [/Failed to load resource: net::ERR_FAILED/] });

    test('a language file that cannot load leaves the page working in English', async ({ page }) => {
      await page.route('**/locales/**', (route) => route.abort('failed'));
      await page.goto('/auth?lang=de');
      await expect(page.getByRole('heading', { name: 'Welcome to Dream Book', level: 1 })).toBeVisible();
      await expect(page.getByText('Loading...')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    });
  });
});
