// Bundles in-page/helpers.ts (with Testing Library's queries) into one classic script for the engines to inject.
import { buildSync } from 'esbuild';
import { fileURLToPath } from 'node:url';

let bundled: string | null = null;

export function helpersSource(): string {
  bundled ??= buildSync({
    entryPoints: [fileURLToPath(new URL('./in-page/helpers.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    write: false,
    // Testing Library reads a few process.env settings; the page has no process.
    define: { 'process.env.NODE_ENV': '"production"', 'process.env': '{}' },
  }).outputFiles[0]!.text;
  return bundled;
}
