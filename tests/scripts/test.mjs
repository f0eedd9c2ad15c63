// npm test: typecheck, lint (eslint, prettier --check), unit and integration tests (vitest), end-to-end tests (Playwright in Debian's Chromium), then
// the core journeys in Firefox ESR and WebKitGTK (tests/engines, npm run test:engines), then the journeys through a
// real host, a WebKitGTK web view with WKWebView's script message handler API (tests/hosts, npm run test:hosts).
// It ends with what the run cost: each step's time and each layer's slowest tests (docs/testing.md "The budget").
import { spawn, spawnSync } from 'node:child_process';
import { clearTimings, LONG_JOURNEY_LAYERS, readTimings, slowestLines, TEST_BUDGET_MS } from '../support/timings.mjs';

const ENSURE_BROWSERS = `"${process.execPath}" tests/scripts/ensure-chromium.mjs && "${process.execPath}" tests/scripts/ensure-engines.mjs`;

const steps = [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['unit and integration tests', 'npx', ['vitest', 'run', '--config', 'tests/vitest.config.ts']],
  // Waits for the browsers installed meanwhile (below); run alone (`npm test browsers`), it installs them.
  ['browsers: Chromium, Firefox ESR, WebKitGTK', 'sh', ['-c', ENSURE_BROWSERS]],
  ['end-to-end tests', 'npx', ['playwright', 'test', '--config', 'tests/playwright.config.ts']],
  ['engines: Firefox and WebKit', 'node', ['tests/engines/run.mjs']],
  ['real host: WebKitGTK', 'node', ['tests/hosts/run.mjs']],
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The run's cost, printed last: a failed run shows it too, up to the step that failed. */
function summary(times) {
  const lines = ['', '=== what the run cost ==='];
  for (const [name, ms, ok] of times) lines.push(`  ${seconds(ms).padStart(8)}  ${name}${ok ? '' : ' (failed)'}`);
  lines.push(`  ${seconds(times.reduce((sum, [, ms]) => sum + ms, 0)).padStart(8)}  in all`);
  const over = [];
  const allowed = [];
  for (const { layer, tests } of readTimings()) {
    lines.push('', ...slowestLines(layer, tests));
    const long = tests.filter((t) => t.ms > TEST_BUDGET_MS).map((t) => `${layer}: ${t.file} › ${t.name}`);
    (LONG_JOURNEY_LAYERS.includes(layer) ? allowed : over).push(...long);
  }
  const budget = `${TEST_BUDGET_MS / 1000} s`;
  if (over.length) lines.push('', `${over.length} over the ${budget} budget of one test:`, ...over);
  if (allowed.length)
    lines.push('', `${allowed.length} journeys over ${budget}, allowed by docs/testing.md "The budget":`, ...allowed);
  console.log(lines.join('\n'));
}

/**
 * The browsers a fresh machine lacks (Debian's Chromium, Firefox ESR, WebKitGTK: a minute or two of apt on a clean
 * machine, nothing once installed) are installed while typecheck, lint and the unit tests run: that wait is mostly
 * the network's. Its output is shown at the browsers step, where its step waits for it.
 */
function installBrowsersMeanwhile() {
  const child = spawn(
    'sh',
    [
      '-c',
      `"${process.execPath}" tests/scripts/ensure-chromium.mjs && "${process.execPath}" tests/scripts/ensure-engines.mjs`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, output })));
}

const only = process.argv[2];
const times = [];
clearTimings();
const browsers = only ? null : installBrowsersMeanwhile();
for (const [name, command, args] of steps) {
  if (only && !name.startsWith(only)) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  let result;
  if (name.startsWith('browsers') && browsers) {
    result = await browsers;
    process.stdout.write(result.output);
  } else result = spawnSync(command, args, { stdio: 'inherit' });
  const ms = Date.now() - started;
  times.push([name, ms, result.status === 0]);
  if (result.status !== 0) {
    console.error(`\n${name} failed after ${seconds(ms)}`);
    summary(times);
    process.exit(result.status ?? 1);
  }
  console.log(`${name}: ok (${seconds(ms)})`);
}
summary(times);
