// The document title of each page (WCAG 2.4.2): the page, then the product.
const TITLES: Array<[prefix: string, title: string]> = [
  ['/subscription', 'Pro plans'],
  ['/credits', 'Credits'],
  ['/my-designs', 'My Designs'],
  ['/dev-data', 'Development data'],
  ['/auth', 'Sign in'],
  ['/return-to-app', 'Return to the app'],
  ['/external-link', 'Get the app'],
  ['/share-design', 'Shared design'],
];

export function pageTitle(pathname: string, product: string): string {
  if (pathname === '/') return `My Account · ${product}`;
  const match = TITLES.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  return match ? `${match[1]} · ${product}` : product;
}
