// The e2e fixture: fails a test on any uncaught page error or console error, runs axe (WCAG 2.2 AA) on the page
// it ends on, and gives each test its own accounts, desktop listener and backend faults.
import AxeBuilder from '@axe-core/playwright';
import axeCore from 'axe-core';
import { test as base, expect, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { harnessClient, type GuestPlayer, type LogEntry, type SeedOptions } from '../../harness/client';
import { startDesktopListener, type DesktopListener } from '../../harness/desktop';
import { EmulatorAdmin } from '../../harness/emulator';
import {
  startGoogleStandIn,
  type GoogleServers,
  type GoogleStandIn,
  type ThirdPartyLog,
} from '../support/google-stand-in';

export type { SeedOptions };

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The pages this worker has already scanned clean, by their content: a page whose DOM is the same as one proven clean
 * (every element, attribute and text, each control's value and state, the language, the viewport, the colour scheme)
 * is not scanned again: most tests end on a sign-in screen another test already scanned, half a second each. A page
 * that differs in anything, a text included, is scanned: the verdict of a step titled "passes axe" never rests on
 * another page. A page with frames is always scanned: their insides are not in its content.
 */
const scannedClean = new Set<string>();

/** The page's content as axe sees it (above), hashed in the page; null when it has frames. */
function pageContent(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    if (document.querySelector('iframe, frame, object, embed')) return null;
    const parts: string[] = [
      location.href,
      `${innerWidth}x${innerHeight}`,
      String(matchMedia('(prefers-color-scheme: dark)').matches),
      String(matchMedia('(forced-colors: active)').matches),
    ];
    const walk = (node: Node): void => {
      if (node.nodeType === Node.TEXT_NODE) {
        parts.push(`#${node.textContent ?? ''}`);
        return;
      }
      if (!(node instanceof Element)) return;
      const attrs = [...node.attributes].map((a) => `${a.name}=${a.value}`).join(' ');
      const state =
        node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement || node instanceof HTMLSelectElement
          ? ` ${node.value} ${node instanceof HTMLInputElement ? node.checked : ''}`
          : '';
      parts.push(`<${node.tagName}${attrs ? ` ${attrs}` : ''}${state}>`);
      for (const child of node.childNodes) walk(child);
      parts.push('>');
    };
    walk(document.documentElement);
    // FNV-1a over the whole description: the content is long, the key stays short.
    let hash = 0x811c9dc5;
    const text = parts.join('');
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    return `${text.length}:${(hash >>> 0).toString(36)}`;
  });
}

/** Runs axe-core on the page as it is now and fails with a readable list of violations. */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  const content = await pageContent(page).catch(() => null);
  if (content !== null && scannedClean.has(content)) return;
  const results = await scan(page, content !== null);
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
  if (content !== null) scannedClean.add(content);
}

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
/** axe-core in the page, once `scanDocument` has put it there (the callbacks below run in the page). */
declare const axe: typeof axeCore;
// axe-core is CommonJS: its source is a property of the default export.
const AXE_SOURCE = axeCore.source;

/**
 * One axe run. A context axe evaluates in may be destroyed while it walks the page's frames (a frame that loads or
 * goes meanwhile): the scan then starts again, twice at most. A page that really navigated still fails the test at
 * its next step, which expects what was on screen.
 *
 * A page with frames gets @axe-core/playwright's own run, so that its cross-origin frames are scanned too. A page
 * without them (nearly every page) gets the same rules on the same document from `axe.run` itself (`scanDocument`).
 */
async function scan(page: Page, frameless: boolean, attempts = 3): Promise<AxeResults> {
  try {
    // What the user reads once a fade-in is over: a toast half-way through its 160 ms fade is half transparent and
    // fails its contrast. Endless animations (spinners) are not waited for.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    return frameless ? await scanDocument(page) : await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  } catch (error) {
    const moved = error instanceof Error && /Execution context was destroyed|Frame was detached/.test(error.message);
    if (!moved || attempts <= 1) throw error;
    return scan(page, frameless, attempts - 1);
  }
}

/**
 * `axe.run` on a page without frames, as @axe-core/playwright's legacy mode runs it (same rules, same options), with
 * axe-core put into the document once rather than twice a scan: @axe-core/playwright sends and evaluates its 560 KB
 * source twice on every call, about 0.6 s of a 1.8 s scan here. A document keeps it until it navigates. Only the
 * violations are put together: they are all a scan reads.
 */
async function scanDocument(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.evaluate(AXE_SOURCE);
    await page.evaluate(() =>
      axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } }),
    );
  }
  return page.evaluate(
    (tags) => axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    AXE_TAGS,
  );
}

export interface Account {
  email: string;
  password: string;
  uid: string;
  playerId: string;
  username: string;
}

export class Harness {
  readonly backendUrl = process.env.BACKEND_URL!;
  readonly admin = new EmulatorAdmin(process.env.AUTH_EMULATOR_URL!);
  readonly devUrl = process.env.PORTAL_DEV_URL!;
  readonly standaloneUrl = process.env.PORTAL_STANDALONE_URL!;
  /** The backend's test routes, with the /__harness/* secret the global setup handed over. */
  readonly client = harnessClient(this.backendUrl, process.env.PORTAL_HARNESS_SECRET!);

