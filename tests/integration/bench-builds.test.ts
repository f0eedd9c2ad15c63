// Every build `npm run bench` makes (tests/bench/builds.ts), untimed: a bench that cannot build never lands again.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliProductionBuild, FLOOR_ENTRIES, servedBuilds, sizeBuilds } from '../bench/builds';

const out = mkdtempSync(join(tmpdir(), 'bench-builds-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const hasBundle = (dir: string) => readdirSync(dir).some((f) => /^app-.*\.js$/.test(f));

describe("the bench's builds", () => {
  it('weighs the production portal and its floor as deployed', async () => {
    const { portal, floor } = await sizeBuilds(out);
    for (const build of [portal, floor])
      expect(Object.keys(build.report ?? {}).some((file) => file.endsWith('.js'))).toBe(true);
  }, 120_000);

  it('serves the production portal and both floors against a local stack', async () => {
    const { portal, floors } = await servedBuilds(out, {
      authEmulatorUrl: 'http://127.0.0.1:9099',
      backendUrl: 'http://127.0.0.1:8787',
    });
    expect(Object.keys(floors).sort()).toEqual(Object.keys(FLOOR_ENTRIES).sort());
    for (const dir of [portal, ...Object.values(floors)]) {
      expect(existsSync(join(dir, 'index.html'))).toBe(true);
      expect(hasBundle(dir)).toBe(true);
    }
  }, 120_000);

  it("times build.mjs --env production as a deployer runs it, with the deployment's variables", () => {
    cliProductionBuild(process.cwd(), out);
    expect(hasBundle(join(out, 'bench-build'))).toBe(true);
  }, 120_000);
});
