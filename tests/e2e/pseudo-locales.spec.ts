// The pseudo-locale sweep (issue 36): every page in en-XA (accented, ~40% longer) at 1280 px and ar-XB (the same, right
// to left) at 375 px, a test for each part of the portal (the signed-in ones started signed in). On each page: no English text left (a text that escaped the catalogue stays plain ASCII),
// nothing overflows or is clipped (measured, not seen in screenshots), and axe passes. Texts are found by their
// pseudo-translations, made here by the build's own `pseudo()` from the catalogue's English.
import type { Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { portalConfig } from '../../build.mjs';
import { englishCatalogue, pseudo, type Texts } from '../../tools/build/locale-files.mjs';
import { SAMPLE_MODELS } from '../../harness/backend/store';
import { expect, expectAccessible, test, type Harness } from './fixtures';
import { expectOnTop } from './support/on-top';
import { openSignedIn, WIDTHS } from './support/signed-in';

const product = portalConfig('staging').productName;
const english: Promise<Texts> = englishCatalogue(fileURLToPath(new URL('../..', import.meta.url)));

/** Names that are never translated (docs/languages.md "Languages"), beside the product's name. */
const NEVER_TRANSLATED = [
  product,
  'Dream Render AI',
  'Microsoft Store',
  'Google Play',
  'App Store',
  'PayPal',
  'Google',
  'Apple',
  'HD',
  'Pro',
  // The browsers and systems of "Where you're signed in" (src/domain/user-agent.ts).
  'Samsung Internet',
  'Chrome',
  'Safari',
  'Firefox',
  'Edge',
  'Opera',
  'Windows',
  'macOS',
  'ChromeOS',
  'Linux',
  'iPhone',
  'iPad',
  'Android',
];

/** A shared link whose thumbnail exists (no 404 on the console), as public-pages.spec.ts builds one. */
const SHARED = { model: 'Modern_Villa', design: 'Lake & Pines', referral: 'friend-42' };
/** The shared link's own values, shown as they are. */
const SHARED_DATA = [...Object.values(SHARED), SHARED.model.replace(/_/g, ' ')];
const SHARED_QUERY = Object.entries(SHARED)
  .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
  .join('&');

/** One problem the sweep found on a page, with where and what. */
interface Finding {
  kind: string;
  text: string;
  detail: string;
}

/**
 * Runs in the page: the English runs left in visible texts and in the attributes people read or hear, and the elements
 * with text that overflow, are clipped, or stand outside the viewport. `skip` are texts that are not the page's own
 * (user data, names never translated).
 */
function sweepPage({ skip }: { skip: string[] }): Finding[] {
  const findings: Finding[] = [];
  const lang = document.documentElement.lang;
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Dates and times come from Intl, which knows no pseudo-locale and falls back to English month and day names.
  const intlWords: string[] = [];
  for (let m = 0; m < 12; m++) {
    const day = new Date(Date.UTC(2024, m, 1 + m));
    for (const month of ['long', 'short'] as const)
      intlWords.push(new Intl.DateTimeFormat(lang, { month, timeZone: 'UTC' }).format(day));
    for (const weekday of ['long', 'short'] as const)
      intlWords.push(new Intl.DateTimeFormat(lang, { weekday, timeZone: 'UTC' }).format(day));
  }
  intlWords.push('AM', 'PM');
  const skipped = new RegExp(
    [...skip, ...intlWords]
      .filter((s) => s.trim() !== '')
      .sort((a, b) => b.length - a.length)
      .map((s) => `(?<![A-Za-z])${escape(s)}(?![A-Za-z])`)
      .join('|'),
    'g',
  );
  const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
  const URL = /\b[a-z][a-z\d+.-]*:\/\/[^\s\u202a-\u202e]+/gi;
  const englishIn = (value: string): string[] =>
    value
      .replace(URL, ' ')
      .replace(EMAIL, ' ')
      .replace(skipped, ' ')
      .match(/[A-Za-z]{3,}/g) ?? [];

  /**
   * Not the page's own words: scripts, URL displays (one left-to-right token), another language's names (the picker's
   * options carry their own `lang`), and PayPal's own buttons (PayPal translates them).
   */
  const notPageText = (el: Element): boolean => {
    if (el.closest('script, style, noscript, template, .paypal-slot > *')) return true;
    for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
      if (a.getAttribute('dir') === 'ltr' && !/\s/.test((a.textContent ?? '').trim())) return true;
      const own = a.getAttribute('lang');
      if (own !== null && own !== lang) return true;
    }
    return false;
  };
  const visible = (el: Element) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  const describe = (el: Element) => {
    const cls =
      typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    return `<${el.tagName.toLowerCase()}${cls}>`;
  };
  const short = (s: string) => s.replace(/\s+/g, ' ').trim().slice(0, 90);

  // 1. English left in visible text.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const value = node.textContent ?? '';
    if (!parent || value.trim() === '' || notPageText(parent) || !visible(parent)) continue;
    const words = englishIn(value);
    if (words.length)
      findings.push({ kind: 'English text', text: short(value), detail: `${describe(parent)}: ${words.join(' ')}` });
  }
  // ... and in the attributes that are read out or shown.
  for (const el of document.body.querySelectorAll('[aria-label], [alt], [title], [placeholder]')) {
    if (notPageText(el) && !el.matches('.paypal-slot')) continue;
    if (!visible(el) && !el.closest('[role=dialog], [role=alertdialog]')) continue;
    for (const name of ['aria-label', 'alt', 'title', 'placeholder']) {
      const value = el.getAttribute(name);
      if (!value) continue;
      const words = englishIn(value);
      if (words.length)
        findings.push({ kind: `English ${name}`, text: short(value), detail: `${describe(el)}: ${words.join(' ')}` });
    }
  }
  if (englishIn(document.title).length)
    findings.push({ kind: 'English title', text: document.title, detail: englishIn(document.title).join(' ') });

  // 2. Overflow and clipping of every visible element with its own text.
  const width = window.innerWidth;
  const clips = (v: string) => v === 'hidden' || v === 'clip';
  const scrolls = (v: string) => v === 'auto' || v === 'scroll';
  const FRAMES = '.card, .modal, .dialog, .alert, .button, .badge, .plan-badge, .method-badge, .status-pill, article';
  for (const el of document.body.querySelectorAll('*')) {
    // The skip link waits off-screen until it has focus; the test focuses it once to measure it.
    if (
      el.closest(
        'script, style, noscript, template, option, .paypal-slot > *, .visually-hidden, .skip-link:not(:focus)',
      )
    )
      continue;
    const textNodes = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
    const named = el.matches('button, a, label, h1, h2, h3, h4, legend, summary, [role=button], [role=tab], .badge');
    if (textNodes.length === 0 && !named) continue;
    if (!visible(el)) continue;
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue; // visually hidden: for screen readers only
    const text = short(el.textContent ?? '');
    if (text === '') continue;
    const style = getComputedStyle(el);
    const size = `${Math.round(box.width)}x${Math.round(box.height)} at ${Math.round(box.left)}..${Math.round(box.right)}`;
    if (
      (clips(style.overflowX) || style.textOverflow === 'ellipsis' || /nowrap|pre$/.test(style.whiteSpace)) &&
      el.scrollWidth > el.clientWidth + 1
    )
      findings.push({
        kind: 'text wider than its box',
        text,
        detail: `${describe(el)} scrollWidth ${el.scrollWidth} > clientWidth ${el.clientWidth} (overflow-x ${style.overflowX}, white-space ${style.whiteSpace}, text-overflow ${style.textOverflow}); ${size}`,
      });
    // The text itself, where it is drawn (it may spill out of a box that does not grow).
    let left = box.left;
    let right = box.right;
    for (const n of textNodes) {
      const range = document.createRange();
      range.selectNodeContents(n);
      const r = range.getBoundingClientRect();
      if (r.width === 0) continue;
      left = Math.min(left, r.left);
      right = Math.max(right, r.right);
    }
    if (left < -1 || right > width + 1)
      findings.push({
        kind: 'outside the viewport',
        text,
        detail: `${describe(el)} spans ${Math.round(left)}..${Math.round(right)} of 0..${width}; ${size}`,
      });
    // Spilling out of the drawn box around it (a card, a dialog, a button, a badge, an alert).
    const frame = el.parentElement?.closest(FRAMES);
    if (frame) {
      const outer = frame.getBoundingClientRect();
      if (left < outer.left - 1 || right > outer.right + 1)
        findings.push({
          kind: 'spills out of its box',
          text,
          detail: `${describe(el)} spans ${Math.round(left)}..${Math.round(right)}, ${describe(frame)} ${Math.round(outer.left)}..${Math.round(outer.right)}`,
        });
    }
    // Cut off by a box around it that hides or scrolls what does not fit.
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (!clips(s.overflowX) && !scrolls(s.overflowX)) continue;
      const outer = a.getBoundingClientRect();
      if (left < outer.left - 1 || right > outer.right + 1)
        findings.push({
          kind: clips(s.overflowX) ? 'clipped by its container' : 'scrolled out of its container',
          text,
          detail: `${describe(el)} spans ${Math.round(left)}..${Math.round(right)}, ${describe(a)} ${Math.round(outer.left)}..${Math.round(outer.right)}`,
        });
      break;
    }
  }
  const scrollWidth = document.documentElement.scrollWidth;
  if (scrollWidth > width)
    findings.push({ kind: 'page scrolls sideways', text: '', detail: `scrollWidth ${scrollWidth} > ${width}` });
  return findings;
}

