#!/usr/bin/env node
// npm run bench: bundles tests/bench/bench.ts for Node (like the CLI) and runs it.
import { join } from 'node:path';
import { buildCli } from '../../build.mjs';

const entry = await buildCli({ entry: 'tests/bench/bench.ts', outfile: join(process.cwd(), 'dist/bench/bench.mjs') });
const { main } = await import(entry);
await main();
