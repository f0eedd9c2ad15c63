// The host bridge in real Chromium: fake host objects injected before load (as a webview injects its own), first in
// the portal itself, then in a bundle of bridge/ alone served on the portal's origin under the portal's CSP.
import type { Page } from '@playwright/test';
import * as esbuild from 'esbuild';
import { fileURLToPath } from 'node:url';
import type * as BridgeModule from '@home-design/portal-bridge';
import {
  HOST_KINDS,
  HOST_NAMES,
  hostInbox,
  hostSends,
  injectHost,
  type FakeHostOptions,
  type FakeHostWindow,
} from './bridge-hosts';
import { expect, test } from './fixtures';
import { expectLayout, WIDTHS } from './support/signed-in';

type TestWindow = FakeHostWindow & { bridgeUnderTest: typeof BridgeModule; __received: unknown[] };

function bridgeWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'warning' && msg.text().startsWith('[bridge]')) warnings.push(msg.text());
  });
  return warnings;
}

/** Near misses of a real message: wrong version, wrong field type, unknown type, not JSON, no envelope. */
const MALFORMED: unknown[] = [
  '{"v":9,"type":"canMakePayments","allowed":false}',
  '{"v":1,"type":"canMakePayments","allowed":"false"}',
  { v: 1, type: 'canMakePayments' },
  '{"v":1,"type":"deleteAccount"}',
  '{"type":"logout"}',
  'logout',
];

/**
 * A render failure on /external-link?design=...: the platform check reads navigator.userAgentData while rendering, and
 * here that throws (with an address and a token in its message, which the host must not get).
 */
async function failRenderOfDesign(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (!new URLSearchParams(location.search).has('design')) return;
    Object.defineProperty(Navigator.prototype, 'userAgentData', {
      configurable: true,
      get() {
        throw new Error(
          'simulated render failure for user@example.com with eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlLXRleHQ',
        );
      },
    });
  });
}

/** React Native shares window/document message events with other scripts: there, text that is not JSON passes silently. */
const warningsFor = (kind: string) => (kind === 'react-native' ? MALFORMED.length - 1 : MALFORMED.length);

