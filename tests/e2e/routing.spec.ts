// The route guards and route rules in the real router (SPEC 2, 4): where a signed-out visitor is sent, the aliases of
// /auth, the public pages, the standalone build, ?action=logout on a signed-in page, and the development build's own
// page. The guards' decisions, one by one, are tests/unit/routes/*-guard.test.ts; signing in for an in-app redirect
// target is sign-in.spec.ts › "signs in for an in-app redirect target and goes there, keeping its query".
import { expect, expectAccessible, test } from './fixtures';
import { openSignedIn } from './support/signed-in';

test.describe('route guards when signed out', () => {
  test('a signed-in page, an unknown path and /dev-data (staging) go to /auth with redirect={path}, keeping the query', async ({
    page,
  }) => {
    await page.goto('/credits?foo=1');
    await expect(page).toHaveURL(/\/auth\?/);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/auth');
    expect(url.searchParams.get('redirect')).toBe('/credits');
    expect(url.searchParams.get('foo')).toBe('1');

    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fno%2Fsuch%2Fpage$/);

    // /dev-data does not exist in the staging build: it is an unknown path like any other.
    await page.goto('/dev-data');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fdev-data$/);

    // A desktop redirect target in the query is kept as it is.
    await page.goto('/subscription?redirect=http%3A%2F%2F127.0.0.1%3A5662');
    await expect(page).toHaveURL(/\/auth\?/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('http://127.0.0.1:5662');
  });

  test('the public pages need no session; /sign-in and /create-account go to /auth keeping the query string', async ({
    page,
  }) => {
    for (const path of ['/external-link', '/share-design', '/return-to-app']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    for (const path of ['/sign-in', '/create-account']) {
      await page.goto(`${path}?x=1`);
      await expect(page).toHaveURL(/\/auth\?x=1$/);
    }
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, '/auth');
  });
});

test.describe('standalone mode', () => {
  test('any other path goes to /external-link', async ({ page, harness }) => {
    await page.goto(`${harness.standaloneUrl}credits`);
    await expect(page).toHaveURL(/\/external-link$/);
    await page.goto(`${harness.standaloneUrl}auth`);
    await expect(page).toHaveURL(/\/external-link$/);
    await page.goto(`${harness.standaloneUrl}share-design`);
    await expect(page).toHaveURL(/\/share-design$/);
  });
});

test.describe('route rules when signed in', () => {
  test('?action=logout on a signed-in page signs out and lands on /auth saying so (SPEC 4)', async ({
    page,
    harness,
  }) => {
    const account = await harness.account();
    await openSignedIn(page, account, '/credits');
    await expect(page.getByRole('button', { name: 'Sign Out', exact: true })).toBeVisible();
    await page.goto('/credits?action=logout');
    await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    // Really signed out: the signed-in page now sends us to /auth.
    await page.goto('/credits');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fcredits$/);
  });

  test('the staging build has no Development nav item; the development build has it and /dev-data', async ({
    page,
    harness,
  }) => {
    const account = await harness.account();
    await openSignedIn(page, account, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Account' })).toBeVisible();
    await expect(nav.getByRole('link')).toHaveText(['Account', 'Pro', 'Credits', 'My Designs']);
    await page.goto('/dev-data');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

    await openSignedIn(page, account, '/', harness.devUrl);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Development' }).click();
    await expect(page).toHaveURL(/\/dev-data$/);
  });
});
