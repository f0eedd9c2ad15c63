// The portal in a real host (docs/testing.md "Host webviews"): tests/hosts/webkit-host/host.py is a WebKitGTK web view
// with a native script message handler, WKWebView's API in WebKit's GTK port. Every journey spawns it, reads what its
// handler received as the native side saw it, and sends host -> page messages the way bridge/README.md's Swift sample
// does.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { jwtClaims } from '../../harness/desktop';
import { closeServer, listen } from '../../harness/ports';
import { startStack, type Stack } from '../../harness/stack';
import { Harness, type Account } from '../e2e/fixtures';
import { startOfflineInternet, type OfflineInternet } from '../engines/offline-internet';
import { WebKitHost, type PageMessage } from './webkit-host';

const outdir = `dist/hosts-${process.pid}`;
let stack: Stack;
let portal: string;
let harness: Harness;
let hostile: { server: Server; url: string };
const hosts: WebKitHost[] = [];

/** The page's DOM from the host's isolated test world: elements by role and accessible name, fields by label. */
const HELPERS = `
const norm = (s) => (s ?? '').replace(/\\s+/g, ' ').trim();
const ROLES = { button: 'button, [role="button"]', heading: 'h1, h2, h3, [role="heading"]', link: 'a[href]', article: 'article', alert: '[role="alert"]' };
const named = (el) => norm(el.getAttribute('aria-label') ?? el.textContent);
const byRole = (role, name) => [...document.querySelectorAll(ROLES[role])].filter((el) => name === undefined || (name instanceof RegExp ? name.test(named(el)) : named(el) === name));
const field = (label) => [...document.querySelectorAll('label')].find((l) => norm(l.textContent) === label)?.control ?? null;
const fill = (label, value) => {
  const el = field(label);
  if (!el) return false;
  el.focus();
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  return true;
};
const click = (role, name) => {
  const [el] = byRole(role, name);
  if (!el || el.disabled) return false;
  el.click();
  return true;
};
`;
const inPage = (expression: string) => `(() => { ${HELPERS}; return (${expression}); })()`;

async function startHost(path: string, origin?: string): Promise<WebKitHost> {
  const host = await WebKitHost.start({ url: `${portal}${path}`, ...(origin ? { origin } : {}) });
  hosts.push(host);
  return host;
}

/** Opens the e-mail form of /auth in the host and signs in; resolves once My Account shows. */
async function signIn(host: WebKitHost, account: Account): Promise<void> {
  // Harness accounts are seconds old: as in the other suites, the tab has already seen the welcome survey.
  await host.until('the sign-in screen', inPage(`byRole('button', 'Continue with Email').length > 0`));
  await host.evaluate(`sessionStorage.setItem('hasShownAffiliateModal', 'true'), true`);
  await host.until('Continue with Email', inPage(`click('button', 'Continue with Email')`));
  await host.until(
    'the e-mail form',
    inPage(`fill('Email', ${JSON.stringify(account.email)}) && fill('Password', ${JSON.stringify(account.password)})`),
  );
  await host.until('Sign In', inPage(`click('button', 'Sign In')`));
  await host.until('My Account', inPage(`byRole('heading', 'My Account').length > 0`));
}

const types = (messages: PageMessage[]) => messages.map((m) => m.type);

beforeAll(async () => {
  stack = await startStack({
    ports: { portal: 0, backend: 0, auth: 0, desktop: 0 },
    desktop: true,
    outdir: `${outdir}/staging`,
  });
  portal = stack.portalUrl.replace(/\/$/, '');
  process.env.BACKEND_URL = stack.backend.url;
  process.env.AUTH_EMULATOR_URL = stack.emulator.url;
  process.env.PORTAL_HARNESS_SECRET = stack.backend.harnessSecret;
  harness = new Harness();
  // Another origin: a page the host may be sent to, framing the portal and calling the handler itself.
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(hostilePage(portal));
  });
  hostile = { server, url: `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}/` };
}, 180_000);

afterEach(async () => {
  for (const host of hosts.splice(0)) await host.stop();
});

afterAll(async () => {
  if (hostile) await closeServer(hostile.server);
  await stack?.stop();
  const { rm } = await import('node:fs/promises');
  await rm(outdir, { recursive: true, force: true });
});

