// Shared steps of the payment specs (credits, subscription, pending payments): the credits shop's parts, a payment
// through the PayPal stand-in, requests held while a state is read, another tab of the same browser.
import type { BrowserContext, Page, Route } from '@playwright/test';
import { EmulatorAdmin, FIREBASE_SESSION_KEY } from '../../../harness/emulator';
import { expect } from '../fixtures';
import type { Credentials } from './sign-in';

export const balanceCard = (page: Page) => page.getByRole('region', { name: 'Your Credit Balance' });
export const balance = (page: Page, credits: number) =>
  balanceCard(page).getByText(new RegExp(`^${credits} Available Credits$`));
export const pack = (page: Page, amount: number) =>
  page.getByRole('article', { name: `${amount} Credits`, exact: true });
export const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** Opens the payment modal of a pack on /credits and waits for PayPal's buttons in it. */
export async function openPayment(page: Page, amount: number) {
  await pack(page, amount).getByRole('button', { name: 'Purchase with PayPal' }).click();
  const modal = page.getByRole('dialog', { name: `Purchase ${amount} Credits` });
  await expect(modal.getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
  return modal;
}

/**
 * Holds the requests `matches` picks until the returned release is called, so what shows meanwhile can be read (or
 * the session changed under them); they then go on to where they were going. Other requests fall through.
 */
export async function holdRequests(
  target: Page | BrowserContext,
  pattern: string,
  matches: (method: string, url: string) => boolean = (method) => method === 'POST',
): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await target.route(pattern, async (route: Route) => {
    if (!matches(route.request().method(), route.request().url())) return route.fallback();
    await held;
    await route.fallback();
  });
  return release;
}

/** The user's session as Firebase keeps it in local storage, made through the Auth emulator (no sign-in screen). */
async function storedSession(account: Credentials): Promise<string> {
  return JSON.stringify(
    await new EmulatorAdmin(process.env.AUTH_EMULATOR_URL!).session(account.email, account.password),
  );
}

/**
 * Another tab of this browser changes the stored session: signs `account` in (or, with null, signs out) where Firebase
 * keeps it, so the open page hears of it by a storage event, as from a real second tab.
 */
export async function anotherTabStores(page: Page, account: Credentials | null): Promise<void> {
  const value = account ? await storedSession(account) : null;
  const other = await page.context().newPage();
  // A public page of the portal: the same origin, and no session of its own started.
  await other.goto('/external-link');
  await other.evaluate(
    ([key, session]) => (session === null ? localStorage.removeItem(key) : localStorage.setItem(key, session)),
    [FIREBASE_SESSION_KEY, value] as const,
  );
  await other.close();
}

/**
 * `account` comes back on this browser: its session is stored beside what the browser keeps (the payments ledger) and
 * `path` loads signed in, as the next visit after a sign-in elsewhere. Unlike `openSignedIn`, nothing else of the
 * browser's storage is replaced.
 */
export async function comeBackSignedIn(page: Page, account: Credentials, path: string): Promise<void> {
  const value = await storedSession(account);
  await page.evaluate(([key, session]) => localStorage.setItem(key, session), [FIREBASE_SESSION_KEY, value] as const);
  await page.goto(path);
}

/** The ledger of payments kept in this browser, as local storage holds it. */
export async function storedLedger(page: Page): Promise<unknown> {
  return JSON.parse((await page.evaluate(() => localStorage.getItem('pendingPayments'))) ?? 'null') as unknown;
}
