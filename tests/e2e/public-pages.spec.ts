// /external-link and /share-design on phones, tablets, desktops and unknown browsers, in both builds (SPEC 2).
import { devices, type Page, type Request } from '@playwright/test';
import jsQR from 'jsqr';
import { portalConfig } from '../../build.mjs';
import { expect, expectAccessible, test } from './fixtures';
import { expectOnTop } from './support/on-top';
import { expectLayout } from './support/signed-in';

// The e2e builds take their store links, scheme and product name from the same environment as this process.
const config = portalConfig('staging');
const product = config.productName;
const scheme = config.deepLinkScheme;

/** A Playwright device descriptor without its browser choice: the fixture's Chromium runs every device. */
function device(name: string) {
  const { defaultBrowserType: _browser, ...descriptor } = devices[name]!;
  return descriptor;
}

const UA = {
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariIpadOs:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  instagramAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.6723.107 Mobile Safari/537.36 Instagram 355.0.0.37.103 Android (34/14; 420dpi; 1080x2400; Google; Pixel 7; panther; panther; en_US; 655923447)',
  unknown: 'Mozilla/5.0 (PlayStation; PlayStation 5/2.26) AppleWebKit/605.1.15 (KHTML, like Gecko)',
};

const SHARED = { model: 'Farmhouse 01', design: 'Lake & Pines', referral: 'friend-42' };
const query = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');
const SHARED_QUERY = query(SHARED);
const EXPECTED_DEEP_LINK = `${scheme}://open?model=Farmhouse%2001&design=Lake%20%26%20Pines&referral=friend-42`;

// Chromium refuses a custom-scheme navigation that no tap started; a phone browser asks or opens the app instead.
const BLOCKED_LAUNCH = new RegExp(`Not allowed to launch '${scheme}:`);
// The thumbnail of a model the site has no image for answers 404, which Chromium reports on the console.
const MISSING_IMAGE = /Failed to load resource: the server responded with a status of 404/;

const isDeepLink = (request: Request) => request.url().startsWith(`${scheme}:`);

/** Safari, Firefox and most in-app browsers have no navigator.userAgentData; Playwright's Chromium always fills it in. */
async function withoutClientHints(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => undefined, configurable: true });
  });
}

// Firebase Auth starts on every page and, in a mobile browser, preloads Google's sign-in helper from
// apis.google.com, which this offline machine cannot reach. An empty script stands in for it.
test.beforeEach(async ({ page }) => {
  await page.route('https://apis.google.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
  );
});

/** Every URL the page requested or navigated to, for the allow-list checks. */
function recordTraffic(page: Page) {
  const requested: string[] = [];
  const navigated: string[] = [];
  page.on('request', (request) => {
    requested.push(request.url());
    if (request.isNavigationRequest()) navigated.push(request.url());
  });
  page.on('framenavigated', (frame) => navigated.push(frame.url()));
  page.on('dialog', (dialog) => {
    requested.push(`dialog:${dialog.message()}`);
    void dialog.dismiss();
  });
  return { requested, navigated };
}

/** Reads the QR code image's own pixels in the page and decodes them with jsQR. */
async function decodeQr(page: Page): Promise<string | null> {
  const img = page.getByRole('img', { name: /^QR code that opens this link on your phone/ });
  await expect(img).toBeVisible();
  const pixels = await img.evaluate((el: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = el.naturalWidth;
    canvas.height = el.naturalHeight;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.drawImage(el, 0, 0);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, data: Array.from(data.data) };
  });
  return jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)?.data ?? null;
}

