// The cost of the suite, kept where `npm test` can sum it up: each layer's reporter writes every test's time to
// test-results/timings/<layer>.json, and tests/scripts/test.mjs prints the steps' times and each layer's slowest.
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const TIMINGS_DIR = join(import.meta.dirname, '../../test-results/timings');
/** How many of each layer's slowest tests `npm test` prints. */
const SLOWEST = 15;
/** The suite's budget for one test (docs/testing.md "The budget"). */
export const TEST_BUDGET_MS = 15_000;
/**
 * The layers whose journeys may take longer, named with their reason in docs/testing.md "The budget": each is a whole
 * browser session of one engine (or the real host app) through several pages, on the wall clock.
 */
const LONG_JOURNEY_LAYERS = ['engines', 'hosts'];

/** Whether `layer` is one of LONG_JOURNEY_LAYERS, or one engine's part of it (`engines-webkit`, ENGINES=webkit). */
export const isLongJourneyLayer = (layer) => LONG_JOURNEY_LAYERS.some((l) => layer === l || layer.startsWith(`${l}-`));

/**
 * @typedef {{ name: string, file: string, ms: number, retries: number, status: string, error?: string }} TestTiming
 * One test's time: `ms` is its last attempt's, `retries` how many attempts came before it; `error` is the start of a
 * failed test's first error (`firstErrorLine`).
 */

/** How much of a failed test's error the summary repeats: its first line, cut to this many characters. */
const ERROR_CHARS = 300;

/** The start of an error's message, without colours: what npm test's summary repeats under a failed test's name. */
export function firstErrorLine(message) {
  if (!message) return undefined;
  const line =
    String(message)
      .replace(/\u001b\[[0-9;]*m/g, '')
      .trim()
      .split('\n')[0] ?? '';
  return line.length > ERROR_CHARS ? `${line.slice(0, ERROR_CHARS - 3)}...` : line;
}

/** Forgets the timings of earlier runs (npm test does, before its first step). */
export function clearTimings() {
  rmSync(TIMINGS_DIR, { recursive: true, force: true });
}

/**
 * Writes one layer's timings (a run of a layer replaces its earlier file), and the start of each error that came from
 * no test (`errors`: an unhandled rejection, a file that did not load), which fail a run as a failed test does.
 */
export function writeTimings(layer, tests, errors = []) {
  mkdirSync(TIMINGS_DIR, { recursive: true });
  writeFileSync(join(TIMINGS_DIR, `${layer}.json`), JSON.stringify({ layer, tests, errors }, null, 1));
}

/** Every layer's timings written since the folder was last emptied. */
export function readTimings() {
  let files;
  try {
    files = readdirSync(TIMINGS_DIR).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(join(TIMINGS_DIR, f), 'utf8')));
}

/** The slowest `n` tests, slowest first. */
function slowest(tests, n = SLOWEST) {
  return [...tests].sort((a, b) => b.ms - a.ms).slice(0, n);
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The lines a layer's reporter prints at its end: its slowest tests, and the tests that needed a retry. */
export function slowestLines(layer, tests, n = SLOWEST) {
  const lines = [`${layer}: the ${Math.min(n, tests.length)} slowest of ${tests.length} tests`];
  for (const t of slowest(tests, n))
    lines.push(
      `  ${seconds(t.ms).padStart(7)}${t.ms > TEST_BUDGET_MS ? ` (over 15 s${isLongJourneyLayer(layer) ? ', allowed' : ''})` : ''}  ${t.file} › ${t.name}`,
    );
  const retried = tests.filter((t) => t.retries > 0);
  if (retried.length) {
    lines.push(`${layer}: ${retried.length} passed only on a retry (flaky is failing):`);
    for (const t of retried) lines.push(`  ${t.file} › ${t.name}`);
  }
  return lines;
}

/**
 * The tests that failed, each layer's, with the start of their errors: npm test prints them last, where a run's
 * output is read first (a CI log shown from its end).
 */
export function failedLines(timings) {
  const lines = [];
  for (const { layer, tests, errors = [] } of timings) {
    for (const t of tests.filter((test) => test.status === 'failed' || test.status === 'timedOut')) {
      lines.push(`  ${layer}: ${t.file} › ${t.name}`);
      if (t.error) lines.push(`      ${t.error}`);
    }
    for (const error of errors) lines.push(`  ${layer}: an error outside any test`, `      ${error}`);
  }
  return lines;
}
