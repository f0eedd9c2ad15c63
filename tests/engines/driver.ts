// The small driver interface the engine journeys are written against. Each engine implements `Tab`
// (firefox.ts over WebDriver BiDi with puppeteer-core, webkit.ts over classic WebDriver with selenium-webdriver);
// `Page` adds finding by role, label and text, waiting and axe on top, once for every engine.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { AXE_TAGS } from '../e2e/fixtures';
import { helpersSource } from './in-page';

/** A string matches the whole normalised text; a regular expression is searched in it. */
export type TextMatch = string | { source: string; flags: string };
/** One step of a chain: each step looks inside every match of the step before. `nth` keeps one match only. */
export type Step = (
  { role: string; name?: TextMatch; level?: number } | { label: TextMatch } | { text: TextMatch } | { css: string }
) & {
  nth?: number;
};
export type Target = Step | Step[];

export type Key = 'Enter' | 'Tab' | 'Shift+Tab' | 'Escape' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End';
export type PointerAction = { type: 'move'; x: number; y: number } | { type: 'down' } | { type: 'up' };

/** What one engine must do for one tab (a page or a popup). Element references are opaque to the journeys. */
export interface Tab {
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  url(): Promise<string>;
  /** Evaluates a script expression in the page (promises are awaited) and returns its JSON value. */
  evaluate<T>(expression: string): Promise<T>;
  /** Runs a classic script (e.g. a library bundle) in the page. */
  inject(source: string): Promise<void>;
  /** The element an expression yields, or null. */
  element(expression: string): Promise<unknown>;
  /** A real pointer click in the element's middle, after scrolling it into view. */
  click(element: unknown): Promise<void>;
  /** Focuses the element, selects its text and types `text` with real key events. */
  type(element: unknown, text: string): Promise<void>;
  press(key: Key): Promise<void>;
  pointer(actions: PointerAction[]): Promise<void>;
  /** Resizes the viewport; answers the width the page really got (a window may have a minimum width). */
  setViewport(width: number, height: number): Promise<number>;
  /** Runs `action` and answers the tab it opened. */
  popup(action: () => Promise<void>): Promise<Tab>;
  /** From now on works inside this iframe element (WebKit's narrow-viewport fallback). */
  enterFrame(element: unknown): Promise<void>;
  /** A PNG of what the tab shows, for the failure report. */
  screenshot(): Promise<Buffer>;
}

export interface Context {
  page: Page;
  close(): Promise<void>;
}

