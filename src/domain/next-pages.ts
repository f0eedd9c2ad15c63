// Which pages' code a tab fetches once it is idle (docs/architecture.md "What the entry holds"), so that the next
// move fetches no script. A tab launched to hand a token to the desktop app leaves for it: it fetches nothing more.
// The shared-link pages open the apps, not the portal. Every other tab will most likely show the signed-in pages
// next: My Account first (the page after a sign-in), then the header's other three.

export type SignedInPage = 'account' | 'credits' | 'subscription' | 'myDesigns';

export interface NextPagesFacts {
  /** Whether this tab was launched with a desktop target (`redirect`) that it has not used yet. */
  desktopTarget: boolean;
  /** Whether the path is one of the shared-link pages, which run with no session (domain/public-paths.ts). */
  sharedLinkPage: boolean;
}

const SIGNED_IN_PAGES: readonly SignedInPage[] = ['account', 'credits', 'subscription', 'myDesigns'];

export function nextPages({ desktopTarget, sharedLinkPage }: NextPagesFacts): readonly SignedInPage[] {
  if (desktopTarget || sharedLinkPage) return [];
  return SIGNED_IN_PAGES;
}
