// What a page needs before it runs, from esbuild's metafile (tools/build/critical-path.mjs): the entry's file and
// every file it imports statically; a dynamic import (a page's chunk) is not on the path.
import { describe, expect, it } from 'vitest';
import { criticalPath, importChain, type Metafile } from '../../../tools/build/critical-path.mjs';

const output = (entryPoint: string | undefined, imports: [string, string][], inputs: string[], cssBundle?: string) => ({
  bytes: 1,
  ...(entryPoint ? { entryPoint } : {}),
  ...(cssBundle ? { cssBundle } : {}),
  imports: imports.map(([path, kind]) => ({ path, kind })),
  inputs: Object.fromEntries(inputs.map((input) => [input, { bytesInOutput: 1 }])),
});

// main.tsx imports router.ts, which imports the page lazily; the page imports paypal.
const meta: Metafile = {
  inputs: {
    'src/main.tsx': { bytes: 1, imports: [{ path: 'src/router.ts', kind: 'import-statement' }] },
    'src/router.ts': {
      bytes: 1,
      imports: [
        { path: 'src/state/errors.ts', kind: 'import-statement' },
        { path: 'src/chunks/credits.ts', kind: 'dynamic-import' },
      ],
    },
    'src/state/errors.ts': { bytes: 1, imports: [] },
    'src/chunks/credits.ts': { bytes: 1, imports: [{ path: 'src/payments/paypal.ts', kind: 'import-statement' }] },
    'src/payments/paypal.ts': { bytes: 1, imports: [] },
  },
  outputs: {
    'dist/app-A.js': output(
      'src/main.tsx',
      [['dist/chunks/chunk-B.js', 'import-statement']],
      ['src/main.tsx'],
      'dist/app-A.css',
    ),
    'dist/chunks/chunk-B.js': output(
      undefined,
      [['dist/chunks/credits-C.js', 'dynamic-import']],
      ['src/router.ts', 'src/state/errors.ts'],
    ),
    'dist/chunks/credits-C.js': output(
      'src/chunks/credits.ts',
      [['dist/chunks/chunk-B.js', 'import-statement']],
      ['src/chunks/credits.ts', 'src/payments/paypal.ts'],
      'dist/chunks/credits-C.css',
    ),
  },
};

describe('criticalPath', () => {
  it("is the entry's file and what it imports statically, never a lazily loaded chunk", () => {
    const path = criticalPath(meta, 'src/main.tsx');
    expect(path.js).toEqual(['dist/app-A.js', 'dist/chunks/chunk-B.js']);
    expect(path.css).toEqual(['dist/app-A.css']);
    expect(path.modules).not.toContain('src/payments/paypal.ts');
  });

  it("of a page's chunk, holds what the chunk shares with the entry too", () => {
    expect(criticalPath(meta, 'src/chunks/credits.ts').js).toEqual([
      'dist/chunks/credits-C.js',
      'dist/chunks/chunk-B.js',
    ]);
  });
});

describe('importChain', () => {
  it('names each static import from the entry to the module', () => {
    expect(importChain(meta, 'src/main.tsx', 'src/state/errors.ts')).toEqual([
      'src/main.tsx',
      'src/router.ts',
      'src/state/errors.ts',
    ]);
  });

  it('ends at a dynamic import: a module only a chunk brings is not pulled in', () => {
    expect(importChain(meta, 'src/main.tsx', 'src/payments/paypal.ts')).toBeNull();
  });
});
