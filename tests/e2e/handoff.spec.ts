// The hand-off to the desktop app (SPEC 2, 4): each way of passing the target, the Unity token,
// once per session, dev mode, link, hostile targets and host webviews. The journeys sign in through /auth with the
// launch, as the desktop app's user does; a test whose subject starts after that (the link question's answers, the
// not-running screen's way out, a returning user's launch) opens the launch signed in.
import type { Page, Request } from '@playwright/test';
import { jwtClaims, startDesktopListener, type DesktopListener } from '../../harness/desktop';
import { hostInbox, hostSends, injectHost } from './bridge-hosts';
import { expect, expectAccessible, test, type Account, type Harness } from './fixtures';
import { holdRequests } from './support/payments';
import { signInByEmail } from './support/sign-in';
import { openSignedIn } from './support/signed-in';
import { expectOnTop } from './support/on-top';

/** The login call the listener got, once the browser has really arrived there (nothing of the portal is left). */
async function handedOff(page: Page, desktop: DesktopListener) {
  const event = await desktop.next('login');
  await expect(page).toHaveURL(new RegExp(`^${desktop.url}/login\\?`));
  return event;
}

/** Fills the e-mail form of the sign-in screen already open. */
async function signInHere(page: Page, account: { email: string; password: string }) {
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/**
 * Signs in from /external-link with a hand-off launch, then goes Back (the hand-off replaced its own history entry,
 * so Back reaches the page before it, which hands nothing off), on to My Account, and reloads it.
 */
async function handOffThenBackAndReload(page: Page, account: Account, desktop: DesktopListener, launch: string) {
  await page.goto('/external-link');
  await signInByEmail(page, account, launch);
  await handedOff(page, desktop);
  await page.goBack();
  await expect(page).toHaveURL(/\/external-link$/);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
}

test.describe('hand-off by browser redirect', () => {
  const forms: Array<[string, (target: string) => string]> = [
    ['the redirect query', (t) => `/auth?redirect=${encodeURIComponent(t)}`],
    ['"redirect=" text in the hash', (t) => `/auth#redirect=${encodeURIComponent(t)}`],
    ['a path segment after "redirect"', (t) => `/auth/redirect/${encodeURIComponent(t)}`],
    ['the hash', (t) => `/auth#${t}`],
  ];
  for (const [form, path] of forms) {
    test(`reaches the listener with an identity token when the target is in ${form}`, async ({
      page,
      harness,
      desktop,
    }) => {
      const account = await harness.account();
      await signInByEmail(page, account, path(desktop.url));
      const event = await handedOff(page, desktop);
      expect(event.kind).toBe('login');
      if (event.kind !== 'login') return;
      expect(event.claims?.email).toBe(account.email);
      expect(event.claims?.aud).toBe('demo-portal');
    });
  }

  test('after the e-mail sign-in, "Setting up your account and redirecting..." is on top until the browser leaves', async ({
    page,
    harness,
    desktop,
  }) => {
    const account = await harness.account();
    // The listener's answer to the page's check that it listens (a HEAD of its root) is held, so the page that waits
    // for it can be read; the browser then leaves for {target}/login (session.spec.ts does the same for a returning
    // user's launch).
    const release = await holdRequests(page, `${desktop.url}/`, () => true);
    await signInByEmail(page, account, `/auth?redirect=${encodeURIComponent(desktop.url)}`);
    await expectOnTop(page.getByRole('status').filter({ hasText: 'Setting up your account and redirecting...' }));
    release();
    const event = await handedOff(page, desktop);
    expect(event.kind === 'login' && event.claims?.email).toBe(account.email);
  });

  test('sends the Unity access token when unityToken=true, and passes the desktop state back unchanged', async ({
    page,
    harness,
    desktop,
  }) => {
    const account = await harness.account();
    const seen = page.waitForRequest((r) => r.url().startsWith(`${desktop.url}/login?`));
    await signInByEmail(
      page,
      account,
      `/auth?redirect=${encodeURIComponent(desktop.url)}&unityToken=true&state=abc%20123`,
    );
    expect(new URL((await seen).url()).searchParams.get('state')).toBe('abc 123');
    const event = await handedOff(page, desktop);
    expect(event.kind === 'login' && event.token).toMatch(/^ut1\./);
    // Not the identity token: no identity claims travel with it.
    expect(event.kind === 'login' && event.claims?.email).toBeUndefined();
    expect(event.kind === 'login' && event.claims?.pid).toBe(account.playerId);
  });

  test('hands off once per session, and again only when the redirect query comes again', async ({
    page,
    harness,
    desktop,
  }) => {
    test.slow(); // two hand-offs and five page loads
    await handOffThenBackAndReload(
      page,
      await harness.account(),
      desktop,
      `/auth?redirect=${encodeURIComponent(desktop.url)}`,
    );
    expect(desktop.events.filter((e) => e.kind === 'login')).toHaveLength(1);
    desktop.reset();
    await page.goto(`/auth?redirect=${encodeURIComponent(desktop.url)}`);
    await handedOff(page, desktop);
  });

  test('dev mode goes through /return-to-app, which calls the listener (development build)', async ({
    page,
    harness,
    desktop,
  }) => {
    const account = await harness.account();
    await signInByEmail(
      page,
      account,
      new URL(`/auth?redirect=${encodeURIComponent(desktop.url)}&dev=true`, harness.devUrl).href,
    );
    await expect(page).toHaveURL(/\/return-to-app$/);
    // On top, not merely visible: the hand-off's overlay once stayed over this page for good.
    await expectOnTop(page.getByRole('heading', { name: /^Return to / }));
    await expect(
      page.getByRole('status').filter({ hasText: 'Setting up your account and redirecting...' }),
    ).toHaveCount(0);
    const event = await desktop.next('login');
    expect(event.kind === 'login' && event.claims?.email).toBe(account.email);
    expect(
      await page.evaluate(() => ['authToken', 'redirectUrl', 'isAuthenticating'].map((k) => localStorage.getItem(k))),
    ).toEqual([null, null, null]);
  });

  test('dev=true is ignored outside development builds: the token goes straight to the listener, never into storage', async ({
    page,
    harness,
    desktop,
  }) => {
    const account = await harness.account();
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.addInitScript(() => {
      // Records every authToken write, so a token parked for /return-to-app is seen even after it was cleared.
      const set = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key: string, value: string) {
        if (key === 'authToken') sessionStorage.setItem('__sawAuthToken', 'true');
        return set.call(this, key, value);
      };
    });
    await signInByEmail(page, account, `/auth?redirect=${encodeURIComponent(desktop.url)}&dev=true`);
    const event = await handedOff(page, desktop);
    expect(event.kind === 'login' && event.claims?.email).toBe(account.email);
    expect(visited).not.toContain('/return-to-app');
    await page.goto('/external-link');
    expect(
      await page.evaluate(() => [localStorage.getItem('authToken'), sessionStorage.getItem('__sawAuthToken')]),
    ).toEqual([null, null]);
  });
});

