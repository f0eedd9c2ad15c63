// npm test: typecheck, lint (eslint, prettier --check), unit and integration tests (vitest), end-to-end tests (Playwright in Debian's Chromium), then
// the core journeys in Firefox ESR and WebKitGTK (tests/engines, npm run test:engines), then the journeys through a
// real host, a WebKitGTK web view with WKWebView's script message handler API (tests/hosts, npm run test:hosts).
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['unit and integration tests', 'npx', ['vitest', 'run', '--config', 'tests/vitest.config.ts']],
  ['Chromium', 'node', ['tests/scripts/ensure-chromium.mjs']],
  ['end-to-end tests', 'npx', ['playwright', 'test', '--config', 'tests/playwright.config.ts']],
  ['engines: Firefox and WebKit', 'node', ['tests/engines/run.mjs']],
  ['real host: WebKitGTK', 'node', ['tests/hosts/run.mjs']],
];

const only = process.argv[2];
for (const [name, command, args] of steps) {
  if (only && !name.startsWith(only)) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n${name} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`${name}: ok (${seconds} s)`);
}
