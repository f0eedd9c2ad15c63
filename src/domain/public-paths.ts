// The public paths of SPEC 6, and the pages exempt from session checks.
const PUBLIC_PATHS = [
  '/auth',
  '/sign-in',
  '/create-account',
  '/external-link',
  '/share-design',
  '/return-to-app',
] as const;

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** The pages that run with no session checks at all (SPEC 2: /external-link, /share-design). */
export function isNoSessionPath(pathname: string): boolean {
  return ['/external-link', '/share-design'].some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** What a page tells search engines: the signed-in pages are nobody's search result. */
export function robotsFor(pathname: string): 'noindex' | null {
  return isPublicPath(pathname) ? null : 'noindex';
}
