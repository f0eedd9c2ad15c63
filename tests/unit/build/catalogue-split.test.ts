// A production build splits the English catalogue (tools/build/short-message-keys.mjs): the texts the entry's modules
// name stay in the entry, the others go with the pages' chunks, and a language file lists the entry's first.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addTexts, applyTranslation, message, textOrder, type MessageCode } from '../../../src/messages/catalogue';
import {
  CATALOGUE,
  catalogueEntries,
  catalogueKeys,
  keysNamedIn,
  splitCatalogue,
} from '../../../tools/build/short-message-keys.mjs';

const catalogue = readFileSync(join(__dirname, '../../..', CATALOGUE), 'utf8');
const keys = catalogueKeys(catalogue);

describe('splitCatalogue', () => {
  it('keeps the named entries in the catalogue and moves every other one, in order, to pageMessages', () => {
    const entryKeys = new Set(['loading', 'welcomeHeading']);
    const split = splitCatalogue(catalogue, entryKeys);
    expect(catalogueKeys(split.catalogue)).toEqual(['loading', 'welcomeHeading']);
    expect(split.pageKeys).toEqual(keys.filter((key) => !entryKeys.has(key)));
    expect(split.pageMessages).toMatch(/^export const pageMessages = \{\n/);
    expect(split.pageMessages).toContain("creditsHeading: 'Transform Your Designs Into Reality',");
    // Every entry's text goes whole, plural forms and all, to exactly one of the two halves.
    for (const { text } of catalogueEntries(catalogue).entries)
      expect(split.catalogue.includes(text) !== split.pageMessages.includes(text)).toBe(true);
  });
});

describe('keysNamedIn', () => {
  it('finds the keys a module spells as a whole string literal, not a word inside another', () => {
    const named = keysNamedIn(
      ['message(\'welcomeHeading\'); const x = "loading"; // welcomeSubtitle', "'creditsHeadingX'"],
      keys,
    );
    expect([...named].sort()).toEqual(['loading', 'welcomeHeading']);
  });
});

describe("the pages' texts arriving with their chunks", () => {
  afterEach(() => applyTranslation(null));

  it('are read from the language file already in use, at the places after the entry texts', () => {
    const order = textOrder();
    const file: unknown[] = order.map(() => null);
    file.push('Seite eins', { one: 'eine Seite', other: '{n} Seiten' });
    applyTranslation('de', {}, file);
    addTexts({ testPageOne: 'Page one', testPageTwo: { one: 'one page', other: '{n} pages' } });
    expect(textOrder().slice(-2)).toEqual(['testPageOne', 'testPageTwo']);
    expect(message('testPageOne' as MessageCode)).toBe('Seite eins');
    applyTranslation(null);
    expect(message('testPageOne' as MessageCode)).toBe('Page one');
  });
});
