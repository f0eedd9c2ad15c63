// Shared steps of the signed-in pages' specs (SPEC 2): the two widths, signing in to My Account, profile rows.
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import { expectOnTop } from './on-top';
import { signInByEmail, type Credentials } from './sign-in';

export const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: '375 px', viewport: { width: 375, height: 812 } },
] as const;

/**
 * Marks the affiliate survey as already shown in this tab's session, as after a dismissal. The fixture already does
 * this unless a test sets `welcomeSurvey: true`; kept for specs that want to say so explicitly.
 */
export async function surveyAlreadyShown(page: Page): Promise<void> {
  await page.addInitScript(() => window.sessionStorage.setItem('hasShownAffiliateModal', 'true'));
}

/** Signs in by e-mail at `base` (the staging portal by default) and waits for My Account. */
export async function signInToAccount(page: Page, account: Credentials, base = ''): Promise<void> {
  await signInByEmail(page, account, `${base.replace(/\/$/, '')}/auth`);
  // On top: the sign-in screen's "Setting up your account..." overlay must be gone, not merely beside the heading.
  await expectOnTop(page.getByRole('heading', { name: 'My Account', level: 1 }));
}

/** The value (dd) of a profile row by its label (dt). */
export function profileValue(page: Page, label: string) {
  return page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/** Nothing on the page is wider than the viewport (no sideways scrolling at 375 px). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}
