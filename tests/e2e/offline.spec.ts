// Offline is said, and undone (docs/reliability.md "Reliability"): a banner says the connection is gone, goes when it
// returns, and the loads that failed for want of it run again by themselves.
import { expect, expectAccessible, test } from './fixtures';
import { openSignedIn } from './support/signed-in';

const OFFLINE = 'You are offline. Check your internet connection: this page will carry on by itself when it is back.';

test.describe('when the connection goes away', () => {
  // Chromium logs each request it could not send while offline.
  test.use({ allowConsoleErrors: [/net::ERR_INTERNET_DISCONNECTED/] });

  test('a banner says so; back online it goes and the designs that failed load by themselves', async ({
    page,
    context,
    harness,
  }) => {
    const account = await harness.account({ designs: 2 });
    await openSignedIn(page, account);
    await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
    // The connection goes once the page has its data: a cloud-save load cut off by it is SPEC 8's network failure,
    // which signs out (the heading shows while the player and the payments are still on their way).
    await expect(page.getByRole('button', { name: 'Edit username' })).toBeVisible();
    await expect(page.getByText('No payments yet.', { exact: false })).toBeVisible();
    // My Designs' code came while the browser was idle (src/routes/prefetch.ts): what fails offline is its data.
    // The chunk's file shows among the resources once it has arrived; importing it again resolves once every file it
    // imports has arrived too and it has run (the browser's module map), with no further request.
    const chunk = page.waitForFunction(
      () => performance.getEntriesByType('resource').find((e) => /\/chunks\/my-designs-[\w-]+\.js$/.test(e.name))?.name,
    );
    const chunkUrl = (await (await chunk).jsonValue()) as string;
    await page.evaluate((url) => import(url).then(() => undefined), chunkUrl);
    const banner = page.getByRole('status').filter({ hasText: OFFLINE });
    await expect(banner).toHaveCount(0);

    await context.setOffline(true);
    await expect(banner).toBeVisible();
    await expectAccessible(page, 'offline banner on My Account');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Designs' }).click();
    await expect(page.getByText('Failed to fetch designs')).toBeVisible();
    await expect(banner).toBeVisible();

    const loaded = page.waitForResponse(
      (r) => r.url().endsWith(`/designs/${account.playerId}`) && r.request().method() === 'GET',
    );
    await context.setOffline(false);
    await expect(banner).toHaveCount(0);
    expect((await loaded).status()).toBe(200);
    await expect(page.getByRole('list', { name: 'My Designs' }).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByText('Failed to fetch designs')).toHaveCount(0);
    // The user is still signed in: the connection, not the session, was lost.
    await expect(page.getByRole('button', { name: 'Sign Out', exact: true })).toBeVisible();
  });
});
