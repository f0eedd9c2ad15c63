// Importing a module of src/state runs nothing (docs/architecture.md "Start-up"): what a page load starts is one list,
// src/state/page-load.ts, that startPortal runs first. A scan of every module's top level finds what would run on
// import: a statement that is not a declaration, or a call made while a top-level value is built, other than the calls
// that only make a value (MAKERS). What must run on import stays in ALLOWED, each entry with its reason.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { tseslint } from '@portal/lint';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../..');
const STATE = join(ROOT, 'src/state');

/** Calls that make a value and start nothing: a store, a record, a shared call, a timer not started, a collection. */
const MAKERS = new Set([
  'proxy',
  'createStore',
  'createResource',
  'createButtons',
  'singleFlight',
  'idle',
  'store.timer',
  'area',
  'Object.assign',
  'Object.keys',
  'JSON.parse',
  'Promise.resolve',
  'new Set',
  'new Map',
  'new WeakSet',
]);

/** `file: what` of everything that runs on import and must, each with its reason. */
const ALLOWED = new Map([
  // The whole point of the module: main.tsx imports it on its own, so Firebase restores the session while React, the
  // router and the pages are still on their way (docs/architecture.md "What the entry holds").
  ['src/state/early-start.ts: statement', 'session restore starts before the rest has arrived'],
  // The same for the language file: main.tsx imports it before anything else and renders once it settled.
  ['src/state/language.ts: call within', 'the first render waits FIRST_RENDER_WAIT_MS at most'],
  ['src/state/language.ts: call load', 'the start language is put in use as soon as its file is here'],
  // main.tsx's first module: the language file's request leaves before the rest of the portal has arrived.
  ['src/state/language-early.ts: call requestStartFiles', "the language file's request runs beside the portal's code"],
  // A store that starts from what this device chose; it writes nothing.
  ['src/state/payments-permission.ts: call localStore.flag', 'reads the stored paymentsDisabled choice'],
  // The X-Unity-Token header's source: api-context.ts cannot import the player store (a cycle: the store calls the API),
  // so the store names its source as it is defined. A definition, not a reaction to an event: nothing runs until a
  // call asks for the header.
  ['src/state/player.ts: statement', 'the Unity token source of api-context.ts'],
  // `ready` is a promise that the first auth answer resolves; making it runs nothing but its executor's assignment.
  ['src/state/session.ts: call new Promise', 'authResolved() waits on it'],
]);

type Node = { type: string; loc: { start: { line: number } }; [key: string]: unknown };

function modules(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return modules(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The callee as written: `name`, `object.name` or `new Name`. */
function calleeText(node: Node): string {
  const callee = node.callee as Node;
  const text =
    callee.type === 'Identifier'
      ? String(callee.name)
      : callee.type === 'MemberExpression'
        ? `${calleeText({ ...callee, callee: callee.object } as Node)}.${String((callee.property as Node).name)}`
        : callee.type;
  return node.type === 'NewExpression' ? `new ${text}` : text;
}

/** The calls made while `node` is evaluated; function bodies are not entered (they run when called, not here). */
function callsIn(node: unknown, found: Node[] = []): Node[] {
  if (!node || typeof node !== 'object') return found;
  if (Array.isArray(node)) {
    for (const child of node) callsIn(child, found);
    return found;
  }
  const n = node as Node;
  if (n.type === 'ArrowFunctionExpression' || n.type === 'FunctionExpression') return found;
  if (n.type === 'CallExpression' || n.type === 'NewExpression') found.push(n);
  for (const [key, value] of Object.entries(n))
    if (key !== 'parent' && key !== 'loc' && key !== 'range') callsIn(value, found);
  return found;
}

const DECLARATIONS = new Set([
  'ImportDeclaration',
  'ExportAllDeclaration',
  'FunctionDeclaration',
  'ClassDeclaration',
  'TSInterfaceDeclaration',
  'TSTypeAliasDeclaration',
  'TSEnumDeclaration',
  'TSModuleDeclaration',
  'TSDeclareFunction',
  'EmptyStatement',
]);

/** What `code` runs as it is imported, as `what` (a statement, or the call's callee) and its line. */
function importEffects(code: string): Array<{ what: string; line: number }> {
  const { ast } = tseslint.parser.parseForESLint(code, { ecmaVersion: 'latest', sourceType: 'module', range: true });
  const effects: Array<{ what: string; line: number }> = [];
  for (const top of (ast as { body: Node[] }).body) {
    let statement = top;
    if (statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration') {
      if (!statement.declaration) continue;
      statement = statement.declaration as Node;
    }
    if (DECLARATIONS.has(statement.type)) continue;
    const values =
      statement.type === 'VariableDeclaration'
        ? (statement.declarations as Node[]).map((d) => d.init)
        : statement.type.endsWith('Expression') || statement.type === 'Identifier'
          ? [statement]
          : null;
    if (values === null) {
      effects.push({ what: 'statement', line: statement.loc.start.line });
      continue;
    }
    for (const call of callsIn(values)) {
      const what = calleeText(call);
      if (!MAKERS.has(what)) effects.push({ what: `call ${what}`, line: call.loc.start.line });
    }
  }
  return effects;
}

describe('importing src/state', () => {
  const found = modules(STATE).flatMap((path) =>
    importEffects(readFileSync(path, 'utf8')).map((e) => ({ ...e, key: `${relative(ROOT, path)}: ${e.what}` })),
  );

  it('runs nothing but the allowed, commented few; the rest is in start-up’s one list (page-load.ts)', () => {
    const unexpected = found.filter((e) => !ALLOWED.has(e.key)).map((e) => `${e.key} (line ${e.line})`);
    expect(unexpected).toEqual([]);
  });

  it('keeps no allowance that nothing needs any more', () => {
    const used = new Set(found.map((e) => e.key));
    expect([...ALLOWED.keys()].filter((key) => !used.has(key))).toEqual([]);
  });

  it('finds a listener registered, a storage write and a call in a value, and leaves declarations alone', () => {
    const code = [
      "import { onPaymentSettled } from './pending-payments';",
      'export const store = createStore(() => ({ open: false }));',
      'const late = store.timer(() => reload());',
      'export function follow(): void { onPaymentSettled(() => reset()); }',
      'onPaymentSettled(() => reset());',
      "if (ready) localStore.set('k', 'v');",
      'export const ready = startLanguage();',
      'export type T = { a: string };',
    ].join('\n');
    expect(importEffects(code)).toEqual([
      { what: 'statement', line: 5 },
      { what: 'statement', line: 6 },
      { what: 'call startLanguage', line: 7 },
    ]);
  });
});
