/** A translation, or the English catalogue: each key's text or plural forms. */
export type Texts = Readonly<Record<string, string | Readonly<Record<string, string>>>>;

export declare const LOCALES_DIR: string;
export declare const LOCALES_PATH: string;
export declare function englishCatalogue(root: string): Promise<Texts>;
export declare function translations(root: string): Promise<Record<string, Texts>>;
export declare function pseudo(text: string, rtl?: boolean): string;
export declare function localeFileText(
  english: Texts,
  texts: Readonly<Record<string, unknown>>,
  order?: readonly string[],
): string;
export declare function writeLocaleFiles(options: {
  root: string;
  out: string;
  pseudoLocales?: boolean;
  /** A split build's two halves: the entry's keys and the pages', each in the catalogue's order. */
  split?: { readonly entry: readonly string[]; readonly pages: readonly string[] };
}): Promise<{ hash: string; tags: string[] }>; // one content hash names every file
