// bridge/README.md's host examples are executable (issue 19, item 2): each host's `<!-- sample:<host> -->` block, read
// verbatim from the README, runs as that host against the portal; its native example must agree with it.
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { HostKind } from '../../bridge';
import { jwtClaims } from '../../harness/desktop';
import { HOST_KINDS, HOST_NAMES, hostInbox, injectHost } from './bridge-hosts';
import { expect, test } from './fixtures';
import { signInByEmail } from './support/sign-in';

const README = readFileSync(fileURLToPath(new URL('../../bridge/README.md', import.meta.url)), 'utf8');

interface Sample {
  kind: HostKind;
  /** The fenced native example of the section (C#, Swift, Kotlin or JSX). */
  native: string;
  /** The JavaScript block after `<!-- sample:<kind> -->`. */
  code: string;
  launchUrl: string;
}

/** The "Host examples to paste" section, one entry per `###` host. Throws when a section has no (or two) samples. */
function readSamples(readme: string): Sample[] {
  const start = readme.indexOf('\n## Host examples to paste');
  if (start < 0) throw new Error('bridge/README.md has no "Host examples to paste" section');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  return section
    .split('\n### ')
    .slice(1)
    .map((host) => {
      const title = host.split('\n', 1)[0];
      const samples = [...host.matchAll(/<!-- sample:([a-z0-9-]+) -->\n```js\n([\s\S]*?)\n```/g)];
      if (samples.length !== 1) throw new Error(`"${title}" has ${samples.length} sample blocks, not 1`);
      const [, kind, code] = samples[0]!;
      const native = [...host.matchAll(/```([a-z]+)\n([\s\S]*?)\n```/g)].find(([, lang]) => lang !== 'js' && lang !== 'json')?.[2];
      if (native === undefined) throw new Error(`"${title}" has no native example`);
      const launchUrl = /^const launchUrl = '([^']+)';$/m.exec(code!)?.[1];
      if (launchUrl === undefined) throw new Error(`the ${kind} sample declares no launchUrl`);
      return { kind: kind as HostKind, native, code: code!, launchUrl };
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
  const code = sample.code.replaceAll('https://portal.example', portal.origin).replaceAll('portal.example', portal.hostname);
  // WebView2's PostWebMessageAsJson arrives as an object; every other host sends JSON text.
  const payload = sample.kind === 'webview2' ? 'message' : 'JSON.stringify(message)';
  return `(() => {
  const win = window;
  if (window !== window.top || !win.__fakeHost) return;
  const app = { tokens: [], signedOut: 0, opened: [], logs: [] };
  win.__hostApp = app;
  const send = (message) => win.__hostDeliver(${JSON.stringify(sample.kind)}, ${payload});
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
  page.evaluate(([k, id]) => (window as unknown as { __hostRequestToken(k: string, id: string): void }).__hostRequestToken(k!, id!), [kind, requestId]);

test('the README has one executable sample for each host, and each native example agrees with its sample', () => {
  expect(SAMPLES.map((s) => s.kind).sort()).toEqual([...HOST_KINDS].sort());
  for (const { kind, native, code, launchUrl } of SAMPLES) {
    expect(launchUrls(native), `${kind}: the native example opens the sample's launch URL`).toEqual([launchUrl]);
    expect(handledTypes(code), `${kind}: the sample handles every page message`).toEqual(expect.arrayContaining(['logout', 'openUrl', 'ready', 'token']));
    expect(handledTypes(native), `${kind}: the native switch handles the sample's message types`).toEqual(handledTypes(code));
    for (const [, type] of code.matchAll(/type: '(\w+)'/g)) {
      expect(native, `${kind}: the native example sends ${type}`).toMatch(new RegExp(`\\\\?["']${type}\\\\?["']`));
    }
  }
  const names = { wkwebview: HOST_NAMES.webkitHandlerName, android: HOST_NAMES.androidBridgeName };
  for (const [kind, name] of Object.entries(names)) {
    expect(SAMPLES.find((s) => s.kind === kind)?.native, `${kind} registers "${name}"`).toContain(`"${name}"`);
  }
});

for (const sample of SAMPLES) {
  test(`${sample.kind}: the README sample signs in, gets the token, a fresh one on request, and the sign-out`, async ({ page, harness, desktop, baseURL }) => {
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
    await signInByEmail(page, account, launch.href);

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
    expect(await hostInbox(page)).toContainEqual(expect.objectContaining({ type: 'token', kind: 'identity', requestId: 'readme-id' }));
    if (unity) {
      await requestToken(page, 'unity', 'readme-unity');
      await expect.poll(async () => (await hostApp(page)).tokens.length).toBe(3);
      expect((await hostApp(page)).tokens[2]).toMatchObject({ kind: 'unity', token: expect.stringMatching(/^ut1\./) });
    }

    // Sign Out in the portal reaches the sample's signOutLocally.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/auth/);
    await expect.poll(async () => (await hostApp(page)).signedOut).toBe(1);

    expect(calls).toEqual([]);
    expect(desktop.events).toEqual([]);
  });
}
