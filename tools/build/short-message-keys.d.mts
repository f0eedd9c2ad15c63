export declare const CATALOGUE: string;
export declare const KEPT_KEYS: Set<string>;
export declare function catalogueKeys(catalogue: string): string[];
export declare function shortCode(index: number): string;
export declare function codeTable(keys: string[]): Map<string, string>;
export declare function keyLiteralPattern(table: Map<string, string>): RegExp;
export declare function shortenKeys(
  source: string,
  table: Map<string, string>,
  options?: { isCatalogue?: boolean },
): string;
export declare const PAGE_MESSAGES: string;
export declare function catalogueEntries(catalogue: string): {
  start: number;
  end: number;
  entries: Array<{ key: string; text: string }>;
};
export declare function splitCatalogue(
  catalogue: string,
  entryKeys: ReadonlySet<string>,
): { catalogue: string; pageMessages: string; pageKeys: string[] };
export declare function keysNamedIn(sources: Iterable<string>, keys: readonly string[]): Set<string>;
export declare function shortMessageKeys(
  root: string,
  options?: { entryKeys?: ReadonlySet<string> | null },
): { name: string; setup(build: unknown): void };
