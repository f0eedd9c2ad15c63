// The English texts that only the pages in chunks use. A production build moves them here from catalogue.ts, the ones
// no module of the entry names (tools/build/short-message-keys.mjs `splitCatalogue`), so that /auth does not carry
// them; every chunk brings them (src/chunks/entry-graph.ts adds them). In the source, the tests and watch builds this
// object is empty: catalogue.ts holds every text.
import type { PluralForms } from './catalogue';

export const pageMessages: Readonly<Record<string, string | PluralForms>> = {};