async function expectStoreBadges(page: Page, expected: Array<'appStore' | 'googlePlay' | 'microsoftStore'>) {
  const badges = {
    appStore: page.getByRole('link', { name: 'Download on the App Store' }),
    googlePlay: page.getByRole('link', { name: 'Get it on Google Play' }),
    microsoftStore: page.getByRole('link', { name: 'Get it from Microsoft Store' }),
  };
  for (const [store, link] of Object.entries(badges) as Array<[keyof typeof badges, (typeof badges)['appStore']]>) {
    if (expected.includes(store)) {
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', config.links[store]);
      // The badge image itself loads (drawn by us, served from /images/badges); a visible link may still be loading it.
      await expect
        .poll(() => link.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
    } else {
      await expect(link).toHaveCount(0);
    }
  }
}

/** Desktop, with storage writes recorded so a test can see what dev mode stored before /return-to-app used it. */
async function recordStorageWrites(page: Page) {
  await page.addInitScript(() => {
    const writes: Array<[string, string]> = [];
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
      if (this === window.localStorage) writes.push([key, value]);
      return setItem.call(this, key, value);
    };
    Object.defineProperty(window, '__localWrites', { value: writes });
  });
  return async () => page.evaluate(() => Reflect.get(window, '__localWrites') as Array<[string, string]>);
}

test.describe('/external-link on an iPhone, 375 px wide', () => {
  test.use({ ...device('iPhone 15'), viewport: { width: 375, height: 740 }, allowConsoleErrors: [BLOCKED_LAUNCH] });

  test('tries the deep link with model, design and referral, then keeps the App Store badge and a retry', async ({
    page,
  }) => {
    // The page's own clock, so the wait for the app is stepped through rather than raced.
    await page.clock.install({ time: new Date('2026-03-02T10:00:00Z') });
    const firstAttempt = page.waitForRequest(isDeepLink);
    await page.goto(`/external-link?${SHARED_QUERY}`);
    expect((await firstAttempt).url()).toBe(EXPECTED_DEEP_LINK);
    await expect(page.getByRole('heading', { level: 1, name: `Open in ${product}` })).toBeVisible();
    await expect(page.getByText('Shared design: Lake & Pines')).toBeVisible();

    await page.clock.pauseAt(new Date('2026-03-02T10:01:00Z'));
    await expect(page.getByRole('status')).toHaveText(
      `The app didn't open. If ${product} is installed, tap Open in the app. If not, download it first.`,
    );
    await expectStoreBadges(page, ['appStore']);
    await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);

    // After one hand-over to an external app, headless Chromium holds back real input and further launches for
    // that tab (it waits on a launch prompt it never shows), so the tap is dispatched and the retry is seen in its
    // status. The /share-design phone test sees a real tap's hand-over on the wire.
    await page.getByRole('button', { name: 'Open in the app' }).dispatchEvent('click');
    await expect(page.getByRole('status')).toHaveText(`Opening the ${product} app...`);
    await page.clock.runFor(2_500);
    await expect(page.getByRole('status')).toHaveText(/The app didn't open/);
    await expect(page).toHaveURL(/\/external-link\?/);
    await page.clock.resume(); // axe waits on timers
    await expectAccessible(page, 'external-link, iPhone, app not opened');
  });

  test('with no parameters opens the app at its start', async ({ page }) => {
    const attempt = page.waitForRequest(isDeepLink);
    await page.goto('/external-link');
    expect((await attempt).url()).toBe(`${scheme}://open`);
    await expect(page.getByRole('button', { name: 'Open in the app' })).toBeVisible();
  });
});