/** A page of another origin in the host's web view: it frames the portal's /auth and talks to the handler itself. */
function hostilePage(portalUrl: string): string {
  return `<!doctype html><title>elsewhere</title>
<iframe src="${portalUrl}/auth" title="portal"></iframe>
<script>
  const handler = window.webkit.messageHandlers.portal;
  window.__received = [];
  window.__portalBridgeReceive = (message) => { window.__received.push(String(message)); return true; };
  handler.postMessage(JSON.stringify({ v: 1, type: 'token', kind: 'identity', token: 'forged' }));
  window.addEventListener('load', () => {
    handler.postMessage(JSON.stringify({ v: 1, type: 'loaded' }));
  });
</script>`;
}

const signIns = (host: WebKitHost) =>
  host.events.filter((e) => e.event === 'signIn') as Array<{ kind: string; token: string; requestId: string | null }>;
const tokenAnswer = (host: WebKitHost, requestId: string) =>
  host.waitFor(`the answer to ${requestId}`, () => host.pageMessages().find((m) => m.requestId === requestId));

describe('WebKitGTK host (WKWebView API)', () => {
  test('sign-in by e-mail on /auth without redirect: ready, then signedIn, then the identity token, once', async () => {
    const account = await harness.account();
    const host = await startHost('/auth');
    const ready = await host.waitForMessage('ready');
    expect(ready).toEqual({ v: 1, type: 'ready', versions: [1, 2, 3, 4] });
    await signIn(host, account);
    const [signedIn] = await host.waitFor('signIn', () => (signIns(host).length > 0 ? signIns(host) : undefined));
    expect(signedIn).toMatchObject({ kind: 'identity', state: null, requestId: null });
    expect(jwtClaims(signedIn!.token)?.email).toBe(account.email);
    // Every message reached the native side as a string, from the portal's main frame.
    expect(host.messages().every((m) => m.string && m.refused === undefined && m.source.startsWith(portal))).toBe(true);
    expect(host.pageMessages()).toEqual([
      { v: 1, type: 'ready', versions: [1, 2, 3, 4] },
      { v: 2, type: 'signedIn' },
      { v: 1, type: 'token', kind: 'identity', token: signedIn!.token },
    ]);
    // Once: after the page settled on My Account and answered a request, still the one hand-off.
    await host.requestToken('identity', 'after-sign-in');
    await tokenAnswer(host, 'after-sign-in');
    expect(host.pageMessages().filter((m) => m.type === 'token' && m.requestId === undefined)).toHaveLength(1);
  });

  test("the app's locale after ready, as the Swift sample sends it: the page shows German, then follows a change", async () => {
    const german = JSON.parse(
      readFileSync(fileURLToPath(new URL('../../src/messages/locales/de.json', import.meta.url)), 'utf8'),
    ) as Record<string, unknown>;
    const continueWithGoogle = german.continueWithGoogle;
    if (typeof continueWithGoogle !== 'string')
      throw new Error('src/messages/locales/de.json has no continueWithGoogle');
    const host = await WebKitHost.start({ url: `${portal}/auth`, locale: 'de-DE' });
    hosts.push(host);
    await host.waitForMessage('ready');
    // German comes from the host's message, not from the web view's own languages.
    expect(
      await host.evaluate<string>('navigator.language'),
      'run the host with a language other than German',
    ).not.toMatch(/^de\b/i);
    await host.until('German on the page', `document.documentElement.lang === 'de'`);
    await host.until(
      'the sign-in choice in German',
      inPage(`byRole('button', ${JSON.stringify(continueWithGoogle.replace(/\s+/g, ' ').trim())}).length > 0`),
    );
    expect(await host.evaluate(inPage(`byRole('button', 'Continue with Google').length`))).toBe(0);

    // The app switches to English: the sample's sendLocale again, and the page follows.
    expect(await host.sendLocale('en-US')).toBe(true);
    await host.until('English on the page', `document.documentElement.lang === 'en'`);
    await host.until('the sign-in choice in English', inPage(`byRole('button', 'Continue with Google').length > 0`));
  });

  test('requestToken for the identity and for the Unity token: each answered with its request id', async () => {
    const account = await harness.account();
    const host = await startHost('/auth');
    await signIn(host, account);
    await host.waitForMessage('token');

    expect(await host.requestToken('identity', 'id-1')).toBe(true);
    expect(await tokenAnswer(host, 'id-1')).toEqual({
      v: 1,
      type: 'token',
      kind: 'identity',
      token: expect.any(String),
      requestId: 'id-1',
    });
    const identity = signIns(host).find((s) => s.requestId === 'id-1')!;
    expect(jwtClaims(identity.token)?.email).toBe(account.email);
    expect(Number(jwtClaims(identity.token)?.exp) * 1000 - Date.now()).toBeGreaterThan(5 * 60_000);

    expect(await host.requestToken('unity', 'unity-1')).toBe(true);
    expect(await tokenAnswer(host, 'unity-1')).toEqual({
      v: 1,
      type: 'token',
      kind: 'unity',
      token: expect.stringMatching(/^ut1\./),
      requestId: 'unity-1',
    });
    expect(signIns(host).find((s) => s.requestId === 'unity-1')).toMatchObject({ kind: 'unity' });
  });

  test('canMakePayments false from the host: /subscription shows no selectable plan', async () => {
    const account = await harness.account();
    const host = await startHost('/auth');
    await signIn(host, account);
    await host.command('load', { url: `${portal}/subscription` });
    await host.until('the plans', inPage(`byRole('article').length === 4 && byRole('button', /^Choose /).length > 0`));
    const readies = () => host.pageMessages().filter((m) => m.type === 'ready').length;
    const seen = readies();

    expect(await host.command('canMakePayments', { allowed: false })).toBe(true);
    await host.until(
      'plans without a choice',
      inPage(`byRole('article').length === 4 && byRole('button', /^Choose /).length === 0`),
    );
    // A new page says ready again; this host answers with what it now says: still no plan to choose.
    await host.command('load', { url: `${portal}/subscription` });
    await host.waitFor('a new ready', () => (readies() > seen ? true : undefined));
    await host.until('the plans again', inPage(`byRole('article').length === 4`));
    expect(await host.evaluate(inPage(`byRole('button', /^Choose /).length`))).toBe(0);
  });

  test('logout from the host: the page signs out and does not echo a logout back', async () => {
    const account = await harness.account();
    const host = await startHost('/auth');
    await signIn(host, account);
    await host.waitForMessage('token');

    expect(await host.signOutThePortal()).toBe(true);
    await host.until(
      'the page signed out',
      inPage(`byRole('button', 'Sign Out').length === 0 && byRole('button', 'Continue with Email').length > 0`),
    );
    // The page's answer to a request after the sign-out comes after any echo would have.
    await host.requestToken('identity', 'after-logout');
    expect(await tokenAnswer(host, 'after-logout')).toEqual({
      v: 2,
      type: 'tokenUnavailable',
      kind: 'identity',
      reason: 'signedOut',
      requestId: 'after-logout',
    });
    expect(types(host.pageMessages())).not.toContain('logout');
    expect(host.events.filter((e) => e.event === 'signOut')).toEqual([]);
  });

  test('a page of another origin gets no token: the host refuses its messages, the portal refuses its frame', async () => {
    const account = await harness.account();
    const host = await startHost('/auth');
    await signIn(host, account);
    await host.waitForMessage('token');
    const before = host.events.length;
    const since = () => host.events.slice(before);

    await host.command('load', { url: hostile.url });
    await host.waitFor('the other page loaded', () =>
      since().find((e) => e.event === 'message' && typeof e.body === 'string' && e.body.includes('"loaded"')),
    );
    // Its forged token and its load note, refused: the portal it framed posted nothing (frame-ancestors 'none' kept
    // it from running there; had it run, its ready would be here too, refused for the same origin).
    expect(since().flatMap((e) => (e.event === 'message' ? [[e.source, e.refused]] : []))).toEqual([
      [hostile.url, 'origin'],
      [hostile.url, 'origin'],
    ]);
    // What the host sends while that page shows reaches that page only, and it is no token.
    await host.requestToken('identity', 'elsewhere');
    const received = await host.evaluateInPage<string[]>('window.__received');
    expect(received.map((text) => JSON.parse(text) as unknown)).toEqual([
      { v: 2, type: 'requestToken', kind: 'identity', requestId: 'elsewhere' },
    ]);
    expect(since().filter((e) => e.event === 'signIn')).toEqual([]);
  });

  test("the portal's CSP and bundle work unchanged inside the host", async () => {
    const account = await harness.account();
    const served = await fetch(`${portal}/auth`);
    expect(served.headers.get('content-security-policy')).toBe(
      readFileSync(join(`${stack.portalDir}.report`, 'csp.txt'), 'utf8').trim(),
    );
    const bundle = /src="\/(app-[\w-]+\.js)"/.exec(readFileSync(join(stack.portalDir, 'index.html'), 'utf8'))?.[1];
    expect(bundle).toBeDefined();

    const host = await startHost('/auth');
    await signIn(host, account);
    await host.waitForMessage('token');
    // The page's own script is the bundle of the build; the others are the identity provider's (allowed by script-src).
    const scripts = await host.evaluate<string[]>(`[...document.scripts].map((s) => s.src)`);
    expect(scripts.filter((src) => src.startsWith(portal))).toEqual([`${portal}/${bundle}`]);
    expect(await host.evaluate<unknown[]>('window.__cspViolations')).toEqual([]);
    // The probe does see what the policy refuses: an inline script added by the page is blocked and reported.
    await host.evaluateInPage(
      `(() => { const s = document.createElement('script'); s.textContent = 'window.__inline = 1'; document.body.append(s); return true; })()`,
    );
    await host.until(
      'the violation reported',
      `window.__cspViolations.length === 1 && window.__cspViolations[0].directive.startsWith('script-src')`,
    );
    expect(await host.evaluateInPage('window.__inline ?? null')).toBeNull();
  });

  test('a handler registered well after the load: the page says ready before its first message to it', async () => {
    const account = await harness.account();
    const host = await WebKitHost.start({ url: `${portal}/auth`, lateHandler: true });
    hosts.push(host);
    await host.until('the sign-in screen', inPage(`byRole('button', 'Continue with Email').length > 0`));
    // Past the bridge's wait for a late host (HOST_WAIT_MS after the load event), then the host object appears.
    await host.until(
      'the wait for a late host over',
      `performance.now() - performance.getEntriesByType('navigation')[0].loadEventEnd > 3000`,
    );
    expect(await host.command('register')).toBe(true);
    await signIn(host, account);
    await host.waitForMessage('token');
    expect(types(host.pageMessages())).toEqual(['ready', 'signedIn', 'token']);
  });
});

