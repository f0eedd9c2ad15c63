// The house rules of eslint.config.js, checked through ESLint's Node API on code written for the purpose.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// vitest runs from the repository root (tests/vitest.config.ts sets root).
const cwd = process.cwd();
const eslint = new ESLint({ cwd });
// The first lint loads the plugins and the parsers: seconds on a busy 2-core machine (14-19 s beside the e2e suite).
// That is the file's setup, done once before its cases, each of which lints a few lines and walks their imports.
const slow = { timeout: 60_000 };
beforeAll(() => eslint.lintText('export {};\n', { filePath: 'src/domain/setup.ts' }), 60_000);

async function problems(filePath: string, code: string): Promise<{ rule: string | null; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, message: m.message }));
}

describe('layer boundaries', slow, () => {
  it('reports an import of src/api from src/ui, naming the rule', async () => {
    const found = await problems(
      'src/ui/pages/Bad.tsx',
      "import { apiClient } from '../../api/client';\nexport const x = apiClient;\n",
    );
    expect(found).toContainEqual({
      rule: 'import-x/no-restricted-paths',
      message: expect.stringContaining('src/ui never imports src/api'),
    });
  });

  it('reports src/auth and src/payments from src/ui, but not src/ui/auth', async () => {
    const auth = await problems(
      'src/ui/pages/Bad.tsx',
      "import * as a from '../../auth/firebase';\nexport const x = a;\n",
    );
    const payments = await problems(
      'src/ui/Bad.tsx',
      "import * as p from '../payments/paypal';\nexport const x = p;\n",
    );
    const own = await problems(
      'src/ui/pages/Good.tsx',
      "import * as e from '../auth/EmailForm';\nexport const x = e;\n",
    );
    expect(auth.map((p) => p.rule)).toContain('import-x/no-restricted-paths');
    expect(payments.map((p) => p.rule)).toContain('import-x/no-restricted-paths');
    expect(own).toEqual([]);
  });

  it('keeps firebase in src/auth and paypal-js in src/payments', async () => {
    const firebase = await problems(
      'src/state/bad.ts',
      "import { getAuth } from 'firebase/auth';\nexport const x = getAuth;\n",
    );
    const paypal = await problems(
      'src/ui/Bad.tsx',
      "import { loadScript } from '@paypal/paypal-js';\nexport const x = loadScript;\n",
    );
    expect(firebase).toContainEqual({
      rule: '@typescript-eslint/no-restricted-imports',
      message: expect.stringContaining('firebase is imported only in src/auth'),
    });
    expect(paypal).toContainEqual({
      rule: '@typescript-eslint/no-restricted-imports',
      message: expect.stringContaining('only in src/payments'),
    });
    expect(
      await problems('src/auth/ok.ts', "import { getAuth } from 'firebase/auth';\nexport const x = getAuth;\n"),
    ).toEqual([]);
  });

  it("keeps the backend and PayPal's stand-in apart: only harness/stack-backend.ts imports both", async () => {
    const paypal = await problems(
      'harness/backend/bad.ts',
      "import { orderRoutes } from '../paypal/orders';\nexport const x = orderRoutes;\n",
    );
    expect(paypal).toContainEqual({
      rule: 'import-x/no-restricted-paths',
      message: expect.stringContaining('harness/backend reaches PayPal only through its client'),
    });
    const backend = await problems(
      'harness/paypal/bad.ts',
      "import { Store } from '../backend/store';\nexport const x = Store;\n",
    );
    expect(backend).toContainEqual({
      rule: 'import-x/no-restricted-paths',
      message: expect.stringContaining('harness/paypal is PayPal'),
    });
    const both =
      "import { Store } from './backend/store';\nimport { orderRoutes } from './paypal/orders';\nexport const x = [Store, orderRoutes];\n";
    expect(await problems('harness/stack-backend.ts', both)).toEqual([]);
  });

  it('allows fetch only in src/api', async () => {
    const code = "export const load = () => fetch('/x');\n";
    expect(await problems('src/state/bad.ts', code)).toContainEqual({
      rule: 'no-restricted-globals',
      message: expect.stringContaining('only src/api calls fetch'),
    });
    expect(await problems('src/api/ok.ts', code)).toEqual([]);
    expect(await problems('harness/ok.ts', code)).toEqual([]);
  });

  it('keeps src/domain pure: no state, no packages, only types from src/config', async () => {
    const state = await problems(
      'src/domain/bad.ts',
      "import { session } from '../state/session';\nexport const x = session;\n",
    );
    const pkg = await problems('src/domain/bad.ts', "import { useState } from 'react';\nexport const x = useState;\n");
    const configValue = await problems(
      'src/domain/bad.ts',
      "import { config } from '../config/config';\nexport const x = config;\n",
    );
    const configType = await problems(
      'src/domain/ok.ts',
      "import type { PortalConfig } from '../config/types';\nexport type X = PortalConfig;\n",
    );
    expect(state.map((p) => p.rule)).toContain('import-x/no-restricted-paths');
    expect(pkg.map((p) => p.rule)).toContain('@typescript-eslint/no-restricted-imports');
    expect(configValue.map((p) => p.rule)).toContain('@typescript-eslint/no-restricted-imports');
    expect(configType).toEqual([]);
  });

  it('keeps src/state free of src/ui and src/routes', async () => {
    const ui = await problems(
      'src/state/bad.ts',
      "import { Toasts } from '../ui/components/Toasts';\nexport const x = Toasts;\n",
    );
    const routes = await problems(
      'src/state/bad.ts',
      "import { portalContext } from '../routes/context';\nexport const x = portalContext;\n",
    );
    for (const found of [ui, routes]) {
      expect(found).toContainEqual({
        rule: 'import-x/no-restricted-paths',
        message: expect.stringContaining('src/state never imports src/ui or src/routes'),
      });
    }
  });

  it('keeps src/api, src/auth and src/payments free of src/state', async () => {
    const code = "import { session } from '../state/session';\nexport const x = session;\n";
    for (const file of ['src/api/bad.ts', 'src/auth/bad.ts', 'src/payments/bad.ts']) {
      expect(await problems(file, code), file).toContainEqual({
        rule: 'import-x/no-restricted-paths',
        message: expect.stringContaining('never import src/state'),
      });
    }
    expect(await problems('src/routes/context.ts', code)).toEqual([]);
  });

  it('keeps src/routes free of src/api, and of the stores but through routes/context.ts', async () => {
    const api = await problems('src/routes/bad.ts', "import * as a from '../api/client';\nexport const x = a;\n");
    expect(api).toContainEqual({
      rule: 'import-x/no-restricted-paths',
      message: expect.stringContaining('src/routes never imports src/api'),
    });
    const store = "import { session } from '../state/session';\nexport const x = session;\n";
    expect(await problems('src/routes/app.ts', store)).toContainEqual({
      rule: '@typescript-eslint/no-restricted-imports',
      message: expect.stringContaining('only src/routes/context.ts imports a store'),
    });
    expect(await problems('src/routes/context.ts', store)).toEqual([]);
  });

  it('keeps src/api, src/auth and src/payments free of src/ui', async () => {
    for (const file of ['src/api/bad.ts', 'src/auth/bad.ts', 'src/payments/bad.ts']) {
      const found = await problems(file, "import * as t from '../ui/components/Toasts';\nexport const x = t;\n");
      expect(found, file).toContainEqual({
        rule: 'import-x/no-restricted-paths',
        message: expect.stringContaining('never import src/ui'),
      });
    }
  });

  it('imports the bridge by its package name only', async () => {
    const relative = "import { bridge } from '../../bridge/index';\nexport const x = bridge;\n";
    for (const file of ['src/state/handoff/bad.ts', 'src/auth/bad/x.ts', 'src/routes/x/bad.ts'])
      expect(await problems(file, relative), file).toContainEqual({
        rule: '@typescript-eslint/no-restricted-imports',
        message: expect.stringContaining('by its package name'),
      });
    const named = "import { bridge } from '@home-design/portal-bridge';\nexport const x = bridge;\n";
    expect(await problems('src/state/good.ts', named)).toEqual([]);
  });

  it('reaches localStorage and sessionStorage only through src/state/storage.ts', async () => {
    const code = "export const read = () => [localStorage.getItem('a'), window.sessionStorage.getItem('b')];\n";
    for (const file of ['src/state/bad.ts', 'src/ui/Bad.tsx', 'src/api/bad.ts', 'src/domain/bad.ts']) {
      const found = (await problems(file, code)).filter((p) => p.message.includes('only through src/state/storage.ts'));
      expect(found.map((p) => p.rule).sort(), file).toEqual(['no-restricted-globals', 'no-restricted-properties']);
    }
    expect(await problems('src/state/storage.ts', code)).toEqual([]);
  });

  it('keeps the clock out of src/domain: time is passed in', async () => {
    const code = 'export const now = () => Date.now();\n';
    expect(await problems('src/domain/bad.ts', code)).toContainEqual({
      rule: 'no-restricted-properties',
      message: expect.stringContaining('src/domain takes the time as an argument'),
    });
    expect(await problems('src/state/ok.ts', code)).toEqual([]);
  });

  it('lets only src/state/handoff/index.ts be imported from outside the hand-off folder', async () => {
    const rule = {
      rule: 'import-x/no-restricted-paths',
      message: expect.stringContaining('the hand-off is imported through its index.ts only'),
    };
    const fromState = await problems(
      'src/state/bad.ts',
      "import { handoff } from './handoff/store';\nexport const x = handoff;\n",
    );
    const fromUi = await problems(
      'src/ui/pages/Bad.tsx',
      "import { connectHandoff } from '../../state/handoff/port';\nexport const x = connectHandoff;\n",
    );
    const throughIndex = await problems(
      'src/state/good.ts',
      "import { handoff } from './handoff';\nexport const x = handoff;\n",
    );
    const inside = await problems(
      'src/state/handoff/good.ts',
      "import { handoff } from './store';\nexport const x = handoff;\n",
    );
    expect(fromState).toContainEqual(rule);
    expect(fromUi).toContainEqual(rule);
    expect(throughIndex).toEqual([]);
    expect(inside).toEqual([]);
  });

  it('keeps bridge/ free of src/', async () => {
    const found = await problems(
      'bridge/bad.ts',
      "import { config } from '../src/config/config';\nexport const x = config;\n",
    );
    expect(found).toContainEqual({
      rule: 'import-x/no-restricted-paths',
      message: expect.stringContaining('bridge/ imports nothing from src/'),
    });
  });
});