test.describe('?link= asks first', () => {
  const question = /^Link the progress of the .+ app on this device to this account\?$/;

  test('the link leaves the URL at once; after sign-in the page asks, and links the guest player only on Link', async ({
    page,
    harness,
    desktop,
  }) => {
    test.slow(); // a sign-in, axe on the question, then the account page
    const guest = await harness.guest();
    const account = await harness.account();
    await page.goto(`/create-account?link=${encodeURIComponent(guest.accessToken)}`);
    await expect(page.getByRole('button', { name: 'Continue with Email' })).toBeVisible();
    // Before any popup or form: out of the address and history, in no storage.
    await expect(page).not.toHaveURL(/link=/);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain(
      guest.accessToken,
    );
    await signInHere(page, account);
    const dialog = page.getByRole('dialog', { name: question });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'the link question');
    expect((await harness.log(account.uid)).map((e) => e.route)).not.toContain('auth-unity-link');
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await expect(dialog).toBeHidden();
    // The question closes on the answer; the link call goes out after it, and its answer is stored when it comes.
    await expect
      .poll(async () => (await harness.log(account.uid)).filter((e) => e.route === 'auth-unity-link').length)
      .toBe(1);
    await expect
      .poll(() =>
        page.evaluate(
          () => (JSON.parse(localStorage.getItem('unityAuthData') ?? '{}') as { playerId?: string }).playerId,
        ),
      )
      .toBe(account.playerId);
    expect((await harness.log(account.uid)).filter((e) => e.route === 'auth-unity-link')).toHaveLength(1);
    expect(desktop.events).toEqual([]);
  });

  test('Not now makes no link call, and the question does not come back', async ({ page, harness }) => {
    const guest = await harness.guest();
    const account = await harness.account();
    // Signed in already: the question comes for a session restored at the launch as for a sign-in there.
    await openSignedIn(page, account, `/auth?link=${encodeURIComponent(guest.accessToken)}`);
    const dialog = page.getByRole('dialog', { name: question });
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await expect(dialog).toBeHidden();
    expect((await harness.log(account.uid)).map((e) => e.route)).not.toContain('auth-unity-link');
  });

  test.describe('a bad link', () => {
    test.use({ allowConsoleErrors: [/status of 40\d/] });
    test('is refused by the backend, said, forgotten, and the hand-off still happens', async ({
      page,
      harness,
      desktop,
    }) => {
      const account = await harness.account();
      await openSignedIn(page, account, `/auth?link=not-a-token&redirect=${encodeURIComponent(desktop.url)}`);
      await page.getByRole('dialog', { name: question }).getByRole('button', { name: 'Link', exact: true }).click();
      const event = await handedOff(page, desktop);
      expect(event.kind === 'login' && event.claims?.email).toBe(account.email);
    });
  });
});

