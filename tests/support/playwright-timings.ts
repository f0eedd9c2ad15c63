// A Playwright reporter beside the list reporter: at the end, the run's slowest tests (each test's last attempt) and
// the tests that passed only on a retry, and every test's time in test-results/timings/e2e.json for npm test.
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { firstErrorLine, slowestLines, writeTimings, type TestTiming } from './timings.mjs';

export default class TimingsReporter implements Reporter {
  private readonly tests = new Map<TestCase, TestTiming>();

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'skipped') return;
    this.tests.set(test, {
      name: test.titlePath().slice(3).join(' › '),
      file: test.location.file.replace(`${process.cwd()}/`, ''),
      ms: result.duration,
      retries: result.retry,
      status: result.status,
      error: result.status === 'passed' ? undefined : firstErrorLine(result.error?.message),
    });
  }

  onEnd(): void {
    const tests = [...this.tests.values()];
    writeTimings('e2e', tests);
    console.log(`\n${slowestLines('e2e', tests).join('\n')}`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
