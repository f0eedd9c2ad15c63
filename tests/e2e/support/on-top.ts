// Visible is not enough where an overlay may cover the page: `toBeVisible()` passes for a heading under a blocking
// overlay. This asserts that the element is really on top, by hit-testing its centre as a click would.
import type { Locator } from '@playwright/test';
import { expect } from '../fixtures';

/**
 * What `document.elementFromPoint` finds at the centre of the element: 'on top' when it is the element or inside it,
 * else a short description of what covers it (its tag, role, and the start of its text).
 */
function hitAtCentre(element: Element): string {
  let box = element.getBoundingClientRect();
  const outside = (b: DOMRect) =>
    b.top + b.height / 2 < 0 ||
    b.left + b.width / 2 < 0 ||
    b.top + b.height / 2 > window.innerHeight ||
    b.left + b.width / 2 > window.innerWidth;
  if (outside(box)) {
    // Scrolled here, not by Playwright: its scroll waits for actionability, which a page mid-hand-off may never give.
    element.scrollIntoView({ block: 'center', inline: 'center' });
    box = element.getBoundingClientRect();
  }
  if (
    box.width === 0 ||
    box.height === 0 ||
    !element.checkVisibility({ opacityProperty: true, visibilityProperty: true })
  )
    return 'not visible';
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  if (hit !== null && (hit === element || element.contains(hit))) return 'on top';
  if (hit === null) return 'nothing at its centre (outside the viewport?)';
  const cover = hit.closest('[role], dialog, section, main, div') ?? hit;
  const role = cover.getAttribute('role');
  const text = (cover.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80);
  return `covered by <${cover.tagName.toLowerCase()}${role ? ` role="${role}"` : ''}> "${text}"`;
}

/**
 * Expects `locator` (a heading, a button...) to be visible and on top at its centre, waiting like `toBeVisible`. The
 * first hit test runs in the page as soon as the element is attached (an overlay that shows for a moment, like the
 * redirect's, is caught while it is there); then, while something still covers it, it is asked again until the timeout.
 */
export async function expectOnTop(locator: Locator, options: { timeout?: number } = {}): Promise<void> {
  const timeout = options.timeout ?? 10_000;
  const hitTest = (wait: number) =>
    // Not there (or the page moved on): said, and asked again until the timeout.
    locator
      .evaluate(hitAtCentre, undefined, { timeout: wait })
      .catch((error: unknown) => `not found: ${String(error).split('\n')[0]}`);
  const deadline = Date.now() + timeout;
  const first = await hitTest(timeout);
  if (first === 'on top') return;
  await expect
    .poll(() => hitTest(Math.max(1, Math.min(2_000, deadline - Date.now()))), {
      message: `${locator} is visible and on top (first seen: ${first})`,
      timeout: Math.max(1, deadline - Date.now()),
    })
    .toBe('on top');
}