test.describe('a hand-off leaves no way back to a second token', () => {
  const forms: Array<[string, (target: string) => string]> = [
    ['a path segment after "redirect"', (t) => `/auth/redirect/${encodeURIComponent(t)}`],
    ['the hash', (t) => `/auth#${t}`],
  ];
  for (const [form, path] of forms) {
    test(`target in ${form}: Back, reload, and a reload of that address again send no second token`, async ({
      page,
      harness,
      desktop,
    }) => {
      test.slow(); // a hand-off and five page loads
      await handOffThenBackAndReload(page, await harness.account(), desktop, path(desktop.url));
      // An entry of this tab that still carries the target (as the hand-off's own entry did before): reloading it
      // in a tab that already handed off sends nothing, and the address is cleaned.
      await page.evaluate((href) => history.replaceState(null, '', href), path(desktop.url));
      await page.reload();
      await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
      await expect(page).not.toHaveURL(/redirect|#/);
      expect(desktop.events.filter((e) => e.kind === 'login')).toHaveLength(1);
    });
  }
});

test.describe('tokens belong to one user', () => {
  /** The Unity player a `ut1.<payload>.<signature>` token was issued for. */
  const unityPlayer = (token: string) =>
    (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { pid?: string }).pid;

  /** Whose identity token a POST /auth/unity exchanges. */
  const exchangeOf = (request: Request) =>
    request.url().endsWith('/auth/unity')
      ? jwtClaims((request.postDataJSON() as { idToken: string }).idToken)?.user_id
      : undefined;

  /**
   * Alice signs in; her Unity exchange is held at the network until the returned `release()`, so the test can end her
   * session while it runs. Returns once her exchange is on its way, with Bob. Listen for her late answer before.
   */
  async function aliceExchangeHeld(page: Page, harness: Harness) {
    const [alice, bob] = [await harness.account(), await harness.account()];
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/auth/unity', async (route) => {
      if (exchangeOf(route.request()) === alice.uid) await released;
      await route.continue();
    });
    const exchange = page.waitForRequest((r) => exchangeOf(r) === alice.uid);
    await signInByEmail(page, alice);
    await exchange;
    return { alice, bob, release };
  }

  test('Alice signs out while her Unity exchange runs; Bob, signing in on the same page, hands off his own Unity token', async ({
    page,
    harness,
    desktop,
  }) => {
    const late = page.waitForResponse((r) => r.url().endsWith('/auth/unity'));
    const { alice, bob, release } = await aliceExchangeHeld(page, harness);
    // A logout link carrying Bob's launch, followed inside the page: the same document, its memory included.
    await page.evaluate(
      (href) => {
        history.pushState(null, '', href);
        dispatchEvent(new PopStateEvent('popstate'));
      },
      `/auth?action=logout&redirect=${encodeURIComponent(desktop.url)}&unityToken=true`,
    );
    await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
    release();
    expect(exchangeOf((await late).request())).toBe(alice.uid); // Alice's answer arrives after her sign-out
    await signInHere(page, bob);
    const event = await handedOff(page, desktop);
    expect(event.kind === 'login' && unityPlayer(event.token)).toBe(bob.playerId);
  });

  test("Alice's late answer is not stored: Bob, in a new page, hands off his own Unity token", async ({
    page,
    harness,
    desktop,
  }) => {
    const late = page.waitForResponse((r) => r.url().endsWith('/auth/unity'));
    const { alice, bob, release } = await aliceExchangeHeld(page, harness);
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Continue with Email' })).toBeVisible();
    release();
    expect(exchangeOf((await late).request())).toBe(alice.uid);
    expect(await page.evaluate(() => localStorage.getItem('unityAuthData'))).toBeNull();
    await signInByEmail(page, bob, `/auth?redirect=${encodeURIComponent(desktop.url)}&unityToken=true`);
    const event = await handedOff(page, desktop);
    expect(event.kind === 'login' && unityPlayer(event.token)).toBe(bob.playerId);
  });

  test("a host's requestToken of kind unity after the same replay answers Bob's token", async ({ page, harness }) => {
    await injectHost(page, { kind: 'react-native' });
    const late = page.waitForResponse((r) => r.url().endsWith('/auth/unity'));
    const { alice, bob, release } = await aliceExchangeHeld(page, harness);
    await hostSends(page, 'react-native', '{"v":1,"type":"logout"}');
    release();
    expect(exchangeOf((await late).request())).toBe(alice.uid);
    // The host's sign-out leaves the sign-in screen as it was, its e-mail form and closable overlay included.
    const overlay = page.getByRole('dialog', { name: /^Setting up your account/ });
    await expectOnTop(overlay);
    await page.keyboard.press('Escape');
    await expect(overlay).toBeHidden();
    await page.getByLabel('Email').fill(bob.email);
    await page.getByLabel('Password', { exact: true }).fill(bob.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    // Alice's sign-in was announced too: wait for the second `signedIn`, Bob's.
    await expect
      .poll(async () => (await hostInbox(page)).filter((m) => (m as { type?: string }).type === 'signedIn').length)
      .toBe(2);
    await hostSends(page, 'react-native', '{"v":2,"type":"requestToken","kind":"unity","requestId":"r1"}');
    const answer = () =>
      hostInbox(page).then(
        (all) =>
          all.find((m) => (m as { requestId?: string }).requestId === 'r1') as
            { type: string; token?: string } | undefined,
      );
    await expect.poll(answer).toBeTruthy();
    const reply = await answer();
    expect(reply?.type).toBe('token');
    expect(unityPlayer(reply!.token!)).toBe(bob.playerId);
  });
});