test.describe('/external-link on an Android phone (Pixel 7)', () => {
  test.use({ ...device('Pixel 7'), allowConsoleErrors: [BLOCKED_LAUNCH] });

  test('tries the deep link and offers Google Play only', async ({ page }) => {
    const attempt = page.waitForRequest(isDeepLink);
    await page.goto(`/external-link?${SHARED_QUERY}`);
    expect((await attempt).url()).toBe(EXPECTED_DEEP_LINK);
    await expect(page.getByRole('heading', { level: 1, name: `Open in ${product}` })).toBeVisible();
    await expectStoreBadges(page, ['googlePlay']);
    await expect(page.getByRole('status')).toHaveText(/The app didn't open/);
    await expectAccessible(page, 'external-link, Pixel 7');
  });

  test.describe('inside the Instagram app', () => {
    test.use({ userAgent: UA.instagramAndroid });

    test('suggests opening the page in the browser when the app does not open', async ({ page }) => {
      const attempt = page.waitForRequest(isDeepLink);
      await page.goto(`/external-link?${SHARED_QUERY}`);
      await attempt;
      await expect(
        page.getByText('Instagram sometimes keeps links from opening other apps.', { exact: false }),
      ).toBeVisible();
      await expectStoreBadges(page, ['googlePlay']);
    });
  });
});

test.describe('/external-link on an iPad', () => {
  test.use({ allowConsoleErrors: [BLOCKED_LAUNCH] });

  test.describe('with the iPad user agent', () => {
    test.use(device('iPad Pro 11'));

    test('is treated as iOS: deep link and App Store', async ({ page }) => {
      const attempt = page.waitForRequest(isDeepLink);
      await page.goto(`/external-link?${SHARED_QUERY}`);
      expect((await attempt).url()).toBe(EXPECTED_DEEP_LINK);
      await expectStoreBadges(page, ['appStore']);
      await expectAccessible(page, 'external-link, iPad');
    });
  });

  test.describe('with iPadOS desktop-class Safari (a Mac user agent with touch)', () => {
    test.use({ ...device('iPad Pro 11'), userAgent: UA.safariIpadOs });

    test('is still treated as iOS, not as a Mac', async ({ page }) => {
      await withoutClientHints(page);
      const attempt = page.waitForRequest(isDeepLink);
      await page.goto(`/external-link?${SHARED_QUERY}`);
      expect((await attempt).url()).toBe(EXPECTED_DEEP_LINK);
      await expectStoreBadges(page, ['appStore']);
      await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);
    });
  });
});