export interface Engine {
  /** "Firefox" or "WebKit". */
  name: string;
  /** Browser name and version, as the engine reports it. */
  version: string;
  /** A fresh profile (cookies, storage, IndexedDB) with one page. */
  newContext(options?: { userAgent?: string }): Promise<Context>;
  /**
   * What the engine itself reported of its processes dying since the last call (WebKitGTK's "WebProcess CRASHED"): a
   * page whose process died shows nothing, and the journey's failure would read as a timeout without it.
   */
  crashes?(): string[];
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** How long a click waits for its element to be the one that would get it (Playwright's actionability wait). */
const CLICK_WAIT_MS = 5_000;

const DEFAULT_TIMEOUT = 10_000;
const POLL_MS = 100;

const steps = (target: Target): Step[] => (Array.isArray(target) ? target : [target]);
/** A regular expression as the in-page helpers take it. */
export const re = (pattern: RegExp): TextMatch => ({ source: pattern.source, flags: pattern.flags });
const describe = (target: Target) => JSON.stringify(steps(target));

/** Polls `check` until it returns a value other than undefined, or fails with the last problem after `timeout`. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeout = DEFAULT_TIMEOUT,
): Promise<T> {
  const end = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
      last = undefined;
    } catch (error) {
      last = error;
    }
    if (Date.now() > end) {
      const detail = last instanceof Error ? `: ${last.message}` : '';
      throw new Error(`timed out after ${timeout} ms waiting for ${what}${detail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Clicks once the element would get the click, as Playwright's actionability wait does. `coveredBy` answers the in-page
 * helpers' `coveredBy`: null, or what covers the element; after CLICK_WAIT_MS the error names it.
 */
export async function clickWhenReachable(
  coveredBy: () => Promise<string | null>,
  click: () => Promise<void>,
): Promise<void> {
  let cover: string | null = null;
  await eventually(
    'the element to get the click',
    async () => {
      cover = await coveredBy();
      return cover === null ? true : undefined;
    },
    CLICK_WAIT_MS,
  ).catch((error: Error) => {
    throw new Error(`${error.message}; it would go to ${cover}`);
  });
  await click();
}

export interface Inspected {
  text: string;
  value: string | null;
  attributes: Record<string, string>;
  focused: boolean;
  box: { x: number; y: number; width: number; height: number };
}

/** The journeys' view of a tab: people's ways of finding things, waits, axe. */
export class Page {
  constructor(readonly tab: Tab) {}

  goto(url: string) {
    return this.tab.goto(url);
  }
  reload() {
    return this.tab.reload();
  }
  url() {
    return this.tab.url();
  }

  /** Calls `fnSource` (a function expression) in the page with `args`, the helpers loaded first. */
  async call<T>(fnSource: string, ...args: unknown[]): Promise<T> {
    const expression = `(window.__engines ? (${fnSource})(...${JSON.stringify(args)}) : '__engines_missing__')`;
    let result = await this.tab.evaluate<T | '__engines_missing__'>(expression);
    if (result === '__engines_missing__') {
      await this.tab.inject(helpersSource());
      result = await this.tab.evaluate<T | '__engines_missing__'>(expression);
    }
    return result as T;
  }

  private async elementOf(target: Target): Promise<unknown> {
    const expression = `window.__engines.find(${JSON.stringify(steps(target))})`;
    const has = await this.tab.evaluate<boolean>('!!window.__engines');
    if (!has) await this.tab.inject(helpersSource());
    return this.tab.element(expression);
  }

  /** The first match, once there is one. */
  async locate(target: Target, timeout = DEFAULT_TIMEOUT): Promise<unknown> {
    return eventually(
      `${describe(target)} to appear`,
      async () => (await this.elementOf(target)) ?? undefined,
      timeout,
    );
  }

  count(target: Target): Promise<number> {
    return this.call<number>('(s) => window.__engines.count(s)', steps(target));
  }

  inspect(target: Target): Promise<Inspected | null> {
    return this.call<Inspected | null>('(s) => window.__engines.inspect(s)', steps(target));
  }

  /** Waits until the target is there (accessible: not hidden) and answers what it shows. */
  async waitFor(target: Target, timeout = DEFAULT_TIMEOUT): Promise<Inspected> {
    return eventually(`${describe(target)} to appear`, async () => (await this.inspect(target)) ?? undefined, timeout);
  }

  async waitForGone(target: Target, timeout = DEFAULT_TIMEOUT): Promise<void> {
    await eventually(
      `${describe(target)} to go`,
      async () => ((await this.count(target)) === 0 ? true : undefined),
      timeout,
    );
  }

  /** Waits until the first match satisfies `accept`; the failure says what was last seen. */
  async waitUntil(
    target: Target,
    what: string,
    accept: (seen: Inspected) => boolean,
    timeout = DEFAULT_TIMEOUT,
  ): Promise<Inspected> {
    let seen: Inspected | null = null;
    try {
      return await eventually(
        `${describe(target)} ${what}`,
        async () => {
          seen = await this.inspect(target);
          return seen && accept(seen) ? seen : undefined;
        },
        timeout,
      );
    } catch (error) {
      throw new Error(`${(error as Error).message}; last seen: ${JSON.stringify(seen)}`);
    }
  }

  waitForText(target: Target, text: string | RegExp, timeout = DEFAULT_TIMEOUT) {
    return this.waitUntil(
      target,
      `to read ${String(text)}`,
      (s) => (typeof text === 'string' ? s.text === text : text.test(s.text)),
      timeout,
    );
  }

  waitForAttribute(target: Target, name: string, value: string, timeout = DEFAULT_TIMEOUT) {
    return this.waitUntil(target, `to have ${name}="${value}"`, (s) => s.attributes[name] === value, timeout);
  }

  waitForFocus(target: Target, timeout = DEFAULT_TIMEOUT) {
    return this.waitUntil(target, 'to have focus', (s) => s.focused, timeout);
  }

  async waitForUrl(accept: (url: URL) => boolean, what: string, timeout = DEFAULT_TIMEOUT): Promise<URL> {
    return eventually(
      `the address ${what}`,
      async () => {
        const url = new URL(await this.tab.url());
        return accept(url) ? url : undefined;
      },
      timeout,
    );
  }

  async click(target: Target, timeout = DEFAULT_TIMEOUT): Promise<void> {
    await this.tab.click(await this.locate(target, timeout));
  }

  async fill(target: Target, text: string, timeout = DEFAULT_TIMEOUT): Promise<void> {
    await this.tab.type(await this.locate(target, timeout), text);
  }

  press(key: Key) {
    return this.tab.press(key);
  }

  pointer(actions: PointerAction[]) {
    return this.tab.pointer(actions);
  }

  setViewport(width: number, height: number) {
    return this.tab.setViewport(width, height);
  }

  async popup(action: () => Promise<void>): Promise<Page> {
    return new Page(await this.tab.popup(action));
  }

  async enterFrame(target: Target): Promise<void> {
    await this.tab.enterFrame(await this.locate(target));
  }

  /** Sideways overflow of the document in CSS pixels (0 when nothing is wider than the viewport). */
  overflow(): Promise<number> {
    return this.tab.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  }

  /** axe-core (WCAG 2.2 AA, the tags of the Chromium e2e) on the page as it is: one line per violation. */
  async axe(): Promise<string[]> {
    if (!(await this.tab.evaluate<boolean>('typeof window.axe === "object"'))) await this.tab.inject(AXE_SOURCE);
    return this.tab.evaluate<string[]>(
      `window.axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(AXE_TAGS)} }, resultTypes: ['violations'] })` +
        `.then((r) => r.violations.map((v) => v.id + ' (' + v.impact + '): ' + v.help + ' ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`,
    );
  }
}