test.describe('cloud-save failures during the hand-off (SPEC 4: sign-out on protected pages only)', () => {
  test.use({ allowConsoleErrors: [/status of 401/] });

  test('a failing cloud save on /auth does not sign out: the token still reaches the desktop, and the user stays signed in', async ({
    page,
    harness,
    desktop,
  }) => {
    const account = await harness.account();
    // The first read and both recoveries answer 401 (SPEC 8: at most 2 retries), later ones work.
    await harness.faults(account.uid, 'cloud-save=401x3');
    await signInByEmail(page, account, `/auth?redirect=${encodeURIComponent(desktop.url)}`);
    const event = await handedOff(page, desktop);
    expect(event.kind === 'login' && event.claims?.email).toBe(account.email);
    // Whatever faults the hand-off left unused are not this test's subject: the account page must load normally.
    await harness.faults(account.uid, '');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign Out', exact: true })).toBeVisible();
  });
});

test.describe('hostile targets', () => {
  // Each form is refused by the desktop policy (tests/unit/domain/desktop-target.test.ts); here, end to end: the first
  // through a sign-in with the launch, the others as launches of the signed-in user.
  test('https://evil.example, //evil.example, 127.0.0.1@evil.example and javascript: get no token and no request', async ({
    page,
    harness,
  }) => {
    const account = await harness.account();
    const offsite: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).hostname.endsWith('evil.example')) offsite.push(r.url());
    });
    const [first, ...others] = [
      'https://evil.example',
      '//evil.example',
      'http://127.0.0.1@evil.example:5662',
      'javascript:alert(1)',
    ];
    await signInByEmail(page, account, `/auth?redirect=${encodeURIComponent(first!)}`);
    await expect(page.getByRole('alert').filter({ hasText: 'not a' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('redirectUrl'))).toBeNull();
    for (const hostile of others) {
      await page.goto(`/auth?redirect=${encodeURIComponent(hostile)}`);
      await expect(page.getByRole('alert').filter({ hasText: 'not a' }), hostile).toBeVisible();
      await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('redirectUrl')), hostile).toBeNull();
    }
    expect(offsite).toEqual([]);
  });
});

