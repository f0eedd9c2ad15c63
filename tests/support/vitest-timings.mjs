// A vitest reporter beside the default one: at the end of the run, each project's slowest tests (and any that passed
// only on a retry), and every test's time in test-results/timings/<project>.json for npm test's summary.
// Configured by path, `[['./tests/support/vitest-timings.mjs', { layer }]]`; `layer` names a project without a name.
import { relative } from 'node:path';
import { firstErrorLine, slowestLines, writeTimings } from './timings.mjs';

/** @implements {import('vitest/node').Reporter} */
export default class TimingsReporter {
  /** @param {{ layer?: string }} [options] */
  constructor(options = {}) {
    this.layer = options.layer ?? 'vitest';
  }

  /**
   * @param {ReadonlyArray<import('vitest/node').TestModule>} modules
   * @param {ReadonlyArray<{ message?: string }>} [unhandledErrors] errors from no test, which fail the run too
   */
  onTestRunEnd(modules, unhandledErrors = []) {
    /** @type {Map<string, import('./timings.mjs').TestTiming[]>} */
    const byLayer = new Map();
    for (const module of modules) {
      const layer = module.project.name || this.layer;
      const file = relative(process.cwd(), module.moduleId);
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'skipped' || result.state === 'pending') continue;
        const diagnostic = test.diagnostic();
        const timings = byLayer.get(layer) ?? [];
        timings.push({
          name: test.fullName,
          file,
          ms: Math.round(diagnostic?.duration ?? 0),
          retries: diagnostic?.retryCount ?? 0,
          status: result.state,
          error: result.state === 'failed' ? firstErrorLine(result.errors?.[0]?.message) : undefined,
        });
        byLayer.set(layer, timings);
      }
    }
    // A module that failed to load has no tests: its error is one from no test, as an unhandled one is.
    const errors = [
      ...unhandledErrors.map((e) => firstErrorLine(e.message ?? String(e))),
      ...modules.flatMap((m) => m.errors().map((e) => firstErrorLine(`${m.moduleId}: ${e.message}`))),
    ].filter((e) => e !== undefined);
    let unsaid = errors;
    for (const [layer, tests] of byLayer) {
      // The first layer's file says them, once: the run is one, and which project threw them is not known.
      writeTimings(layer, tests, unsaid);
      unsaid = [];
      console.log(`\n${slowestLines(layer, tests).join('\n')}`);
    }
  }
}
