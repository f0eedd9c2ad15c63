// An esbuild plugin for the portal's own code: every key of src/messages/catalogue.ts is a readable name
// (`welcomeHeading`), written once in the catalogue and again at each use (`message('welcomeHeading')`), so the bundle
// carries each name at least twice. The plugin gives each key a short code (`a`, `b`, ... `Ab`) in the catalogue and in
// every string literal of src that spells a key, so the source keeps its names and the bundle does not pay for them.
//
// It is safe only where every such literal is a message key. tests/unit/build/short-message-keys.test.ts proves that
// with TypeScript's checker: each literal it rewrites stands where the type is a MessageCode, and no object but the
// catalogue is indexed by one. A key that is also spelt for another purpose goes in KEPT_KEYS and keeps its name.

/** The catalogue's path inside the project, and the object whose keys are the codes. */
export const CATALOGUE = 'src/messages/catalogue.ts';
/**
 * Where a split build moves the English texts that no module of the entry names (`entryKeys` below): the pages in
 * chunks bring them (docs/architecture.md "What the entry holds"). In the source it is an empty object.
 */
const PAGE_MESSAGES = 'src/messages/page-messages.ts';
const CATALOGUE_START = 'export const messages = {';
const CATALOGUE_END = '} as const;';

/**
 * Keys that are also spelt in src for another purpose, or where the checker cannot see a MessageCode (a status, a
 * button type, a sign-in mode, a comparison): they keep their names. The test lists exactly these.
 */
export const KEPT_KEYS = new Set([
  'loading',
  'cancel',
  'submit',
  'redirecting',
  'loggedOut',
  'resetSent',
  'wrongCredentials',
  'weakPassword',
  'paypalOrderReference',
  'paypalSubscriptionReference',
]);

/** Files whose string literals are rewritten: the portal's TypeScript under src/ (bridge/ never names a key). */
const SOURCE_FILE = /[\\/]src[\\/].*\.tsx?$/;

/** The keys of the catalogue's `messages` object, in order: each is a line `  name:` at the object's first level. */
export function catalogueKeys(catalogue) {
  const start = catalogue.indexOf(CATALOGUE_START);
  const end = catalogue.indexOf(CATALOGUE_END, start);
  if (start < 0 || end < 0) throw new Error(`short-message-keys: no "${CATALOGUE_START}" ... "${CATALOGUE_END}"`);
  return [...catalogue.slice(start, end).matchAll(/^ {2}([A-Za-z_$][\w$]*):/gm)].map((m) => m[1]);
}

/** Short codes in order: a..z, A..Z, then two letters. Each is an identifier, so `{a:"..."}` needs no quotes. */
export function shortCode(index) {
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let code = '';
  let n = index;
  do {
    code = letters[n % letters.length] + code;
    n = Math.floor(n / letters.length) - 1;
  } while (n >= 0);
  return code;
}

/** Each renamed key and its code. Kept keys are left out; a code never equals a key, so no rename can meet another. */
export function codeTable(keys) {
  const table = new Map();
  let next = 0;
  const taken = new Set(keys);
  for (const key of keys) {
    if (KEPT_KEYS.has(key)) continue;
    let code;
    do code = shortCode(next++);
    while (taken.has(code));
    table.set(key, code);
  }
  return table;
}

/** The literal `'key'` or `"key"` of a renamed key: the spans the test checks are whole string literals. */
export function keyLiteralPattern(table) {
  const names = [...table.keys()].sort((a, b) => b.length - a.length);
  return new RegExp(`(['"])(${names.join('|')})\\1`, 'g');
}

