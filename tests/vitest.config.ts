import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { configDefines, portalConfig } from '../build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The unit test files, below the root: every *.test.ts and *.test.tsx of tests/unit. */
const unitFiles = readdirSync(join(root, 'tests/unit'), { recursive: true })
  .map(String)
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => join('tests/unit', file));
/**
 * The unit files that run in a jsdom window of their own (their `@vitest-environment jsdom` docblock): the components
 * and the stores. A file that replaces `window.location` or a property of `performance` says `unit pool: forks` under
 * that line: in its own window jsdom keeps them as browsers do ("Cannot redefine property: location").
 */
const domFiles = unitFiles.filter((file) => {
  const source = readFileSync(join(root, file), 'utf8');
  return source.includes('@vitest-environment jsdom') && !source.includes('unit pool: forks');
});

/** What the unit layer's two projects share: the setup, the workers, the budget of a test, the order among projects. */
const unit = {
  setupFiles: ['tests/unit/setup.ts'],
  // Vitest 4 runs on half the cores by default: one worker on the
  // 2-core CI machine. Unit files share nothing, so use them all
  // (measured on 2 cores: 67 s on one worker, 41 s on two; threads
  // and forks within a second of each other, so the default forks). Each file keeps a fresh module graph
  // (isolate): without it the run took 36 s instead of 41 s and 58 tests failed, the stores being module
  // state shared across files.
  maxWorkers: '100%',
  // The guide's budget of a test, not Vitest's 5 s: beside the engines' lanes a test that takes 1.5 s alone
  // took 5.1 s and failed on a slower machine (2026-11-29). Over 15 s a test is over its budget anyway.
  testTimeout: 15_000,
  sequence: { groupOrder: 0 },
};

export default defineConfig({
  root,
  define: {
    ...configDefines(portalConfig('staging', { useEmulator: false })),
    DEV_BUILD: 'false',
    LOCALE_TAGS: JSON.stringify('[]'),
    LOCALE_HASH: JSON.stringify(''),
    LOCALE_PAGES: 'false',
    PAYMENT_BYPASS: 'true',
    USE_AUTH_EMULATOR: 'false',
  },
  test: {
    reporters: ['default', './tests/support/vitest-timings.mjs'],
    projects: [
      {
        extends: true,
        test: {
          ...unit,
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: domFiles,
        },
      },
      {
        extends: true,
        test: {
          ...unit,
          name: 'unit-dom',
          include: domFiles,
          // Each file in a VM context of its own (a fresh module graph and a fresh jsdom window, as isolate gives),
          // in forks that live on: jsdom is loaded once a worker, not once a file. In the forks pool every file paid
          // jsdom's import, 2.5 s beside the lanes: Vitest counted 150 s of "environment" for 41 files (2026-11-29).
          pool: 'vmForks',
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
