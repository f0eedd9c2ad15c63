// What a page needs before it can run, read from esbuild's metafile: the entry's output file and every output it
// imports statically (transitively), with the source modules they hold. Dynamic imports (the page chunks) are not on
// the critical path. The build writes modulepreload links from it, the bench weighs it, and a test guards /auth's.

/** The output file of `entry` (a source path such as 'src/main.tsx', or a chunk's own output path). */
export function outputOf(metafile, entry) {
  const outputs = metafile.outputs;
  if (outputs[entry]) return entry;
  const found = Object.keys(outputs).find((out) => outputs[out].entryPoint === entry && out.endsWith('.js'));
  if (!found) throw new Error(`no output of ${entry} in the metafile`);
  return found;
}

/** Every output `start` (an output path) imports statically, itself included, in load order (breadth first). */
export function staticClosure(metafile, start) {
  const seen = [start];
  for (let i = 0; i < seen.length; i++) {
    for (const imp of metafile.outputs[seen[i]].imports) {
      if (imp.kind === 'import-statement' && !seen.includes(imp.path)) seen.push(imp.path);
    }
  }
  return seen;
}

/**
 * The portal's entry is three modules: `src/main.tsx`, whose first module starts the language file's request; the
 * session restore (`src/state/early-start.ts`), which main.tsx imports on its own so it runs as soon as its smaller
 * part of the bundle arrives; and the portal itself, `src/app.tsx`. main.tsx imports both at once and every HTML
 * preloads them (docs/architecture.md "What the entry holds"). What /auth needs before it runs is what all three
 * import statically.
 */
export const PORTAL_ENTRY = ['src/main.tsx', 'src/state/early-start.ts', 'src/app.tsx'];

/**
 * The critical path of `entry` (a source path, or a list of them taken together, as PORTAL_ENTRY): its JS outputs, the
 * CSS bundled for it, and the source modules they carry. An entry module the build lacks is skipped (a floor has no
 * app.tsx).
 */
export function criticalPath(metafile, entry) {
  const entries = Array.isArray(entry) ? entry : [entry];
  const starts = entries.flatMap((source, i) => {
    try {
      return [outputOf(metafile, source)];
    } catch (error) {
      if (i === 0) throw error;
      return [];
    }
  });
  const js = [];
  for (const start of starts) for (const out of staticClosure(metafile, start)) if (!js.includes(out)) js.push(out);
  // esbuild bundles into the first entry's stylesheet the CSS of everything it reaches, dynamic imports included; a
  // later entry's or a chunk's own holds nothing more (build.mjs does not serve those).
  const css = [metafile.outputs[starts[0]].cssBundle].filter(Boolean);
  const modules = new Set(js.flatMap((out) => Object.keys(metafile.outputs[out].inputs)));
  return { js, css, modules: [...modules] };
}

/**
 * The chain of static imports by which `entry` pulls in `module` ('src/main.tsx' -> ... -> module), shortest first,
 * or null when it does not. A dynamic import ends the chain: what it brings is not on the critical path.
 */
export function importChain(metafile, entry, module) {
  const inputs = metafile.inputs;
  const entries = Array.isArray(entry) ? entry : [entry];
  const previous = new Map(entries.map((e) => [e, null]));
  const queue = [...entries];
  while (queue.length) {
    const at = queue.shift();
    if (at === module) {
      const chain = [];
      for (let step = at; step !== null; step = previous.get(step)) chain.unshift(step);
      return chain;
    }
    for (const imp of inputs[at]?.imports ?? []) {
      if (imp.kind !== 'import-statement' || imp.external || previous.has(imp.path)) continue;
      previous.set(imp.path, at);
      queue.push(imp.path);
    }
  }
  return null;
}
