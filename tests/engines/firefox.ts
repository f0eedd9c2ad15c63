// Firefox ESR (Debian's firefox-esr) driven over WebDriver BiDi by puppeteer-core. Playwright's own Firefox build
// cannot be downloaded here and its moz-firefox channel fails against ESR.
import puppeteer, { type Browser, type ElementHandle, type Page as PuppeteerPage } from 'puppeteer-core';
import { clickWhenReachable, Page, type Context, type Engine, type Key, type PointerAction, type Tab } from './driver';

const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

class FirefoxTab implements Tab {
  constructor(readonly page: PuppeteerPage) {}

  async goto(url: string) {
    await this.page.goto(url, { waitUntil: 'load' });
  }
  async reload() {
    await this.page.reload({ waitUntil: 'load' });
  }
  async url() {
    return this.page.url();
  }
  async evaluate<T>(expression: string): Promise<T> {
    return (await this.page.evaluate(expression)) as T;
  }
  async inject(source: string) {
    await this.page.evaluate(`${source}\n;void 0`);
  }
  async element(expression: string) {
    const handle = await this.page.evaluateHandle(expression);
    const element = handle.asElement();
    if (!element) await handle.dispose();
    return element;
  }
  async click(element: unknown) {
    // Puppeteer clicks wherever the element is, even under an overlay: wait until the click would reach it.
    const handle = element as ElementHandle;
    await clickWhenReachable(
      () =>
        handle.evaluate((el) =>
          (window as unknown as { __engines: { coveredBy(e: Element): string | null } }).__engines.coveredBy(el),
        ),
      () => handle.click(),
    );
  }
  async type(element: unknown, text: string) {
    const handle = element as ElementHandle<HTMLInputElement>;
    await handle.evaluate((el) =>
      (window as unknown as { __engines: { select(e: Element): void } }).__engines.select(el),
    );
    if (text === '') await this.page.keyboard.press('Backspace');
    else await this.page.keyboard.type(text);
  }
  async press(key: Key) {
    if (key !== 'Shift+Tab') return this.page.keyboard.press(key);
    // Puppeteer presses one key at a time: Shift is held around the Tab.
    await this.page.keyboard.down('Shift');
    await this.page.keyboard.press('Tab');
    await this.page.keyboard.up('Shift');
  }
  async pointer(actions: PointerAction[]) {
    for (const action of actions) {
      if (action.type === 'move') await this.page.mouse.move(action.x, action.y);
      else if (action.type === 'down') await this.page.mouse.down();
      else await this.page.mouse.up();
    }
  }
  async setViewport(width: number, height: number) {
    await this.page.setViewport({ width, height });
    return this.page.evaluate(() => window.innerWidth);
  }
  async popup(action: () => Promise<void>): Promise<Tab> {
    const opened = new Promise<PuppeteerPage | null>((resolve) => this.page.once('popup', resolve));
    await action();
    const popup = await opened;
    if (!popup) throw new Error('the popup closed before it could be driven');
    return new FirefoxTab(popup);
  }
  async screenshot() {
    return Buffer.from(await this.page.screenshot({ type: 'png' }));
  }
  async enterFrame(): Promise<void> {
    // Firefox sizes its viewport exactly (setViewport), so the journeys never need the frame fallback here.
    throw new Error('Firefox needs no frame fallback');
  }
}

export async function launchFirefox({ proxyPort }: { proxyPort: number }): Promise<Engine> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    // The offline proxy answers for apis.google.com & co with its own certificate (offline-internet.ts).
    acceptInsecureCerts: true,
    defaultViewport: { width: 1280, height: 800 },
    extraPrefsFirefox: {
      'network.proxy.type': 1,
      'network.proxy.http': '127.0.0.1',
      'network.proxy.http_port': proxyPort,
      'network.proxy.ssl': '127.0.0.1',
      'network.proxy.ssl_port': proxyPort,
      // Loopback (the stack) is never proxied: Firefox's default with allow_hijacking_localhost off.
      'network.proxy.no_proxies_on': '',
      'network.proxy.allow_hijacking_localhost': false,
      // Popups opened by a click (the sign-in providers) open as windows, as for a person.
      'dom.disable_open_during_load': false,
    },
  });
  const version = await browser.version();
  return {
    name: 'Firefox',
    version,
    async newContext(options = {}): Promise<Context> {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      if (options.userAgent) await page.setUserAgent({ userAgent: options.userAgent });
      return { page: new Page(new FirefoxTab(page)), close: () => context.close() };
    },
    close: () => browser.close(),
  };
}
