#!/usr/bin/env node
// npm run bench: bundles tests/bench/bench.ts for Node (like the CLI) and runs it, then renders its results.json into
// docs/performance.md (tests/bench/render.mjs), so the page always shows the last run's figures.
import { join } from 'node:path';
import { buildCli } from '../../build.mjs';
import { renderPerformancePage } from './render.mjs';

const entry = await buildCli({ entry: 'tests/bench/bench.ts', outfile: join(process.cwd(), 'dist/bench/bench.mjs') });
const { main } = await import(entry);
await main();
console.log(`rendered into ${renderPerformancePage()}`);
