// The page's reload, stubbed for jsdom: `location.reload` itself cannot be replaced (it is unforgeable), but the
// `location` global can. The stand-in keeps the page's address; undo it with vi.unstubAllGlobals().
import { vi } from 'vitest';

/** Replaces `location` with a copy of the page's address whose reload is the returned mock. */
export function stubPageReload(): ReturnType<typeof vi.fn> {
  const reload = vi.fn();
  const { href, origin, protocol, host, hostname, port, pathname, search, hash } = window.location;
  vi.stubGlobal('location', {
    href,
    origin,
    protocol,
    host,
    hostname,
    port,
    pathname,
    search,
    hash,
    assign: vi.fn(),
    replace: vi.fn(),
    reload,
    toString: () => href,
  });
  return reload;
}