// The bridge does not depend on the width: each behaviour runs once, at 1280 px (the public pages' own layout tests
// cover 375 px).
test.describe('the portal with a host webview', () => {
  for (const kind of HOST_KINDS) {
    test(`${kind}: loads without errors and ignores malformed host messages`, async ({ page }) => {
      const warnings = bridgeWarnings(page);
      await injectHost(page, { kind, names: HOST_NAMES });
      await page.goto('/external-link');
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toBeVisible();
      const headingText = await heading.textContent();
      const storageBefore = await page.evaluate(() => JSON.stringify(Object.entries(localStorage).sort()));

      for (const data of MALFORMED) await hostSends(page, kind, data);

      // Each one reached the bridge and was refused with a warning (never a console error: the fixture checks).
      await expect.poll(() => warnings.length).toBe(warningsFor(kind));
      for (const text of warnings) expect(text).toMatch(/^\[bridge\] ignored a host message: /);
      await expect(page).toHaveURL(/\/external-link$/);
      await expect(heading).toHaveText(headingText ?? '');
      expect(await page.evaluate(() => JSON.stringify(Object.entries(localStorage).sort()))).toBe(storageBefore);
      expect((await hostInbox(page)).filter((m) => (m as { type?: string }).type !== 'ready')).toEqual([]);

      // The well-formed message does what the near misses did not (SPEC 4: canMakePayments false sets paymentsDisabled).
      await hostSends(page, kind, '{"v":1,"type":"canMakePayments","allowed":false}');
      await expect.poll(() => page.evaluate(() => localStorage.getItem('paymentsDisabled'))).toBe('true');
    });
  }

  test.describe('a route that throws', () => {
    // React reports the caught render error with console.error, as it should.
    test.use({ allowConsoleErrors: [/simulated render failure/] });
    test('webview2: a page that fails to render shows the error screen and reports pageError (v3) to the host', async ({
      page,
    }) => {
      await failRenderOfDesign(page);
      await injectHost(page, { kind: 'webview2', names: HOST_NAMES });
      await page.goto('/external-link?design=Kitchen');
      await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
      await expect
        .poll(async () => (await hostInbox(page)).filter((m) => (m as { type?: string }).type === 'pageError'))
        .toEqual([
          {
            v: 3,
            type: 'pageError',
            route: '/external-link',
            message: 'Error: simulated render failure for [email] with [token]',
          },
        ]);
    });
  });

  test.describe('at 375 px', () => {
    test.use({ viewport: WIDTHS[1].viewport, allowConsoleErrors: [/simulated render failure/] });

    test('/external-link in a host webview and the error screen fit the width and pass axe', async ({ page }) => {
      await failRenderOfDesign(page);
      await injectHost(page, { kind: 'webview2', names: HOST_NAMES });
      await page.goto('/external-link');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectLayout(page, '/external-link in a host webview at 375 px');
      await page.goto('/external-link?design=Kitchen');
      await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
      await expectLayout(page, 'the error screen in a host webview at 375 px');
    });
  });

  test('vuplex injected after load: messages sent after vuplexready are read and checked', async ({ page }) => {
    const warnings = bridgeWarnings(page);
    await injectHost(page, { kind: 'vuplex', names: HOST_NAMES, lateMs: 400 });
    await page.goto('/external-link');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForFunction(() => 'vuplex' in window);
    await hostSends(page, 'vuplex', '{"v":7,"type":"logout"}');
    await expect.poll(() => warnings).toEqual(['[bridge] ignored a host message: unsupported version 7']);
    await hostSends(page, 'vuplex', { v: 1, type: 'canMakePayments', allowed: false });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('paymentsDisabled'))).toBe('true');
  });
});

test.describe('messages from other windows', () => {
  test('a frame that posts to the portal gets nothing, also when it is removed right after posting; the host still does', async ({
    page,
  }) => {
    const warnings = bridgeWarnings(page);
    await injectHost(page, { kind: 'react-native', names: HOST_NAMES });
    await page.goto('/external-link');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const messages = [
      '{"v":2,"type":"requestToken","kind":"identity","requestId":"from-frame"}',
      '{"v":1,"type":"canMakePayments","allowed":false}',
    ];
    for (const removeAfterPosting of [false, true]) {
      await page.evaluate(() => {
        const frame = document.createElement('iframe');
        frame.title = 'another window';
        document.body.append(frame);
      });
      const frame = page.frames().find((f) => f !== page.mainFrame())!;
      const posted = frame.evaluate(
        ({ messages, removeAfterPosting }) => {
          for (const data of messages) parent.postMessage(data, '*');
          if (removeAfterPosting) frameElement?.remove();
        },
        { messages, removeAfterPosting },
      );
      // A frame that removes itself never returns from the evaluation: Playwright says it was detached.
      if (removeAfterPosting)
        await posted.catch((error: Error) => expect(error.message).toContain('Frame was detached'));
      else await posted;
      if (!removeAfterPosting) await page.evaluate(() => document.querySelector('iframe')?.remove());
    }
    // The page's own answer to its host proves that it listens: sent after the frames, it arrives while theirs never do.
    await hostSends(page, 'react-native', '{"v":2,"type":"requestToken","kind":"identity","requestId":"from-host"}');
    await expect
      .poll(async () => (await hostInbox(page)).filter((m) => (m as { type?: string }).type === 'tokenUnavailable'))
      .toEqual([expect.objectContaining({ requestId: 'from-host' })]);
    expect(await page.evaluate(() => localStorage.getItem('paymentsDisabled'))).toBeNull();
    expect(warnings).toEqual([]);
  });
});

