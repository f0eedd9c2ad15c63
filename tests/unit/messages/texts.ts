// The language files as the message tests read them: each file by its tag, and every text of a catalogue as a list.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const DIR = join(__dirname, '../../../src/messages/locales');

/** Each file of src/messages/locales by its tag ("pt-BR"). */
export const translations: Record<string, Record<string, unknown>> = Object.fromEntries(
  readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => [f.slice(0, -5), JSON.parse(readFileSync(join(DIR, f), 'utf8')) as Record<string, unknown>]),
);

/** Every text of a catalogue, a counted text's forms as `key.form`. */
export const allTexts = (texts: Record<string, unknown>): Array<[string, string]> =>
  Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[key, value] as [string, string]]
      : Object.entries(value as Record<string, string>).map(
          ([form, text]) => [`${key}.${form}`, text] as [string, string],
        ),
  );
