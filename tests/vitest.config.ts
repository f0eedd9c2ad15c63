import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { portalConfig } from '../build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root,
  define: {
    __PORTAL_CONFIG__: JSON.stringify(JSON.stringify(portalConfig('staging', { useEmulator: false }))),
    DEV_BUILD: 'false',
    LOCALE_FILES: JSON.stringify('{}'),
    PAYMENT_BYPASS: 'true',
    USE_AUTH_EMULATOR: 'false',
  },
  test: {
    reporters: ['default', './tests/support/vitest-timings.mjs'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          // Vitest 4 runs on half the cores by default: one worker on the
          // 2-core CI machine. Unit files share nothing, so use them all
          // (measured on 2 cores: 67 s on one worker, 41 s on two; threads
          // and forks within a second of each other, so the default forks). Each file keeps a fresh module graph
          // (isolate): without it the run took 36 s instead of 41 s and 58 tests failed, the stores being module
          // state shared across files.
          maxWorkers: '100%',
          sequence: { groupOrder: 0 },
          // The guide's budget of a test, not Vitest's 5 s: beside the engines' lanes a test that takes 1.5 s alone
          // took 5.1 s and failed on a slower machine (2026-11-29). Over 15 s a test is over its budget anyway.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          // After the unit files, at Vitest's default worker count: these
          // share one emulator and one backend.
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
