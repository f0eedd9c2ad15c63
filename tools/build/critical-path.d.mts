/** esbuild's metafile, as far as these functions read it. */
export interface Metafile {
  inputs: Record<string, { bytes: number; imports: { path: string; kind: string; external?: boolean }[] }>;
  outputs: Record<
    string,
    {
      bytes: number;
      entryPoint?: string;
      cssBundle?: string;
      imports: { path: string; kind: string }[];
      inputs: Record<string, { bytesInOutput: number }>;
    }
  >;
}
export declare function outputOf(metafile: Metafile, entry: string): string;
export declare function staticClosure(metafile: Metafile, start: string): string[];
export declare const PORTAL_ENTRY: string[];
export declare function criticalPath(
  metafile: Metafile,
  entry: string | readonly string[],
): { js: string[]; css: string[]; modules: string[] };
export declare function importChain(
  metafile: Metafile,
  entry: string | readonly string[],
  module: string,
): string[] | null;
