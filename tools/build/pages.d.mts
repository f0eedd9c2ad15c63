/** A path with a page of its own: its HTML file, and the modules its route loads lazily. */
export interface PageHtml {
  path: string;
  html: string;
  chunks: string[];
}
export declare const CHUNKS_DIR: 'chunks';
export declare const PAGES: readonly PageHtml[];
export declare function pageHtmlFor(pathname: string): string;
export declare function pageFiles(
  metafile: unknown,
  rel: (file: string) => string,
  page?: PageHtml | null,
): { entry: string; preload: string[]; css: string[] };