  /** A unique e-mail address for this test. */
  email(prefix = 'user'): string {
    return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  }

  /** An account in the emulator and its player in the backend, ready to sign in. */
  async account(options: SeedOptions = {}): Promise<Account> {
    const email = this.email();
    const password = 'secret-pass-1';
    const { uid } = await this.admin.createUser(email, password, options.name);
    const seeded = await this.client.seed({ uid, email, ...options });
    return { email, password, uid, playerId: seeded.playerId, username: seeded.username };
  }

  /** Faults for this user's requests only, e.g. "designs=500x1". */
  async faults(uid: string, spec: string): Promise<void> {
    await this.client.faults(spec, uid);
  }

  /** The backend requests this user made, oldest first. */
  async log(uid: string): Promise<LogEntry[]> {
    return this.client.log(uid);
  }

  /** A desktop guest player (not linked to an account) and its Unity token, for `?link=`. */
  async guest(): Promise<GuestPlayer> {
    return this.client.guest();
  }
}

interface Fixtures {
  harness: Harness;
  desktop: DesktopListener;
  /** This worker's desktop port, which the portal trusts; the `desktop` fixture listens on it. */
  desktopPort: number;
  /** Regexes of console errors this test provokes on purpose (e.g. a 500 the backend was told to answer). */
  allowConsoleErrors: RegExp[];
  /** Set false in a test that checks accessibility itself at every step and ends on a non-portal page. */
  axeAtEnd: boolean;
  /**
   * Accounts made by harness.account() are under 30 seconds old, so the portal greets them with the welcome survey
   * (SPEC 4). Most tests are about something else: by default the tab has "already seen it this session".
   * Set true in tests of the survey itself.
   */
  welcomeSurvey: boolean;
  /**
   * How apis.google.com answers every page of the test (support/identity-provider.ts): the gapi stand-in at once by
   * default, as for a person whose network reaches Google; `hanging` for the phone tests.
   */
  googleServers: GoogleServers;
  /** The requests the test's pages made to apis.google.com, in order. */
  thirdParty: ThirdPartyLog;
}

interface WorkerFixtures {
  /** Google's servers for this worker's browser (tests/support/google-stand-in.ts). */
  googleStandIn: GoogleStandIn;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  allowConsoleErrors: [[], { option: true }],
  axeAtEnd: [true, { option: true }],
  welcomeSurvey: [false, { option: true }],
  googleServers: ['fast', { option: true }],
  googleStandIn: [
    async ({}, use) => {
      const standIn = await startGoogleStandIn();
      await use(standIn);
      await standIn.stop();
    },
    { scope: 'worker' },
  ],
  // The worker's Chromium reaches Google's hosts at the stand-in: no route, so the HTTP cache stays on.
  launchOptions: [
    async ({ launchOptions, googleStandIn }, use) => {
      await use({ ...launchOptions, args: [...(launchOptions.args ?? []), ...googleStandIn.chromiumArgs] });
    },
    { scope: 'worker' },
  ],
  thirdParty: async ({ googleStandIn, googleServers }, use) => {
    const log = googleStandIn.begin(googleServers);
    await use(log);
    googleStandIn.end();
  },
  harness: async ({}, use) => {
    await use(new Harness());
  },
  desktopPort: async ({}, use, testInfo) => {
    // The portal trusts only its desktop ports (global-setup.ts): this worker's one, free while its test runs.
    const ports = (process.env.E2E_DESKTOP_PORTS ?? '').split(',').map(Number);
    const port = ports[testInfo.parallelIndex % ports.length];
    if (!port) throw new Error('E2E_DESKTOP_PORTS is not set: run the e2e tests through tests/playwright.config.ts');
    await use(port);
  },
  desktop: async ({ desktopPort }, use) => {
    const listener = await startDesktopListener({ port: desktopPort });
    await use(listener);
    await listener.stop();
  },
  page: async ({ page, allowConsoleErrors, axeAtEnd, welcomeSurvey, thirdParty: _routed }, use, testInfo) => {
    if (!welcomeSurvey) await page.addInitScript(() => sessionStorage.setItem('hasShownAffiliateModal', 'true'));
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    const portalOrigins = [process.env.PORTAL_URL, process.env.PORTAL_DEV_URL, process.env.PORTAL_STANDALONE_URL]
      .filter((url): url is string => !!url)
      .map((url) => new URL(url).origin);
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      // The portal's errors only: a page the tab left for (the fake desktop listener's answer after a redirect
      // hand-off) asks for its favicon when it likes, perhaps once its listener has stopped.
      if (!portalOrigins.includes(new URL(page.url()).origin)) return;
      const text = msg.text();
      if (allowConsoleErrors.some((re) => re.test(text))) return;
      problems.push(`console.error: ${text}`);
    });
    await use(page);
    if (testInfo.status === testInfo.expectedStatus) {
      const url = page.url();
      if (axeAtEnd && url.startsWith(process.env.PORTAL_URL ?? '\u0000'))
        await expectAccessible(page, `${url} (end of test)`);
      expect(problems, 'page errors and console errors').toEqual([]);
    }
  },
});

export { expect };