describe('texts and hooks in src/ui', slow, () => {
  it('reports a JSX text and a literal aria-label', async () => {
    const found = await problems(
      'src/ui/pages/Bad.tsx',
      'export const Bad = () => <button type="button" aria-label="Close">Close</button>;\n',
    );
    expect(found.map((p) => p.rule)).toEqual(expect.arrayContaining(['react/jsx-no-literals', 'no-restricted-syntax']));
  });

  it('reports a hook called in a callback', async () => {
    const code =
      'import { useState } from \'react\';\nexport const Bad = () => <button type="button" onClick={() => useState(0)} />;\n';
    expect((await problems('src/ui/pages/Bad.tsx', code)).map((p) => p.rule)).toContain('react-hooks/rules-of-hooks');
  });

  it('passes a clean page that takes its texts from the catalogue', async () => {
    const code = [
      "import { useSnapshot } from 'valtio';",
      "import { message } from '../../messages/catalogue';",
      "import { session } from '../../state/session';",
      '',
      'export function Good() {',
      '  const snap = useSnapshot(session);',
      "  return <button type=\"button\" aria-label={message('signOut')} disabled={!snap.user}>{message('signOut')}</button>;",
      '}',
      '',
    ].join('\n');
    expect(await problems('src/ui/pages/Good.tsx', code)).toEqual([]);
  });
});

describe('import cycles', slow, () => {
  let dir = '';
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reports a cycle between two modules', async () => {
    // no-cycle follows real files, so the cycle lives in a scratch project that uses this config.
    dir = await mkdtemp(join(tmpdir(), 'portal-lint-'));
    await mkdir(join(dir, 'harness'));
    await writeFile(
      join(dir, 'eslint.config.js'),
      `export { default } from ${JSON.stringify(pathToFileURL(join(cwd, 'eslint.config.js')).href)};\n`,
    );
    await writeFile(join(dir, 'harness', 'a.ts'), "import { b } from './b';\nexport const a = () => b();\n");
    await writeFile(join(dir, 'harness', 'b.ts'), "import { a } from './a';\nexport const b = () => a();\n");
    const [result] = await new ESLint({ cwd: dir }).lintFiles(['harness/a.ts']);
    expect(result?.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });
});
