#!/usr/bin/env node
// portal-harness: bundles cli/ and harness/ for Node on the fly (esbuild, well under a second), then runs it.
import { buildCli } from '../build.mjs';

const entry = await buildCli();
const { main } = await import(entry);
await main(process.argv);
