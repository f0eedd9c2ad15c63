// The apps' store addresses: a define of their own (build.mjs configDefines), carried by the shared-link page only.
import type { StoreLinks } from './types';

declare const __STORE_LINKS__: string;

export const storeLinks: StoreLinks = JSON.parse(__STORE_LINKS__) as StoreLinks;
