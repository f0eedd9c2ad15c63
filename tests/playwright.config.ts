import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from '../harness/browser';

// Runs started side by side (developers, helpers) must not delete each other's artifacts: one folder per run.
process.env.E2E_RUN_ID ??= `${Date.now()}-${process.pid}`;

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  // Two, measured on the 2-core CI machine, quiet, 253 tests: 6.8 min on
  // two workers, 7.2 min on three (the browsers fill the cores).
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./support/playwright-timings.ts']],
  outputDir: `../test-results/${process.env.E2E_RUN_ID}`,
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: chromiumLaunchOptions(),
    baseURL: process.env.PORTAL_URL,
    // Recording a trace costs every test a sixth to a quarter of its time (DOM snapshots at each action), even when
    // it is thrown away: CI records one on the retry of a failed test (which fails the run anyway, docs/testing.md);
    // a developer's run, which has no retry, keeps the trace of any failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