// bridge/ bundled alone, so each function is exercised end to end in Chromium, independent of the app's flows.
let bundle: Promise<string> | null = null;
function bridgeBundle(): Promise<string> {
  bundle ??= esbuild
    .build({
      entryPoints: [fileURLToPath(new URL('../../bridge/index.ts', import.meta.url))],
      bundle: true,
      format: 'iife',
      globalName: 'bridgeUnderTest',
      target: 'es2022',
      write: false,
      // No define: bridge/ reads no build config (openBridgePage configures it, as src/state/host.ts does).
    })
    .then((result) => result.outputFiles[0]!.text);
  return bundle;
}

let csp: Promise<string> | null = null;
function portalCsp(): Promise<string> {
  csp ??= fetch(process.env.PORTAL_URL!).then((res) => res.headers.get('content-security-policy') ?? '');
  return csp;
}

/** Opens a page on the portal's origin, under the portal's CSP, that loads only the bridge bundle. */
async function openBridgePage(page: Page, host?: FakeHostOptions): Promise<void> {
  const base = process.env.PORTAL_URL!;
  const [code, policy] = await Promise.all([bridgeBundle(), portalCsp()]);
  expect(policy).toContain("script-src 'self'");
  await page.route(`${base}bridge-under-test.js`, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: code }),
  );
  await page.route(`${base}bridge-under-test`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      headers: { 'content-security-policy': policy },
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bridge under test</title>
<script src="/bridge-under-test.js"></script></head><body><main><h1>Bridge under test</h1></main></body></html>`,
    }),
  );
  if (host) await injectHost(page, host);
  await page.goto(`${base}bridge-under-test`);
  await page.waitForFunction(() => 'bridgeUnderTest' in window);
  // What the portal injects at start-up, here with a plain allow-list: this run's desktop ports on 127.0.0.1.
  const ports = (process.env.E2E_DESKTOP_PORTS ?? '').split(',').map(Number);
  await page.evaluate(
    ({ names, ports }) => {
      const allowed = new Set(ports.map((port) => `http://127.0.0.1:${port}`));
      (window as unknown as TestWindow).bridgeUnderTest.configureBridge({
        hostNames: names,
        allowsDesktopOrigin: (origin) => allowed.has(origin),
      });
    },
    { names: HOST_NAMES, ports },
  );
}