/** The pseudo-locale and width each sweep runs at: the combinations that prove something the other does not. */
const SWEEPS = [
  // Accented and ~40% longer, left to right, at 1280 px: the desktop layout (a row of navigation links, side-by-side
  // columns and cards) with longer texts.
  { tag: 'en-XA', rtl: false, width: WIDTHS[0] },
  // The same texts right to left at 375 px: the phone layout with longer texts, mirrored. Longer texts at 375 px left
  // to right would overflow the same boxes the other way, which the sweep measures on both sides.
  { tag: 'ar-XB', rtl: true, width: WIDTHS[1] },
] as const;

/**
 * The sweep of one pseudo-locale: `p(key)`, the pseudo-text of a catalogue key as the page shows it; `h1(key)`, the
 * page's heading with it; `sweep(label)`, the checks of the page as it is now (language and direction, no English
 * left, nothing overflowing or clipped, axe), reported softly so every page of the test is swept in one run.
 */
async function pseudoSweep(page: Page, { tag, rtl, width }: (typeof SWEEPS)[number], userData: string[]) {
  const texts = await english;
  const p = (key: string, params: Record<string, string | number> = {}, form = 'other') => {
    const entry = texts[key];
    if (entry === undefined) throw new Error(`no catalogue key ${key}`);
    const template = pseudo(typeof entry === 'string' ? entry : entry[form]!, rtl);
    return template.replace(/\{(\w+)\}/g, (whole, n: string) => String({ product, ...params }[n] ?? whole));
  };
  const h1 = (key: string, params: Record<string, string | number> = {}) =>
    page.getByRole('heading', { level: 1, name: p(key, params), exact: true });
  // The user's own choice of language: it wins over the app's and the browser's, on every page load.
  await page.addInitScript((chosen) => localStorage.setItem('portalLanguage', chosen), tag);

  async function sweep(label: string) {
    await expect(page.locator('html')).toHaveAttribute('lang', tag);
    await expect(page.locator('html')).toHaveAttribute('dir', rtl ? 'rtl' : 'ltr');
    const where = `${tag} ${width.name}: ${label}`;
    const findings = await page.evaluate(sweepPage, {
      skip: [...NEVER_TRANSLATED, ...SAMPLE_MODELS.map((m) => m.replace(/_/g, ' ')), ...SHARED_DATA, ...userData],
    });
    // Soft: every page is swept and reported in one run, each finding with its page, text and measure.
    expect
      .soft(
        findings.map((f) => `${f.kind}: "${f.text}" ${f.detail}`),
        where,
      )
      .toEqual([]);
    let axe: string | undefined;
    await expectAccessible(page, where).catch((error: unknown) => {
      axe = error instanceof Error ? error.message : String(error);
    });
    expect.soft(axe, `axe on ${where}`).toBeUndefined();
  }
  return { p, h1, sweep };
}