// Issue 38: Google's popup in the real host with Safari's popup blocking (host.py sets javascript-can-open-windows-
// automatically off on its WebKitSettings, and clicks as a person does, through GTK), the portal cold when clicked:
// apis.google.com (the engines' offline proxy) answers after 3 s.
describe('WebKitGTK host with popups, Safari popup blocking', () => {
  let internet: OfflineInternet;
  beforeAll(async () => {
    internet = await startOfflineInternet();
  });
  afterAll(async () => {
    await internet?.stop();
  });

  const startPopupHost = async (url: string) => {
    const host = await WebKitHost.start({ url, proxy: `http://127.0.0.1:${internet.port}`, popups: true });
    hosts.push(host);
    await host.waitFor('the first load', (events) => events.find((e) => e.event === 'load'));
    return host;
  };
  /** The middle of the first button named `name`, in the web view's CSS pixels. */
  const middleOf = (host: WebKitHost, name: string) =>
    host.until<{ x: number; y: number }>(
      name,
      inPage(`(() => {
        const [el] = byRole('button', ${JSON.stringify(name)});
        if (!el || el.getAttribute('aria-disabled') === 'true') return null;
        const r = el.getBoundingClientRect();
        return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
      })()`),
    );
  const inPopup = async <T>(host: WebKitHost, what: string, expression: string): Promise<T> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const value = await host.evaluateInPopup<T | null | false>(inPage(expression)).catch(() => null);
      if (value !== null && value !== false && value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`${what}: not within 30 s in the popup`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  /** Proof that the host blocks as Safari does: a window.open in a person's click opens, one 3 s later does not. */
  const expectSafariPopupBlocking = async () => {
    const probe = await startPopupHost(internet.frameUrl('about:blank', 10, 10));
    await probe.evaluateInPage(`(() => {
        window.__opened = {};
        const add = (name, run) => {
          const b = document.createElement('button');
          b.textContent = name;
          b.style.cssText = 'display:block;margin:8px;padding:8px';
          b.addEventListener('click', run);
          document.body.append(b);
        };
        add('Open in the click', () => { window.__opened.inTheClick = window.open('about:blank', 'now', 'popup=yes') !== null; });
        add('Open 3 s after the click', async () => {
          await new Promise((resolve) => setTimeout(resolve, 3100));
          window.__opened.afterAnAwait = window.open('about:blank', 'later', 'popup=yes') !== null;
        });
        return true;
      })()`);
    // The late one first: a window opened by the other would take the pointer's next click.
    const later = await middleOf(probe, 'Open 3 s after the click');
    await probe.click(later.x, later.y);
    const settled = (key: string) => async () => {
      for (let i = 0; i < 100; i++) {
        if (await probe.evaluateInPage<boolean>(`'${key}' in window.__opened`)) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no ${key} within 10 s`);
    };
    await settled('afterAnAwait')();
    const now = await middleOf(probe, 'Open in the click');
    await probe.click(now.x, now.y);
    await settled('inTheClick')();
    expect(await probe.evaluateInPage('window.__opened')).toEqual({ inTheClick: true, afterAnAwait: false });
    await probe.stop();
  };

  /** /auth in a host with popups, Google clicked once `beforeClick` says; then sign-in through the emulator's widget. */
  const signInWithGoogle = async (beforeClick: (host: WebKitHost, since: number) => Promise<void>) => {
    const since = Date.now();
    const host = await startPopupHost(`${portal}/auth`);
    await host.evaluate(`sessionStorage.setItem('hasShownAffiliateModal', 'true'), true`);
    const google = await middleOf(host, 'Continue with Google');
    await beforeClick(host, since);
    await host.click(google.x, google.y);
    await host.waitFor('a popup', (events) => events.find((e) => e.event === 'popup'), 5_000);
    return { host, since };
  };

  const completeInPopup = async (host: WebKitHost) => {
    await inPopup(host, 'Add new account', `click('button', /Add new account/)`);
    // Until the form shows, the button is there but does nothing: pressed until the address is filled in.
    await inPopup(
      host,
      'the generated e-mail',
      `(click('button', /Auto-generate user information/), document.querySelector('#email-input')?.value.includes('@'))`,
    );
    expect(
      await host.evaluateInPopup<boolean>('window.opener !== null', null),
      'the popup still has the portal as its opener on the auth domain',
    ).toBe(true);
    await inPopup(host, 'Sign in with Google.com', `click('button', /Sign in with Google.com/)`);
    await host.until('My Account', inPage(`byRole('heading', 'My Account').length > 0`), 30_000);
    expect(await host.evaluateInPage("localStorage.getItem('authProvider')")).toBe('google.com');
  };

  test('Google answering at once, the popup machinery warm: the popup opens in the click and signs in', async () => {
    await expectSafariPopupBlocking();
    const { host } = await signInWithGoogle(async (page, since) => {
      // Warm: Google's loader answered and the auth domain's helper iframe loaded in the page.
      const deadline = Date.now() + 20_000;
      while (!(
        internet.googleAnswers.some((a) => a.at >= since && a.url.includes('/js/api.js')) &&
        (await page.evaluateInPage<boolean>(
          "performance.getEntriesByType('resource').some((e) => /\\/auth\\/iframe/.test(e.name))",
        ))
      )) {
        if (Date.now() > deadline) throw new Error('the popup machinery did not load within 20 s');
        await new Promise((r) => setTimeout(r, 100));
      }
    });
    await completeInPopup(host);
  });

  test('Google answering after 3 s: a click while cold still opens the popup, and sign-in completes', async () => {
    await expectSafariPopupBlocking();
    internet.google = 'slow';
    try {
      const { host, since } = await signInWithGoogle(async () => undefined);
      // The window opened in the click, before Google had answered: the cold path.
      expect(
        internet.googleAnswers.filter((a) => a.at >= since),
        'Google answered before the click',
      ).toEqual([]);
      await completeInPopup(host);
    } finally {
      internet.google = 'fast';
    }
  });
});
