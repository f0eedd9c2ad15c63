// The harness CLI run as a subprocess against the e2e stack, as a desktop developer would run it.
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { promisify } from 'node:util';
import { secretFile } from '../../harness/backend/secret';
import { harnessClient, HarnessRouteError, parseDesktopReport } from '../../harness/client';
import { freePort, PORT_VARIABLES } from '../../harness/ports';
import { expect, test, type Harness } from './fixtures';

const run = promisify(execFile);

function stackEnv() {
  // Without PORTAL_HARNESS_SECRET: the CLI finds the test routes' secret in the file the stack wrote for its port.
  const { PORTAL_HARNESS_SECRET: _secret, ...env } = process.env;
  return {
    ...env,
    [PORT_VARIABLES.auth]: new URL(process.env.AUTH_EMULATOR_URL!).port,
    [PORT_VARIABLES.backend]: new URL(process.env.BACKEND_URL!).port,
    [PORT_VARIABLES.portal]: new URL(process.env.PORTAL_URL!).port,
  };
}

async function cli(args: string[]) {
  try {
    const { stdout, stderr } = await run('node', ['cli/bin.mjs', ...args], { env: stackEnv(), timeout: 90_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

test.describe('portal-harness', () => {
  test.use({ axeAtEnd: false });

  test('seed, then handoff prints a token whose claims name that user', async ({ harness, desktopPort }) => {
    const email = harness.email('cli');
    const seeded = await cli([
      'seed',
      '--email',
      email,
      '--password',
      'secret1',
      '--credits',
      '5',
      '--plan',
      'monthly',
      '--designs',
      '2',
    ]);
    expect(seeded.code, seeded.stderr).toBe(0);
    expect(JSON.parse(seeded.stdout)).toMatchObject({ email, credits: 5, plan: 'monthly', designs: 2 });

    const handoff = await cli(['handoff', '--email', email, '--password', 'secret1', '--port', String(desktopPort)]);
    expect(handoff.code, handoff.stderr).toBe(0);
    const token = handoff.stdout.trim();
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { email: string };
    expect(claims.email).toBe(email);
  });

  test('handoff --unity-token --lang de-DE opens the portal in German and prints the Unity access token', async ({
    harness,
    desktopPort,
  }) => {
    const account = await harness.account();
    const handoff = await cli([
      'handoff',
      '--email',
      account.email,
      '--password',
      account.password,
      '--unity-token',
      '--lang',
      'de-DE',
      '--port',
      String(desktopPort),
    ]);
    expect(handoff.code, handoff.stderr).toBe(0);
    expect(handoff.stderr).toMatch(/opening \S*[?&]lang=de-DE(&|\s)/);
    expect(handoff.stderr).toContain('the portal shows language "de"');
    expect(handoff.stdout.trim()).toMatch(/^ut1\./);
  });

  test('handoff --dev against the development build goes through /return-to-app', async ({ harness, desktopPort }) => {
    const account = await harness.account();
    const handoff = await cli([
      'handoff',
      '--email',
      account.email,
      '--password',
      account.password,
      '--dev',
      '--portal',
      harness.devUrl,
      '--json',
      '--port',
      String(desktopPort),
    ]);
    expect(handoff.code, handoff.stderr).toBe(0);
    expect(handoff.stderr).toContain('token received through /return-to-app');
    expect(JSON.parse(handoff.stdout)).toMatchObject({ kind: 'login', claims: { email: account.email } });
  });

  test('desktop --json --once reports the login and exits 0; --timeout exits 1', async () => {
    const port = await freePort();
    const listening = cli(['desktop', '--port', String(port), '--json', '--once', '--timeout', '20']);
    await expect
      .poll(async () =>
        fetch(`http://127.0.0.1:${port}/open/design`)
          .then((r) => r.status)
          .catch(() => 0),
      )
      .toBe(200);
    await fetch(`http://127.0.0.1:${port}/login?a.eyJlbWFpbCI6ImFAZXhhbXBsZS5jb20ifQ.c`);
    const result = await listening;
    expect(result.code).toBe(0);
    expect(parseDesktopReport(result.stdout)).toEqual([
      { kind: 'path', path: '/open/design' },
      { kind: 'login', token: 'a.eyJlbWFpbCI6ImFAZXhhbXBsZS5jb20ifQ.c', claims: { email: 'a@example.com' } },
    ]);
    const timedOut = await cli(['desktop', '--port', String(await freePort()), '--once', '--timeout', '1']);
    expect(timedOut.code).toBe(1);
  });

  test('seed without the harness secret for that backend port exits 3 and says where it looked', async ({
    harness,
  }) => {
    const result = await run(
      'node',
      ['cli/bin.mjs', 'seed', '--email', harness.email('cli'), '--password', 'secret1'],
      {
        env: { ...stackEnv(), [PORT_VARIABLES.backend]: String(await freePort()) },
        timeout: 90_000,
      },
    ).catch((error: unknown) => error as { code: number; stderr: string });
    expect((result as { code: number }).code).toBe(3);
    expect((result as { stderr: string }).stderr).toMatch(
      /no harness secret for the backend on port \d+ \(looked in .*backend-\d+\.secret/,
    );
  });

  test('backend --no-emulator without --identity-keys, or with an unreadable key file, is a usage error', async () => {
    const alone = await cli(['backend', '--port', '0', '--no-emulator']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--no-emulator needs --identity-keys');
    const bad = await cli(['backend', '--port', '0', '--identity-keys', 'package.json']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--identity-keys package.json: identity key');
  });

  test('backend alone writes its secret file (0600) and refuses manual activation unless --allow-payment-bypass', async ({
    harness,
  }) => {
    /** Starts `portal-harness backend`, plays one emulator user through /subscription/direct, stops it with SIGTERM. */
    async function manualActivation(h: Harness, extra: string[]) {
      const port = await freePort();
      const child = spawn('node', ['cli/bin.mjs', 'backend', '--port', String(port), ...extra], {
        env: stackEnv(),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        await new Promise<void>((resolve, reject) => {
          child.stdout.on('data', (d: Buffer) => d.toString().includes('Backend ready') && resolve());
          child.once('exit', (code) => reject(new Error(`backend exited with ${code}`)));
        });
        const file = secretFile(port);
        expect(statSync(file).mode & 0o777).toBe(0o600);
        const secret = readFileSync(file, 'utf8').trim();
        const url = `http://127.0.0.1:${port}`;
        await expect(harnessClient(url, 'not-the-secret').log()).rejects.toBeInstanceOf(HarnessRouteError);
        await expect(harnessClient(url, 'not-the-secret').log()).rejects.toMatchObject({ status: 401 });
        await expect(harnessClient(url, secret).log()).resolves.toEqual([]);
        const { idToken } = await h.admin.createUser(h.email('bypass'), 'secret-pass-1');
        const auth = { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' };
        const unity = (await (
          await fetch(`${url}/auth/unity`, { method: 'POST', headers: auth, body: JSON.stringify({ idToken }) })
        ).json()) as {
          playerId: string;
          accessToken: string;
        };
        const direct = await fetch(`${url}/subscription/direct`, {
          method: 'POST',
          headers: { ...auth, 'x-unity-token': unity.accessToken },
          body: JSON.stringify({
            playerId: unity.playerId,
            planId: 'ANNUAL',
            subscriptionId: 'MANUAL-1',
            provider: 'MANUAL',
          }),
        });
        return { status: direct.status, body: (await direct.json()) as Record<string, unknown>, file };
      } finally {
        child.kill('SIGTERM');
        await exited;
      }
    }
    const strict = await manualActivation(harness, []);
    expect(strict.status).toBe(403);
    expect(strict.body).toEqual({ error: 'Manual activation is not enabled on this server' });
    expect(existsSync(strict.file)).toBe(false);
    const allowed = await manualActivation(harness, ['--allow-payment-bypass']);
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({ success: true });
  });

  test('a malformed fault spec is a usage error with a readable message', async () => {
    const result = await cli(['backend', '--port', '0', '--fault', 'cloud-save']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('cannot read fault "cloud-save"');
  });
});
