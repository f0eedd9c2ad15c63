// bridge/README.md's host examples are executable: each host's `<!-- sample:<host> -->` block, read
// verbatim from the README, runs as that host against the portal; its native example must agree with it. The user is
// signed in from an earlier visit: the sample's subject is the messages, the same after a sign-in at the launch URL
// (handoff-hosts.spec.ts signs in through /auth in a host).
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { HostKind } from '@home-design/portal-bridge';
import { jwtClaims } from '../../harness/desktop';
import { HOST_KINDS, HOST_NAMES, hostInbox, injectHost } from './bridge-hosts';
import { expect, test } from './fixtures';
import { openSignedIn } from './support/signed-in';

const README = readFileSync(fileURLToPath(new URL('../../bridge/README.md', import.meta.url)), 'utf8');

interface Sample {
  /** `<host>` or `<host>/<variant>`, from the marker. */
  name: string;
  kind: HostKind;
  /** The fenced native example just before the sample (C#, Swift, Kotlin or JSX). */
  native: string;
  /** The JavaScript block after `<!-- sample:<name> -->`. */
  code: string;
  launchUrl: string;
}

/** The samples of the "Host examples to paste" section. Throws when a `###` host has none or one lacks its native example. */
function readSamples(readme: string): Sample[] {
  const start = readme.indexOf('\n## Host examples to paste');
  if (start < 0) throw new Error('bridge/README.md has no "Host examples to paste" section');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  return section
    .split('\n### ')
    .slice(1)
    .flatMap((host) => {
      const title = host.split('\n', 1)[0];
      const blocks = [...host.matchAll(/(?:<!-- sample:([a-z0-9/-]+) -->\n)?```([a-z]+)\n([\s\S]*?)\n```/g)];
      const samples = blocks.flatMap(([, name, lang, code], i) => {
        if (name === undefined) return [];
        if (lang !== 'js') throw new Error(`the sample ${name} is not a js block`);
        const native = blocks
          .slice(0, i)
          .reverse()
          .find(([, marker, language]) => marker === undefined && language !== 'json')?.[3];
        if (native === undefined) throw new Error(`the sample ${name} follows no native example`);
        const launchUrl = /^const launchUrl = '([^']+)';$/m.exec(code!)?.[1];
        if (launchUrl === undefined) throw new Error(`the sample ${name} declares no launchUrl`);
        return [{ name, kind: name.split('/')[0] as HostKind, native, code: code!, launchUrl }];
      });
      const natives = blocks.filter(([, marker, lang]) => marker === undefined && lang !== 'json').length;
      if (natives !== samples.length)
        throw new Error(`"${title}": ${natives} native examples but ${samples.length} samples`);
      return samples;
    });
}

const SAMPLES = readSamples(README);

