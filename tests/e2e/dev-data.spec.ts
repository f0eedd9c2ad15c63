// The development data explorer (SPEC 2, 6), in the development build only: tabs after the WAI-ARIA
// pattern, what the portal holds beside what the backend returns, formatted JSON, Copy, and no token in full.
// Each test starts signed in on the development build (openSignedIn); the masking rules are
// tests/unit/state/dev-data.test.ts.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { expectLayout, openSignedIn, WIDTHS } from './support/signed-in';

const panel = (page: Page) => page.getByRole('tabpanel');
const backend = (page: Page) => panel(page).getByRole('region', { name: 'Backend response' });

/** The Unity access token and identity token the page holds, to prove neither appears in full. */
async function secrets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const unity = JSON.parse(window.localStorage.getItem('unityAuthData') ?? '{}') as { accessToken?: string };
    return [unity.accessToken ?? ''].filter(Boolean);
  });
}

test.describe('development data explorer', () => {
  test('shows each tab with the portal state and the backend answer, tokens masked', async ({ page, harness }) => {
    const account = await harness.account({ name: 'Ada Lovelace', plan: 'annual', designs: 2, credits: 7 });
    await openSignedIn(page, account, '/', harness.devUrl);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Development' }).click();
    await expect(page.getByRole('heading', { name: 'Development data', level: 1 })).toBeVisible();

    const tabs = page.getByRole('tablist', { name: 'Data' }).getByRole('tab');
    await expect(tabs).toHaveText(['User', 'Subscription', 'Unity', 'Cloud Save', 'Designs']);
    const user = page.getByRole('tab', { name: 'User' });
    await expect(user).toHaveAttribute('aria-selected', 'true');
    await expect(panel(page)).toHaveAttribute('aria-labelledby', (await user.getAttribute('id'))!);
    await expect(panel(page).getByRole('region', { name: 'Portal state' })).toContainText(
      `"email": "${account.email}"`,
    );
    await expect(backend(page)).toContainText('"claims"');
    await expect(backend(page)).toContainText(/"idToken": "•+\S{6} \(\d+ chars\)"/);
    await expectAccessible(page, 'dev data, User');

    // Arrow keys move between tabs and select them; only the selected tab is in the tab order.
    await user.focus();
    await page.keyboard.press('ArrowRight');
    const subscriptionTab = page.getByRole('tab', { name: 'Subscription' });
    await expect(subscriptionTab).toBeFocused();
    await expect(subscriptionTab).toHaveAttribute('aria-selected', 'true');
    await expect(user).toHaveAttribute('tabindex', '-1');
    await expect(backend(page)).toContainText('"subscriptionType": 3');
    await expect(panel(page).getByRole('region', { name: 'Portal state' })).toContainText('"plan": "ANNUAL"');

    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Unity' })).toHaveAttribute('aria-selected', 'true');
    await expect(panel(page)).toContainText(`"playerId": "${account.playerId}"`);
    await expect(panel(page)).toContainText(/"accessToken": "•+\S{6} \(\d+ chars\)"/);

    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Cloud Save' })).toHaveAttribute('aria-selected', 'true');
    await expect(backend(page)).toContainText('"key": "credits"');
    await expect(backend(page)).toContainText('"value": 7');
    await expect(backend(page)).toContainText('"subscriptionData"');

    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Designs' })).toHaveAttribute('aria-selected', 'true');
    await expect(backend(page)).toContainText('"ModelName": "Modern_Villa"');
    await expect(backend(page)).toContainText('"ModelName": "Cozy_Cottage"');
    await page.keyboard.press('ArrowRight');
    await expect(user).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Designs' })).toBeFocused();
    await page.keyboard.press('Home');
    await expect(user).toBeFocused();
    await expectAccessible(page, 'dev data, after the tour');

    // No tab ever showed a token in full.
    const held = await secrets(page);
    expect(held.length).toBeGreaterThan(0);
    for (const tab of ['User', 'Subscription', 'Unity', 'Cloud Save', 'Designs']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(backend(page)).not.toContainText('Loading...');
      const text = await page.getByRole('main').innerText();
      for (const secret of held) {
        expect(text).not.toContain(secret);
        expect(text).not.toContain(secret.slice(0, -6));
      }
    }
  });
});

test.describe('development data explorer: copying', () => {
  test('Copy puts the formatted, masked JSON on the clipboard', async ({ page, harness, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(harness.devUrl).origin });
    const account = await harness.account({ name: 'Ada Lovelace', designs: 1 });
    await openSignedIn(page, account, '/dev-data', harness.devUrl);
    await page.getByRole('tab', { name: 'Unity' }).click();
    await panel(page).getByRole('button', { name: 'Copy Unity portal state' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Unity portal state copied to the clipboard' }),
    ).toBeVisible();
    await expect(panel(page).getByRole('button', { name: 'Copied Unity portal state' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('\n  "inMemory": {');
    const parsed = JSON.parse(copied) as { inMemory: { playerId: string; accessToken: string } };
    expect(parsed.inMemory.playerId).toBe(account.playerId);
    expect(parsed.inMemory.accessToken).toMatch(/^•+\S{6} \(\d+ chars\)$/);
    await expectAccessible(page, 'dev data after copying');
  });
});

test.describe('development data explorer at 375 px', () => {
  test.use({ viewport: WIDTHS[1].viewport });

  test('fits and passes axe, on its first tab and on the longest answer', async ({ page, harness }) => {
    const account = await harness.account({ name: 'Ada Lovelace', plan: 'annual', designs: 2, credits: 7 });
    await openSignedIn(page, account, '/dev-data', harness.devUrl);
    await expect(backend(page)).toContainText('"claims"');
    await expectLayout(page, 'dev data, User, at 375 px');
    await page.getByRole('tab', { name: 'Designs' }).click();
    await expect(backend(page)).toContainText('"ModelName": "Modern_Villa"');
    await expectLayout(page, 'dev data, Designs, at 375 px');
  });
});
