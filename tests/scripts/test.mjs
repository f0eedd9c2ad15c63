// npm test: typecheck, lint (eslint, prettier --check), unit and integration tests (vitest), the core journeys in
// Firefox ESR and WebKitGTK (tests/engines, npm run test:engines) and the journeys through a real host, a WebKitGTK web
// view with WKWebView's script message handler API (tests/hosts, npm run test:hosts), then the end-to-end tests
// (Playwright in Debian's Chromium). The journeys run beside the first three steps, in two lanes (LANES below).
// It ends with what the run cost: each step's time and each layer's slowest tests (docs/testing.md "The budget").
import { spawn } from 'node:child_process';
import {
  clearTimings,
  failedLines,
  isLongJourneyLayer,
  readTimings,
  slowestLines,
  TEST_BUDGET_MS,
} from '../support/timings.mjs';

const ENSURE_BROWSERS = `"${process.execPath}" tests/scripts/ensure-chromium.mjs && "${process.execPath}" tests/scripts/ensure-engines.mjs`;

/**
 * The engines' and the real host's journeys, in two lanes side by side: WebKit's journeys in one; Firefox's, then the
 * real host, in the other. Each lane alone uses about one of the two cores (WebDriver's round trips and the journeys'
 * waits on the clock leave the other idle), so they start once the browsers are there, beside typecheck, lint and the
 * unit tests, and are done before the end-to-end tests, which fill both cores. Each lane has its own stack and its
 * own first display number for xvfb-run (two xvfb-run -a started at once may pick the same one).
 */
const LANES = [
  [['engines: WebKit', 'node', ['tests/engines/run.mjs'], { ENGINES: 'webkit', XVFB_SERVER_NUM: '110' }]],
  [
    ['engines: Firefox', 'node', ['tests/engines/run.mjs'], { ENGINES: 'firefox', XVFB_SERVER_NUM: '140' }],
    ['real host: WebKitGTK', 'node', ['tests/hosts/run.mjs'], { XVFB_SERVER_NUM: '170' }],
  ],
];

const steps = [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['unit and integration tests', 'npx', ['vitest', 'run', '--config', 'tests/vitest.config.ts']],
  // Waits for the browsers installed meanwhile (below); run alone (`npm test browsers`), it installs them.
  ['browsers: Chromium, Firefox ESR, WebKitGTK', 'sh', ['-c', ENSURE_BROWSERS]],
  // Waits for the lanes started meanwhile; run alone (`npm test engines`), it runs them.
  ['engines and real host', LANES],
  ['end-to-end tests', 'npx', ['playwright', 'test', '--config', 'tests/playwright.config.ts']],
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The run's cost, printed last: a failed run shows it too, up to the step that failed, and then, last of all, the tests
 * that failed with the start of their errors (a CI log is read from its end, and the step's report is far above).
 */
function summary(times) {
  const lines = ['', '=== what the run cost ==='];
  for (const [name, ms, ok, parts = []] of times) {
    lines.push(`  ${seconds(ms).padStart(8)}  ${name}${ok ? '' : ' (failed)'}`);
    for (const [part, partMs, partOk] of parts)
      lines.push(
        `  ${seconds(partMs).padStart(8)}    ${part}${partOk ? '' : ' (failed)'}, side by side with the steps above`,
      );
  }
  lines.push(`  ${seconds(times.reduce((sum, [, ms]) => sum + ms, 0)).padStart(8)}  in all`);
  const over = [];
  const allowed = [];
  const timings = readTimings();
  for (const { layer, tests } of timings) {
    lines.push('', ...slowestLines(layer, tests));
    const long = tests.filter((t) => t.ms > TEST_BUDGET_MS).map((t) => `${layer}: ${t.file} › ${t.name}`);
    (isLongJourneyLayer(layer) ? allowed : over).push(...long);
  }
  const budget = `${TEST_BUDGET_MS / 1000} s`;
  if (over.length) lines.push('', `${over.length} over the ${budget} budget of one test:`, ...over);
  if (allowed.length)
    lines.push('', `${allowed.length} journeys over ${budget}, allowed by docs/testing.md "The budget":`, ...allowed);
  const failedStep = times.find(([, , ok, parts = []]) => !ok || parts.some(([, , partOk]) => !partOk));
  if (failedStep) {
    const failed = failedLines(timings);
    lines.push(
      '',
      failed.length
        ? 'the tests that failed:'
        : `no test failed in "${failedStep[0]}": its own output above says why (an error outside a test, a runner that did not start)`,
      ...failed,
    );
  }
  console.log(lines.join('\n'));
}

/**
 * The browsers a fresh machine lacks (Debian's Chromium, Firefox ESR, WebKitGTK: a minute or two of apt on a clean
 * machine, nothing once installed) are installed while typecheck, lint and the unit tests run: that wait is mostly
 * the network's. Its output is shown at the browsers step, where its step waits for it.
 */
function installBrowsersMeanwhile() {
  const child = spawn('sh', ['-c', ENSURE_BROWSERS], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, output })));
}

