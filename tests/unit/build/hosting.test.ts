// build.mjs's firebase.json hosting section and the live-reload source of `npm run dev`.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ASSET_POLICY,
  CACHE_CONTROL,
  contentSecurityPolicy,
  FLAVOURS,
  hostingConfig,
  portalConfig,
  securityHeaders,
} from '../../../build.mjs';
import { startStaticServer } from '../../../harness/static-server';
// @ts-expect-error: a plain ESM script without declarations
import { deployProject } from '../../../cli/deploy.mjs';

// vitest runs from the project root.
const root = process.cwd();
const headersFor = (rules: ReturnType<typeof hostingConfig>['headers'], source: string) =>
  Object.fromEntries(rules.find((r) => r.source === source)!.headers.map((h) => [h.key, h.value]));

describe('hostingConfig', () => {
  it.each(FLAVOURS)("sends the %s build's own CSP on its pages and the security headers on every path", (flavour) => {
    const config = portalConfig(flavour);
    const hosting = hostingConfig(config, '../portal-x');
    expect(hosting.public).toBe('../portal-x');
    const all = headersFor(hosting.headers, '**');
    expect(all['Content-Security-Policy']).toBe(contentSecurityPolicy(config));
    expect(all['X-Content-Type-Options']).toBe('nosniff');
    expect(all['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(all['Permissions-Policy']).toContain('camera=()');
    // A site that opened the portal loses its handle; Firebase's and PayPal's popups keep theirs (docs/security.md
    // "Security").
    expect(all['Cross-Origin-Opener-Policy']).toBe('same-origin-allow-popups');
    expect(all['Cache-Control']).toBe('no-cache');
  });

  it("rewrites a page's path to its HTML, every other path but /images, /locales, /chunks and /styles to index.html, and caches hashed files for a year", () => {
    const hosting = hostingConfig(portalConfig('production'), 'p');
    expect(hosting.rewrites).toContainEqual({ source: '/credits', destination: '/credits.html' });
    expect(hosting.rewrites).toContainEqual({ source: '/', destination: '/account.html' });
    expect(hosting.rewrites.some((r: { source: string }) => r.source.startsWith('/auth'))).toBe(false);
    expect(hosting.rewrites.at(-1)).toEqual({
      source: '!/@(images|locales|chunks|styles)/**',
      destination: '/index.html',
    });
    expect(headersFor(hosting.headers, '/@(chunks|styles)/**')['Cache-Control']).toBe(CACHE_CONTROL.hashed);
    expect(headersFor(hosting.headers, '/locales/**')['Cache-Control']).toBe(CACHE_CONTROL.hashed);
    expect(headersFor(hosting.headers, '/app-*.@(js|css)')['Cache-Control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(headersFor(hosting.headers, '/assets/**')['Cache-Control']).toBe(CACHE_CONTROL.hashed);
    expect(headersFor(hosting.headers, '/images/**')['Cache-Control']).toMatch(/^public, max-age=\d+/);
    // Later rules override the `**` rule's Cache-Control and policy, so `**` must come first.
    expect(hosting.headers[0]!.source).toBe('**');
  });

  it("gives every file that is not a page a policy that runs nothing, far shorter than the pages' own", () => {
    const hosting = hostingConfig(portalConfig('production'), 'p');
    const files = hosting.headers.filter((rule) => rule.source !== '**');
    expect(files.map((rule) => rule.source)).toEqual([
      '/app-*.@(js|css)',
      '/assets/**',
      '/@(chunks|styles)/**',
      '/locales/**',
      '/images/**',
    ]);
    for (const rule of files)
      expect(headersFor(hosting.headers, rule.source)['Content-Security-Policy']).toBe(ASSET_POLICY);
    expect(ASSET_POLICY).toBe("default-src 'none'");
    expect(contentSecurityPolicy(portalConfig('production')).length).toBeGreaterThan(20 * ASSET_POLICY.length);
  });
});

// Node's http client: jsdom's fetch would apply CORS to these cross-origin calls.
function get(
  url: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    })
      .on('error', reject)
      .end();
  });
}

describe('the harness static server (builds served beside the stack)', () => {
  it('sends the headers and Cache-Control of hostingConfig()', async () => {
    const root = mkdtempSync(join(tmpdir(), 'portal-static-'));
    mkdirSync(join(root, 'images'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>x</title>');
    writeFileSync(join(root, 'app-ABCD1234.js'), 'export {};');
    writeFileSync(join(root, 'images/a.png'), 'png');
    const config = portalConfig('development');
    const server = await startStaticServer({ root, port: 0, config });
    try {
      const deep = await get(`${server.url}credits/x?y=1`);
      expect(deep.status).toBe(200);
      expect(deep.body).toContain('<title>x</title>');
      for (const [key, value] of Object.entries(securityHeaders(config)))
        expect(deep.headers[key.toLowerCase()]).toBe(value);
      expect(deep.headers['cache-control']).toBe(CACHE_CONTROL.index);
      const script = await get(`${server.url}app-ABCD1234.js`);
      expect(script.headers['cache-control']).toBe(CACHE_CONTROL.hashed);
      expect(script.headers['content-security-policy']).toBe(ASSET_POLICY);
      expect(script.headers['x-content-type-options']).toBe('nosniff');
      const image = await get(`${server.url}images/a.png`);
      expect(image.headers['cache-control']).toBe(CACHE_CONTROL.images);
      expect(image.headers['content-security-policy']).toBe(ASSET_POLICY);
      expect((await get(`${server.url}images/missing.png`)).status).toBe(404);
    } finally {
      await server.stop();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('live reload', () => {
  it('adds the event source to connect-src of a development build only', () => {
    const url = 'http://127.0.0.1:41234/esbuild';
    const withReload = contentSecurityPolicy({ ...portalConfig('development'), liveReloadUrl: url });
    expect(withReload).toMatch(/connect-src [^;]*http:\/\/127\.0\.0\.1:41234/);
    expect(contentSecurityPolicy(portalConfig('development'))).not.toContain(':41234');
    for (const flavour of ['staging', 'production']) {
      expect(() => contentSecurityPolicy({ ...portalConfig(flavour), liveReloadUrl: url })).toThrow(
        /development flavour only/,
      );
    }
  });
});

describe('npm run deploy', () => {
  it('takes the project from --project, else from .firebaserc', () => {
    expect(deployProject(['--project', 'my-site'], '/nonexistent/.firebaserc')).toBe('my-site');
    expect(deployProject([], '/nonexistent/.firebaserc')).toBeNull();
    expect(deployProject([], `${root}/.firebaserc.example`)).toBe('your-firebase-project-id');
  });

  it('refuses with exit 2 and says how to name a project when none is given', async () => {
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['cli/deploy.mjs'],
        { cwd: root, env: { ...process.env, PORTAL_FIREBASERC: '/nonexistent/.firebaserc' } },
        (_e, _out, stderr) => resolve({ code: child.exitCode, stderr }),
      );
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no Firebase project');
    expect(result.stderr).toContain('npm run deploy -- --project <project-id>');
  });
});
