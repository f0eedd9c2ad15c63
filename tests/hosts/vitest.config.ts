import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The real-host journeys (tests/hosts/run.mjs, a step of npm test): one file, one stack, no retries.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'hosts',
    environment: 'node',
    include: ['tests/hosts/**/*.test.ts'],
    fileParallelism: false,
    retry: 0,
    testTimeout: 150_000,
    hookTimeout: 180_000,
    reporters: ['verbose', ['./tests/support/vitest-timings.mjs', { layer: 'hosts' }]],
  },
});