/** The lanes' processes still running: a run that stops early stops them too (each leads its process group). */
const running = new Set();
process.on('exit', () => {
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
});

/**
 * Runs a command with this process's output; resolves with its status. Not spawnSync: the lanes run meanwhile in this
 * process's event loop, their output read as it comes.
 */
function runInherited(command, args) {
  return new Promise((resolve) =>
    spawn(command, args, { stdio: 'inherit' }).on('close', (status) => resolve({ status })),
  );
}

/** Runs a command, its output kept for later; resolves with its status, output and time. */
function runQuietly(command, args, env) {
  const started = Date.now();
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
    detached: true,
  });
  running.add(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve) =>
    child.on('close', (status) => {
      running.delete(child);
      resolve({ status, output, ms: Date.now() - started });
    }),
  );
}

/**
 * Lanes side by side, the steps of each one after another (a lane stops at its first failure). Resolves with each
 * step's name, output, time and whether it passed, lane by lane.
 */
async function runLanes(lanes) {
  const lane = async (laneSteps) => {
    const done = [];
    for (const [name, command, args, env] of laneSteps) {
      const { status, output, ms } = await runQuietly(command, args, env);
      done.push({ name, output, ms, ok: status === 0 });
      if (status !== 0) break;
    }
    return done;
  };
  return (await Promise.all(lanes.map(lane))).flat();
}

const only = process.argv[2];
const times = [];
clearTimings();
const browsers = only ? null : installBrowsersMeanwhile();
// The lanes start as soon as the browsers are there (at once where they are installed already).
const lanes = browsers?.then((installed) => (installed.status === 0 ? runLanes(LANES) : null));
lanes?.catch(() => undefined);
for (const [name, command, args] of steps) {
  if (only && !name.startsWith(only)) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  let result;
  let parts;
  if (Array.isArray(command)) {
    const done = (await lanes) ?? (await runLanes(command));
    for (const part of done) {
      console.log(`\n--- ${part.name}: ${part.ok ? 'ok' : 'failed'} (${seconds(part.ms)}, side by side) ---`);
      process.stdout.write(part.output);
    }
    parts = done.map((part) => [part.name, part.ms, part.ok]);
    result = { status: done.every((part) => part.ok) ? 0 : 1 };
  } else if (name.startsWith('browsers') && browsers) {
    result = await browsers;
    process.stdout.write(result.output);
  } else result = await runInherited(command, args);
  const ms = Date.now() - started;
  times.push([name, ms, result.status === 0, parts]);
  if (result.status !== 0) {
    console.error(`\n${name} failed after ${seconds(ms)}`);
    summary(times);
    process.exit(result.status ?? 1);
  }
  console.log(`${name}: ok (${seconds(ms)})`);
}
summary(times);
