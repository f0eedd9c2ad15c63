// WebKitGTK's MiniBrowser (Safari's engine; Debian's webkit2gtk-driver) driven by WebKitWebDriver over classic
// WebDriver with selenium-webdriver. It needs a display: tests/engines/run.mjs runs everything under xvfb-run.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync, readFileSync } from 'node:fs';
import { Builder, Key as SeleniumKey, Origin, type WebDriver, type WebElement } from 'selenium-webdriver';
import { freePort } from '../../harness/ports';
import {
  clickWhenReachable,
  eventually,
  Page,
  type Context,
  type Engine,
  type Key,
  type PointerAction,
  type Tab,
} from './driver';

const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

const KEYS: Record<Exclude<Key, 'Shift+Tab'>, string> = {
  Enter: SeleniumKey.ENTER,
  Tab: SeleniumKey.TAB,
  Escape: SeleniumKey.ESCAPE,
  ArrowLeft: SeleniumKey.ARROW_LEFT,
  ArrowRight: SeleniumKey.ARROW_RIGHT,
  Home: SeleniumKey.HOME,
  End: SeleniumKey.END,
};

/** One WebDriver session drives several windows; each tab switches to its own before acting. */
class Session {
  current: string | null = null;
  constructor(readonly driver: WebDriver) {}
}

class WebKitTab implements Tab {
  private frame: WebElement | null = null;
  constructor(
    private readonly session: Session,
    private readonly handle: string,
  ) {}

  private async d(): Promise<WebDriver> {
    const { driver } = this.session;
    if (this.session.current !== this.handle) {
      await driver.switchTo().window(this.handle);
      this.session.current = this.handle;
      if (this.frame) await driver.switchTo().frame(this.frame);
    }
    return driver;
  }

  async goto(url: string) {
    this.frame = null;
    const d = await this.d();
    await d.switchTo().defaultContent();
    await d.get(url);
  }
  async reload() {
    await (await this.d()).navigate().refresh();
  }
  async url() {
    // Inside the frame fallback the frame's own address is the one the journey means.
    return (await this.d()).executeScript<string>('return location.href');
  }
  async evaluate<T>(expression: string): Promise<T> {
    const result = await (
      await this.d()
    ).executeAsyncScript<{ ok?: T; error?: string }>(
      `const done = arguments[arguments.length - 1];
       Promise.resolve().then(() => (${expression})).then((ok) => done({ ok }), (e) => done({ error: String((e && e.stack) || e) }));`,
    );
    if (result.error !== undefined) throw new Error(result.error);
    return result.ok as T;
  }
  async inject(source: string) {
    await (await this.d()).executeScript(`${source}\n;return null;`);
  }
  async element(expression: string) {
    return (await this.d()).executeScript<WebElement | null>(`return ${expression};`);
  }
  async click(element: unknown) {
    const d = await this.d();
    // WebDriver scrolls an element only just into view, where the sticky header can cover it: coveredBy centres it.
    await clickWhenReachable(
      () => d.executeScript<string | null>('return window.__engines.coveredBy(arguments[0])', element),
      () => (element as WebElement).click(),
    );
  }

  async type(element: unknown, text: string) {
    const d = await this.d();
    await d.executeScript('window.__engines.select(arguments[0])', element);
    await d
      .actions()
      .sendKeys(text === '' ? SeleniumKey.BACK_SPACE : text)
      .perform();
  }
  async press(key: Key) {
    const actions = (await this.d()).actions();
    if (key === 'Shift+Tab')
      await actions.keyDown(SeleniumKey.SHIFT).sendKeys(SeleniumKey.TAB).keyUp(SeleniumKey.SHIFT).perform();
    else await actions.sendKeys(KEYS[key]).perform();
  }
  async pointer(actions: PointerAction[]) {
    const d = await this.d();
    let chain = d.actions({ async: true });
    for (const action of actions) {
      if (action.type === 'move')
        chain = chain.move({ x: Math.round(action.x), y: Math.round(action.y), origin: Origin.VIEWPORT, duration: 50 });
      else if (action.type === 'down') chain = chain.press();
      else chain = chain.release();
    }
    await chain.perform();
  }
  async setViewport(width: number, height: number) {
    const d = await this.d();
    // The window frame (MiniBrowser's toolbar) is outside the viewport: size the window, then correct by what is left.
    // The window has a minimum width (447 px here): the caller sees the width it really got.
    await d.manage().window().setRect({ width, height });
    const [w, h] = await d.executeScript<[number, number]>('return [window.innerWidth, window.innerHeight]');
    if (w !== width || h !== height)
      await d
        .manage()
        .window()
        .setRect({ width: Math.max(width, width + (width - w)), height: Math.max(height, height + (height - h)) });
    return d.executeScript<number>('return window.innerWidth');
  }
  async popup(action: () => Promise<void>): Promise<Tab> {
    const d = await this.d();
    const before = new Set(await d.getAllWindowHandles());
    await action();
    const handle = await eventually('a popup window', async () =>
      (await d.getAllWindowHandles()).find((h) => !before.has(h)),
    );
    return new WebKitTab(this.session, handle);
  }
  async screenshot() {
    return Buffer.from(await (await this.d()).takeScreenshot(), 'base64');
  }
  async enterFrame(element: unknown) {
    const d = await this.d();
    this.frame = element as WebElement;
    await d.switchTo().frame(this.frame);
  }
}

