// Chromium as the e2e tests, the bench, Lighthouse and the CLI launch it (harness/browser.ts): only the pages under
// test run in it, and Playwright's own switches survive ours.
import { chromium, type Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions, NO_WEBUI_OMNIBOX } from '../../harness/browser';

const features = (arg: string) => arg.slice('--disable-features='.length).split(',');

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch(chromiumLaunchOptions());
});
afterAll(() => browser.close());

describe('the harness Chromium', () => {
  it('keeps every feature Playwright turns off, and turns off the address bar dropdown', async () => {
    // The browser's own command line, as chrome://version shows it.
    const page = await browser.newPage();
    await page.goto('chrome://version');
    const commandLine = (await page.locator('#command_line').textContent())!.split(' ');
    await page.close();
    const disables = commandLine.filter((arg) => arg.startsWith('--disable-features='));
    // Chromium reads the last one only.
    const effective = features(disables.at(-1)!);
    for (const feature of [...disables.flatMap(features), ...NO_WEBUI_OMNIBOX]) expect(effective).toContain(feature);
  });

  it("runs no browser UI page beside a context's page", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setContent('<p>A page under test</p>');
    const cdp = await browser.newBrowserCDPSession();
    // An empty filter lists every target, the browser's own WebUI pages included.
    const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{}] });
    expect(targetInfos.filter((target) => target.type === 'browser_ui').map((target) => target.url)).toEqual([]);
    await context.close();
  });
});
