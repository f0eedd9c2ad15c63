// Start-up, clocks and tabs (docs/reliability.md "Start-up, clocks and tabs"): a device clock hours off still gets
// tokens the backend accepts without refreshing over and over; Sign Out reaches the other tabs; blocked site storage
// still signs in; a network failure caused by leaving the page signs nobody out.
import type { Page } from '@playwright/test';
import { expect, test, type Account } from './fixtures';
import { signInByEmail } from './support/sign-in';
import { openSignedIn } from './support/signed-in';

const HOUR = 3_600_000;
const TOKEN_REFRESH = /\/securetoken\.googleapis\.com\/v1\/token\b/;

/** Counts the identity service's token refreshes this page asks for. */
function countRefreshes(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (TOKEN_REFRESH.test(request.url())) count++;
  });
  return () => count;
}

/** What the reference backend says to an identity token: the player it belongs to, or the refusal. */
async function backendAccepts(backendUrl: string, token: string): Promise<{ status: number; playerId?: string }> {
  const res = await fetch(`${backendUrl}/auth/unity`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ idToken: token }),
  });
  const body = (await res.json()) as { playerId?: string };
  return { status: res.status, playerId: body.playerId };
}

/** The messages a fake React Native host received, parsed. */
function posted(page: Page) {
  return page.evaluate(() =>
    (window as unknown as { __posted: string[] }).__posted.map((m) => JSON.parse(m) as Record<string, unknown>),
  );
}

/** The host asks for a token of `kind` (bridge v2 requestToken) and gets the answer with that requestId. */
async function requestToken(page: Page, requestId: string): Promise<Record<string, unknown>> {
  await page.evaluate(
    (id) => window.postMessage(JSON.stringify({ v: 2, type: 'requestToken', kind: 'identity', requestId: id }), '*'),
    requestId,
  );
  let answer: Record<string, unknown> | undefined;
  await expect
    .poll(async () => {
      answer = (await posted(page)).find((m) => m.requestId === requestId);
      return answer?.type;
    })
    .toBe('token');
  return answer!;
}

for (const [label, skew] of [
  ['2 hours ahead', 2 * HOUR],
  ['2 hours behind', -2 * HOUR],
] as const) {
  test.describe(`with the device clock ${label}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.clock.setSystemTime(new Date(Date.now() + skew));
    });

    test('e-mail sign-in and the desktop hand-off deliver a token the backend accepts, with no token refresh', async ({
      page,
      harness,
      desktop,
    }) => {
      const refreshes = countRefreshes(page);
      const account = await harness.account();
      await signInByEmail(page, account, `/auth?redirect=${encodeURIComponent(desktop.url)}`);
      const event = await desktop.next('login');
      await expect(page).toHaveURL(new RegExp(`^${desktop.url}/login\\?`));
      expect(event.kind === 'login' && event.claims?.email).toBe(account.email);
      if (event.kind !== 'login') return;
      await expect(backendAccepts(harness.backendUrl, decodeURIComponent(event.token))).resolves.toEqual({
        status: 200,
        playerId: account.playerId,
      });
      expect(refreshes()).toBe(0);
    });

    test("a host's requestToken gets a token the backend accepts, and asking again refreshes nothing", async ({
      page,
      harness,
    }) => {
      await page.addInitScript(
        `window.__posted = []; window.ReactNativeWebView = { postMessage: (m) => window.__posted.push(m) };`,
      );
      const account: Account = await harness.account();
      // The landing on / is checked like every route change (a forced refresh): counted from after that check.
      const landingChecked = page.waitForResponse(TOKEN_REFRESH);
      await signInByEmail(page, account);
      // The host got its sign-in token first; then the sign-in screen goes on to the account.
      await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
      await landingChecked;
      await expect(page.getByText('Validating session...')).toBeHidden();
      const refreshes = countRefreshes(page);
      const first = await requestToken(page, 'r1');
      const second = await requestToken(page, 'r2');
      for (const answer of [first, second]) {
        expect(answer).toMatchObject({ type: 'token', kind: 'identity' });
        await expect(backendAccepts(harness.backendUrl, String(answer.token))).resolves.toEqual({
          status: 200,
          playerId: account.playerId,
        });
      }
      expect(refreshes()).toBe(0);
    });
  });
}

test.describe('tabs', () => {
  test('Sign Out in one tab signs the other open tab out, without a reload', async ({ page, harness }) => {
    const account = await harness.account();
    await openSignedIn(page, account, '/');
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    const other = await page.context().newPage();
    await other.addInitScript(() => sessionStorage.setItem('hasShownAffiliateModal', 'true'));
    await other.goto('/credits');
    await expect(other.getByRole('button', { name: 'Sign Out', exact: true })).toBeVisible();
    const loads: string[] = [];
    other.on('load', () => loads.push(other.url()));

    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expect(page).toHaveURL(/\/auth/);
    await expect(other).toHaveURL(/\/auth/);
    await expect(other.getByRole('button', { name: 'Continue with Email' })).toBeVisible();
    await expect(other.getByRole('button', { name: 'Sign Out', exact: true })).toBeHidden();
    expect(loads, 'the other tab followed without loading the page again').toEqual([]);
    await other.close();
  });
});

test.describe('site storage blocked (Safari "Block All Cookies")', () => {
  test('sign-in still reaches My Account', async ({ page, harness }) => {
    // Safari then throws a SecurityError on any access to localStorage or sessionStorage. Only the portal's own frames
    // are made to throw: the sign-in choice also loads the identity service's helper iframe (Google's code in
    // production, the emulator's here), which is not the portal's to test.
    await page.addInitScript((portal) => {
      if (location.origin !== portal) return;
      for (const name of ['localStorage', 'sessionStorage']) {
        Object.defineProperty(window, name, {
          configurable: true,
          get() {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        });
      }
    }, new URL(process.env.PORTAL_URL!).origin);
    const account = await harness.account();
    await signInByEmail(page, account);
    // The tab cannot remember that it showed the welcome survey to this new account: it asks, and Skip closes it.
    const survey = page.getByRole('dialog', { name: 'Welcome to dream book!' });
    await survey.getByRole('button', { name: 'Skip' }).click();
    await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign Out', exact: true })).toBeVisible();
    expect(
      await page.evaluate(() =>
        (() => {
          try {
            return typeof window.localStorage;
          } catch (e) {
            return (e as Error).name;
          }
        })(),
      ),
    ).toBe('SecurityError');
  });
});
