// Each language's term list (docs/languages.md "Term lists", as data in terms.ts) against every text of its file: a
// text whose English names a term says the language's word for it, no text uses a synonym the list rules out, and the
// doc's table shows the words the data holds.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/messages/catalogue';
import { ENGLISH, NOT_THE_TERM, TERM_IDS, TERMS, type TermId } from './terms';
import { allTexts, translations } from './texts';

const ROOT = join(__dirname, '../../..');
/** A text without its placeholders: "{plan}" names no plan. */
const words = (text: string) => text.replace(/\{\w+\}/g, ' ');
/** The English text of a key or plural form (a language's "few" or "many" reads as English's "other"). */
const englishText = (key: string): string => {
  const [base, form] = key.split('.') as [string, string | undefined];
  const value = messages[base as keyof typeof messages] as string | Record<string, string>;
  return typeof value === 'string' ? value : (value[form!] ?? value.other!);
};

/** Whether the English text of `key` names the term. */
const namesTerm = (id: TermId, key: string) =>
  ENGLISH[id].test(words(englishText(key))) && !NOT_THE_TERM[id]?.includes(key.split('.')[0]!);

/** The doc's term list: tag → the cells of the term columns, in TERM_IDS order. */
function docTable(): Record<string, string[]> {
  const doc = readFileSync(join(ROOT, 'docs/languages.md'), 'utf8');
  const rows = doc
    .split('\n')
    .filter((line) => line.startsWith('|') && !line.startsWith('|---'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  const head = rows.find((cells) => cells[1] === 'tag')!;
  const columns = ['credits', 'subscription', 'plan', 'design', 'sign in', 'account'].map((name) => head.indexOf(name));
  return Object.fromEntries(
    rows.filter((cells) => cells !== head).map((cells) => [cells[1]!, columns.map((i) => cells[i]!)]),
  );
}

it('has a term list for every language file, and the doc shows each term list as the data holds it', () => {
  expect(Object.keys(TERMS).sort()).toEqual(Object.keys(translations).sort());
  const table = docTable();
  expect(Object.keys(table).sort()).toEqual(Object.keys(TERMS).sort());
  for (const [tag, terms] of Object.entries(TERMS)) {
    TERM_IDS.forEach((id, i) => {
      const cell = table[tag]![i]!;
      expect(cell.slice(0, terms[id].word.length), `${tag} ${id}: ${cell}`).toBe(terms[id].word);
    });
  }
});

it('reads each term in the English texts that name it (the check below has texts to check)', () => {
  for (const id of TERM_IDS)
    expect(allTexts(messages).filter(([, text]) => ENGLISH[id].test(words(text))).length, id).toBeGreaterThan(0);
});

describe.each(Object.keys(TERMS))('%s', (tag) => {
  const terms = TERMS[tag]!;
  const texts = allTexts(translations[tag] ?? {});

  it('uses no synonym its term list rules out', () => {
    // A text left as in English is a name (the survey's "Monster House Plans"), not a choice of word.
    const used = TERM_IDS.flatMap((id) =>
      texts
        .filter(([key, text]) => terms[id].banned?.test(words(text)) && text !== englishText(key))
        .map(([key, text]) => `${id}: ${key}: ${text}`),
    );
    expect(used).toEqual([]);
  });

  it("says the term's word wherever the English text names the term", () => {
    const missing = TERM_IDS.flatMap((id) =>
      texts
        .filter(([key]) => namesTerm(id, key) && !terms[id].except?.includes(key.split('.')[0]!))
        .filter(([key, text]) => !terms[id].forms.test(words(text)) && text !== englishText(key))
        .map(([key, text]) => `${id}: ${key}: ${text}`),
    );
    expect(missing).toEqual([]);
  });

  it('lists as exceptions only keys whose English names the term', () => {
    for (const id of TERM_IDS)
      for (const key of terms[id].except ?? []) expect(namesTerm(id, key), `${id}: ${key}`).toBe(true);
  });
});
