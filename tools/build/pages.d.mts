/** A path with a page of its own: its HTML file, and the modules its route loads lazily. */
export interface PageHtml {
  path: string;
  html: string;
  chunks: string[];
  styles: string[];
  /** Scripts no module imports, built as entries of their own and named async (INTL_WARM_UP). */
  scripts?: string[];
  images?: string[];
}
export declare const CHUNKS_DIR: 'chunks';
export declare const STYLES_DIR: 'styles';
export declare const PAGE_STYLES: Record<string, string>;
export declare const PAGES: readonly PageHtml[];
export declare const INTL_WARM_UP: string;
export declare const ON_DEMAND: readonly string[];
export declare function pageHtmlFor(pathname: string): string;
export declare function pageFiles(
  metafile: unknown,
  rel: (file: string) => string,
  page?: PageHtml | null,
  main?: string,
): {
  entry: string;
  preload: string[];
  scripts: string[];
  css: string[];
  styles: Record<string, string>;
  images: string[];
};
export declare function pageStyles(metafile: unknown, rel: (file: string) => string): Record<string, string>;
