// The stack's portal comes from the Firebase Hosting emulator with the firebase.json build.mjs writes beside every
// build: the same rewrites, headers and caching as a deploy.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';

const portal = () => process.env.PORTAL_URL!;

/** The `**` rule's CSP of the firebase.json generated beside the e2e staging build (global-setup.ts's folder). */
function deployedPolicy(): string {
  const file = join(process.cwd(), `dist/e2e-${process.env.E2E_RUN_ID}/staging.report/firebase.json`);
  const hosting = JSON.parse(readFileSync(file, 'utf8')).hosting as {
    headers: Array<{ source: string; headers: Array<{ key: string; value: string }> }>;
  };
  return hosting.headers.find((r) => r.source === '**')!.headers.find((h) => h.key === 'Content-Security-Policy')!
    .value;
}

test.describe('serving rules of Firebase Hosting', () => {
  test('a deep path answers index.html with the CSP of firebase.json, revalidated on every load', async ({
    request,
  }) => {
    const res = await request.get(new URL('/credits/x?y=1', portal()).href);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('text/html');
    expect(await res.text()).toMatch(/<script type="module" src="\/app-[A-Z0-9]+\.js"><\/script>/);
    const headers = res.headers();
    expect(headers['content-security-policy']).toBe(deployedPolicy());
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(headers['cache-control']).toBe('no-cache');
    const index = await request.get(new URL('/index.html', portal()).href);
    expect(index.headers()['cache-control']).toBe('no-cache');
    // On every path: files and images too (docs/security.md "Security").
    for (const path of ['/index.html', '/images/after-render.webp', '/images/no-such-image.png', '/auth']) {
      const res = await request.get(new URL(path, portal()).href);
      expect(res.headers()['cross-origin-opener-policy'], path).toBe('same-origin-allow-popups');
    }
  });

  test("the hashed files are immutable for a year; images are cached, a missing one is a 404; none carries a page's policy", async ({
    request,
  }) => {
    const html = await (await request.get(portal())).text();
    const files = [...html.matchAll(/(?:src|href)="(\/app-[A-Z0-9]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(files).toHaveLength(2);
    const chunk = /href="(\/chunks\/[\w-]+\.js)"/.exec(html)?.[1];
    expect(chunk).toBeDefined();
    for (const file of [...files, chunk!]) {
      const res = await request.get(new URL(file, portal()).href);
      expect(res.status(), file).toBe(200);
      expect(res.headers()['cache-control'], file).toBe('public, max-age=31536000, immutable');
      expect(res.headers()['content-type'], file).toMatch(file.endsWith('.css') ? /text\/css/ : /javascript/);
      // A file's policy runs nothing if it is opened as a page, and spares each answer the page policy's kilobyte.
      expect(res.headers()['content-security-policy'], file).toBe("default-src 'none'");
      expect(res.headers()['x-content-type-options'], file).toBe('nosniff');
    }
    const image = await request.get(new URL('/images/after-render.webp', portal()).href);
    expect(image.status()).toBe(200);
    expect(image.headers()['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(image.headers()['content-security-policy']).toBe("default-src 'none'");
    const missing = await request.get(new URL('/images/no-such-image.png', portal()).href);
    expect(missing.status()).toBe(404);
  });

  test('a deep link opens the app in the browser under that policy without a violation', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (msg) => msg.text().includes('Content Security Policy') && violations.push(msg.text()));
    await page.goto('/credits/x?y=1');
    // Signed out, the router shows the sign-in page.
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome to / })).toBeVisible();
    expect(violations).toEqual([]);
  });
});
