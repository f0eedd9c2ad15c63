// Shared steps of the signed-in pages' specs (SPEC 2): starting signed in, the two widths, signing in to My Account
// through the sign-in screen, profile rows.
import type { Page } from '@playwright/test';
import { EmulatorAdmin, FIREBASE_SESSION_KEY, type PersistedUser } from '../../../harness/emulator';
import { expect, expectAccessible } from '../fixtures';
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

/**
 * Opens `path` already signed in as `account`, as a person who signed in on an earlier visit: a session made through
 * the Auth emulator's REST API, put where Firebase keeps it (localStorage) before the first page loads. A test starts
 * where its subject starts: only the sign-in screen's own tests, the hand-off journeys and one journey per page sign
 * in through the screen (`signInToAccount`). Call it before the test's first navigation: it replaces the context's
 * storage.
 */
export async function openSignedIn(
  page: Page,
  account: Credentials,
  path = '/',
  base = process.env.PORTAL_URL!,
): Promise<void> {
  const user = await new EmulatorAdmin(process.env.AUTH_EMULATOR_URL!).session(account.email, account.password);
  await openWithSession(page, user, path, base);
}

/** Puts `user` where Firebase keeps a session, replacing the context's storage, then opens `path` at `base`. */
export async function openWithSession(
  page: Page,
  user: PersistedUser,
  path = '/',
  base = process.env.PORTAL_URL!,
): Promise<void> {
  await page.context().setStorageState({
    cookies: [],
    origins: [
      { origin: new URL(base).origin, localStorage: [{ name: FIREBASE_SESSION_KEY, value: JSON.stringify(user) }] },
    ],
  });
  await page.goto(new URL(path, base).toString());
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

/**
 * Boxes that scroll sideways on purpose (/dev-data's tab list and JSON blocks): what they hold is left to their
 * scrolling. Any other box that scrolls (a dialog scrolls up and down) must not need to scroll sideways.
 */
const SIDEWAYS_ON_PURPOSE = '.tab-list, .json-block pre';

/**
 * The page as it is now fits its width: no sideways scroll, no box scrolling sideways but those that do so on purpose
 * (above), no visible element reaching past the viewport's inline end, no text cut off by a box that hides its
 * overflow (an ellipsis on purpose aside). Inside a dialog too: its content must fit the dialog's width. What a layout
 * check at the other width asserts, with axe, in the one page load (docs/testing.md "The budget").
 */
export async function expectFits(page: Page, label = page.url()): Promise<void> {
  const problems = await page.evaluate((onPurpose) => {
    const out: string[] = [];
    const width = window.innerWidth;
    const name = (el: Element) =>
      `<${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? ` class="${el.className}"` : ''}> "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    if (document.documentElement.scrollWidth > width)
      out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px in ${width} px`);
    for (const el of document.body.querySelectorAll('*')) {
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      // Inside a box that scrolls sideways on purpose: the box is checked, what it holds is left to its scrolling.
      if (el.parentElement?.closest(onPurpose)) continue;
      const style = getComputedStyle(el);
      if (/auto|scroll/.test(style.overflowX) && !el.matches(onPurpose) && el.scrollWidth > el.clientWidth + 1)
        out.push(`${name(el)} scrolls sideways: ${el.scrollWidth} px in ${el.clientWidth} px`);
      const box = el.getBoundingClientRect();
      // Screen-reader-only text is a 1 px clipped box on purpose.
      if (box.width <= 1 || box.height <= 1) continue;
      if (style.position === 'fixed' && (box.right <= 0 || box.left >= width)) continue;
      if (box.right > width + 1 && box.left < width) out.push(`${name(el)} reaches ${Math.round(box.right)} px`);
      const hides = /hidden|clip/.test(style.overflowX);
      if (hides && style.textOverflow !== 'ellipsis' && el.scrollWidth > el.clientWidth + 1 && el.textContent?.trim())
        out.push(`${name(el)} cuts its text: ${el.scrollWidth} px in ${el.clientWidth} px`);
    }
    return out;
  }, SIDEWAYS_ON_PURPOSE);
  expect(problems, `layout of ${label}`).toEqual([]);
}

/** The layout check of a page at a width: it fits (above) and axe passes, on the page as it is now. */
export async function expectLayout(page: Page, label = page.url()): Promise<void> {
  await expectFits(page, label);
  await expectAccessible(page, label);
}
