// The affiliate survey (SPEC 2, 4, 5, 8): new users see it once per session after signing in; it needs a
// choice, posts it to /affiliate/track, closes silently on failure, and follows the modal dialog pattern.
// The journey signs in through /auth; the other tests start signed in (a session restored at load is a sign-in too,
// and greets a new account the same way). The store's rules are tests/unit/state/affiliate.test.ts.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { signInByEmail } from './support/sign-in';
import { expectLayout, openSignedIn, profileValue, WIDTHS } from './support/signed-in';

// These tests are about the survey: let it greet the new accounts (the fixture hides it by default).
test.use({ welcomeSurvey: true });

const survey = (page: Page) => page.getByRole('dialog', { name: 'Welcome to dream book!' });

/** Two frames: whatever the page does after a change it has shown (a survey it opens next) is on screen by then. */
const twoFrames = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/**
 * Reloads My Account as the account's first half-minute still runs (the page's clock set back to its creation) and
 * returns once the page has decided about the survey: the survey opens right after the player loads, so with the
 * username shown and two frames after it, a survey would be up.
 */
async function reloadWhileNew(page: Page, createdAt: number) {
  await page.clock.setSystemTime(createdAt);
  await page.reload();
  await expect(profileValue(page, 'Username')).not.toBeEmpty();
  await twoFrames(page);
}

test.describe('affiliate survey', () => {
  test('the journey: a new user gets it after signing in; it asks for a choice, sends it, and shows once per session', async ({
    page,
    harness,
  }) => {
    // The page's clock, so that the account is still new (under 30 s old, SPEC 4) when the page reloads below.
    await page.clock.install();
    const createdAt = Date.now();
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
    await expectAccessible(page, 'affiliate survey');

    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please select an option');
    await expect(dialog.getByRole('group', { name: 'How did you hear about us?' })).toHaveAccessibleDescription(
      'Please select an option',
    );
    await expectAccessible(page, 'affiliate survey, nothing chosen');
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
    expect((await harness.log(account.uid)).filter((c) => c.route === 'affiliate').map((c) => c.status)).toEqual([200]);

    // Still a new account, but the survey was shown in this session.
    await reloadWhileNew(page, createdAt);
    await expect(survey(page)).toHaveCount(0);
  });

  test('Escape closes it, Tab stays inside, nothing is sent, and it does not come back in this session', async ({
    page,
    harness,
  }) => {
    await page.clock.install();
    const createdAt = Date.now();
    const account = await harness.account();
    await openSignedIn(page, account);
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
    await reloadWhileNew(page, createdAt);
    await expect(survey(page)).toHaveCount(0);
  });

  test('Skip closes it too, and marks it shown for this session', async ({ page, harness }) => {
    const account = await harness.account();
    await openSignedIn(page, account);
    await survey(page).getByRole('button', { name: 'Skip' }).click();
    await expect(survey(page)).toHaveCount(0);
    expect(await page.evaluate(() => window.sessionStorage.getItem('hasShownAffiliateModal'))).toBe('true');
  });

  test.describe('when tracking fails', () => {
    test.use({ allowConsoleErrors: [/status of 500/] });

    test('closes silently', async ({ page, harness }) => {
      const account = await harness.account();
      await harness.faults(account.uid, 'affiliate=500x1');
      await openSignedIn(page, account);
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

  test.describe('at 375 px', () => {
    test.use({ viewport: WIDTHS[1].viewport });

    test('fits and passes axe, with and without its error', async ({ page, harness }) => {
      const account = await harness.account({ name: 'Ada Lovelace' });
      await openSignedIn(page, account);
      const dialog = survey(page);
      await expect(dialog.getByRole('radio', { name: 'Builder Brigade' })).toBeFocused();
      await expectLayout(page, 'affiliate survey at 375 px');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Please select an option');
      await expectLayout(page, 'affiliate survey, nothing chosen, at 375 px');
    });
  });
});