test.describe('hand-off through a host webview', () => {
  const hosts: Array<[string, string]> = [
    [
      'WebView2',
      `window.chrome = window.chrome || {}; window.chrome.webview = { postMessage: (m) => window.__posted.push(m), addEventListener() {}, removeEventListener() {} };`,
    ],
    [
      'Vuplex',
      `window.vuplex = { postMessage: (m) => window.__posted.push(m), addEventListener() {}, removeEventListener() {} };`,
    ],
    ['React Native', `window.ReactNativeWebView = { postMessage: (m) => window.__posted.push(m) };`],
    ['WKWebView', `window.webkit = { messageHandlers: { portal: { postMessage: (m) => window.__posted.push(m) } } };`],
    ['Android', `window.PortalBridge = { postMessage: (m) => window.__posted.push(m) };`],
  ];
  for (const [name, script] of hosts) {
    // WebView2 (the desktop app's own) signs in with the launch; the others are launched for a signed-in user, the
    // same decision once the session is known (handoff-hosts.spec.ts proves each host's messages).
    const signingIn = name === 'WebView2';
    test(`${name}: ${signingIn ? 'signing in, ' : 'signed in, '}the token goes by message and no localhost request is made`, async ({
      page,
      harness,
      desktop,
    }) => {
      await page.addInitScript(`window.__posted = []; ${script}`);
      const account = await harness.account();
      const local: string[] = [];
      page.on('request', (r) => {
        if (r.url().startsWith(desktop.url)) local.push(r.url());
      });
      const launch = `/auth?redirect=${encodeURIComponent(desktop.url)}`;
      await (signingIn ? signInByEmail(page, account, launch) : openSignedIn(page, account, launch));
      await expect
        .poll(async () =>
          page.evaluate(() =>
            (window as unknown as { __posted: unknown[] }).__posted.map((m) =>
              typeof m === 'string' ? JSON.parse(m) : m,
            ),
          ),
        )
        .toContainEqual(expect.objectContaining({ v: 1, type: 'token', kind: 'identity' }));
      expect(local).toEqual([]);
      expect(desktop.events).toEqual([]);
    });
  }
});

