import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The engine journeys (npm run test:engines): one file, one stack, the engines one after the other, no retries.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    // One engine alone (ENGINES=webkit, as npm test's lanes run them) is a layer of its own in npm test's summary.
    name: process.env.ENGINES ? `engines-${process.env.ENGINES}` : 'engines',
    environment: 'node',
    include: ['tests/engines/**/*.test.ts'],
    fileParallelism: false,
    retry: 0,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    reporters: [
      'verbose',
      [
        './tests/support/vitest-timings.mjs',
        { layer: process.env.ENGINES ? `engines-${process.env.ENGINES}` : 'engines' },
      ],
    ],
  },
});
