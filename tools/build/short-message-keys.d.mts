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
export declare function shortMessageKeys(root: string): { name: string; setup(build: unknown): void };
