// A vitest reporter beside the default one: at the end of the run, each project's slowest tests (and any that passed
// only on a retry), and every test's time in test-results/timings/<project>.json for npm test's summary.
// Configured by path, `[['./tests/support/vitest-timings.mjs', { layer }]]`; `layer` names a project without a name.
import { relative } from 'node:path';
import { slowestLines, writeTimings } from './timings.mjs';

/** @implements {import('vitest/node').Reporter} */
export default class TimingsReporter {
  /** @param {{ layer?: string }} [options] */
  constructor(options = {}) {
    this.layer = options.layer ?? 'vitest';
  }

  /** @param {ReadonlyArray<import('vitest/node').TestModule>} modules */
  onTestRunEnd(modules) {
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
        });
        byLayer.set(layer, timings);
      }
    }
    for (const [layer, tests] of byLayer) {
      writeTimings(layer, tests);
      console.log(`\n${slowestLines(layer, tests).join('\n')}`);
    }
  }
}
