// knip (npm run lint): unused files, dependencies and exports, in two runs.
// - `knip`: the whole project, the tests counted as users. Finds dead files, dead exports and unused packages.
// - `knip --production`: the product alone (the portal, the bridge, the CLI with the harness it serves, the build):
//   an export of src/ or bridge/ that only tests reach is a seam left for them, and is reported.
// Entries that no import names are listed with why they are entries; what is kept on purpose says why.
import type { KnipConfig } from 'knip';

const production = process.argv.includes('--production');

const config: KnipConfig = {
  workspaces: {
    '.': {
      entry: [
        // The portal's one entry (build.mjs builds from it).
        'src/main.tsx!',
        // The signed-in pages' warm-up: an entry point of the build of its own, named by their HTML, imported by
        // nothing (WARM_UP in tools/build/pages.mjs).
        'src/chunks/warm-up.ts!',
        // build.mjs resolves routes/dev-routes to this file outside development builds (plugin without-dev-routes).
        'src/routes/no-dev-routes.ts!',
        // The CLI: bin.mjs bundles cli/index.ts on the fly (buildCli), so no import names it.
        'cli/index.ts!',
        // npm run deploy (README, docs/deploy.md): the whole project's run reads package.json's scripts, the product's
        // run only `start`.
        ...(production ? ['cli/deploy.mjs!'] : []),
        // The PayPal SDK stand-in's browser script: bundled by harness/paypal/sdk-server.ts from its path.
        'harness/paypal/sdk/stand-in.ts!',
        // The test runners and the bench that package.json's scripts start through a runner knip does not read.
        'tests/scripts/*.mjs',
        'tests/bench/bench.ts',
        'tests/bench/lighthouse.ts',
        'tests/bench/floor/*.tsx',
        'tests/engines/vitest.config.ts',
        'tests/hosts/vitest.config.ts',
      ],
      project: [
        'src/**/*.{ts,tsx}!',
        'harness/**/*.ts!',
        // Stand-ins only the tests and the bench start (Google's scripts, a static server, the phones' user agents): in
        // harness/ beside the others, but no CLI command serves them, so they are not the product.
        '!harness/{gapi-stand-in,static-server,user-agents}.ts!',
        'cli/**/*.{ts,mjs}!',
        'tools/build/*.mjs!',
        'tests/**/*.{ts,tsx,mjs}',
      ],
      // Commands the test scripts run on the machine, not packages: apt-get installs the browsers, openssl makes the
      // engines' proxy certificate.
      ignoreBinaries: ['apt-get', 'openssl'],
    },
    // The bridge's entries are its package.json exports.
    bridge: {
      project: ['**/*.ts!'],
    },
    'tools/lint': {
      // typescript-eslint's parser needs ts-api-utils at the version the root's overrides pin; nothing imports it.
      ignoreDependencies: ['ts-api-utils'],
    },
  },
  // In the product's run only: the harness is the tests' API as much as the CLI's, and the build's helpers are tested
  // one by one, so their exports that only tests use are their purpose (the whole project's run still reports those
  // nothing uses).
  ignoreIssues: production ? { 'harness/**': ['exports', 'types'], 'tools/build/**': ['exports', 'types'] } : {},
};

export default config;
