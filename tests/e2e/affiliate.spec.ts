// The affiliate survey (SPEC 2, 4, 5, 8): new users see it once per session after signing in; it needs a
// choice, posts it to /affiliate/track, closes silently on failure, and follows the modal dialog pattern.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { signInByEmail } from './support/sign-in';
import { expectNoSidewaysScroll, WIDTHS } from './support/signed-in';

// These tests are about the survey: let it greet the new accounts (the fixture hides it by default).
test.use({ welcomeSurvey: true });

const survey = (page: Page) => page.getByRole('dialog', { name: 'Welcome to dream book!' });

/** After a reload: wait until the app has read the cloud save (when it decides about the survey), then a moment more. */
async function settledAfterReload(page: Page, playerId: string) {
  const read = page.waitForResponse((r) => r.url().includes(`/cloud-save/${playerId}?`));
  await page.reload();
  await read;
  await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
  await page.waitForTimeout(1000);
}

for (const { name, viewport } of WIDTHS) {
  test.describe(`affiliate survey (${name})`, () => {
    test.use({ viewport });

    test('a new user gets it after signing in; it asks for a choice, sends it, and shows once per session', async ({
      page,
      harness,
    }) => {
      const account = await harness.account({ name: 'Ada Lovelace' });
      await signInByEmail(page, account);
      const dialog = survey(page);
      await expect(dialog).toBeVisible();
      await expect(dialog).toHaveAttribute('aria-modal', 'true');
      const options = dialog.getByRole('group', { name: 'How did you hear about us?' }).getByRole('radio');
      await expect(options).toHaveCount(4);
      for (const label of ['Builder Brigade', 'Monster House Plans', 'Barndominium Company', 'Other']) {
        await expect(dialog.getByRole('radio', { name: label })).toBeVisible();
      }
      // Focus moved into the dialog.
      await expect(dialog.getByRole('radio', { name: 'Builder Brigade' })).toBeFocused();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page, `affiliate survey (${name})`);

      await dialog.getByRole('button', { name: 'Submit' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Please select an option');
      await expect(dialog.getByRole('group', { name: 'How did you hear about us?' })).toHaveAccessibleDescription(
        'Please select an option',
      );
      await expectAccessible(page, `affiliate survey, nothing chosen (${name})`);
      expect((await harness.log(account.uid)).filter((c) => c.route === 'affiliate')).toEqual([]);

      await dialog.getByRole('radio', { name: 'Monster House Plans' }).check();
      await expect(dialog.getByRole('alert')).toHaveCount(0);
      const tracked = page.waitForRequest((r) => r.url().endsWith('/affiliate/track') && r.method() === 'POST');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      expect((await tracked).postDataJSON()).toEqual({
        playerId: account.playerId,
        affiliateId: 'monster_house_plans',
      });
      await expect(dialog).toHaveCount(0);
      expect((await harness.log(account.uid)).filter((c) => c.route === 'affiliate').map((c) => c.status)).toEqual([
        200,
      ]);

      // Still a new account, but the survey was shown in this session.
      await settledAfterReload(page, account.playerId);
      await expect(survey(page)).toHaveCount(0);
    });
  });
}

test.describe('affiliate survey dismissal', () => {
  test('Escape closes it, nothing is sent, and it does not come back in this session', async ({ page, harness }) => {
    const account = await harness.account();
    await signInByEmail(page, account);
    const dialog = survey(page);
    await expect(dialog).toBeVisible();
    // Tab and Shift+Tab stay inside.
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
    expect((await harness.log(account.uid)).filter((c) => c.route === 'affiliate')).toEqual([]);
    await settledAfterReload(page, account.playerId);
    await expect(survey(page)).toHaveCount(0);
  });

  test('Skip closes it too', async ({ page, harness }) => {
    const account = await harness.account();
    await signInByEmail(page, account);
    await survey(page).getByRole('button', { name: 'Skip' }).click();
    await expect(survey(page)).toHaveCount(0);
    expect(await page.evaluate(() => window.sessionStorage.getItem('hasShownAffiliateModal'))).toBe('true');
  });
});

test.describe('affiliate survey when tracking fails', () => {
  test.use({ allowConsoleErrors: [/status of 500/] });

  test('closes silently', async ({ page, harness }) => {
    const account = await harness.account();
    await harness.faults(account.uid, 'affiliate=500x1');
    await signInByEmail(page, account);
    const dialog = survey(page);
    await dialog.getByRole('radio', { name: 'Barndominium Company' }).check();
    const answered = page.waitForResponse((r) => r.url().endsWith('/affiliate/track'));
    await dialog.getByRole('button', { name: 'Submit' }).click();
    expect((await answered).status()).toBe(500);
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
  });
});
