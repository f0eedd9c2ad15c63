// Builds meant for deployment refuse unsafe defaults (docs/security.md "Security"): no loopback, no http:, no Auth
// emulator.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deploymentProblem, portalConfig } from '../../../build.mjs';

const root = process.cwd();
const REAL_FIREBASE = {
  apiKey: 'AIza-real-key',
  authDomain: 'portal-prod.firebaseapp.com',
  projectId: 'portal-prod',
  appId: '1:1234:web:abcd',
};
const REAL = { backendUrl: 'https://api.portal.example', useEmulator: false, firebase: REAL_FIREBASE };
const paypal = (sdkBaseUrl: string) => ({ paypal: { ...portalConfig('production').paypal, sdkBaseUrl } });
const firebase = (authDomain: string) => ({ firebase: { ...REAL_FIREBASE, authDomain } });

/** Runs a node script the way a user does; resolves to its exit code and output. */
function run(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      args,
      { cwd: root, env: { ...process.env, ...env } },
      (_e, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

describe('deploymentProblem', () => {
  it('accepts a production build with https services that are not this machine', () => {
    expect(deploymentProblem(portalConfig('production', REAL))).toBeNull();
  });

  it.each([
    ['the backend on loopback', { backendUrl: 'https://127.0.0.1:8787' }, /PORTAL_BACKEND_URL .*loopback/],
    ['the backend as localhost', { backendUrl: 'https://api.localhost' }, /PORTAL_BACKEND_URL .*loopback/],
    ['the backend as [::1]', { backendUrl: 'https://[::1]:8787' }, /PORTAL_BACKEND_URL .*loopback/],
    ['the backend as a folded IPv4', { backendUrl: 'https://0x7f.1/' }, /PORTAL_BACKEND_URL .*loopback/],
    ['the backend over http', { backendUrl: 'http://api.portal.example' }, /PORTAL_BACKEND_URL .*not https/],
    ['the Auth emulator', { useEmulator: true }, /PORTAL_USE_EMULATOR is true/],
    ['the auth domain on loopback', firebase('127.0.0.1:9099'), /FIREBASE_AUTH_DOMAIN .*loopback/],
    ['PayPal from loopback', paypal('https://localhost/paypal/sdk/js'), /PAYPAL_SDK_BASE_URL .*loopback/],
    ['PayPal over http', paypal('http://paypal.example/sdk/js'), /PAYPAL_SDK_BASE_URL .*not https/],
    [
      "the emulator's demo project",
      { firebase: { ...REAL_FIREBASE, projectId: 'demo-portal' } },
      /FIREBASE_PROJECT_ID is demo-portal, the emulator's demo project/,
    ],
  ])('refuses a production build with %s', (_name, overrides, problem) => {
    expect(deploymentProblem(portalConfig('production', { ...REAL, ...overrides }))).toMatch(problem);
  });

  it('refuses the loopback defaults of the local stack in production', () => {
    expect(deploymentProblem(portalConfig('production', { backendUrl: 'http://127.0.0.1:8787' }))).toMatch(
      /^production build refused: PORTAL_BACKEND_URL/,
    );
  });

  it('holds a staging build for deployment to the same rules, and leaves other staging builds alone (SPEC 1: the stack)', () => {
    expect(deploymentProblem(portalConfig('staging'))).toBeNull();
    expect(deploymentProblem(portalConfig('staging', { deployment: true }))).toMatch(
      /^staging build for deployment refused: PORTAL_USE_EMULATOR/,
    );
    expect(deploymentProblem(portalConfig('staging', { deployment: true, ...REAL }))).toBeNull();
    // Deployed, it loads PayPal's own SDK, not the stand-in on the backend.
    expect(portalConfig('staging', { deployment: true }).paypal.sdkBaseUrl).toBe('');
  });

  it('exempts a localStack build (bench, tests), which can never be a deployment', () => {
    expect(
      deploymentProblem(
        portalConfig('production', { localStack: true, useEmulator: true, backendUrl: 'http://127.0.0.1:8787' }),
      ),
    ).toBeNull();
    expect(deploymentProblem(portalConfig('production', { localStack: true, deployment: true, ...REAL }))).toMatch(
      /cannot be deployed/,
    );
  });

  it('cannot be switched off by an environment variable', () => {
    const saved = process.env.PORTAL_LOCAL_STACK;
    process.env.PORTAL_LOCAL_STACK = 'true';
    try {
      expect(portalConfig('production').localStack).toBeUndefined();
    } finally {
      if (saved === undefined) delete process.env.PORTAL_LOCAL_STACK;
      else process.env.PORTAL_LOCAL_STACK = saved;
    }
  });
});

describe('build.mjs and npm run deploy', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-refused-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a production build with the loopback defaults exits 2 with one line', async () => {
    const result = await run(['build.mjs', '--env', 'production', '--outdir', join(dir, 'site')], {
      PORTAL_BACKEND_URL: '',
      PORTAL_USE_EMULATOR: '',
    });
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      'build.mjs: production build refused: PORTAL_BACKEND_URL is http://127.0.0.1:8787, this machine (loopback), not the deployed service',
    ]);
  });

  it('npm run deploy -- --env staging needs PORTAL_USE_EMULATOR=false, and stops with exit 2 before building', async () => {
    const result = await run(['cli/deploy.mjs', '--project', 'my-site', '--env', 'staging', '--dry-run'], {
      PORTAL_USE_EMULATOR: '',
      PORTAL_BACKEND_URL: 'https://api.portal.example',
    });
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe(
      'deploy: staging build for deployment refused: PORTAL_USE_EMULATOR is true (set PORTAL_USE_EMULATOR=false: the real identity service)',
    );
  });

  it('npm run deploy refuses a flavour that is not deployable', async () => {
    const result = await run(['cli/deploy.mjs', '--project', 'my-site', '--env', 'development', '--dry-run'], {});
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--env: "development" cannot be deployed');
  });
});
