// My Designs (SPEC 2, 3, 8): the count, the cards with thumbnails, the empty and error states, and the page at 375 px.
// The loading state's text and its skeleton are the page's own (tests/unit/ui/pages/my-designs-page.test.tsx).
import { expect, expectAccessible, test } from './fixtures';
import { expectLayout, openSignedIn, signInToAccount, WIDTHS } from './support/signed-in';

const mediumDate = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso));
const EMPTY = 'No designs found. Your designs will appear here after you create and save them in the Dream Book app.';

test.describe('My Designs', () => {
  test('the journey: sign in, open My Designs from the menu, a card per design, newest first, with thumbnails', async ({
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
  });

  test('shows the empty state without designs', async ({ page, harness }) => {
    const account = await harness.account({ name: 'Grace Hopper', designs: 0 });
    await openSignedIn(page, account, '/my-designs');
    await expect(page.getByText(EMPTY, { exact: true })).toBeVisible();
    await expect(page.getByText('0 designs', { exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(0);
  });

  test.describe('when the designs call fails', () => {
    test.use({ allowConsoleErrors: [/status of 500/] });

    test('shows "Failed to fetch designs" and Try Again fetches again', async ({ page, harness }) => {
      const account = await harness.account({ name: 'Ada Lovelace', designs: 2 });
      await harness.faults(account.uid, 'designs=500x1');
      await openSignedIn(page, account, '/my-designs');
      const alert = page.getByRole('alert').filter({ hasText: 'Failed to fetch designs' });
      await expect(alert).toBeVisible();
      await expectAccessible(page, 'My Designs error');
      const again = page.waitForResponse((r) => r.url().endsWith(`/designs/${account.playerId}`));
      await alert.getByRole('button', { name: 'Try Again' }).click();
      expect((await again).status()).toBe(200);
      await expect(page.getByRole('list', { name: 'My Designs' }).getByRole('listitem')).toHaveCount(2);
      await expect(page.getByText('2 designs', { exact: true })).toBeVisible();
      await expect(alert).toHaveCount(0);
      // Focus does not fall to the page when the button goes away.
      await expect(page.getByRole('heading', { name: 'My Designs', level: 1 })).toBeFocused();
    });
  });

  test.describe('with a model that has no thumbnail', () => {
    // The missing picture is a 404 from the static server, on purpose.
    test.use({ allowConsoleErrors: [/status of 404/] });

    test('encodes the model name in the thumbnail address and shows a visible fallback', async ({ page, harness }) => {
      const account = await harness.account({ name: 'Ada Lovelace', designs: 1 });
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
      await openSignedIn(page, account, '/my-designs');
      expect(new URL((await thumbnail).url()).pathname).toBe(
        '/images/house-thumbnails/Tree%20House%2F..%2F%231%3Fx_Thumbnail.webp',
      );
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Treehouse' }) });
      await expect(card.getByText('No preview available')).toBeVisible();
      await expect(card.locator('img')).toHaveCount(0);
      await expect(card.getByText('Tree House/../#1?x')).toBeVisible();
      await expect(page.getByText('2 designs', { exact: true })).toBeVisible();
    });
  });

  test.describe('at 375 px', () => {
    test.use({ viewport: WIDTHS[1].viewport });

    test('the cards fit the width and pass axe', async ({ page, harness }) => {
      const account = await harness.account({ name: 'Ada Lovelace', designs: 3 });
      await openSignedIn(page, account, '/my-designs');
      await expect(page.getByRole('list', { name: 'My Designs' }).getByRole('listitem')).toHaveCount(3);
      await expectLayout(page, 'My Designs at 375 px');
    });
  });
});
