#!/usr/bin/env node
// npm run test:engines: installs Firefox ESR, WebKitGTK's WebDriver and Xvfb when missing, then runs the journeys in
// both engines under a virtual display (WebKitGTK needs one; Firefox runs headless). Extra arguments go to vitest.
import { spawnSync } from 'node:child_process';

const ensure = spawnSync(process.execPath, ['tests/scripts/ensure-engines.mjs'], { stdio: 'inherit' });
if (ensure.status !== 0) process.exit(ensure.status ?? 1);

const vitest = ['vitest', 'run', '--config', 'tests/engines/vitest.config.ts', ...process.argv.slice(2)];
const started = Date.now();
const result = spawnSync('xvfb-run', ['-a', '-s', '-screen 0 1920x1080x24', 'npx', ...vitest], { stdio: 'inherit' });
console.log(`engines: ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(result.status ?? 1);
