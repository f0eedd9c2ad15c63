// Phones and Safari (docs/reliability.md "Popups on phones and Safari"): the session never waits on Google's servers.
// With apis.google.com hanging, as where it is blocked, the sign-in choice, a returning user's My Account and hand-off
// all arrive, and nothing goes to Google before the session is known (My Account and the hand-off: never).
import type { Page } from '@playwright/test';
import { PHONE_USER_AGENTS } from '../../harness/user-agents';
import { expect, test } from './fixtures';
import { expectOnTop } from './support/on-top';
import { signInByEmail } from './support/sign-in';
import { openSignedIn } from './support/signed-in';

/** When the portal knew its session (the `portal:session-known` mark), in ms since the epoch; null before. */
const sessionKnownAt = (page: Page) =>
  page.evaluate(() => {
    const mark = performance.getEntriesByName('portal:session-known')[0];
    return mark ? performance.timeOrigin + mark.startTime : null;
  });

for (const [phone, userAgent] of Object.entries(PHONE_USER_AGENTS)) {
  test.describe(`${phone}, apis.google.com hanging`, () => {
    test.use({
      userAgent,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      googleServers: 'hanging',
    });

    test('a signed-out /auth shows the sign-in choice; Google is asked only after the session is known', async ({
      page,
      thirdParty,
    }) => {
      // Real time, no page.clock: the fake clock's performance object has no marks, and the session-known mark is the
      // subject. The warm-up's 2 s are the one wait.
      const times: number[] = [];
      page.on('request', (request) => {
        if (request.url().startsWith('https://apis.google.com/')) times.push(Date.now());
      });
      await page.goto('/auth');
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
      await expect(page.getByRole('heading', { name: 'Welcome to Dream Book', level: 1 })).toBeVisible();
      const known = await sessionKnownAt(page);
      expect(known).not.toBeNull();
      // The choice offers a popup, so its machinery loads in idle time, after the session: that request hangs.
      await expect.poll(() => thirdParty.length).toBeGreaterThan(0);
      for (const at of times) expect(at).toBeGreaterThanOrEqual(Math.floor(known!));
    });

    test('e-mail sign-in reaches My Account on top while Google hangs', async ({ page, harness }) => {
      const account = await harness.account();
      await signInByEmail(page, account);
      await expectOnTop(page.getByRole('heading', { name: 'My Account', level: 1 }));
    });

    test('a returning user: My Account shows and the desktop hand-off reaches the listener, and neither asks Google', async ({
      page,
      harness,
      desktop,
      thirdParty,
    }) => {
      const account = await harness.account({ name: 'Phone User' });
      await openSignedIn(page, account, '/');
      await expectOnTop(page.getByRole('heading', { name: 'My Account', level: 1 }));
      await expect(page.getByRole('heading', { name: 'Sign-in & security' })).toBeVisible();
      await page.goto(`/auth?redirect=${encodeURIComponent(desktop.url)}`);
      const event = await desktop.next('login');
      expect(event.kind === 'login' && event.claims?.user_id).toBe(account.uid);
      expect(thirdParty).toEqual([]);
    });
  });
}
