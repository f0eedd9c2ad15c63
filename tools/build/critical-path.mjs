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

/** The critical path of `entry`: its JS outputs, the CSS bundled for it, and the source modules they carry. */
export function criticalPath(metafile, entry) {
  const js = staticClosure(metafile, outputOf(metafile, entry));
  const css = js.map((out) => metafile.outputs[out].cssBundle).filter(Boolean);
  const modules = new Set(js.flatMap((out) => Object.keys(metafile.outputs[out].inputs)));
  return { js, css, modules: [...modules] };
}

/**
 * The chain of static imports by which `entry` pulls in `module` ('src/main.tsx' -> ... -> module), shortest first,
 * or null when it does not. A dynamic import ends the chain: what it brings is not on the critical path.
 */
export function importChain(metafile, entry, module) {
  const inputs = metafile.inputs;
  const previous = new Map([[entry, null]]);
  const queue = [entry];
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
