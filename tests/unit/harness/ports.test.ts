// The stack's ports are written once (tools/build/default-ports.mjs): the values CONTRACT.md fixes, read by build.mjs,
// the stack and the CLI alike.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { portalConfig } from '../../../build.mjs';
import { projectRoot } from '../../../harness/paths';
import { configuredPort, DEFAULT_PORTS, loopbackUrl, PORT_VARIABLES, stackPort } from '../../../harness/ports';

afterEach(() => {
  vi.unstubAllEnvs();
});

function unset(...names: string[]) {
  for (const name of names) vi.stubEnv(name, '');
}

describe('DEFAULT_PORTS and PORT_VARIABLES', () => {
  it('are the ports and variables of CONTRACT.md "The local stack"', () => {
    expect(DEFAULT_PORTS).toEqual({ portal: 5173, backend: 8787, auth: 9099, desktop: 5662, liveReload: 0 });
    expect(PORT_VARIABLES).toEqual({
      portal: 'PORTAL_PORT',
      backend: 'BACKEND_PORT',
      auth: 'AUTH_EMULATOR_PORT',
      desktop: 'DESKTOP_PORT',
      liveReload: 'LIVE_RELOAD_PORT',
    });
  });

  it('are what build.mjs gives the portal when the variables are unset, and the variables win when set', () => {
    unset(
      'BACKEND_PORT',
      'AUTH_EMULATOR_PORT',
      'DESKTOP_PORT',
      'PORTAL_BACKEND_URL',
      'PORTAL_AUTH_EMULATOR_URL',
      'PAYPAL_SDK_BASE_URL',
    );
    const config = portalConfig('staging');
    expect(config.desktopPort).toBe(DEFAULT_PORTS.desktop);
    expect(config.backendUrl).toBe(loopbackUrl(DEFAULT_PORTS.backend));
    expect(config.authEmulatorUrl).toBe(loopbackUrl(DEFAULT_PORTS.auth));
    vi.stubEnv('DESKTOP_PORT', '41234');
    vi.stubEnv('BACKEND_PORT', '41235');
    expect(portalConfig('staging')).toMatchObject({ desktopPort: 41234, backendUrl: 'http://127.0.0.1:41235' });
  });

  it('are written nowhere else in harness/, cli/ or build.mjs', () => {
    const root = projectRoot();
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? files(path) : /\.(ts|mts|mjs|js)$/.test(name) ? [path] : [];
      });
    const defaults = new RegExp(`\\b(${Object.values(DEFAULT_PORTS).filter(Boolean).join('|')})\\b`);
    const offenders = [...files(join(root, 'harness')), ...files(join(root, 'cli')), join(root, 'build.mjs')]
      .map((path) => relative(root, path))
      .filter(
        (path) =>
          !path.startsWith('tools/build/default-ports.') && defaults.test(readFileSync(join(root, path), 'utf8')),
      );
    expect(offenders).toEqual([]);
  });
});

describe('configuredPort', () => {
  it('is the variable when set, else the default, and names the variable when it is not a port', () => {
    unset('BACKEND_PORT');
    expect(configuredPort('backend')).toBe(8787);
    vi.stubEnv('BACKEND_PORT', '18787');
    expect(configuredPort('backend')).toBe(18787);
    vi.stubEnv('BACKEND_PORT', '99999');
    expect(() => configuredPort('backend')).toThrow('BACKEND_PORT: "99999" is not a port');
    vi.stubEnv('BACKEND_PORT', 'x');
    expect(() => configuredPort('backend')).toThrow('BACKEND_PORT: "x" is not a port');
  });
});

describe('stackPort', () => {
  it('takes the requested port first, then the variable, then the default; 0 picks a free port', async () => {
    unset('DESKTOP_PORT', 'LIVE_RELOAD_PORT');
    await expect(stackPort('desktop', 41000)).resolves.toBe(41000);
    await expect(stackPort('desktop')).resolves.toBe(5662);
    vi.stubEnv('DESKTOP_PORT', '41001');
    await expect(stackPort('desktop')).resolves.toBe(41001);
    const free = await stackPort('liveReload');
    expect(free).toBeGreaterThan(0);
    await expect(stackPort('desktop', 70000)).rejects.toThrow('70000 is not a port');
  });
});
