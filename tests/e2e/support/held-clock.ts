// An app timer held still while the test looks: the page's clock (Playwright's page.clock, installed before the page
// loads) paused, and moved only as far as the test says. axe-core waits on timers of its own (setTimeout 0 between its
// steps), so a scan under a paused clock would never end; `expectAccessibleHeld` moves the clock 1 ms at a time while
// the scan runs (a few dozen ms of the page's time in all) instead of letting it run on the wall clock for the scan's
// whole length, 0.5 s here and several seconds on a slow machine: a toast's 5 s or the 2 s before the sign-out after a
// deletion cannot run out in the middle of the scan.
import type { Page } from '@playwright/test';
import { expect, expectAccessible } from '../fixtures';
import { expectFits } from './signed-in';

/** More of the page's time than any scan here took (15-70 ms): a scan that needs more fails and says so. */
const SCAN_LIMIT_MS = 1_000;

/** The page's own time (its clock's Date.now()). */
export function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => Date.now());
}

/**
 * Pauses the page's clock (installed before the page loaded) where it is now: from here its timers move only with
 * `page.clock.runFor` / `fastForward`, or after `page.clock.resume()`.
 */
export async function holdClock(page: Page): Promise<void> {
  // A little ahead of the time read, since the page's clock runs on meanwhile and pauseAt cannot go back; further
  // ahead when the machine was slower than that between the two calls.
  for (const ahead of [50, 250, 1_000]) {
    try {
      await page.clock.pauseAt((await pageNow(page)) + ahead);
      return;
    } catch (error) {
      if (!(error instanceof Error && /Cannot fast-forward to the past/.test(error.message)) || ahead === 1_000)
        throw error;
    }
  }
}

/**
 * `expectAccessible` on the page as it is now, its clock held (`holdClock`): the clock moves 1 ms at a time while axe
 * runs, and only as long as it runs. Returns the page's milliseconds the scan used.
 */
export async function expectAccessibleHeld(page: Page, label: string): Promise<number> {
  const before = await pageNow(page);
  let done = false;
  const scan = expectAccessible(page, label).finally(() => {
    done = true;
  });
  // Settled when the scan is awaited below; no unhandled rejection meanwhile.
  scan.catch(() => undefined);
  for (let spent = 0; !done && spent < SCAN_LIMIT_MS; spent++) {
    // axe finishes its run in a blank page of its own, which it closes: a runFor over the context's pages may meet it
    // closing. The scan itself goes on.
    await page.clock.runFor(1).catch((error: unknown) => {
      if (!(error instanceof Error && /has been closed/.test(error.message)) || page.isClosed()) throw error;
    });
  }
  await scan;
  const used = (await pageNow(page)) - before;
  expect(used, `the page's time the axe scan of ${label} took`).toBeLessThan(SCAN_LIMIT_MS);
  return used;
}

/** `expectLayout` (the page fits its width, and axe) with the page's clock held, as `expectAccessibleHeld`. */
export async function expectLayoutHeld(page: Page, label: string): Promise<number> {
  await expectFits(page, label);
  return expectAccessibleHeld(page, label);
}
