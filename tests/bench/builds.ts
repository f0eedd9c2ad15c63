// Every build `npm run bench` makes, in one place: the bench runs them timed, and tests/unit/build/bench-builds.test.ts
// runs them untimed inside npm test, so a build the bench cannot make never lands again.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { buildPortal, portalConfig, type BuildConfig } from '../../build.mjs';

/** The floors: the dependency floor of the cold load, and the hand-off floor (docs/performance.md "Performance"). */
export const FLOOR_ENTRIES = {
  floor: 'tests/bench/floor/main.tsx',
  'handoff-floor': 'tests/bench/floor/handoff.tsx',
} as const;

/**
 * A deployment build names real endpoints: an https backend and a Firebase project that is not the emulator's demo-
 * one (build.mjs refuses both defaults). These placeholders are never reached: the size builds are only weighed. `out` is the folder every build goes under (dist/ for the bench).
 */
const PLACEHOLDER = {
  backendUrl: 'https://backend.dreambook.example',
  projectId: 'dreambook',
  authDomain: 'dreambook.firebaseapp.com',
};

/** The config of the size builds: production as deployed, with the placeholders above. */
function deployedConfig(): Partial<BuildConfig> {
  return {
    backendUrl: PLACEHOLDER.backendUrl,
    firebase: {
      ...portalConfig('production').firebase,
      projectId: PLACEHOLDER.projectId,
      authDomain: PLACEHOLDER.authDomain,
    },
  };
}

/** The environment `node build.mjs --env production` is timed in: the same placeholders, as variables. */
function deployedBuildEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORTAL_BACKEND_URL: PLACEHOLDER.backendUrl,
    PORTAL_USE_EMULATOR: 'false',
    FIREBASE_PROJECT_ID: PLACEHOLDER.projectId,
    FIREBASE_AUTH_DOMAIN: PLACEHOLDER.authDomain,
  };
}

/** The production portal and its floor as deployed, weighed by the bench's size rows. */
export async function sizeBuilds(out: string) {
  const config = deployedConfig();
  const portal = await buildPortal({ flavour: 'production', outdir: join(out, 'bench-portal'), config, quiet: true });
  const floor = await buildPortal({
    flavour: 'production',
    outdir: join(out, 'bench-floor'),
    config,
    quiet: true,
    entry: FLOOR_ENTRIES.floor,
  });
  return { portal, floor };
}

/**
 * The production portal and both floors built against a local stack (loopback, the emulator): `localStack` builds are
 * never deployable (build.mjs), which is what lets them name the emulator. Returns each output folder.
 */
export async function servedBuilds(out: string, overrides: Partial<BuildConfig>) {
  const config: Partial<BuildConfig> = { localStack: true, useEmulator: true, ...overrides };
  const floors: Record<string, string> = {};
  for (const [name, entry] of Object.entries(FLOOR_ENTRIES)) {
    const dir = join(out, `bench-served-${name}`);
    await buildPortal({ flavour: 'production', outdir: dir, config, quiet: true, entry });
    floors[name] = dir;
  }
  const portal = join(out, 'bench-served-portal');
  await buildPortal({ flavour: 'production', outdir: portal, config, quiet: true });
  return { portal, floors };
}

/** `node build.mjs --env production` as a deployer runs it, from the project `root` (the timed build-time row). */
export function cliProductionBuild(root: string, out: string): void {
  execFileSync(process.execPath, ['build.mjs', '--env', 'production', '--outdir', join(out, 'bench-build')], {
    cwd: root,
    stdio: 'pipe',
    env: deployedBuildEnv(),
  });
}
