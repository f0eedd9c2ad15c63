// The document title of each page (WCAG 2.4.2): the page, then the product. Texts are catalogue keys.
export type PageTitleKey =
  | 'pageTitleAccount'
  | 'pageTitleSubscription'
  | 'pageTitleCredits'
  | 'pageTitleDesigns'
  | 'pageTitleDevData'
  | 'pageTitleSignIn'
  | 'pageTitleReturn'
  | 'pageTitleGetApp'
  | 'pageTitleSharedDesign';

const TITLES: Array<[prefix: string, key: PageTitleKey]> = [
  ['/subscription', 'pageTitleSubscription'],
  ['/credits', 'pageTitleCredits'],
  ['/my-designs', 'pageTitleDesigns'],
  ['/dev-data', 'pageTitleDevData'],
  ['/auth', 'pageTitleSignIn'],
  ['/return-to-app', 'pageTitleReturn'],
  ['/external-link', 'pageTitleGetApp'],
  ['/share-design', 'pageTitleSharedDesign'],
];

/** The catalogue key of the page's title, or null when the title is the product name alone. */
export function pageTitleKey(pathname: string): PageTitleKey | null {
  if (pathname === '/') return 'pageTitleAccount';
  const match = TITLES.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  return match ? match[1] : null;
}
