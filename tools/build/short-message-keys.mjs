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
    const start = text.indexOf(CATALOGUE_START);
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

/** The esbuild plugin. `root` is the project folder; the catalogue is read once per build. */
export function shortMessageKeys(root) {
  return {
    name: 'short-message-keys',
    setup(build) {
      let table;
      build.onStart(() => {
        table = undefined;
      });
      build.onLoad({ filter: SOURCE_FILE }, async ({ path }) => {
        const { readFile } = await import('node:fs/promises');
        const { join, relative, sep } = await import('node:path');
        const file = relative(root, path).split(sep).join('/');
        if (!file.startsWith('src/')) return undefined;
        table ??= codeTable(catalogueKeys(await readFile(join(root, CATALOGUE), 'utf8')));
        const source = await readFile(path, 'utf8');
        const isCatalogue = file === CATALOGUE;
        return { contents: shortenKeys(source, table, { isCatalogue }), loader: path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}
