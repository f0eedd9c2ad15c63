// The language files of a build (docs/languages.md "Languages"): each translation of src/messages/locales as data, not
// code. A file is the JSON array of the language's texts in the catalogue's key order (the bundle knows the keys; the
// file need not spell them), named by its content's hash and served immutable. A split build (build.mjs) writes two
// per language, both named by one hash: the entry's texts, which every first screen needs, and the pages' texts, which
// only the pages in chunks need (src/state/language.ts fetches them with the first page's chunk). Development and e2e
// builds also get two pseudo-locales made from English: accented and about 40% longer (en-XA), and the same right to
// left (ar-XB).
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CATALOGUE } from './short-message-keys.mjs';

const LOCALES_DIR = 'src/messages/locales';
/** Where the files are served from: Hosting's rule for this folder makes them immutable (build.mjs hostingConfig). */
export const LOCALES_PATH = '/locales';

/**
 * The catalogue's English texts, in order: the `messages` export of catalogue.ts, read as the module it is (bundled by
 * esbuild and imported), not as a slice of its text. It reads no configuration when it loads: an empty one will do.
 */
export async function englishCatalogue(root) {
  const { build } = await import('esbuild');
  const { outputFiles } = await build({
    entryPoints: [join(root, CATALOGUE)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    logLevel: 'silent',
    define: { __PORTAL_CONFIG__: JSON.stringify('{}') },
  });
  const module = await import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].text).toString('base64')}`);
  return module.messages;
}

/** Each translation of src/messages/locales, by tag: `{ key: text | plural forms }`. */
async function translations(root) {
  const dir = join(root, LOCALES_DIR);
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  return Object.fromEntries(
    await Promise.all(files.map(async (f) => [f.slice(0, -5), JSON.parse(await readFile(join(dir, f), 'utf8'))])),
  );
}

const ACCENTED = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    [...'àƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i],
  ]),
);

/** A pseudo-translation of `text`: letters accented outside {placeholders}, ~40% longer, in brackets to spot clipping. */
export function pseudo(text, rtl = false) {
  if (text === '') return text;
  const accented = text
    .split(/(\{\w+\})/)
    .map((part) => (/^\{\w+\}$/.test(part) ? part : part.replace(/[A-Za-z]/g, (c) => ACCENTED[c])))
    .join('');
  const padding = '·'.repeat(Math.max(1, Math.round(text.length * 0.4)));
  const long = `[${accented} ${padding}]`;
  // U+202E (right-to-left override) ... U+202C: the text reads right to left like Arabic or Hebrew would.
  return rtl ? `\u202e${long}\u202c` : long;
}

const pseudoOf = (value, rtl) =>
  typeof value === 'string'
    ? pseudo(value, rtl)
    : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, pseudo(v, rtl)]));

/**
 * The served form of one translation: its texts in `order` (the catalogue's, or one part of a split build's), null
 * where it has none (English shows).
 */
export function localeFileText(english, texts, order = Object.keys(english)) {
  return JSON.stringify(order.map((key) => texts[key] ?? null));
}

/**
 * Writes each translation (and the pseudo-locales when asked) to `<out>/locales`, all named by one hash of their
 * content, and returns `{ hash, tags }` for the bundle's LOCALE_HASH and LOCALE_TAGS (src/messages/languages.ts makes
 * the paths). One hash, not one per language: a release changes nearly every language's texts at once, and each hash
 * would be bytes of the entry. Unsplit (`split` absent), one file per language holds every text in the catalogue's
 * order. Split (build.mjs: `{ entry, pages }`, the two halves' keys in order), the entry's texts go to
 * `localeFilePath` and the pages' to `pageTextsPath`.
 */
export async function writeLocaleFiles({ root, out, pseudoLocales = false, split }) {
  const english = await englishCatalogue(root);
  const all = await translations(root);
  if (pseudoLocales) {
    const made = (rtl) => Object.fromEntries(Object.entries(english).map(([k, v]) => [k, pseudoOf(v, rtl)]));
    all['en-XA'] = made(false);
    all['ar-XB'] = made(true);
  }
  const files = Object.entries(all).map(([tag, texts]) => ({
    tag,
    parts: split
      ? [localeFileText(english, texts, split.entry), localeFileText(english, texts, split.pages)]
      : [localeFileText(english, texts)],
  }));
  const content = createHash('sha256');
  for (const { tag, parts } of files) content.update(`${tag}\n${parts.join('\n')}\n`);
  const hash = content.digest('hex').slice(0, 10);
  await mkdir(join(out, LOCALES_PATH), { recursive: true });
  for (const { tag, parts } of files) {
    await writeFile(join(out, `${LOCALES_PATH}/${tag}-${hash}.json`), parts[0]);
    if (split) await writeFile(join(out, `${LOCALES_PATH}/${tag}-${hash}.pages.json`), parts[1]);
  }
  return { hash, tags: files.map((file) => file.tag) };
}
