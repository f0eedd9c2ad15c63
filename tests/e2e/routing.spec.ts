import { expect, expectAccessible, test } from './fixtures';
import { signInToAccount } from './support/signed-in';

test.describe('route guards when signed out', () => {
  test('a signed-in page sends you to /auth with redirect={path}, keeping the query', async ({ page }) => {
    await page.goto('/credits?foo=1');
    await expect(page).toHaveURL(/\/auth\?/);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/auth');
    expect(url.searchParams.get('redirect')).toBe('/credits');
    expect(url.searchParams.get('foo')).toBe('1');
  });

  test('an unknown path sends you to /auth with that path as redirect', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fno%2Fsuch%2Fpage$/);
  });

  test('a desktop redirect target in the query is kept as it is', async ({ page }) => {
    await page.goto('/subscription?redirect=http%3A%2F%2F127.0.0.1%3A5662');
    await expect(page).toHaveURL(/\/auth\?/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('http://127.0.0.1:5662');
  });

  for (const path of ['/sign-in', '/create-account']) {
    test(`${path} redirects to /auth keeping the query string`, async ({ page }) => {
      await page.goto(`${path}?x=1`);
      await expect(page).toHaveURL(/\/auth\?x=1$/);
    });
  }

  test('/dev-data does not exist in the staging build', async ({ page }) => {
    await page.goto('/dev-data');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fdev-data$/);
  });

  test('/auth is accessible', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
  });

  test('the public pages need no session', async ({ page }) => {
    for (const path of ['/external-link', '/share-design', '/return-to-app']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
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
    await signInToAccount(page, account);
    await page.goto('/credits?action=logout');
    await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    // Really signed out: the signed-in page now sends us to /auth.
    await page.goto('/credits');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fcredits$/);
  });

  test('signing in from /auth?redirect=/credits lands on /credits, and /auth then sends you on', async ({
    page,
    harness,
  }) => {
    const account = await harness.account();
    await page.goto('/credits?foo=1');
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/credits\?foo=1$/);
    await expect(page).toHaveTitle('Credits · Dream Book');
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle('My Account · Dream Book');
  });

  test('the staging build has no Development nav item; the development build has it and /dev-data', async ({
    page,
    harness,
  }) => {
    const account = await harness.account();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Account' })).toBeVisible();
    await expect(nav.getByRole('link')).toHaveText(['Account', 'Pro', 'Credits', 'My Designs']);
    await page.goto('/dev-data');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

    await page.goto(`${harness.devUrl}auth`);
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Development' }).click();
    await expect(page).toHaveURL(/\/dev-data$/);
  });
});
