// Visible is not enough where an overlay may cover the page: `toBeVisible()` passes for a heading under a blocking
// overlay. This asserts that the element is really on top, by hit-testing its centre as a click would.
import type { Locator } from '@playwright/test';
import { expect } from '../fixtures';

/**
 * What `document.elementFromPoint` finds at the centre of the element: 'on top' when it is the element or inside it,
 * else a short description of what covers it (its tag, role, and the start of its text).
 */
function hitAtCentre(element: Element): string {
  const box = element.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  if (hit !== null && (hit === element || element.contains(hit))) return 'on top';
  if (hit === null) return 'nothing at its centre (outside the viewport?)';
  const cover = hit.closest('[role], dialog, section, main, div') ?? hit;
  const role = cover.getAttribute('role');
  const text = (cover.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80);
  return `covered by <${cover.tagName.toLowerCase()}${role ? ` role="${role}"` : ''}> "${text}"`;
}

/** Expects `locator` (a heading, a button...) to be visible and on top at its centre, waiting like `toBeVisible`. */
export async function expectOnTop(locator: Locator, options: { timeout?: number } = {}): Promise<void> {
  await expect(locator).toBeVisible(options);
  await locator.scrollIntoViewIfNeeded(options);
  await expect
    .poll(() => locator.evaluate(hitAtCentre), { message: `${locator} is on top`, timeout: options.timeout })
    .toBe('on top');
}
