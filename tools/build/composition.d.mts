export declare const OWN_CODE: string;
export declare function decodeSegment(segment: string): number[];
export declare function partOf(source: string): string;
export declare function buildComposition(
  files: ReadonlyArray<{ code: string; map: { sources: string[]; mappings: string } }>,
): Array<{ part: string; raw: number; gzip: number }>;
