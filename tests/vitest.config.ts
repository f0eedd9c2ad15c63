import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { portalConfig } from '../build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root,
  define: {
    __PORTAL_CONFIG__: JSON.stringify(portalConfig('staging', { useEmulator: false })),
    DEV_BUILD: 'false',
    LOCALE_FILES: '{}',
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
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
