// The house rules (docs/testing.md "Tests", docs/architecture.md "House rules that run"): layer boundaries, no import
// cycles, hooks, accessibility, no JSX text outside the message catalogue. Not type-aware: the whole lint stays a few
// seconds on 2 cores.
import { createNodeResolver, globals, importX, jsxA11y, playwright, react, reactHooks, tseslint } from '@portal/lint';

const code = ['**/*.{ts,tsx,mjs,js}'];

// Package boundaries by `no-restricted-imports`, one entry per file: flat config replaces a rule's options rather than merging
// them, so each directory gets the whole list of what it may not import, in one block with its own `files`.
const firebase = { regex: '^@?firebase(/|$)', message: 'Boundary: firebase is imported only in src/auth.' };
const paypal = {
  regex: '^@paypal/paypal-js(/|$)',
  message: 'Boundary: @paypal/paypal-js is imported only in src/payments.',
};
const domainPackages = {
  regex: '^[^.]',
  message:
    'Boundary: src/domain imports only src/domain (and types from src/config): pure functions, no packages, no I/O.',
};
const domainConfig = {
  regex: '^(\\.\\./)+config/',
  allowTypeImports: true,
  message: 'Boundary: src/domain takes only types from src/config; the values come in as arguments.',
};
// src names the bridge by its package, never by a path into bridge/ (it is an npm workspace handed to host teams).
const relativeBridge = {
  regex: '^(\\.\\./)+bridge(/|$)',
  message: 'Boundary: src imports the bridge by its package name, @home-design/portal-bridge, never by a path.',
};
// The routes reach the stores through the router context: one file says what the routes may call.
const routesState = {
  regex: '^(\\.\\./)+state(/|$)',
  message: 'Boundary: only src/routes/context.ts imports a store; the routes reach them through the router context.',
};
const packageBoundaries = [
  { files: ['src/auth/**/*.{ts,tsx}'], patterns: [paypal, relativeBridge] },
  { files: ['src/payments/**/*.{ts,tsx}'], patterns: [firebase, relativeBridge] },
  { files: ['src/domain/**/*.{ts,tsx}'], patterns: [domainPackages, domainConfig] },
  {
    files: ['src/routes/**/*.{ts,tsx}'],
    ignores: ['src/routes/context.ts'],
    patterns: [firebase, paypal, relativeBridge, routesState],
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/auth/**', 'src/payments/**', 'src/domain/**', 'src/routes/**'],
    patterns: [firebase, paypal, relativeBridge],
  },
  { files: ['src/routes/context.ts', 'bridge/**/*.ts'], patterns: [firebase, paypal, relativeBridge] },
];

// Globals that only one place may touch: fetch (src/api), the Web Storage areas (src/state/storage.ts, which survives
// a storage that throws) and, in src/domain, the clock (time is passed in, so the rules are pure and testable).
const onlyApi = 'Boundary: only src/api calls fetch (api/client.ts).';
const onlyStorage = 'Boundary: localStorage and sessionStorage only through src/state/storage.ts.';
const fetchRule = {
  globals: [{ name: 'fetch', message: onlyApi }],
  properties: ['window', 'globalThis'].map((object) => ({ object, property: 'fetch', message: onlyApi })),
};
const storageRule = {
  globals: ['localStorage', 'sessionStorage'].map((name) => ({ name, message: onlyStorage })),
  properties: ['window', 'globalThis'].flatMap((object) =>
    ['localStorage', 'sessionStorage'].map((property) => ({ object, property, message: onlyStorage })),
  ),
};
const clockRule = {
  globals: [],
  properties: [{ object: 'Date', property: 'now', message: 'Boundary: src/domain takes the time as an argument.' }],
};
const globalBoundaries = [
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/api/**', 'src/state/storage.ts', 'src/domain/**'],
    rules: [fetchRule, storageRule],
  },
  { files: ['src/domain/**/*.{ts,tsx}'], rules: [fetchRule, storageRule, clockRule] },
  { files: ['src/api/**/*.{ts,tsx}'], rules: [storageRule] },
  { files: ['src/state/storage.ts'], rules: [fetchRule] },
];

// Directory boundaries by resolved path (a relative path alone cannot tell src/auth from src/ui/auth).
const zones = [
  {
    target: './src/ui',
    from: ['./src/api', './src/auth', './src/payments'],
    message: 'Boundary: src/ui never imports src/api, src/auth or src/payments; go through src/state.',
  },
  {
    target: './src/domain',
    from: './src',
    except: ['./domain', './config'],
    message: 'Boundary: src/domain imports only src/domain (and types from src/config): pure functions, no I/O.',
  },
  {
    target: './src/state',
    from: ['./src/ui', './src/routes'],
    message:
      'Boundary: src/state never imports src/ui or src/routes; pages and routes read the stores, not the other way.',
  },
  {
    target: ['./src/api', './src/auth', './src/payments'],
    from: './src/state',
    message:
      'Boundary: src/api, src/auth and src/payments never import src/state; the stores call them and pass in what they need.',
  },
  {
    target: './src/routes',
    from: './src/api',
    message: 'Boundary: src/routes never imports src/api; loaders start loads through the stores (routes/context.ts).',
  },
  {
    target: ['./src/api', './src/auth', './src/payments'],
    from: './src/ui',
    message:
      'Boundary: src/api, src/auth and src/payments never import src/ui; they return data and errors, not screens.',
  },
  {
    target: ['./src/!(state)/**', './src/*.{ts,tsx}', './src/state/*.ts'],
    from: './src/state/handoff',
    except: ['./index.ts'],
    message: 'Boundary: outside src/state/handoff/, the hand-off is imported through its index.ts only.',
  },
  // The local backend's two sides (docs/harness.md): the merchant backend talks to PayPal as a real one would, through its
  // REST client, and PayPal's stand-in knows no merchant's code. Only harness/stack-backend.ts, neither side, wires them.
  {
    target: './harness/backend',
    from: './harness/paypal',
    message:
      'Boundary: harness/backend reaches PayPal only through its client (paypal-api.ts), never harness/paypal; harness/stack-backend.ts wires the two.',
  },
  {
    target: './harness/paypal',
    from: './harness/backend',
    message: "Boundary: harness/paypal is PayPal's side alone; it never imports harness/backend.",
  },
  {
    target: './bridge',
    from: './src',
    message:
      'Boundary: bridge/ imports nothing from src/; it is handed to host teams as a package, its config is injected.',
  },
];

// Form texts that people read: these attributes take a catalogue message, never a literal.
const textAttributes =
  '/^(aria-(label|description|placeholder|roledescription|valuetext)|title|alt|placeholder|label)$/';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'tools/lint/node_modules/**',
      '**/*.d.mts',
    ],
  },
  {
    files: code,
    extends: [tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Tests and stand-ins build partial fakes of third-party shapes; `any` stays visible in review instead.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'bridge/**/*.ts', 'harness/**/*.ts', 'cli/**/*.{ts,mjs}', 'build.mjs'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.mjs', '.js', '.json'] })],
    },
    rules: {
      // A page chunk imports what the entry has (src/chunks/entry-graph.ts), and the entry reaches the chunk through a
      // dynamic import only: by the time the chunk runs, the whole entry has been evaluated, so that cycle is safe.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
      'import-x/no-restricted-paths': ['error', { zones }],
    },
  },
  ...packageBoundaries.map(({ files, ignores, patterns }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
    },
  })),
  // bridge/ is exempt: its localhost fallback is the host package's own transport, and it cannot use src/api.
  ...globalBoundaries.map(({ files, ignores, rules }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    rules: {
      'no-restricted-globals': ['error', ...rules.flatMap((r) => r.globals)],
      'no-restricted-properties': ['error', ...rules.flatMap((r) => r.properties)],
    },
  })),
  {
    // A classic script that imitates Google's gapi loader inside the page, written as the original is.
    files: ['tests/e2e/support/gapi-stand-in.js'],
    rules: { 'no-var': 'off', '@typescript-eslint/no-this-alias': 'off' },
  },
  {
    // The suite's budget (docs/testing.md "The budget"): a test moves the app's timers with page.clock instead of
    // waiting them out, waits for what it asserts (web-first assertions retry), and is never skipped or forced.
    files: ['tests/e2e/**/*.ts'],
    plugins: { playwright },
    rules: {
      'playwright/no-wait-for-timeout': 'error',
      'playwright/no-networkidle': 'error',
      'playwright/prefer-web-first-assertions': 'error',
      'playwright/no-force-option': 'error',
      'playwright/no-skipped-test': 'error',
      'playwright/no-focused-test': 'error',
      'playwright/missing-playwright-await': 'error',
      'playwright/no-wait-for-selector': 'error',
      'playwright/no-useless-await': 'error',
    },
  },
  {
    files: ['src/**/*.tsx', 'tests/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['src/ui/**/*.tsx'],
    plugins: { react, 'jsx-a11y': jsxA11y },
    settings: { react: { version: '19.0' } },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Safari drops the list role of a list styled with list-style: none; role="list" puts it back.
      'jsx-a11y/no-redundant-roles': ['error', { ul: ['list'], ol: ['list'] }],
      // A form may handle keys that bubble from its fields (Escape cancels an edit).
      'jsx-a11y/no-noninteractive-element-interactions': [
        'error',
        {
          ...jsxA11y.flatConfigs.recommended.rules['jsx-a11y/no-noninteractive-element-interactions'][1],
          form: ['onKeyDown'],
        },
      ],
      // A scrollable <pre> must take focus so keyboard users can scroll it (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': [
        'error',
        { tags: ['pre'], roles: ['tabpanel'], allowExpressionValues: true },
      ],
      'react/jsx-no-literals': ['error', { noStrings: true, ignoreProps: true, allowedStrings: ['·', '×', '—'] }],
      'no-restricted-syntax': [
        'error',
        {
          // alt="" marks a decorative image: the one literal that says nothing.
          selector: `JSXAttribute[name.name=${textAttributes}] > Literal[value!='']`,
          message:
            'Texts people read (aria-label, title, alt, placeholder, label) come from src/messages/catalogue.ts.',
        },
      ],
    },
  },
);