/** How long a new MiniBrowser may take to answer its WebDriver session; a start slower than this is retried once. */
const SESSION_START_MS = 20_000;

/** Within `ms`, or a rejection naming `what`. */
const within = <T>(what: string, promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms).unref(),
    ),
  ]);

/**
 * One WebKitWebDriver with one MiniBrowser session. Each context gets its own driver process, in its own process
 * group: a MiniBrowser that never finishes starting (seen once in CI: the session request got no answer) is then
 * killed with its driver and started again, without touching any other context.
 */
async function openSession(args: string[], log: number): Promise<{ driver: WebDriver; close(): Promise<void> }> {
  const port = await freePort();
  const server: ChildProcess = spawn(WEBKIT_DRIVER, [`--port=${port}`], {
    stdio: ['ignore', log, log],
    detached: true,
  });
  const kill = () => {
    try {
      process.kill(-server.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  try {
    const url = `http://127.0.0.1:${port}`;
    await eventually(
      'WebKitWebDriver to listen',
      async () => ((await fetch(`${url}/status`).catch(() => null))?.ok ? true : undefined),
      15_000,
    );
    const driver = await within(
      'a new MiniBrowser session',
      new Builder()
        .usingServer(url)
        .withCapabilities({
          browserName: 'MiniBrowser',
          acceptInsecureCerts: true,
          'webkitgtk:browserOptions': { binary: MINIBROWSER, args },
        })
        .build(),
      SESSION_START_MS,
    );
    await driver.manage().setTimeouts({ script: 60_000, pageLoad: 30_000 });
    await driver.manage().window().setRect({ width: 1280, height: 900 });
    return {
      driver,
      async close() {
        await within('closing the MiniBrowser session', driver.quit(), 10_000).catch(() => undefined);
        kill();
      },
    };
  } catch (error) {
    kill();
    throw error;
  }
}

export async function launchWebKit({ proxyPort }: { proxyPort: number }): Promise<Engine> {
  // MiniBrowser writes the pages' console to its stdout (below): kept in a file for failed journeys.
  mkdirSync('test-results/engines', { recursive: true });
  const logFile = 'test-results/engines/webkit-console.log';
  const log = openSync(logFile, 'w');
  let logRead = 0;
  const open = new Set<{ close(): Promise<void> }>();

  const session = async (userAgent?: string) => {
    const args = [
      '--automation',
      // The offline proxy answers for apis.google.com & co (offline-internet.ts); the stack on loopback goes direct.
      `--proxy=http://127.0.0.1:${proxyPort}`,
      '--ignore-host=127.0.0.1',
      '--ignore-host=localhost',
      '--enable-write-console-messages-to-stdout=true',
      // Safari's popup blocking: window.open only within a user's click (WebKitGTK's default, said here so that no
      // later default or automation setting can turn it on unnoticed; the popup journeys prove it in the page).
      '--javascript-can-open-windows-automatically=false',
      ...(userAgent ? [`--user-agent=${userAgent}`] : []),
    ];
    const started = await openSession(args, log).catch((error: Error) => {
      console.log(`WebKit: ${error.message}; starting a new WebKitWebDriver and MiniBrowser`);
      return openSession(args, log);
    });
    open.add(started);
    return {
      driver: started.driver,
      close: async () => {
        open.delete(started);
        await started.close();
      },
    };
  };

  const probe = await session();
  const caps = await probe.driver.getCapabilities();
  const version = `${String(caps.get('browserName'))} ${String(caps.get('browserVersion'))}`;
  await probe.close();

  return {
    name: 'WebKit',
    version,
    async newContext(options = {}): Promise<Context> {
      // A new session is a new MiniBrowser with an ephemeral profile: nothing leaks between journeys.
      const { driver, close } = await session(options.userAgent);
      const handle = await driver.getWindowHandle();
      const s = new Session(driver);
      s.current = handle;
      return { page: new Page(new WebKitTab(s, handle)), close };
    },
    crashes() {
      const text = readFileSync(logFile);
      const since = text.subarray(logRead).toString('utf8');
      logRead = text.length;
      return since
        .split('\n')
        .filter((line) => /CRASHED/.test(line))
        .map((line) => line.trim());
    },
    async close() {
      for (const started of [...open]) await started.close();
    },
  };
}
