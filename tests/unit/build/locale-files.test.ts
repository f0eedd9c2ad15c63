// The language files of a build (tools/build/locale-files.mjs): data in the catalogue's key order, hashed names,
// and the pseudo-locales of development and e2e builds.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { englishCatalogue, localeFileText, pseudo, writeLocaleFiles } from '../../../tools/build/locale-files.mjs';
import { messages } from '../../../src/messages/catalogue';
import { localeFilePath } from '../../../src/messages/languages';

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

  it('writes each language as an array in the catalogue order, under a name that changes with its content', async () => {
    const files = await writeLocaleFiles({ root, out, pseudoLocales: true });
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['en-XA', 'ar-XB']));
    for (const hash of Object.values(files)) expect(hash).toMatch(/^[0-9a-f]{10}$/);
    const served = join(out, localeFilePath('en-XA', files['en-XA']!));
    const pseudoTexts = JSON.parse(await readFile(served, 'utf8')) as unknown[];
    expect(pseudoTexts).toHaveLength(Object.keys(messages).length);
    expect(pseudoTexts[Object.keys(messages).indexOf('signInButton')]).toBe(pseudo('Sign In'));
    expect((await readdir(join(out, 'locales'))).sort()).toEqual(
      Object.entries(files)
        .map(([tag, hash]) => localeFilePath(tag, hash).slice('/locales/'.length))
        .sort(),
    );
  });

  it('leaves the pseudo-locales out unless asked', async () => {
    const files = await writeLocaleFiles({ root, out: join(out, 'plain') });
    expect(Object.keys(files)).not.toContain('en-XA');
  });

  it('writes null where a translation lacks a text, so English shows there', () => {
    const [first, second] = Object.keys(messages);
    const served = JSON.parse(localeFileText(messages, { [second!]: 'x' })) as unknown[];
    expect(served.slice(0, 2)).toEqual([null, 'x']);
    expect(first).toBeDefined();
  });
});
