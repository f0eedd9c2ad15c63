// build.mjs's firebase.json hosting section and the live-reload source of `npm run dev`.
import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CACHE_CONTROL, contentSecurityPolicy, FLAVOURS, hostingConfig, portalConfig } from '../../../build.mjs';
// @ts-expect-error: a plain ESM script without declarations
import { deployProject } from '../../../cli/deploy.mjs';

// vitest runs from the project root.
const root = process.cwd();
const headersFor = (rules: ReturnType<typeof hostingConfig>['headers'], source: string) =>
  Object.fromEntries(rules.find((r) => r.source === source)!.headers.map((h) => [h.key, h.value]));

describe('hostingConfig', () => {
  it.each(FLAVOURS)('sends the %s build\'s own CSP and the security headers on every path', (flavour) => {
    const config = portalConfig(flavour);
    const hosting = hostingConfig(config, '../portal-x');
    expect(hosting.public).toBe('../portal-x');
    const all = headersFor(hosting.headers, '**');
    expect(all['Content-Security-Policy']).toBe(contentSecurityPolicy(config));
    expect(all['X-Content-Type-Options']).toBe('nosniff');
    expect(all['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(all['Permissions-Policy']).toContain('camera=()');
    expect(all['Cache-Control']).toBe('no-cache');
  });

  it('rewrites every path but /images to index.html and caches hashed files for a year', () => {
    const hosting = hostingConfig(portalConfig('production'), 'p');
    expect(hosting.rewrites).toEqual([{ source: '!/images/**', destination: '/index.html' }]);
    expect(headersFor(hosting.headers, '/app-*.@(js|css)')['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(headersFor(hosting.headers, '/assets/**')['Cache-Control']).toBe(CACHE_CONTROL.hashed);
    expect(headersFor(hosting.headers, '/images/**')['Cache-Control']).toMatch(/^public, max-age=\d+/);
    // Later rules override the `**` rule's Cache-Control, so `**` must come first.
    expect(hosting.headers[0]!.source).toBe('**');
  });
});

describe('live reload', () => {
  it('adds the event source to connect-src of a development build only', () => {
    const url = 'http://127.0.0.1:41234/esbuild';
    const withReload = contentSecurityPolicy({ ...portalConfig('development'), liveReloadUrl: url });
    expect(withReload).toMatch(/connect-src [^;]*http:\/\/127\.0\.0\.1:41234/);
    expect(contentSecurityPolicy(portalConfig('development'))).not.toContain(':41234');
    for (const flavour of ['staging', 'production']) {
      expect(() => contentSecurityPolicy({ ...portalConfig(flavour), liveReloadUrl: url })).toThrow(/development flavour only/);
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
      const child = execFile(process.execPath, ['cli/deploy.mjs'], { cwd: root, env: { ...process.env, PORTAL_FIREBASERC: '/nonexistent/.firebaserc' } }, (_e, _out, stderr) =>
        resolve({ code: child.exitCode, stderr }),
      );
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no Firebase project');
    expect(result.stderr).toContain('npm run deploy -- --project <project-id>');
  });
});
