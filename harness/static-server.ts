// Serves a built portal: files, /images/*, a page's own HTML for its path and index.html for any other unknown path, with the headers and caching of the
// firebase.json of build.mjs. The stack serves its portal through the Hosting emulator; this server remains for what
// one emulator process cannot do: more builds at once (the e2e development and standalone builds, the bench's floor).
import { createServer, type Server } from 'node:http';
import { ASSET_POLICY, CACHE_CONTROL, securityHeaders, type BuildConfig } from '../build.mjs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { CHUNKS_DIR, STYLES_DIR, pageHtmlFor } from '../tools/build/pages.mjs';
import { closeServer, listen } from './ports';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticServer {
  port: number;
  url: string;
  stop(): Promise<void>;
}

/** `config`: the build's config, for the same headers as firebase.json; or `csp` alone, with the other security headers. */
export async function startStaticServer({
  root,
  port,
  csp,
  config,
  host = '127.0.0.1',
}: {
  root: string;
  port: number;
  csp?: string;
  config?: BuildConfig;
  host?: string;
}): Promise<StaticServer> {
  if (!config && csp === undefined) throw new Error('startStaticServer needs the build config or a CSP');
  const fromBuild = config ? securityHeaders(config) : null;
  const security = {
    'content-security-policy': fromBuild?.['Content-Security-Policy'] ?? csp!,
    'x-content-type-options': 'nosniff',
    'referrer-policy': fromBuild?.['Referrer-Policy'] ?? 'strict-origin-when-cross-origin',
    'permissions-policy': fromBuild?.['Permissions-Policy'] ?? 'camera=(), microphone=(), geolocation=()',
    'cross-origin-opener-policy': fromBuild?.['Cross-Origin-Opener-Policy'] ?? 'same-origin-allow-popups',
  };
  const assetPolicy = { 'content-security-policy': ASSET_POLICY };
  const pageHtml = (pathname: string) => readFile(join(root, pageHtmlFor(pathname)));
  const server: Server = createServer(async (req, res) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' }).end();
        return;
      }
      let pathname: string;
      try {
        pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      } catch {
        // A malformed %-escape or path is the client's mistake: 400, never a 500 with the error's text.
        res
          .writeHead(400, { 'content-type': 'text/plain; charset=utf-8', ...security })
          .end('Bad request: malformed path');
        return;
      }
      const file = normalize(join(root, pathname));
      let body: Buffer | null = null;
      let type = TYPES['.html']!;
      let cache = CACHE_CONTROL.index;
      if (file.startsWith(root + sep) && !pathname.endsWith('/')) {
        const info = await stat(file).catch(() => null);
        if (info?.isFile()) {
          body = await readFile(file);
          type = Object.hasOwn(TYPES, extname(file)) ? TYPES[extname(file)]! : 'application/octet-stream';
          // The rules of build.mjs's hostingConfig(): hashed names never change content; /images keep their names.
          if (/^\/(app-[^/]+\.(js|css)$|assets\/|locales\/|chunks\/|styles\/)/.test(pathname))
            cache = CACHE_CONTROL.hashed;
          else if (pathname.startsWith('/images/')) cache = CACHE_CONTROL.images;
        } else if (new RegExp(`^/(images|locales|${CHUNKS_DIR}|${STYLES_DIR})/`).test(pathname)) {
          res
            .writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...security, ...assetPolicy })
            .end('Not found');
          return;
        }
      }
      body ??= await pageHtml(pathname);
      res.writeHead(200, {
        'content-type': type,
        'content-length': body.length,
        'cache-control': cache,
        ...security,
        // A file with a rule of its own (hostingConfig's later rules) carries the files' policy, not the pages'.
        ...(cache === CACHE_CONTROL.index ? {} : assetPolicy),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (error) {
      console.error('[static server]', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Internal server error');
    }
  });
  const actual = await listen(server, port, host);
  return {
    port: actual,
    url: `http://${host}:${actual}/`,
    stop: () => closeServer(server),
  };
}
