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
  order?: readonly string[];
}): Promise<Record<string, string>>; // tag -> content hash