/** Message types a switch handles: `case "x":` / `case 'x':` (C#, Swift, JS) and `"x" ->` (Kotlin). */
function handledTypes(source: string): string[] {
  const cases = [...source.matchAll(/case\s+["'](\w+)["']\s*:/g), ...source.matchAll(/^\s*"(\w+)"\s*->/gm)];
  return [...new Set(cases.map((m) => m[1]!))].sort();
}

/** The portal URLs an example opens (not the bare origin it checks senders against). */
function launchUrls(source: string): string[] {
  const urls = [...source.matchAll(/https:\/\/portal\.example\/[^"'\s)]*/g)].map((m) => m[0]);
  return [...new Set(urls.filter((url) => new URL(url).pathname !== '/'))];
}

/**
 * The sample as an init script: `send` is the host's native transport (bridge-hosts.ts), the app's own functions
 * record what happened on window.__hostApp, and the fake host hands each page post to the sample's onPortalMessage.
 */
function hostScript(sample: Sample, portal: URL): string {
  const code = sample.code
    .replaceAll('https://portal.example', portal.origin)
    .replaceAll('portal.example', portal.hostname);
  // WebView2's PostWebMessageAsJson arrives as an object; every other host sends JSON text. An Android
  // addJavascriptInterface host has no reply channel: it runs window.__portalBridgeReceive by evaluateJavascript.
  const send =
    sample.name === 'android/javascript-interface'
      ? 'win.__portalBridgeReceive(JSON.stringify(message))'
      : `win.__hostDeliver(${JSON.stringify(sample.kind)}, ${sample.kind === 'webview2' ? 'message' : 'JSON.stringify(message)'})`;
  return `(() => {
  const win = window;
  if (window !== window.top || !win.__fakeHost) return;
  const app = { tokens: [], signedOut: 0, opened: [], logs: [] };
  win.__hostApp = app;
  const send = (message) => ${send};
  const signIn = (kind, token, state) => { app.tokens.push({ kind, token, state }); };
  const signOutLocally = () => { app.signedOut += 1; };
  const openUrl = (url) => { app.opened.push(url); };
  const log = (text) => { app.logs.push(text); };
${code}
  win.__hostOnPost = (json) => onPortalMessage(json, location.href);
  win.__hostRequestToken = requestToken;
})();`;
}

interface HostApp {
  tokens: Array<{ kind: string; token: string; state: string | null | undefined }>;
  signedOut: number;
}

const hostApp = (page: Page) => page.evaluate(() => (window as unknown as { __hostApp: HostApp }).__hostApp);
const requestToken = (page: Page, kind: string, requestId: string) =>
  page.evaluate(
    ([k, id]) => (window as unknown as { __hostRequestToken(k: string, id: string): void }).__hostRequestToken(k!, id!),
    [kind, requestId],
  );

test('the README has one executable sample for each host, and each native example agrees with its sample', () => {
  expect([...new Set(SAMPLES.map((s) => s.kind))].sort()).toEqual([...HOST_KINDS].sort());
  expect(new Set(SAMPLES.map((s) => s.name)).size).toBe(SAMPLES.length);
  for (const { name: kind, native, code, launchUrl } of SAMPLES) {
    expect(launchUrls(native), `${kind}: the native example opens the sample's launch URL`).toEqual([launchUrl]);
    expect(handledTypes(code), `${kind}: the sample handles every page message`).toEqual(
      expect.arrayContaining(['logout', 'openUrl', 'ready', 'token']),
    );
    expect(handledTypes(native), `${kind}: the native switch handles the sample's message types`).toEqual(
      handledTypes(code),
    );
    for (const [, type] of code.matchAll(/type: '(\w+)'/g)) {
      expect(native, `${kind}: the native example sends ${type}`).toMatch(new RegExp(`\\\\?["']${type}\\\\?["']`));
    }
  }
  const names = { wkwebview: HOST_NAMES.webkitHandlerName, android: HOST_NAMES.androidBridgeName };
  for (const sample of SAMPLES.filter((s) => s.kind === 'wkwebview' || s.kind === 'android')) {
    const name = names[sample.kind as keyof typeof names];
    expect(sample.native, `${sample.name} registers "${name}"`).toContain(`"${name}"`);
  }
  // The hosts without a reply channel reach the page through the function the test calls for them.
  for (const sample of SAMPLES.filter((s) => s.kind === 'wkwebview' || s.name === 'android/javascript-interface')) {
    expect(sample.native, `${sample.name} sends through window.__portalBridgeReceive`).toContain(
      'window.__portalBridgeReceive',
    );
  }
});

for (const sample of SAMPLES) {
  test(`${sample.name}: the README sample gets the signed-in user's token, a fresh one on request, and the sign-out`, async ({
    page,
    harness,
    desktop,
    baseURL,
  }) => {
    const portal = new URL(baseURL!);
    // Vuplex injects its object after the page starts, which is why its sample launches with the host=vuplex hint.
    await injectHost(page, sample.kind === 'vuplex' ? { kind: 'vuplex', lateMs: 300 } : { kind: sample.kind });
    await page.addInitScript({ content: hostScript(sample, portal) });
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(desktop.url) || new URL(r.url()).pathname === '/login') calls.push(r.url());
    });
    const account = await harness.account();
    const launch = new URL(sample.launchUrl.replace('https://portal.example', portal.origin));
    const unity = launch.searchParams.get('unityToken') === 'true';
    await openSignedIn(page, account, launch.href);

    // The sample's signIn got the signed-in user's token, once.
    await expect.poll(async () => (await hostApp(page)).tokens.length).toBe(1);
    const [handed] = (await hostApp(page)).tokens;
    expect(handed!.kind).toBe(unity ? 'unity' : 'identity');
    if (unity) expect(handed!.token).toMatch(/^ut1\./);
    else expect(jwtClaims(handed!.token)?.email).toBe(account.email);
    expect(handed!.state ?? null).toBeNull();
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();

    // The sample's requestToken is answered with a fresh identity token (and a Unity token when it asked for those).
    await requestToken(page, 'identity', 'readme-id');
    await expect.poll(async () => (await hostApp(page)).tokens.length).toBe(2);
    const fresh = (await hostApp(page)).tokens[1]!;
    expect(fresh.kind).toBe('identity');
    expect(jwtClaims(fresh.token)?.email).toBe(account.email);
    expect(Number(jwtClaims(fresh.token)?.exp) * 1000 - Date.now()).toBeGreaterThan(5 * 60_000);
    expect(await hostInbox(page)).toContainEqual(
      expect.objectContaining({ type: 'token', kind: 'identity', requestId: 'readme-id' }),
    );
    if (unity) {
      await requestToken(page, 'unity', 'readme-unity');
      await expect.poll(async () => (await hostApp(page)).tokens.length).toBe(3);
      expect((await hostApp(page)).tokens[2]).toMatchObject({ kind: 'unity', token: expect.stringMatching(/^ut1\./) });
    }

    // Sign Out in the portal reaches the sample's signOutLocally.
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expect(page).toHaveURL(/\/auth/);
    await expect.poll(async () => (await hostApp(page)).signedOut).toBe(1);

    expect(calls).toEqual([]);
    expect(desktop.events).toEqual([]);
  });
}
