#!/usr/bin/env node
// The real-host journeys (docs/testing.md "Host webviews"): installs WebKitGTK's GObject bindings, python3-gi and Xvfb
// when missing (tests/scripts/ensure-engines.mjs), then runs tests/hosts under a virtual display. Extra arguments go to
// vitest.
import { spawnSync } from 'node:child_process';

const ensure = spawnSync(process.execPath, ['tests/scripts/ensure-engines.mjs'], { stdio: 'inherit' });
if (ensure.status !== 0) process.exit(ensure.status ?? 1);

const vitest = ['vitest', 'run', '--config', 'tests/hosts/vitest.config.ts', ...process.argv.slice(2)];
// npm test runs two lanes side by side (tests/scripts/test.mjs), each with its own first display number to try:
// xvfb-run -a started twice at once may both pick the same free one.
const started = Date.now();
const result = spawnSync(
  'xvfb-run',
  ['-a', '-n', process.env.XVFB_SERVER_NUM ?? '99', '-s', '-screen 0 1280x900x24', 'npx', ...vitest],
  { stdio: 'inherit' },
);
console.log(`real hosts: ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(result.status ?? 1);