/** `source` with each key literal written as its code, and in the catalogue each key too. */
export function shortenKeys(source, table, { isCatalogue = false } = {}) {
  if (table.size === 0) return source;
  let text = source.replace(keyLiteralPattern(table), (whole, quote, key) => `${quote}${table.get(key)}${quote}`);
  if (isCatalogue) {
    const opening = text.includes(CATALOGUE_START)
      ? CATALOGUE_START
      : CATALOGUE_START.replace('messages', 'pageMessages');
    const start = text.indexOf(opening);
    const end = text.indexOf(CATALOGUE_END, start);
    const body = text
      .slice(start, end)
      .replace(/^( {2})([A-Za-z_$][\w$]*):/gm, (whole, indent, key) =>
        table.has(key) ? `${indent}${table.get(key)}:` : whole,
      );
    text = text.slice(0, start) + body + text.slice(end);
  }
  return text;
}

/**
 * The catalogue's entries, each the text from its key's line to the next key's (the comments above a key go with the
 * entry before it: they are code comments, gone once minified), and where the object's body starts and ends.
 */
export function catalogueEntries(catalogue) {
  const start = catalogue.indexOf(CATALOGUE_START) + CATALOGUE_START.length;
  const end = catalogue.indexOf(CATALOGUE_END, start);
  const body = catalogue.slice(start, end);
  const marks = [...body.matchAll(/^ {2}([A-Za-z_$][\w$]*):/gm)];
  const entries = marks.map((m, i) => ({
    key: m[1],
    text: body.slice(m.index, i + 1 < marks.length ? marks[i + 1].index : body.length),
  }));
  return { start, end, entries };
}

/**
 * The catalogue split for a build whose entry names only `entryKeys`: catalogue.ts keeps those entries, and
 * page-messages.ts gets the others, in the catalogue's order, as `pageMessages`.
 */
export function splitCatalogue(catalogue, entryKeys) {
  const { start, end, entries } = catalogueEntries(catalogue);
  const kept = entries.filter((e) => entryKeys.has(e.key));
  const moved = entries.filter((e) => !entryKeys.has(e.key));
  return {
    catalogue: `${catalogue.slice(0, start)}\n${kept.map((e) => e.text).join('')}${catalogue.slice(end)}`,
    pageMessages: `${CATALOGUE_START.replace('messages', 'pageMessages')}\n${moved.map((e) => e.text).join('')}${CATALOGUE_END}\n`,
    pageKeys: moved.map((e) => e.key),
  };
}

/** The catalogue's keys that `sources` (the entry's modules' text) spell as a string literal. */
export function keysNamedIn(sources, keys) {
  const pattern = keyLiteralPattern(new Map(keys.map((key) => [key, key])));
  const named = new Set();
  for (const source of sources) for (const m of source.matchAll(pattern)) named.add(m[2]);
  return named;
}

/**
 * The esbuild plugin. `root` is the project folder; the catalogue is read once per build. With `entryKeys` (the keys
 * the entry's modules name, build.mjs), the catalogue keeps only those and page-messages.ts gets the rest.
 */
export function shortMessageKeys(root, { entryKeys = null } = {}) {
  return {
    name: 'short-message-keys',
    setup(build) {
      let table;
      let split;
      build.onStart(() => {
        table = undefined;
        split = undefined;
      });
      build.onLoad({ filter: SOURCE_FILE }, async ({ path }) => {
        const { readFile } = await import('node:fs/promises');
        const { join, relative, sep } = await import('node:path');
        const file = relative(root, path).split(sep).join('/');
        if (!file.startsWith('src/')) return undefined;
        const catalogue = await readFile(join(root, CATALOGUE), 'utf8');
        table ??= codeTable(catalogueKeys(catalogue));
        if (entryKeys) split ??= splitCatalogue(catalogue, entryKeys);
        let source = await readFile(path, 'utf8');
        if (split && file === CATALOGUE) source = split.catalogue;
        if (split && file === PAGE_MESSAGES) source = split.pageMessages;
        const isCatalogue = file === CATALOGUE || (split !== undefined && file === PAGE_MESSAGES);
        return { contents: shortenKeys(source, table, { isCatalogue }), loader: path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}
