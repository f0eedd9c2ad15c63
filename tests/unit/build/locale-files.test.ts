// The language files of a build (tools/build/locale-files.mjs): data in the catalogue's key order (a split build's in
// two files, the entry's texts and the pages'), hashed names, and the pseudo-locales of development and e2e builds.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { englishCatalogue, localeFileText, pseudo, writeLocaleFiles } from '../../../tools/build/locale-files.mjs';
import { messages } from '../../../src/messages/catalogue';
import { localeFilePath, pageTextsPath } from '../../../src/messages/languages';

const root = join(__dirname, '../../..');
const out = await mkdtemp(join(tmpdir(), 'locales-'));
afterAll(() => rm(out, { recursive: true, force: true }));

describe('pseudo', () => {
  it('accents every letter, keeps placeholders, and is about 40% longer', () => {
    const text = pseudo('Welcome to {product}');
    expect(text).toMatch(/^\[Ŵéļçöɱé ţö \{product\} ·+\]$/);
    expect(text.length).toBeGreaterThanOrEqual(Math.round('Welcome to {product}'.length * 1.4));
    expect(text.replace('{product}', '')).not.toMatch(/[A-Za-z]/);
  });

  it('writes the right-to-left variant between a right-to-left override and its end', () => {
    expect(pseudo('Sign In', true)).toMatch(/^\u202e\[Šîĝñ Îñ ·+\]\u202c$/);
  });
});

describe('writeLocaleFiles', () => {
  it('reads the catalogue as data, in its order', async () => {
    expect(await englishCatalogue(root)).toEqual(messages);
  });

  it('writes each language as an array in the catalogue order, under a name that changes with the content', async () => {
    const files = await writeLocaleFiles({ root, out, pseudoLocales: true });
    expect(files.tags).toEqual(expect.arrayContaining(['de', 'en-XA', 'ar-XB']));
    expect(files.hash).toMatch(/^[0-9a-f]{10}$/);
    const served = join(out, localeFilePath('en-XA', files.hash));
    const pseudoTexts = JSON.parse(await readFile(served, 'utf8')) as unknown[];
    expect(pseudoTexts).toHaveLength(Object.keys(messages).length);
    expect(pseudoTexts[Object.keys(messages).indexOf('signInButton')]).toBe(pseudo('Sign In'));
    expect((await readdir(join(out, 'locales'))).sort()).toEqual(
      files.tags.map((tag) => localeFilePath(tag, files.hash).slice('/locales/'.length)).sort(),
    );
    const without = await writeLocaleFiles({ root, out: join(out, 'plain'), pseudoLocales: false });
    expect(without.hash).not.toBe(files.hash);
  });

  it("splits each language into the entry's texts and the pages', both named by the one hash", async () => {
    const keys = Object.keys(messages);
    const split = { entry: ['signInButton', 'welcomeHeading'], pages: keys.slice(0, 3) };
    const files = await writeLocaleFiles({ root, out: join(out, 'split'), split });
    const read = async (path: string) => JSON.parse(await readFile(join(out, 'split', path), 'utf8')) as unknown[];
    const de = JSON.parse(await readFile(join(root, 'src/messages/locales/de.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(await read(localeFilePath('de', files.hash))).toEqual([de.signInButton, de.welcomeHeading]);
    expect(await read(pageTextsPath('de', files.hash))).toEqual(split.pages.map((key) => de[key] ?? null));
    expect((await readdir(join(out, 'split/locales'))).length).toBe(files.tags.length * 2);
  });

  it('writes null where a translation lacks a text, so English shows there', () => {
    const [first, second] = Object.keys(messages);
    const served = JSON.parse(localeFileText(messages, { [second!]: 'x' })) as unknown[];
    expect(served.slice(0, 2)).toEqual([null, 'x']);
    expect(first).toBeDefined();
  });
});