/** A signed-in account with a plan, designs and credits, and its own data, which the sweep leaves alone. */
async function seeded(harness: Harness) {
  const account = await harness.account({ name: 'Zoë', plan: 'monthly', designs: 3, credits: 7 });
  return { account, userData: [account.email, account.username, 'Zoë'] };
}

for (const locale of SWEEPS) {
  const { tag, width } = locale;
  test.describe(`${tag} at ${width.name}`, () => {
    test.use({ viewport: width.viewport, axeAtEnd: false });

    test('signed out, the sign-in screen in its three views is translated, fits, and passes axe', async ({ page }) => {
      const { p, h1, sweep } = await pseudoSweep(page, locale, []);
      await page.goto(`/auth?lang=${tag}`);
      await expect(h1('welcomeHeading')).toBeVisible();
      await sweep('/auth, sign-in options');
      await page.getByRole('button', { name: p('continueWithEmail'), exact: true }).click();
      await expect(page.getByLabel(p('emailLabel'), { exact: true })).toBeFocused();
      await sweep('/auth, e-mail form');
      await page.getByRole('button', { name: p('forgotPassword'), exact: true }).click();
      await expect(h1('resetHeading')).toBeVisible();
      await sweep('/auth, reset form');
    });

    test('the public pages are translated, fit, and pass axe', async ({ page }) => {
      const { h1, sweep } = await pseudoSweep(page, locale, []);
      await page.goto('/external-link');
      await expect(h1('getAppHeading')).toBeVisible();
      await sweep('/external-link');
      await page.goto(`/share-design?${SHARED_QUERY}`);
      await expect(page.getByRole('heading', { level: 1, name: SHARED.design })).toBeVisible();
      await sweep('/share-design');
      await page.goto('/return-to-app');
      await expect(h1('returnHeading')).toBeVisible();
      await sweep('/return-to-app');
    });

    test('signed in, My Account, My Designs and the not-found page are translated, fit, and pass axe', async ({
      page,
      harness,
    }) => {
      const { account, userData } = await seeded(harness);
      const { p, h1, sweep } = await pseudoSweep(page, locale, userData);
      await openSignedIn(page, account);
      await expectOnTop(h1('myAccountHeading'));
      await expect(page.getByRole('link', { name: new RegExp(escapeRe(p('manageSubscriptionLabel'))) })).toBeVisible();
      // The skip link, measured where it shows: with focus.
      await page.getByRole('link', { name: p('skipToContent'), exact: true }).focus();
      await sweep('My Account');

      await page.goto('/my-designs');
      await expect(h1('myDesignsHeading')).toBeVisible();
      await expect(page.getByRole('list', { name: p('myDesignsHeading') }).getByRole('listitem')).toHaveCount(3);
      await sweep('/my-designs');

      await page.goto('/no/such/page');
      await expect(h1('notFoundHeading')).toBeVisible();
      await sweep('not-found page');
    });

    test('signed in, the credits page and its payment dialog are translated, fit, and pass axe', async ({
      page,
      harness,
    }) => {
      const { account, userData } = await seeded(harness);
      const { p, h1, sweep } = await pseudoSweep(page, locale, userData);
      await openSignedIn(page, account, '/credits');
      await expect(h1('creditsHeading')).toBeVisible();
      await sweep('/credits');
      await page
        .getByRole('button', { name: p('purchaseWithPayPal'), exact: true })
        .first()
        .click();
      const payment = page.getByRole('dialog');
      await expect(payment.getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
      await sweep('/credits, payment dialog');
      await page.keyboard.press('Escape');
      await expect(payment).toHaveCount(0);
    });

    test('signed in, the subscription page and its cancel dialog are translated, fit, and pass axe', async ({
      page,
      harness,
    }) => {
      const { account, userData } = await seeded(harness);
      const { p, h1, sweep } = await pseudoSweep(page, locale, userData);
      await openSignedIn(page, account, '/subscription');
      await expect(h1('subscriptionHeading')).toBeVisible();
      const cancel = page.getByRole('button', { name: p('cancelSubscription'), exact: true });
      await expect(cancel).toBeVisible();
      await sweep('/subscription');
      await cancel.click();
      const reasons = page.getByRole('dialog', { name: p('cancelSubscription'), exact: true });
      await expect(reasons.getByRole('radio').first()).toBeFocused();
      await reasons.getByRole('button', { name: p('cancelDialogConfirm'), exact: true }).click();
      await expect(reasons.getByRole('alert')).toHaveText(p('cancelReasonRequired'));
      await sweep('/subscription, cancel dialog with its error');
      await reasons.getByRole('button', { name: p('keepSubscription'), exact: true }).click();
      await expect(reasons).toHaveCount(0);
    });
  });
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
