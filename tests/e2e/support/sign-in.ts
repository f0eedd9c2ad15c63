// Signs in through the real /auth screen by e-mail, as a person would.
import type { Page } from '@playwright/test';

export interface Credentials {
  email: string;
  password: string;
}

/** Opens `path` (default /auth) and signs in with the e-mail form. Does not wait for where the app goes next. */
export async function signInByEmail(page: Page, account: Credentials, path = '/auth'): Promise<void> {
  await page.goto(path);
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}
