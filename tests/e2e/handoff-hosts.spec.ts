// Host webviews without a loopback listener (docs/testing.md "Host webviews"): /auth with no redirect hands the host
// the token by message, the host asks for fresh tokens of either kind, hears sign-in and sign-out; Vuplex late, with
// and without the hint. Each host's messages are proven for a signed-in visitor of /auth (the same push as after a
// sign-in there); signing in through /auth in a host is proven by the Unity-token and reopening tests.
import type { Page } from '@playwright/test';
import { jwtClaims } from '../../harness/desktop';
import { HOST_KINDS, hostInbox, hostSends, injectHost } from './bridge-hosts';
import { expect, test } from './fixtures';
import { signInByEmail } from './support/sign-in';
import { openSignedIn } from './support/signed-in';

type Message = { v: number; type: string; kind?: string; token?: string; requestId?: string; reason?: string };

const inbox = (page: Page) => hostInbox(page) as Promise<Message[]>;
const tokens = async (page: Page) => (await inbox(page)).filter((m) => m.type === 'token');

/** Every request the page makes to a /login path or to the desktop listener. */
function loopbackCalls(page: Page, desktopUrl: string): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(desktopUrl) || new URL(r.url()).pathname === '/login') seen.push(r.url());
  });
  return seen;
}

for (const kind of HOST_KINDS) {
  test(`${kind}: /auth without redirect gives the host the identity token, fresh tokens on request, and the sign-out`, async ({
    page,
    harness,
    desktop,
  }) => {
    await injectHost(page, { kind });
    const calls = loopbackCalls(page, desktop.url);
    const account = await harness.account();
    await openSignedIn(page, account, '/auth');

    await expect.poll(async () => (await tokens(page)).length).toBe(1);
    const [handed] = await tokens(page);
    expect(handed).toMatchObject({ v: 1, type: 'token', kind: 'identity' });
    expect(jwtClaims(handed!.token!)?.email).toBe(account.email);
    expect(await inbox(page)).toContainEqual({ v: 2, type: 'signedIn' });
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();

    await hostSends(page, kind, { v: 2, type: 'requestToken', kind: 'identity', requestId: 'id-1' });
    await expect
      .poll(() => inbox(page))
      .toContainEqual(expect.objectContaining({ type: 'token', kind: 'identity', requestId: 'id-1' }));
    const fresh = (await inbox(page)).find((m) => m.requestId === 'id-1')!;
    const exp = Number(jwtClaims(fresh.token!)?.exp);
    expect(exp * 1000 - Date.now()).toBeGreaterThan(5 * 60_000);

    await hostSends(page, kind, { v: 2, type: 'requestToken', kind: 'unity', requestId: 'u-1' });
    await expect
      .poll(() => inbox(page))
      .toContainEqual(expect.objectContaining({ type: 'token', kind: 'unity', requestId: 'u-1' }));
    expect((await inbox(page)).find((m) => m.requestId === 'u-1')?.token).toMatch(/^ut1\./);

    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expect(page).toHaveURL(/\/auth/);
    await expect.poll(() => inbox(page)).toContainEqual({ v: 1, type: 'logout' });
    await hostSends(page, kind, { v: 2, type: 'requestToken', kind: 'identity', requestId: 'id-2' });
    await expect
      .poll(() => inbox(page))
      .toContainEqual({ v: 2, type: 'tokenUnavailable', kind: 'identity', reason: 'signedOut', requestId: 'id-2' });

    // Only the one hand-off pushed a token; the rest were answers.
    expect((await tokens(page)).filter((m) => m.requestId === undefined)).toHaveLength(1);
    expect(calls).toEqual([]);
    expect(desktop.events).toEqual([]);
  });
}

test('unityToken=true: a host without redirect gets the Unity token', async ({ page, harness }) => {
  await injectHost(page, { kind: 'react-native' });
  const account = await harness.account();
  await signInByEmail(page, account, '/auth?unityToken=true');
  await expect.poll(async () => (await tokens(page)).length).toBe(1);
  const [handed] = await tokens(page);
  expect(handed).toMatchObject({ kind: 'unity' });
  expect(jwtClaims(handed!.token!)?.pid ?? handed!.token).toBeTruthy();
  expect(handed!.token).toMatch(/^ut1\./);
});

test('a signed-in user reopening /auth in a host gets the token again, a page elsewhere pushes none', async ({
  page,
  harness,
}) => {
  await injectHost(page, { kind: 'webview2' });
  const account = await harness.account();
  await signInByEmail(page, account);
  await expect.poll(async () => (await tokens(page)).length).toBe(1);
  await page.goto('/credits');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => inbox(page)).toContainEqual({ v: 2, type: 'signedIn' });
  expect(await tokens(page)).toEqual([]);
  await page.goto('/auth');
  await expect.poll(async () => (await tokens(page)).length).toBe(1);
  expect(jwtClaims((await tokens(page))[0]!.token!)?.email).toBe(account.email);
});

test.describe('Vuplex, which injects its object late', () => {
  test('with the ?host=vuplex hint the page waits for it and the token goes by message, not to the listener', async ({
    page,
    harness,
    desktop,
  }) => {
    await injectHost(page, { kind: 'vuplex', lateMs: 1_500 });
    const calls = loopbackCalls(page, desktop.url);
    const account = await harness.account();
    // A returning user: the hand-off is ready well before Vuplex appears, 1.5 s after the page starts.
    await openSignedIn(page, account, `/auth?redirect=${encodeURIComponent(desktop.url)}&host=vuplex`);
    await expect.poll(async () => (await tokens(page)).length).toBe(1);
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    expect(calls).toEqual([]);
    expect(desktop.events).toEqual([]);
  });

  test('without the hint nobody waits; a Vuplex that appears after sign-in still gets the token, once', async ({
    page,
    harness,
    desktop,
  }) => {
    await injectHost(page, { kind: 'vuplex', lateMs: 'manual' });
    const calls = loopbackCalls(page, desktop.url);
    const account = await harness.account();
    await signInByEmail(page, account);
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await page.evaluate(() => (window as unknown as { __injectLateHost(): void }).__injectLateHost());
    await expect.poll(async () => (await tokens(page)).length).toBe(1);
    expect(await inbox(page)).toContainEqual({ v: 2, type: 'signedIn' });
    // A round trip after the push: any second push would have been queued before this answer.
    await hostSends(page, 'vuplex', { v: 2, type: 'requestToken', kind: 'identity', requestId: 'after' });
    await expect.poll(() => inbox(page)).toContainEqual(expect.objectContaining({ requestId: 'after' }));
    expect((await tokens(page)).filter((m) => m.requestId === undefined)).toHaveLength(1);
    expect(calls).toEqual([]);
  });
});
