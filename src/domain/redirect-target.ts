// Reads the desktop redirect target from the places SPEC 2 names: query, "redirect=" text, path segment, hash.

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The raw redirect target carried by `href`, or null. It is not yet checked: see desktop-target.ts. */
export function readRedirectTarget(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const fromQuery = url.searchParams.get('redirect');
  if (fromQuery) return fromQuery;

  const marker = href.indexOf('redirect=');
  if (marker >= 0) {
    const rest = href.slice(marker + 'redirect='.length).split(/[&#]/)[0] ?? '';
    if (rest) return decode(rest);
  }

  const segments = url.pathname.split('/');
  const at = segments.indexOf('redirect');
  if (at >= 0 && at < segments.length - 1) {
    const rest = segments.slice(at + 1).join('/');
    // "http:/127.0.0.1:5662" appears when a router collapses the double slash of an unencoded URL.
    if (rest) return decode(rest).replace(/^(https?:)\/(?!\/)/, '$1//');
  }

  const hash = decode(url.hash.replace(/^#/, ''));
  if (/^https?:\/\//i.test(hash)) return hash;
  return null;
}

/** A same-origin in-app path ("/credits"), or undefined for anything that could leave the portal. */
export function inAppPath(value: string | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || /[\\\s]/.test(value)) return undefined;
  return value;
}