test.describe('/external-link on desktop Chrome for Windows', () => {
  test.use(device('Desktop Chrome'));

  test('shows a 180 px QR code of this page with the same parameters, and all three badges', async ({ page }) => {
    const traffic = recordTraffic(page);
    await page.goto(`/external-link?${SHARED_QUERY}&dev=false`);
    await expect(page.getByRole('heading', { level: 1, name: `Get the ${product} app` })).toBeVisible();
    const origin = new URL(page.url()).origin;
    const expected = `${origin}/external-link?model=Farmhouse%2001&design=Lake%20%26%20Pines&referral=friend-42`;

    expect(await decodeQr(page)).toBe(expected);
    const qr = page.getByRole('img', { name: `QR code that opens this link on your phone: ${expected}` });
    expect(await qr.boundingBox()).toMatchObject({ width: 180, height: 180 });
    await expect(page.getByText(expected, { exact: true })).toBeVisible();
    await expectStoreBadges(page, ['appStore', 'googlePlay', 'microsoftStore']);
    await expect(page.getByRole('button', { name: 'Open in the app' })).toHaveCount(0);
    expect(traffic.requested.filter((url) => url.startsWith(`${scheme}:`))).toEqual([]);
    await expectAccessible(page, 'external-link, desktop');
  });

  test('fits 375 px with the QR code at full size', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/external-link?${SHARED_QUERY}`);
    const qr = page.getByRole('img', { name: /^QR code/ });
    await expect(qr).toBeVisible();
    expect(await qr.boundingBox()).toMatchObject({ width: 180, height: 180 });
    await expectStoreBadges(page, ['appStore', 'googlePlay', 'microsoftStore']);
    await expectLayout(page, 'external-link, desktop browser at 375 px');
  });

  test('dev=true stores the desktop address and path, then goes to /return-to-app, which calls them', async ({
    page,
  }) => {
    const writes = await recordStorageWrites(page);
    const desktopCalls: string[] = [];
    await page.route(
      (url) => url.hostname === '127.0.0.1' && url.pathname === '/open',
      (route) => {
        desktopCalls.push(route.request().url());
        return route.fulfill({ status: 200, body: 'ok' });
      },
    );
    await page.goto(`/external-link?${SHARED_QUERY}&dev=true`);
    await expect(page).toHaveURL(/\/return-to-app$/);
    await expectOnTop(page.getByRole('heading', { level: 1, name: `Return to ${product}` }));

    const stored = Object.fromEntries(await writes());
    expect(stored.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(stored.redirectPath).toBe('open?model=Farmhouse%2001&design=Lake%20%26%20Pines&referral=friend-42');
    await expect.poll(() => desktopCalls).toEqual([`${stored.redirectUrl}/${stored.redirectPath}`]);
    // The hand-off replaced its own history entry, so Back cannot land on it and hand the link off again.
    const entries = await page.evaluate<string[]>('navigation.entries().map((entry) => new URL(entry.url).pathname)');
    expect(entries).toEqual(['/return-to-app']);
  });
});

test.describe('/return-to-app in a desktop browser', () => {
  test.use(device('Desktop Chrome'));

  test('fits 375 px and passes axe', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/return-to-app');
    await expect(page.getByRole('heading', { level: 1, name: `Return to ${product}` })).toBeVisible();
    await expectLayout(page, 'return-to-app at 375 px');
  });
});

test.describe('/external-link on desktop Chrome for macOS', () => {
  test.use({ ...device('Desktop Chrome'), userAgent: UA.chromeMac });

  test('shows the QR code and all three badges', async ({ page }) => {
    await page.goto(`/external-link?${query({ design: 'Studio' })}`);
    const origin = new URL(page.url()).origin;
    expect(await decodeQr(page)).toBe(`${origin}/external-link?design=Studio`);
    await expectStoreBadges(page, ['appStore', 'googlePlay', 'microsoftStore']);
    await expectAccessible(page, 'external-link, macOS');
  });
});

test.describe('/external-link on an unknown platform', () => {
  test.use({ userAgent: UA.unknown });

  test('tells the visitor to visit a store, with all three badges and no deep link', async ({ page }) => {
    await withoutClientHints(page);
    const traffic = recordTraffic(page);
    await page.goto(`/external-link?${SHARED_QUERY}&dev=true`);
    await expect(page.getByRole('heading', { level: 1, name: `Get the ${product} app` })).toBeVisible();
    await expect(
      page.getByText(`Visit the App Store, Google Play or the Microsoft Store to download ${product}.`),
    ).toBeVisible();
    await expectStoreBadges(page, ['appStore', 'googlePlay', 'microsoftStore']);
    await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);
    await expect(page).toHaveURL(/\/external-link\?/);
    expect(traffic.requested.filter((url) => url.startsWith(`${scheme}:`))).toEqual([]);
    await expectAccessible(page, 'external-link, unknown platform');
  });
});

test.describe('hostile parameters never lead off the allow-list', () => {
  const HOSTILE = {
    model: 'javascript:alert(document.domain)//',
    design: '"><img src=x onerror=alert(1)>',
    referral: 'https://evil.example/steal?c=1',
    dev: 'https://evil.example',
  };
  const HOSTILE_QUERY = query(HOSTILE);
  const allowed = (origin: string) => (url: string) =>
    url.startsWith(`${origin}/`) ||
    url.startsWith(`${scheme}://open`) ||
    url.startsWith('data:') ||
    url === 'about:blank';
  /** Requests to the hostile host, script URLs, or dialogs the page opened. */
  const offList = (urls: string[]) =>
    urls.filter(
      (url) =>
        url.startsWith('dialog:') ||
        url.startsWith('javascript:') ||
        (URL.canParse(url) && new URL(url).hostname.endsWith('evil.example')),
    );

  test.describe('on desktop', () => {
    test.use(device('Desktop Chrome'));

    test('the page stays put, shows the text as text, and the QR code stays on this site', async ({ page }) => {
      // The page's clock, so that every timer the page sets (a late redirect, say) can be run out below.
      await page.clock.install();
      const traffic = recordTraffic(page);
      await page.goto(`/external-link?${HOSTILE_QUERY}`);
      const origin = new URL(page.url()).origin;
      await expect(page.getByText(`Shared design: ${HOSTILE.design}`)).toBeVisible();
      const decoded = new URL((await decodeQr(page))!);
      expect(decoded.origin).toBe(origin);
      expect(decoded.pathname).toBe('/external-link');
      expect(Object.fromEntries(decoded.searchParams)).toEqual({
        model: HOSTILE.model,
        design: HOSTILE.design,
        referral: HOSTILE.referral,
      });
      await expectStoreBadges(page, ['appStore', 'googlePlay', 'microsoftStore']);
      // A minute of the page's time: whatever it meant to do later has been done.
      await page.clock.fastForward('01:00');
      await expect(page).toHaveURL(new RegExp(`^${origin}/external-link\\?`));
      expect(traffic.navigated.filter((url) => !allowed(origin)(url))).toEqual([]);
      expect(offList(traffic.requested)).toEqual([]);
    });

    test('dev mode on a host that is not an allowed desktop target says so and stores nothing', async ({
      page,
      baseURL,
    }) => {
      const portal = new URL(baseURL!).origin;
      // The real portal, served under a public host name: its hostname would make the target http://evil.example:5662.
      await page.context().route('http://evil.example/**', async (route) => {
        const url = new URL(route.request().url());
        const answer = await fetch(`${portal}${url.pathname}${url.search}`);
        // Chromium ignores COOP on a plain-http public origin and says so on the console; the real portal is https.
        const headers = Object.fromEntries(
          [...answer.headers].filter(([name]) => name !== 'cross-origin-opener-policy'),
        );
        await route.fulfill({ status: answer.status, headers, body: Buffer.from(await answer.arrayBuffer()) });
      });
      const writes = await recordStorageWrites(page);
      const traffic = recordTraffic(page);
      await page.goto(`http://evil.example/external-link?${query({ model: 'm1', dev: 'true' })}`);
      await expect(page.getByRole('alert')).toHaveText(
        // The e2e build's desktop port is the stack's, picked at random.
        /^Developer mode: http:\/\/evil\.example:\d+ is not an allowed desktop app address, so this link was not handed to the desktop app and nothing was stored\.$/,
      );
      await expect(page).toHaveURL('http://evil.example/external-link?model=m1&dev=true');
      // The page still works for a person: QR code and badges.
      expect(await decodeQr(page)).toBe('http://evil.example/external-link?model=m1');
      await expectStoreBadges(page, ['appStore', 'googlePlay', 'microsoftStore']);
      expect((await writes()).map(([key]) => key)).not.toEqual(expect.arrayContaining(['redirectUrl']));
      expect((await writes()).map(([key]) => key)).not.toEqual(expect.arrayContaining(['redirectPath']));
      expect(traffic.requested.filter((url) => /evil\.example:\d+/.test(url))).toEqual([]);
      await expectAccessible(page, 'external-link, dev mode refused');
    });
  });

  test.describe('on a phone', () => {
    test.use({ ...device('Pixel 7'), allowConsoleErrors: [BLOCKED_LAUNCH] });

    test('the deep link carries the values, encoded, on the configured scheme only', async ({ page }) => {
      const traffic = recordTraffic(page);
      const attempt = page.waitForRequest(isDeepLink);
      await page.goto(`/external-link?${HOSTILE_QUERY}`);
      const origin = new URL(page.url()).origin;
      const deepLink = new URL((await attempt).url());
      expect(deepLink.protocol).toBe(`${scheme}:`);
      expect(deepLink.host + deepLink.pathname).toBe('open');
      expect(Object.fromEntries(deepLink.searchParams)).toEqual({
        model: HOSTILE.model,
        design: HOSTILE.design,
        referral: HOSTILE.referral,
      });
      await expect(page.getByRole('status')).toHaveText(/The app didn't open/);
      await page.getByRole('button', { name: 'Open in the app' }).click();
      await expect(page).toHaveURL(new RegExp(`^${origin}/external-link\\?`));
      expect(traffic.navigated.filter((url) => !allowed(origin)(url))).toEqual([]);
      expect(offList(traffic.requested)).toEqual([]);
    });
  });
});

test.describe('/share-design on desktop', () => {
  test.use({ ...device('Desktop Chrome'), allowConsoleErrors: [MISSING_IMAGE] });

  test('shows the design name and model, a stand-in when the thumbnail is missing, and the way into the app', async ({
    page,
  }) => {
    const thumbnail = page.waitForResponse((r) => r.url().includes('/images/house-thumbnails/'));
    await page.goto(`/share-design?${SHARED_QUERY}`);
    expect(new URL((await thumbnail).url()).pathname).toBe('/images/house-thumbnails/Farmhouse%2001_Thumbnail.webp');
    await expect(page.getByRole('heading', { level: 1, name: 'Lake & Pines' })).toBeVisible();
    await expect(page.getByText(`A design shared with you from ${product}`)).toBeVisible();
    await expect(page.getByText('House model: Farmhouse 01')).toBeVisible();
    await expect(page.getByText('No preview available')).toBeVisible();
    await expectStoreBadges(page, ['appStore', 'googlePlay', 'microsoftStore']);
    await expectAccessible(page, 'share-design, desktop, missing thumbnail');

    // "Open in the app" is the /external-link hand-off with the same link.
    await page.getByRole('link', { name: 'Open in the app' }).click();
    await expect(page).toHaveURL(/\/external-link\?/);
    const origin = new URL(page.url()).origin;
    expect(await decodeQr(page)).toBe(
      `${origin}/external-link?model=Farmhouse%2001&design=Lake%20%26%20Pines&referral=friend-42`,
    );
  });

  test('shows the thumbnail of the model when the site has it', async ({ page }) => {
    await page.route('**/images/house-thumbnails/Cabin_Thumbnail.webp', (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL_PNG }),
    );
    await page.goto(`/share-design?${query({ model: 'Cabin', design: 'Weekend cabin' })}`);
    const img = page.getByRole('img', { name: 'Preview of the Cabin house model' });
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    await expect(page.getByText('No preview available')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('says clearly when the link is incomplete, and still offers the app', async ({ page }) => {
    await page.goto('/share-design');
    await expect(page.getByRole('heading', { level: 1, name: 'Shared design' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(
      `This shared link is incomplete, so the design cannot be shown. Ask the sender to share it again from the ${product} app.`,
    );
    await expect(page.getByRole('img', { name: /Preview/ })).toHaveCount(0);
    await expectStoreBadges(page, ['appStore', 'googlePlay', 'microsoftStore']);
    await expectAccessible(page, 'share-design, incomplete');
  });

  test('names the missing part of a partial link', async ({ page }) => {
    await page.goto(`/share-design?${query({ design: 'Only a name' })}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Only a name' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Part of this shared link is missing (the house model).');
    await expect(page.getByText('No preview available')).toBeVisible();
  });

  test('a model name cannot point the thumbnail outside its folder', async ({ page }) => {
    const thumbnail = page.waitForRequest(
      (r) => r.resourceType() === 'image' && !r.url().includes('/badges/') && !r.url().includes('favicon'),
    );
    await page.goto(`/share-design?${query({ model: '../../../index.html?x=//evil.example', design: 'D' })}`);
    const url = new URL((await thumbnail).url());
    expect(url.origin).toBe(new URL(page.url()).origin);
    expect(url.pathname.startsWith('/images/house-thumbnails/')).toBe(true);
    expect(url.search).toBe('');
    await expect(page.getByText('No preview available')).toBeVisible();
  });

  test('dev=true is carried to the /external-link hand-off', async ({ page }) => {
    await page.route(
      (url) => url.hostname === '127.0.0.1' && url.pathname === '/open',
      (route) => route.fulfill({ status: 200, body: 'ok' }),
    );
    await page.goto(`/share-design?${query({ model: 'M', design: 'D' })}&dev=true`);
    await page.getByRole('link', { name: 'Open in the app' }).click();
    await expect(page).toHaveURL(/\/return-to-app$/);
  });
});

test.describe('/share-design on a phone, 375 px wide', () => {
  test.use({ ...device('Pixel 7'), viewport: { width: 375, height: 740 }, allowConsoleErrors: [MISSING_IMAGE] });

  test('waits for a tap, then opens the app on the shared design', async ({ page }) => {
    const traffic = recordTraffic(page);
    await page.goto(`/share-design?${SHARED_QUERY}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Lake & Pines' })).toBeVisible();
    await expect(page.getByText('No preview available')).toBeVisible();
    await expectStoreBadges(page, ['googlePlay']);
    expect(traffic.requested.filter((url) => url.startsWith(`${scheme}:`))).toEqual([]);
    await expectLayout(page, 'share-design, phone');

    const attempt = page.waitForRequest(isDeepLink);
    await page.getByRole('button', { name: 'Open in the app' }).click();
    expect((await attempt).url()).toBe(EXPECTED_DEEP_LINK);
    await expect(page.getByRole('status')).toHaveText(/The app didn't open/);
  });
});

test.describe('standalone build of the public pages', () => {
  test.use(device('Desktop Chrome'));

  test('serves /external-link with a working QR code and badges', async ({ page, harness }) => {
    await page.goto(`${harness.standaloneUrl}external-link?${SHARED_QUERY}`);
    await expect(page.getByRole('heading', { level: 1, name: `Get the ${product} app` })).toBeVisible();
    const origin = new URL(harness.standaloneUrl).origin;
    expect(await decodeQr(page)).toBe(
      `${origin}/external-link?model=Farmhouse%2001&design=Lake%20%26%20Pines&referral=friend-42`,
    );
    await expectStoreBadges(page, ['appStore', 'googlePlay', 'microsoftStore']);
    await expectAccessible(page, 'standalone external-link');
  });

  test('sends every other path, /return-to-app too, to /external-link (SPEC 2)', async ({ page, harness }) => {
    for (const path of ['return-to-app', 'auth', 'sign-in', 'credits', 'no/such/page']) {
      await page.goto(`${harness.standaloneUrl}${path}`);
      await expect(page, path).toHaveURL(`${harness.standaloneUrl}external-link`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });

  test.describe('with missing thumbnails', () => {
    test.use({ allowConsoleErrors: [MISSING_IMAGE] });

    test('serves /share-design, whose Open in the app stays inside the standalone pages', async ({ page, harness }) => {
      await page.goto(`${harness.standaloneUrl}share-design?${SHARED_QUERY}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Lake & Pines' })).toBeVisible();
      await expect(page.getByText('No preview available')).toBeVisible();
      await expectStoreBadges(page, ['appStore', 'googlePlay', 'microsoftStore']);
      await expectAccessible(page, 'standalone share-design');
      await page.getByRole('link', { name: 'Open in the app' }).click();
      await expect(page).toHaveURL(new RegExp(`^${harness.standaloneUrl}external-link\\?`));
      await expect(page.getByRole('img', { name: /^QR code/ })).toBeVisible();
    });
  });

  test.describe('on a phone', () => {
    test.use({ ...device('iPhone 15'), allowConsoleErrors: [BLOCKED_LAUNCH] });

    test('tries the deep link', async ({ page, harness }) => {
      const attempt = page.waitForRequest(isDeepLink);
      await page.goto(`${harness.standaloneUrl}external-link?${SHARED_QUERY}`);
      expect((await attempt).url()).toBe(EXPECTED_DEEP_LINK);
      await expectStoreBadges(page, ['appStore']);
      await expectAccessible(page, 'standalone external-link, iPhone');
    });
  });
});

/** A 1×1 PNG, standing in for a house thumbnail. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