test.describe('a token goes nowhere else, and once', () => {
  test('a listener on another loopback port never receives a request, whatever the launch URL', async ({
    page,
    harness,
    desktop,
  }) => {
    const other = await startDesktopListener({ port: 0 });
    try {
      const account = await harness.account();
      await openSignedIn(page, account, '/');
      await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
      const target = encodeURIComponent(other.url);
      for (const launch of [
        `/auth?redirect=${target}`,
        `/auth?redirect=${target}&unityToken=true`,
        `/auth/redirect/${target}`,
        `/auth#${other.url}`,
        `/credits?redirect=${target}&state=x`,
        `/auth?redirect=${target}&dev=true`,
      ]) {
        await page.goto(launch);
        await expect(page.getByRole('alert').filter({ hasText: 'not a' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Sign Out', exact: true })).toBeVisible();
      }
      expect(other.events).toEqual([]);
      expect(desktop.events).toEqual([]);
    } finally {
      await other.stop();
    }
  });

  test('after one hand-off nothing is left: a new tab opening / sends nothing', async ({ page, harness, desktop }) => {
    const account = await harness.account();
    await signInByEmail(page, account, `/auth?redirect=${encodeURIComponent(desktop.url)}&unityToken=true&state=s1`);
    await handedOff(page, desktop);
    desktop.reset();
    const tab = await page.context().newPage();
    await tab.addInitScript(() => sessionStorage.setItem('hasShownAffiliateModal', 'true'));
    await tab.goto('/');
    await expect(tab.getByRole('heading', { name: 'My Account' })).toBeVisible();
    const left = await tab.evaluate(() =>
      ['redirectUrl', 'redirectWithUnityToken', 'redirectState', 'authToken'].map((k) => localStorage.getItem(k)),
    );
    expect(left).toEqual([null, null, null, null]);
    await tab.reload();
    await expect(tab.getByRole('heading', { name: 'My Account' })).toBeVisible();
    expect(desktop.events).toEqual([]);
    await tab.close();
  });

  test('the tab launched with a target still hands off from the stored redirectUrl (SPEC 4) after a load without the query', async ({
    page,
    harness,
    desktop,
  }) => {
    const account = await harness.account();
    await page.goto(`/auth?redirect=${encodeURIComponent(desktop.url)}&unityToken=true`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The same tab reaches the sign-in screen again without the query, and signs in there.
    await signInByEmail(page, account, '/auth');
    const event = await handedOff(page, desktop);
    expect(event.kind === 'login' && event.token).toMatch(/^ut1\./);
  });

  test('a hand-off with unityToken=true, then one without, sends the identity token the second time', async ({
    page,
    harness,
    desktop,
  }) => {
    const account = await harness.account();
    await signInByEmail(page, account, `/auth?redirect=${encodeURIComponent(desktop.url)}&unityToken=true`);
    const first = await handedOff(page, desktop);
    expect(first.kind === 'login' && first.token).toMatch(/^ut1\./);
    desktop.reset();
    await page.goto(`/auth?redirect=${encodeURIComponent(desktop.url)}`);
    const second = await handedOff(page, desktop);
    expect(second.kind === 'login' && second.claims?.email).toBe(account.email);
  });
});

test.describe('when nothing listens at the desktop target', () => {
  // Chromium itself logs the refused probe ("Failed to load resource"); the portal logs nothing.
  test.use({ allowConsoleErrors: [/net::ERR_CONNECTION_REFUSED/] });

  test('shows a retry screen instead of the browser error; Try again hands off once the app runs', async ({
    page,
    harness,
    desktop,
  }) => {
    const { port, url } = desktop;
    await desktop.stop();
    const account = await harness.account();
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await signInByEmail(page, account, `/auth?redirect=${encodeURIComponent(url)}`);
    const dialog = page.getByRole('dialog', { name: /^Open .+ on this computer$/ });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('You are still signed in here.');
    await expectAccessible(page, 'the not-running screen');
    expect(visited.filter((u) => u.startsWith(url))).toEqual([]);

    const listener = await startDesktopListener({ port });
    try {
      await dialog.getByRole('button', { name: 'Try again' }).click();
      const event = await listener.next('login');
      expect(event.kind === 'login' && event.claims?.email).toBe(account.email);
      await expect(page).toHaveURL(new RegExp(`^${listener.url}/login\\?`));
    } finally {
      await listener.stop();
    }
  });

  test('Continue to my account gives the hand-off up and keeps the user signed in', async ({
    page,
    harness,
    desktop,
  }) => {
    const { url } = desktop;
    await desktop.stop();
    const account = await harness.account();
    // A returning user's launch while the app is not running (the sign-in's own is the test above).
    await openSignedIn(page, account, `/auth?redirect=${encodeURIComponent(url)}`);
    const dialog = page.getByRole('dialog', { name: /^Open .+ on this computer$/ });
    await dialog.getByRole('button', { name: 'Continue to my account' }).click();
    await expectOnTop(page.getByRole('heading', { name: 'My Account' }));
    expect(await page.evaluate(() => localStorage.getItem('redirectUrl'))).toBeNull();
  });
});
