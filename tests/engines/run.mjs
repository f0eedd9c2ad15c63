#!/usr/bin/env node
// npm run test:engines: installs Firefox ESR, WebKitGTK's WebDriver and Xvfb when missing, then runs the journeys in
// both engines under a virtual display (WebKitGTK needs one; Firefox runs headless). Extra arguments go to vitest.
import { spawnSync } from 'node:child_process';

const ensure = spawnSync(process.execPath, ['tests/scripts/ensure-engines.mjs'], { stdio: 'inherit' });
if (ensure.status !== 0) process.exit(ensure.status ?? 1);

const vitest = ['vitest', 'run', '--config', 'tests/engines/vitest.config.ts', ...process.argv.slice(2)];
// npm test runs two lanes side by side (tests/scripts/test.mjs), each with its own first display number to try:
// xvfb-run -a started twice at once may both pick the same free one.
const started = Date.now();
const result = spawnSync(
  'xvfb-run',
  ['-a', '-n', process.env.XVFB_SERVER_NUM ?? '99', '-s', '-screen 0 1920x1080x24', 'npx', ...vitest],
  { stdio: 'inherit' },
);
console.log(`engines: ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(result.status ?? 1);
