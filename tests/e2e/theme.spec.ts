// The dark theme (prefers-color-scheme), axe-clean in both themes at both widths on every
// page and open dialog; focus outlines that survive forced colours; a still spinner under reduced motion; 100dvh.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { signInByEmail } from './support/sign-in';
import { signInToAccount, WIDTHS } from './support/signed-in';

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

for (const scheme of ['dark', 'light'] as const) {
  for (const { name, viewport } of WIDTHS) {
    test.describe(`${scheme} theme at ${name}`, () => {
      // The wrong password below is answered 400 by the identity service, which Chromium logs.
      test.use({ viewport, colorScheme: scheme, allowConsoleErrors: [/status of 400 \(Bad Request\)/] });

      test('every page and dialog is axe-clean', async ({ page, harness }) => {
        test.slow();
        const account = await harness.account({ plan: 'monthly', credits: 20, designs: 3 });

        await page.goto('/auth');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectTheme(page, scheme);
        await expectAccessible(page, `/auth, ${scheme}, ${name}`);
        await page.getByRole('button', { name: 'Continue with Email' }).click();
        await page.getByLabel('Email').fill(account.email);
        await page.getByLabel('Password', { exact: true }).fill('not-the-password');
        await page.getByRole('button', { name: 'Sign In', exact: true }).click();
        await expect(page.getByRole('alert').filter({ hasText: 'Incorrect email or password' })).toBeVisible();
        await expectAccessible(page, `/auth e-mail form with an error, ${scheme}, ${name}`);

        await signInToAccount(page, account);
        await expectTheme(page, scheme);
        await expectAccessible(page, `My Account, ${scheme}, ${name}`);
        await page.getByRole('button', { name: 'Request Account Deletion' }).click();
        const deletion = page.getByRole('alertdialog', { name: 'Are you sure?' });
        await expect(deletion).toBeVisible();
        await expectAccessible(page, `deletion dialog, ${scheme}, ${name}`);
        await deletion.getByRole('button', { name: 'Cancel' }).click();

        await page.goto('/subscription');
        await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
        await expectAccessible(page, `/subscription, ${scheme}, ${name}`);
        await page.getByRole('button', { name: 'Cancel Subscription' }).click();
        const reasons = page.getByRole('dialog', { name: 'Cancel Subscription' });
        await expect(reasons.getByRole('radio').first()).toBeVisible();
        await expectAccessible(page, `cancel dialog, ${scheme}, ${name}`);
        await page.keyboard.press('Escape');
        await expect(reasons).toHaveCount(0);

        await page.goto('/credits');
        await expect(
          page.getByRole('heading', { name: 'Transform Your Designs Into Reality', level: 1 }),
        ).toBeVisible();
        await expectAccessible(page, `/credits, ${scheme}, ${name}`);

        await page
          .getByRole('article', { name: '15 Credits', exact: true })
          .getByRole('button', { name: 'Purchase with PayPal' })
          .click();
        const purchase = page.getByRole('dialog', { name: 'Purchase 15 Credits' });
        await expect(purchase.getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
        await expectAccessible(page, `purchase dialog, ${scheme}, ${name}`);
        await page.keyboard.press('Escape');
        await expect(purchase).toHaveCount(0);

        await page.goto('/my-designs');
        await expect(page.getByRole('heading', { name: 'My Designs', level: 1 })).toBeVisible();
        await expect(page.getByRole('heading', { level: 2 })).toHaveCount(3);
        await expectAccessible(page, `/my-designs, ${scheme}, ${name}`);

        for (const path of [
          '/external-link',
          '/share-design?model=Cozy_Cottage&design=Lake%20House',
          '/return-to-app',
        ]) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expectTheme(page, scheme);
          await expectAccessible(page, `${path}, ${scheme}, ${name}`);
        }
      });
    });
  }
}

test.describe('the welcome survey in the dark theme', () => {
  test.use({ welcomeSurvey: true, colorScheme: 'dark' });
  for (const { name, viewport } of WIDTHS) {
    test(`is axe-clean at ${name}`, async ({ page, harness }) => {
      await page.setViewportSize(viewport);
      const account = await harness.account();
      await signInByEmail(page, account);
      const survey = page.getByRole('dialog', { name: 'Welcome to dream book!' });
      await expect(survey.getByRole('radio').first()).toBeVisible();
      await expectTheme(page, 'dark');
      await expectAccessible(page, `welcome survey, dark, ${name}`);
    });
  }
});

test.describe('forced colours (Windows High Contrast)', () => {
  test('the keyboard focus is drawn with an outline, which forced colours keep', async ({ page }) => {
    await page.emulateMedia({ forcedColors: 'active' });
    await page.goto('/auth');
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
  });
});

test.describe('reduced motion', () => {
  test('the spinner stands still when the system asks for less motion, and turns otherwise', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
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
  });
});

test('full-height layouts use 100dvh (mobile browser bars), with 100vh before it for older browsers', async ({
  page,
}) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const heights = await page.evaluate(() => {
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
  expect(heights).toEqual({
    body: '100dvh',
    '.app-shell': '100dvh',
    '.auth-shell': '100dvh',
    '.public-shell': '100dvh',
  });
});
