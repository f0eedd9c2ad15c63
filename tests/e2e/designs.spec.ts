// My Designs (SPEC 2, 3, 8): the count, the cards with thumbnails, and the loading, empty and error states.
import { expect, expectAccessible, test } from './fixtures';
import { expectNoSidewaysScroll, signInToAccount, WIDTHS } from './support/signed-in';

const mediumDate = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso));
const EMPTY = 'No designs found. Your designs will appear here after you create and save them in the Dream Book app.';

for (const { name, viewport } of WIDTHS) {
  test.describe(`My Designs (${name})`, () => {
    test.use({ viewport });

    test('shows the count and a card per design, newest first, with thumbnails and dates', async ({
      page,
      harness,
    }) => {
      const account = await harness.account({ name: 'Ada Lovelace', designs: 3 });
      await signInToAccount(page, account);
      const answer = page.waitForResponse(
        (r) => r.url().endsWith(`/designs/${account.playerId}`) && r.request().method() === 'GET',
      );
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Designs' }).click();
      await expect(page).toHaveURL(/\/my-designs$/);
      const data = (
        (await (await answer).json()) as {
          data: Record<string, { Name: string; ModelName: string; LastModified: string }>;
        }
      ).data;
      const expected = Object.values(data).sort((a, b) => b.LastModified.localeCompare(a.LastModified));

      await expect(page.getByRole('heading', { name: 'My Designs', level: 1 })).toBeVisible();
      await expect(page.getByText('3 designs', { exact: true })).toBeVisible();
      const cards = page.getByRole('list', { name: 'My Designs' }).getByRole('listitem');
      await expect(cards).toHaveCount(3);
      for (const [i, design] of expected.entries()) {
        const card = cards.nth(i);
        await expect(card.getByRole('heading', { level: 2 })).toHaveText(design.Name);
        await expect(card.getByText(/^Last edited /)).toHaveText(`Last edited ${mediumDate(design.LastModified)}`);
        const img = card.locator('img');
        await expect(img).toHaveAttribute('src', `/images/house-thumbnails/${design.ModelName}_Thumbnail.webp`);
        // The thumbnail really loaded (a decoded 480x320 picture), not the fallback.
        await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(480);
      }
      await expectNoSidewaysScroll(page);
      await expectAccessible(page, `My Designs with designs (${name})`);
    });

    test('shows the empty state without designs', async ({ page, harness }) => {
      const account = await harness.account({ name: 'Grace Hopper', designs: 0 });
      await signInToAccount(page, account);
      await page.goto('/my-designs');
      await expect(page.getByText(EMPTY, { exact: true })).toBeVisible();
      await expect(page.getByText('0 designs', { exact: true })).toBeVisible();
      await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(0);
      await expectAccessible(page, `My Designs empty (${name})`);
    });

    test('shows a loading state while the designs are on their way', async ({ page, harness }) => {
      const account = await harness.account({ name: 'Ada Lovelace', designs: 2 });
      await signInToAccount(page, account);
      await harness.faults(account.uid, 'latency=1500');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Designs' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Loading designs...' })).toBeAttached();
      await expectAccessible(page, `My Designs loading (${name})`);
      await expect(page.getByRole('list', { name: 'My Designs' }).getByRole('listitem')).toHaveCount(2, {
        timeout: 15_000,
      });
      await expect(page.getByRole('status').filter({ hasText: 'Loading designs...' })).toHaveCount(0);
    });
  });
}

test.describe('My Designs when the designs call fails', () => {
  test.use({ allowConsoleErrors: [/status of 500/] });

  for (const { name, viewport } of WIDTHS) {
    test(`shows "Failed to fetch designs" and Try Again fetches again (${name})`, async ({ page, harness }) => {
      await page.setViewportSize(viewport);
      const account = await harness.account({ name: 'Ada Lovelace', designs: 2 });
      await signInToAccount(page, account);
      await harness.faults(account.uid, 'designs=500x1');
      await page.goto('/my-designs');
      const alert = page.getByRole('alert').filter({ hasText: 'Failed to fetch designs' });
      await expect(alert).toBeVisible();
      await expectAccessible(page, `My Designs error (${name})`);
      const again = page.waitForResponse((r) => r.url().endsWith(`/designs/${account.playerId}`));
      await alert.getByRole('button', { name: 'Try Again' }).click();
      expect((await again).status()).toBe(200);
      await expect(page.getByRole('list', { name: 'My Designs' }).getByRole('listitem')).toHaveCount(2);
      await expect(page.getByText('2 designs', { exact: true })).toBeVisible();
      await expect(alert).toHaveCount(0);
      // Focus does not fall to the page when the button goes away.
      await expect(page.getByRole('heading', { name: 'My Designs', level: 1 })).toBeFocused();
    });
  }
});

test.describe('My Designs with a model that has no thumbnail', () => {
  // The missing picture is a 404 from the static server, on purpose.
  test.use({ allowConsoleErrors: [/status of 404/] });

  test('encodes the model name in the thumbnail address and shows a visible fallback', async ({ page, harness }) => {
    const account = await harness.account({ name: 'Ada Lovelace', designs: 1 });
    await signInToAccount(page, account);
    // The backend only knows the sample models: add one it does not, with characters that must be encoded.
    await page.route(`**/designs/${account.playerId}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Record<string, unknown> };
      body.data.odd = {
        UID: 'odd',
        Name: 'Treehouse',
        ModelName: 'Tree House/../#1?x',
        LastModified: new Date().toISOString(),
      };
      await route.fulfill({ response, json: body });
    });
    const thumbnail = page.waitForRequest((r) => r.url().includes('/images/house-thumbnails/Tree'));
    await page.goto('/my-designs');
    expect(new URL((await thumbnail).url()).pathname).toBe(
      '/images/house-thumbnails/Tree%20House%2F..%2F%231%3Fx_Thumbnail.webp',
    );
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Treehouse' }) });
    await expect(card.getByText('No preview available')).toBeVisible();
    await expect(card.locator('img')).toHaveCount(0);
    await expect(card.getByText('Tree House/../#1?x')).toBeVisible();
    await expect(page.getByText('2 designs', { exact: true })).toBeVisible();
    await expectAccessible(page, 'My Designs with a missing thumbnail');
  });
});
