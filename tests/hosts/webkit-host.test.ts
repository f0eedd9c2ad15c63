// The portal in a real host (issue 26): tests/hosts/webkit-host/host.py is a WebKitGTK web view with a native script
// message handler, WKWebView's API in WebKit's GTK port. Every journey spawns it, reads what its handler received as
// the native side saw it, and sends host -> page messages the way bridge/README.md's Swift sample does.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { jwtClaims } from '../../harness/desktop';
import { closeServer, listen } from '../../harness/ports';
import { startStack, type Stack } from '../../harness/stack';
import { Harness, type Account } from '../e2e/fixtures';
import { HOST_SCRIPT, WebKitHost, type PageMessage } from './webkit-host';

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
  await host.until('the e-mail form', inPage(`fill('Email', ${JSON.stringify(account.email)}) && fill('Password', ${JSON.stringify(account.password)})`));
  await host.until('Sign In', inPage(`click('button', 'Sign In')`));
  await host.until('My Account', inPage(`byRole('heading', 'My Account').length > 0`));
}

const types = (messages: PageMessage[]) => messages.map((m) => m.type);

beforeAll(async () => {
  stack = await startStack({ ports: { portal: 0, backend: 0, auth: 0, desktop: 0 }, desktop: true, outdir: `${outdir}/staging` });
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
    const frame = document.querySelector('iframe');
    handler.postMessage(JSON.stringify({ v: 1, type: 'loaded', frameBlocked: frame.contentDocument !== null }));
  });
</script>`;
}

describe('WebKitGTK host (WKWebView API)', () => {
  test('sign-in by e-mail on /auth without redirect: ready, then signedIn, then the identity token, once', async () => {
    const account = await harness.account();
    const host = await startHost('/auth');
    const ready = await host.waitForMessage('ready');
    expect(ready).toEqual({ v: 1, type: 'ready', versions: [1, 2, 3] });
    await signIn(host, account);
    const signedIn = await host.waitFor('signIn', (events) => events.find((e) => e.event === 'signIn'));
    expect(signedIn).toMatchObject({ kind: 'identity', state: null, requestId: null });
    expect(jwtClaims((signedIn as { token: string }).token)?.email).toBe(account.email);
    // Every message reached the native side as a string, from the portal's main frame.
    expect(host.messages().every((m) => m.string && m.refused === undefined && m.source.startsWith(portal))).toBe(true);
    expect(types(host.pageMessages())).toEqual(['ready', 'signedIn', 'token']);
    expect(host.pageMessages()[2]).toEqual({ v: 1, type: 'token', kind: 'identity', token: expect.any(String) });
  });
});

// Keep the import of the script path used: the drift check reads it.
void HOST_SCRIPT;
void readFileSync;
void join;
