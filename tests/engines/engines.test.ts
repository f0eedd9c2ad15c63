// Runs every journey of journeys.ts in Firefox ESR and in WebKitGTK against one local stack.
// ENGINES=firefox or ENGINES=webkit runs one engine alone.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { startDesktopListener, type DesktopListener } from '../../harness/desktop';
import { startStack, type Stack } from '../../harness/stack';
import { Harness } from '../e2e/fixtures';
import type { Context, Engine, Page } from './driver';
import { launchFirefox } from './firefox';
import { journeys, type JourneyContext, type World } from './journeys';
import { startOfflineInternet, type OfflineInternet } from './offline-internet';
import { launchWebKit } from './webkit';

const ENGINES = [
  { id: 'firefox', launch: launchFirefox },
  { id: 'webkit', launch: launchWebKit },
].filter(({ id }) => (process.env.ENGINES ?? 'firefox,webkit').split(',').includes(id));

const outdir = `dist/engines-${process.pid}`;
const shots = 'test-results/engines';
const JOURNEY_MS = 75_000;
/** `promise`, or a rejection after 10 s: a stuck browser must not hold up the report. */
const within = <T>(promise: Promise<T>) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer within 10 s')), 10_000).unref()),
  ]);
/** Where a failed page was, what it showed, and whether its IndexedDB (Firebase's session store) still opens. */
const PAGE_STATE = `new Promise((resolve) => {
  const state = {
    href: location.href,
    text: document.body ? document.body.innerText.slice(0, 200) : null,
    storage: Object.keys(localStorage),
    pagehide: sessionStorage.getItem('__pagehide'),
    loaded: performance.getEntriesByType('resource').slice(-8).map((e) => e.name.slice(0, 120) + ' ' + Math.round(e.responseEnd)),
  };
  // Opening is not enough: Firebase's availability check writes and deletes a key in a readwrite transaction.
  const timer = setTimeout(() => resolve({ ...state, indexedDB: 'open did not answer in 3 s' }), 3000);
  const request = indexedDB.open('firebaseLocalStorageDb');
  request.onsuccess = () => {
    clearTimeout(timer);
    const db = request.result;
    const writeTimer = setTimeout(() => resolve({ ...state, indexedDB: 'opens; a readwrite put did not answer in 3 s' }), 3000);
    try {
      const put = db.transaction(['firebaseLocalStorage'], 'readwrite').objectStore('firebaseLocalStorage').put({ fbase_key: '__probe', value: '1' });
      put.onsuccess = () => { clearTimeout(writeTimer); db.close(); resolve({ ...state, indexedDB: 'opens; a readwrite put succeeds' }); };
      put.onerror = () => { clearTimeout(writeTimer); db.close(); resolve({ ...state, indexedDB: 'opens; put: ' + String(put.error) }); };
    } catch (e) { clearTimeout(writeTimer); resolve({ ...state, indexedDB: 'opens; transaction: ' + String(e) }); }
  };
  request.onerror = () => { clearTimeout(timer); resolve({ ...state, indexedDB: String(request.error) }); };
})`;
let stack: Stack;
let internet: OfflineInternet;
let otherListener: DesktopListener;
let world: World;

beforeAll(async () => {
  [internet, otherListener] = await Promise.all([startOfflineInternet(), startDesktopListener({ port: 0 })]);
  // WebKit's window cannot get 375 px narrow, so its narrow checks frame the portal from the proxy's frame page:
  // this test build lets exactly that origin frame it (build.mjs reads PORTAL_FRAME_ANCESTORS).
  process.env.PORTAL_FRAME_ANCESTORS = `http://127.0.0.1:${internet.port}`;
  // desktop: true, so the build trusts exactly this listener's port.
  stack = await startStack({
    ports: { portal: 0, backend: 0, auth: 0, desktop: 0 },
    desktop: true,
    outdir: `${outdir}/staging`,
  });
  // The e2e Harness (accounts, faults, log) reads where the stack is from the environment.
  process.env.PORTAL_URL = stack.portalUrl;
  process.env.BACKEND_URL = stack.backend.url;
  process.env.AUTH_EMULATOR_URL = stack.emulator.url;
  process.env.PORTAL_HARNESS_SECRET = stack.backend.harnessSecret;
  world = {
    portalUrl: stack.portalUrl.replace(/\/$/, ''),
    harness: new Harness(),
    desktop: stack.desktop!,
    otherListener,
    internet,
  };
}, 180_000);

afterAll(async () => {
  await otherListener?.stop();
  await internet?.stop();
  await stack?.stop();
  await rm(outdir, { recursive: true, force: true });
});

for (const { id, launch } of ENGINES) {
  describe(id, () => {
    let engine: Engine;
    beforeAll(async () => {
      engine = await launch({ proxyPort: internet.port });
      console.log(`${engine.name}: ${engine.version}`);
    }, 60_000);
    afterAll(async () => {
      await engine?.close();
    });

    const repeat = Number(process.env.ENGINES_REPEAT ?? 1);
    const mine = journeys.filter((j) => !j.engines || j.engines.includes(id as 'firefox' | 'webkit'));
    for (const journey of mine.flatMap((j) => Array.from({ length: repeat }, () => j))) {
      test(
        journey.name,
        async () => {
          const contexts: Context[] = [];
          const ctx: JourneyContext = {
            ...world,
            engine,
            async open(options): Promise<Page> {
              const context = await engine.newContext(options);
              contexts.push(context);
              return context.page;
            },
            async closeOpened() {
              for (const context of contexts.splice(0)) await context.close();
            },
          };
          // Google's servers answer at once unless the journey says otherwise.
          internet.google = 'fast';
          let timer: NodeJS.Timeout | undefined;
          const limitMs = journey.timeoutMs ?? JOURNEY_MS;
          engine.crashes?.(); // what died before this journey is not its story
          try {
            // Fails a little before vitest's own timeout, so the pages' state is still reported below.
            const stuck = new Promise<never>((_, reject) => {
              timer = setTimeout(
                () => reject(new Error(`the journey did not finish within ${limitMs / 1000} s`)),
                limitMs,
              );
            });
            const running = journey.run(ctx);
            running.catch(() => undefined); // once timed out, its later failure is of no interest
            await Promise.race([running, stuck]);
          } catch (error) {
            // What each open page showed at the failure, for the report.
            await mkdir(shots, { recursive: true });
            for (const [i, context] of contexts.entries()) {
              const png = await within(context.page.tab.screenshot()).catch(() => null);
              if (png) await writeFile(join(shots, `${id}-${journeys.indexOf(journey)}-${i}.png`), png);
              const state = await within(context.page.tab.evaluate<unknown>(PAGE_STATE)).catch((e: Error) => e.message);
              console.log(`${id} page ${i} at the failure: ${JSON.stringify(state)}`);
            }
            const crashes = engine.crashes?.() ?? [];
            if (crashes.length > 0 && error instanceof Error)
              error.message = `${engine.name} reported: ${crashes.join('; ')}. ${error.message}`;
            throw error;
          } finally {
            clearTimeout(timer);
            internet.google = 'fast';
            for (const context of contexts) await within(context.close()).catch(() => undefined);
          }
        },
        (journey.timeoutMs ?? JOURNEY_MS) + 30_000,
      );
    }
  });
}
