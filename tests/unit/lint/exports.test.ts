// Issue #45, "no seam for tests in src": every value export of src/ (function, const, let, class, enum, and the names of
// an export list) is used by another product file: src/, bridge/, harness/, cli/, build.mjs, tools/ or tests/bench. An
// export only the unit tests reach is a seam to remove; one nobody reaches is dead code. Type exports are not checked.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../../..');
const PRODUCT = ['src', 'bridge', 'harness', 'cli', 'build.mjs', 'tools', 'tests/bench'];
const SKIPPED = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

function walk(path: string, out: string[] = []): string[] {
  if (!existsSync(path)) return out;
  if (!statSync(path).isDirectory()) {
    if (SOURCE.test(path)) out.push(path);
    return out;
  }
  for (const name of readdirSync(path)) if (!SKIPPED.has(name)) walk(join(path, name), out);
  return out;
}

/** The names a module exports as values: declarations at the start of a line, and export lists without `type`. */
function valueExports(source: string): string[] {
  const declared = source.matchAll(
    /^export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:abstract\s+)?(?:function\s*\*?|const(?!\s+enum)|let|var|class|enum|const\s+enum)\s*([A-Za-z_$][\w$]*)/gm,
  );
  const listed = [...source.matchAll(/^export\s*\{([^}]*)\}/gm)].flatMap(([, list]) =>
    list!
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry && !entry.startsWith('type '))
      .map((entry) =>
        entry
          .split(/\s+as\s+/)
          .pop()!
          .trim(),
      ),
  );
  return [...[...declared].map((m) => m[1]!), ...listed];
}

/** Every identifier-like word of a text: a name is used where it stands as a whole word (`$` and `_` are word parts). */
function words(text: string): Set<string> {
  return new Set(text.match(/[A-Za-z_$][\w$]*/g) ?? []);
}

const productFiles = PRODUCT.flatMap((p) => walk(join(root, p)));
const wordsOf = new Map(productFiles.map((file) => [file, words(readFileSync(file, 'utf8'))]));
/** In how many product files each word stands. */
const fileCount = new Map<string, number>();
for (const set of wordsOf.values()) for (const word of set) fileCount.set(word, (fileCount.get(word) ?? 0) + 1);

/** `file: name` for each value export of src that no other product file names. */
function unusedExports(): string[] {
  const modules = walk(join(root, 'src')).filter((file) => !file.endsWith('.d.ts'));
  return modules.flatMap((file) => {
    const own = wordsOf.get(file)!;
    return valueExports(readFileSync(file, 'utf8'))
      .filter((name) => (fileCount.get(name) ?? 0) - (own.has(name) ? 1 : 0) === 0)
      .map((name) => `${relative(root, file)}: ${name}`);
  });
}

describe('exports of src (issue #45)', () => {
  const unused = unusedExports();

  it('are each used by another product file: none is there for tests alone, none for nobody', () => {
    expect(unused).toEqual([]);
  });

  it('are found in the source: a scan that finds none would pass for nothing', () => {
    const found = walk(join(root, 'src')).flatMap((file) => valueExports(readFileSync(file, 'utf8')));
    expect(found.length).toBeGreaterThan(300);
    expect(productFiles.length).toBeGreaterThan(200);
  });

  it('are read in every form a value is exported in, and types are left out', () => {
    const source = [
      'export function plain() {}',
      'export async function later() {}',
      'export function* steps() {}',
      'export async function* stream() {}',
      'export const one = 1;',
      'export let two = 2;',
      'export class Three {}',
      'export abstract class Four {}',
      'export enum Five {}',
      'export const enum Six {}',
      'export { seven, eight as nine, type Ten } from "./x";',
      'export {\n  eleven,\n  type Twelve,\n} from "./y";',
      'export type Thirteen = string;',
      'export interface Fourteen {}',
      '  export const indented = 0; // inside a declare module block: not this module',
      '// export const commented = 0;',
    ].join('\n');
    expect(valueExports(source)).toEqual([
      'plain',
      'later',
      'steps',
      'stream',
      'one',
      'two',
      'Three',
      'Four',
      'Five',
      'Six',
      'seven',
      'nine',
      'eleven',
    ]);
  });

  it('count a name as used only where it stands as a whole word', () => {
    const used = words("import { loadPayPal } from './paypal'; const $price = x.formatPrice(1); let _n = a_b;");
    expect(['loadPayPal', 'formatPrice', '$price', '_n', 'a_b', 'x'].every((word) => used.has(word))).toBe(true);
    expect(['load', 'PayPal', 'price', 'format', 'a', 'b', 'n'].some((word) => used.has(word))).toBe(false);
  });
});