test.describe('the bridge module in Chromium', () => {
  // The test page is served by page.route, which Chromium does not count as loopback: grant what a user would
  // grant a public portal (Local Network Access) so the no-cors call is judged on the bridge's own rules.
  test.use({ permissions: ['local-network-access'] });

  for (const kind of HOST_KINDS) {
    test(`${kind}: a round trip of strings and checked messages`, async ({ page }) => {
      const warnings = bridgeWarnings(page);
      await openBridgePage(page, { kind, names: HOST_NAMES });
      const started = await page.evaluate(() => {
        const win = window as unknown as TestWindow;
        win.__received = [];
        win.bridgeUnderTest.bridge.onHostMessage((message) => win.__received.push(message));
        return win.bridgeUnderTest.bridge.start();
      });
      expect(started).toBe(kind);

      const sent = await page.evaluate(() => {
        const b = (window as unknown as TestWindow).bridgeUnderTest.bridge;
        return [
          b.isEmbedded(),
          b.sendToken('header.payload.sig', 'identity', 'st8'),
          b.requestOpenInBrowser('https://portal.example/auth'),
          b.sendLogout(),
        ];
      });
      expect(sent).toEqual([true, true, true, true]);
      expect(await hostInbox(page)).toEqual([
        { v: 1, type: 'ready', versions: [1, 2, 3, 4] },
        { v: 1, type: 'token', kind: 'identity', token: 'header.payload.sig', state: 'st8' },
        { v: 1, type: 'openUrl', url: 'https://portal.example/auth' },
        { v: 1, type: 'logout' },
      ]);

      for (const data of MALFORMED) await hostSends(page, kind, data);
      await hostSends(page, kind, '{"v":1,"type":"unityToken","requestId":"q1"}');
      await hostSends(page, kind, { v: 1, type: 'canMakePayments', allowed: true });
      await expect
        .poll(() => page.evaluate(() => (window as unknown as TestWindow).__received))
        .toEqual([
          { type: 'unityToken', requestId: 'q1' },
          { type: 'canMakePayments', allowed: true },
        ]);
      expect(warnings).toHaveLength(warningsFor(kind));
    });
  }

  test('vuplex: whenHostReady waits for vuplexready, then ready goes out', async ({ page }) => {
    await openBridgePage(page, { kind: 'vuplex', names: HOST_NAMES, lateMs: 'manual' });
    const before = await page.evaluate(() => {
      const win = window as unknown as TestWindow & { __waiting: Promise<unknown> };
      // A long wait: this machine may be slow, and the assertion is about the event, not the clock.
      win.__waiting = win.bridgeUnderTest.bridge.whenHostReady(60_000);
      return win.bridgeUnderTest.bridge.isEmbedded();
    });
    expect(before).toBe(false);
    await page.evaluate(() => (window as unknown as FakeHostWindow).__injectLateHost?.());
    expect(await page.evaluate(() => (window as unknown as { __waiting: Promise<unknown> }).__waiting)).toBe('vuplex');
    expect(await page.evaluate(() => (window as unknown as TestWindow).bridgeUnderTest.bridge.start())).toBe('vuplex');
    expect(await hostInbox(page)).toEqual([{ v: 1, type: 'ready', versions: [1, 2, 3, 4] }]);
  });

  test('no host: nothing is posted and the no-cors call reaches the desktop listener', async ({ page, desktop }) => {
    await openBridgePage(page);
    const result = await page.evaluate(async (target) => {
      const b = (window as unknown as TestWindow).bridgeUnderTest.bridge;
      const host = await b.whenHostReady(0);
      const posted = b.sendToken('header.payload.sig', 'identity');
      await b.callDesktop(`${target}/login?header.payload.sig`);
      return { host, posted, embedded: b.isEmbedded() };
    }, desktop.url);
    expect(result).toEqual({ host: null, posted: false, embedded: false });
    expect(await desktop.next('login', 5_000)).toMatchObject({ kind: 'login', token: 'header.payload.sig' });
  });

  test('callDesktop and navigateToDesktop make no request to a target outside the allow-list', async ({
    page,
    desktop,
  }) => {
    const warnings = bridgeWarnings(page);
    await openBridgePage(page);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const hostile = [
      'https://evil.example/login?tok',
      `http://127.0.0.1@evil.example:${desktop.port}/login?tok`,
      `http://127.0.0.1.evil.example:${desktop.port}/login?tok`,
      `http://evil.example\\@127.0.0.1:${desktop.port}/login?tok`,
      `https://127.0.0.1:${desktop.port}/login?tok`,
      'javascript:alert(1)//127.0.0.1:5662',
    ];
    await page.evaluate(async (urls) => {
      const b = (window as unknown as TestWindow).bridgeUnderTest.bridge;
      for (const url of urls) {
        await b.callDesktop(url);
        b.navigateToDesktop(url);
      }
    }, hostile);
    expect(warnings).toHaveLength(hostile.length * 2);
    for (const text of warnings) expect(text).not.toContain('tok');
    await expect(page).toHaveURL(/\/bridge-under-test$/);
    expect(requests).toEqual([]);
    expect(desktop.events).toEqual([]);
  });

  test('navigateToDesktop sends the browser to the desktop listener', async ({ page, desktop }) => {
    await openBridgePage(page);
    await page.evaluate(
      (target) =>
        (window as unknown as TestWindow).bridgeUnderTest.bridge.navigateToDesktop(
          `${target}/login?header.payload.sig`,
        ),
      desktop.url,
    );
    expect(await desktop.next('login', 5_000)).toMatchObject({ token: 'header.payload.sig' });
    await expect(page.getByRole('heading', { name: 'You are signed in' })).toBeVisible();
  });
});
