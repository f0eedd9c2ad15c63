// The dark theme (prefers-color-scheme): every page and open dialog axe-clean in both themes; focus outlines that
// survive forced colours; a still spinner under reduced motion; 100dvh.
// The themes are compared at 1280 px, each state scanned dark and then light in the one load (the theme follows the
// system's setting live). No colour depends on the width (the 767 px media queries change layout only), and each
// page's own spec checks its 375 px layout with axe (expectLayout), so the 375 px runs of these sweeps are gone.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { openSignedIn } from './support/signed-in';

/** Relative luminance (WCAG) of a computed `rgb(...)` / `rgba(...)` colour. */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The page really is in the theme asked for: page background and body text on the right side of the scale. */
async function expectTheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  const { bg, text } = await page.evaluate(() => {
    const html = getComputedStyle(document.documentElement);
    return { bg: html.backgroundColor, text: html.color };
  });
  if (scheme === 'dark') {
    expect(luminance(bg), `background ${bg}`).toBeLessThan(0.05);
    expect(luminance(text), `text ${text}`).toBeGreaterThan(0.6);
  } else {
    expect(luminance(bg), `background ${bg}`).toBeGreaterThan(0.8);
    expect(luminance(text), `text ${text}`).toBeLessThan(0.05);
  }
}

/** The page as it is now, axe-clean in the dark theme and then in the light one, each really in effect. */
async function expectCleanInBothThemes(page: Page, label: string): Promise<void> {
  for (const scheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectTheme(page, scheme);
    await expectAccessible(page, `${label}, ${scheme}`);
  }
}

test.describe('both themes', () => {
  test.use({ colorScheme: 'dark' });

  test.describe('signed out', () => {
    // The wrong password below is answered 400 by the identity service, which Chromium logs.
    test.use({ allowConsoleErrors: [/status of 400 \(Bad Request\)/] });

    test('the sign-in screen is axe-clean', async ({ page }) => {
      await page.goto('/auth');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectCleanInBothThemes(page, '/auth');
    });

    test('the e-mail form with an error is axe-clean', async ({ page, harness }) => {
      const account = await harness.account();
      await page.goto('/auth');
      await page.getByRole('button', { name: 'Continue with Email' }).click();
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Incorrect email or password' })).toBeVisible();
      await expectCleanInBothThemes(page, '/auth e-mail form with an error');
    });
  });

  test('the public pages are axe-clean', async ({ page }) => {
    for (const path of ['/external-link', '/share-design?model=Cozy_Cottage&design=Lake%20House', '/return-to-app']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectCleanInBothThemes(page, path);
    }
  });

  test.describe('signed in, a new account', () => {
    test.use({ welcomeSurvey: true });

    test('the welcome survey is axe-clean', async ({ page, harness }) => {
      const account = await harness.account({ plan: 'monthly', credits: 20 });
      await openSignedIn(page, account);
      const survey = page.getByRole('dialog', { name: 'Welcome to dream book!' });
      await expect(survey.getByRole('radio').first()).toBeFocused();
      await expectCleanInBothThemes(page, 'welcome survey');
      await survey.getByRole('button', { name: 'Skip' }).click();
      await expect(survey).toHaveCount(0);
    });
  });

  test('signed in: My Account and its deletion dialog are axe-clean', async ({ page, harness }) => {
    const account = await harness.account({ plan: 'monthly', credits: 20 });
    await openSignedIn(page, account);
    await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Manage subscription' })).toBeVisible();
    await expectCleanInBothThemes(page, 'My Account');
    await page.getByRole('button', { name: 'Request Account Deletion' }).click();
    const deletion = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await expect(deletion).toBeVisible();
    await expectCleanInBothThemes(page, 'deletion dialog');
    await deletion.getByRole('button', { name: 'Cancel' }).click();
    await expect(deletion).toHaveCount(0);
  });

  test('signed in: My Designs is axe-clean', async ({ page, harness }) => {
    const account = await harness.account({ plan: 'monthly', designs: 3 });
    await openSignedIn(page, account, '/my-designs');
    await expect(page.getByRole('heading', { name: 'My Designs', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(3);
    await expectCleanInBothThemes(page, '/my-designs');
  });

  test('signed in: the subscription page and its cancel dialog are axe-clean', async ({ page, harness }) => {
    const account = await harness.account({ plan: 'monthly' });
    await openSignedIn(page, account, '/subscription');
    await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
    await expectCleanInBothThemes(page, '/subscription');
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    const reasons = page.getByRole('dialog', { name: 'Cancel Subscription' });
    await expect(reasons.getByRole('radio').first()).toBeVisible();
    await expectCleanInBothThemes(page, 'cancel dialog');
    await page.keyboard.press('Escape');
    await expect(reasons).toHaveCount(0);
  });

  test('signed in: the credits page and its purchase dialog are axe-clean', async ({ page, harness }) => {
    const account = await harness.account({ credits: 20 });
    await openSignedIn(page, account, '/credits');
    await expect(page.getByRole('heading', { name: 'Transform Your Designs Into Reality', level: 1 })).toBeVisible();
    await expectCleanInBothThemes(page, '/credits');
    await page
      .getByRole('article', { name: '15 Credits', exact: true })
      .getByRole('button', { name: 'Purchase with PayPal' })
      .click();
    const purchase = page.getByRole('dialog', { name: 'Purchase 15 Credits' });
    await expect(purchase.getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
    await expectCleanInBothThemes(page, 'purchase dialog');
    await page.keyboard.press('Escape');
    await expect(purchase).toHaveCount(0);
  });
});

test('on /auth: forced colours keep the focus outline, reduced motion stills the spinner, heights use 100dvh', async ({
  page,
}) => {
  await page.emulateMedia({ forcedColors: 'active' });
  await page.goto('/auth');
  // Forced colours (Windows High Contrast): the keyboard focus is drawn with an outline, which forced colours keep.
  const email = page.getByRole('button', { name: 'Continue with Email' });
  await expect(email).toBeVisible();
  for (let i = 0; i < 10 && !(await email.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(email).toBeFocused();
  const ring = await email.evaluate((el) => {
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(ring.style).toBe('solid');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  await page.emulateMedia({ forcedColors: 'none' });

  // The spinner turns, and stands still when the system asks for less motion.
  const spinnerAnimation = () =>
    page.evaluate(() => {
      const spinner = document.createElement('span');
      spinner.className = 'spinner';
      document.body.append(spinner);
      const name = getComputedStyle(spinner).animationName;
      spinner.remove();
      return name;
    });
  expect(await spinnerAnimation()).toBe('spin');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await spinnerAnimation()).toBe('none');

  // Full-height layouts use 100dvh (mobile browser bars), with 100vh before it for older browsers. The shared-link
  // pages' stylesheet travels with them (docs/architecture.md "What the entry holds"): read there.
  const minHeights = () =>
    page.evaluate(() => {
      const found: Record<string, string> = {};
      for (const sheet of Array.from(document.styleSheets)) {
        for (const rule of Array.from(sheet.cssRules)) {
          if (
            rule instanceof CSSStyleRule &&
            ['body', '.app-shell', '.auth-shell', '.public-shell'].includes(rule.selectorText) &&
            rule.style.minHeight
          ) {
            found[rule.selectorText] = rule.style.minHeight;
          }
        }
      }
      return found;
    });
  expect(await minHeights()).toEqual({ body: '100dvh', '.app-shell': '100dvh', '.auth-shell': '100dvh' });
  await page.goto('/external-link');
  await expect(page.getByRole('main')).toBeVisible();
  expect(await minHeights()).toMatchObject({ '.public-shell': '100dvh' });
});
