// One browser, several people (docs/security.md "Security"): a user switch shows nothing of the last user, nothing of
// an earlier session comes back after Sign Out, and a browser that does not leave for the desktop app is not left under
// the hand-off's overlay.
import type { Page } from '@playwright/test';
import { FIREBASE_SESSION_KEY } from '../../harness/emulator';
import { DESKTOP_LEAVE_MS } from '../../src/domain/constants';
import { expect, test } from './fixtures';
import { expectOnTop } from './support/on-top';
import { openSignedIn, profileValue } from './support/signed-in';

/** Firebase's stored session in this origin's local storage: its key and value. */
async function storedSession(page: Page): Promise<[string, string]> {
  const found = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('firebase:authUser:'));
    return key ? ([key, localStorage.getItem(key)!] as [string, string]) : null;
  });
  if (!found) throw new Error('no Firebase session in local storage');
  return found;
}

/** The rows of Firebase's IndexedDB store, where an earlier release of the portal kept the session. */
function earlierStoreRows(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('firebaseLocalStorageDb');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('firebaseLocalStorage')) {
            db.close();
            resolve(0);
            return;
          }
          const count = db.transaction('firebaseLocalStorage', 'readonly').objectStore('firebaseLocalStorage').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

test.describe('a user switch leaves nothing of the last user', () => {
  test("another tab replaces the stored session: the open tab shows Bob's account, never beside anything of Alice's", async ({
    page,
    harness,
  }) => {
    const alice = await harness.account({ name: 'Alice Archer', plan: 'annual' });
    const bob = await harness.account({ name: 'Bob Baker' });
    // Bob's session as Firebase keeps it, made at the identity service as his own sign-in would.
    const key = FIREBASE_SESSION_KEY;
    const bobSession = JSON.stringify(await harness.admin.session(bob.email, bob.password));

    await openSignedIn(page, alice, '/');
    await expect(profileValue(page, 'Email')).toHaveText(alice.email);
    await expect(profileValue(page, 'Username')).toContainText('Alice Archer');
    await expect(profileValue(page, 'Account Type')).toContainText('Pro Plan - Annual');
    // From now on, record any moment where Bob's address is on screen beside Alice's name or plan.
    await page.evaluate((bobEmail) => {
      const seen: string[] = [];
      (window as unknown as { __mixed: string[] }).__mixed = seen;
      new MutationObserver(() => {
        const text = document.body.innerText;
        if (text.includes(bobEmail) && /Alice Archer|Pro Plan - Annual/.test(text)) seen.push(text.slice(0, 200));
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, bob.email);

    const cloudSaveReads = async () =>
      (await harness.log(bob.uid)).filter((entry) => entry.method === 'GET' && entry.path.includes('/cloud-save/'))
        .length;
    const readsBefore = await cloudSaveReads();
    // Another tab of this browser puts Bob's session where Firebase keeps it.
    const other = await page.context().newPage();
    await other.goto('/external-link');
    await other.evaluate(([k, v]) => localStorage.setItem(k, v), [key, bobSession] as const);
    await other.close();

    await expect(profileValue(page, 'Email')).toHaveText(bob.email);
    await expect(profileValue(page, 'Username')).toContainText('Bob Baker');
    await expect(profileValue(page, 'Account Type')).not.toContainText('Pro Plan');
    await expectOnTop(page.getByRole('heading', { name: 'My Account', level: 1 }));
    await expect(page.getByText('Alice Archer')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __mixed: string[] }).__mixed)).toEqual([]);
    // The page loaded Bob's own cloud save after the switch.
    expect(await cloudSaveReads()).toBeGreaterThan(readsBefore);
  });
});

test.describe('nothing of an earlier session comes back', () => {
  test('Sign Out removes the session an earlier release kept in IndexedDB: the next visitor hands nothing off', async ({
    page,
    harness,
    desktop,
  }) => {
    const alice = await harness.account();
    await openSignedIn(page, alice, '/');
    await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
    // Alice's session also where an earlier release kept it: Firebase's IndexedDB store, as Firebase writes it.
    const [key, value] = await storedSession(page);
    await page.evaluate(
      ([k, v]) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('firebaseLocalStorageDb', 1);
          open.onupgradeneeded = () => open.result.createObjectStore('firebaseLocalStorage', { keyPath: 'fbase_key' });
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const tx = db.transaction('firebaseLocalStorage', 'readwrite');
            tx.objectStore('firebaseLocalStorage').put({ fbase_key: k, value: JSON.parse(v) as unknown });
            tx.oncomplete = () => {
              db.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      [key, value] as const,
    );
    expect(await earlierStoreRows(page)).toBe(1);

    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Continue with Email' })).toBeVisible();
    expect(await earlierStoreRows(page)).toBe(0);

    // The next visitor opens a desktop launch: nobody is signed in, and the listener hears nothing.
    await page.goto(`/auth?redirect=${encodeURIComponent(desktop.url)}`);
    await expectOnTop(page.getByRole('button', { name: 'Continue with Email' }));
    await page.reload();
    await expectOnTop(page.getByRole('button', { name: 'Continue with Email' }));
    expect(desktop.events).toEqual([]);
  });
});

test.describe('a browser that does not leave for the desktop app', () => {
  test('the desktop answers 204: the page stays, the hand-off ends, and My Account comes up on top', async ({
    page,
    harness,
    desktop,
  }) => {
    // The leave guard's 5 s are moved on with the page's clock.
    await page.clock.install();
    const account = await harness.account();
    let logins = 0;
    await page.route(
      (url) => url.origin === desktop.url && url.pathname === '/login',
      (route) => {
        logins++;
        return route.fulfill({ status: 204 });
      },
    );
    // A returning user's launch: the hand-off runs as the page loads.
    await openSignedIn(page, account, `/auth?redirect=${encodeURIComponent(desktop.url)}`);
    await expect.poll(() => logins).toBe(1);
    // Still up while the browser may yet leave, marked as redirecting (a returning user's launch signs in nothing and
    // keeps its target in memory: isAuthenticating and redirectUrl are never set on this path).
    await expect(
      page.getByRole('status').filter({ hasText: 'Setting up your account and redirecting...' }),
    ).toBeVisible();
    const marks = () =>
      page.evaluate(() => ['isRedirecting', 'isAuthenticating', 'redirectUrl'].map((k) => localStorage.getItem(k)));
    expect(await marks()).toEqual(['true', null, null]);
    await page.clock.fastForward(DESKTOP_LEAVE_MS);
    await expectOnTop(page.getByRole('heading', { name: 'My Account', level: 1 }));
    await expect(
      page.getByRole('status').filter({ hasText: 'Setting up your account and redirecting...' }),
    ).toHaveCount(0);
    expect(await marks()).toEqual([null, null, null]);
    // The target was used: a reload hands nothing off a second time.
    await page.reload();
    await expectOnTop(page.getByRole('heading', { name: 'My Account', level: 1 }));
    expect(logins).toBe(1);
  });
});
