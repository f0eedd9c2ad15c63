// The engines' whole view of the internet: an HTTP proxy that both browsers are pointed at. It answers
// https://apis.google.com/js/api.js with the gapi stand-in of the Chromium tests (Firebase and the Auth emulator's
// helper iframe load it for the popups), the emulator widget's CDN styles and scripts with empty files, and refuses
// everything else while recording it, so a journey can check that a hostile target got no request at all.
// How apis.google.com answers is switchable per journey (`google`: at once, after 3 s, or never, as where Google is
// blocked), and every request to it is logged with its time (`googleRequests`).
// Classic WebDriver cannot intercept requests, so this one mechanism serves both engines alike. The TLS certificate
// is made per run by openssl and accepted through the sessions' acceptInsecureCerts.
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import { gapiStandIn } from '../../harness/gapi-stand-in';
import { closeServer, listen } from '../../harness/ports';
import { selfSignedCertificate } from '../support/tls';

const GAPI_STAND_IN = gapiStandIn();
/**
 * How apis.google.com answers: `fast` (the stand-in at once), `slow` (after SLOW_GOOGLE_MS), `hanging` (never: the
 * request stays open until the page goes), as in the Chromium tests (tests/e2e/support/identity-provider.ts).
 */
type GoogleServers = 'fast' | 'slow' | 'hanging';
const SLOW_GOOGLE_MS = 3_000;

/** Hosts answered here; every other one is refused. */
const SERVED = ['apis.google.com', 'unpkg.com', 'fonts.googleapis.com', 'fonts.gstatic.com'];

export interface OfflineInternet {
  port: number;
  /** Every host (CONNECT) or URL (plain http) the browsers asked for, served or refused, oldest first. */
  requests: string[];
  /** How apis.google.com answers from now on; engines.test.ts sets it back to `fast` before each journey. */
  google: GoogleServers;
  /** Every request to apis.google.com (the tunnel, then each URL in it) and when it came, in ms since the epoch. */
  googleRequests: Array<{ url: string; at: number }>;
  /** Every answer apis.google.com gave and when it was sent. */
  googleAnswers: Array<{ url: string; at: number }>;
  /** Serves /frame?src=URL&width=N: the page in an iframe that wide (WebKit's narrow-viewport fallback). */
  frameUrl(src: string, width: number, height: number): string;
  stop(): Promise<void>;
}

const HEADERS = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' };

/** apis.google.com, answering as `internet.google` says at the time of the request. */
function serveGoogle(internet: OfflineInternet, path: string, res: ServerResponse): void {
  const url = `https://apis.google.com${path}`;
  internet.googleRequests.push({ url, at: Date.now() });
  const servers = internet.google;
  if (servers === 'hanging') return; // never answered; stop() destroys the tunnel
  const answer = () => {
    if (res.destroyed) return; // the page went meanwhile
    internet.googleAnswers.push({ url, at: Date.now() });
    if (path.startsWith('/js/api.js'))
      res.writeHead(200, { ...HEADERS, 'content-type': 'text/javascript' }).end(GAPI_STAND_IN);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('not served offline');
  };
  if (servers === 'slow') setTimeout(answer, SLOW_GOOGLE_MS).unref();
  else answer();
}

function serveOffline(internet: OfflineInternet, req: IncomingMessage, res: ServerResponse): void {
  const host = (req.headers.host ?? '').replace(/:\d+$/, '');
  const path = req.url ?? '/';
  if (host === 'apis.google.com') return serveGoogle(internet, path, res);
  // The widget's material styles, icons and fonts: left empty on purpose, as in the Chromium tests.
  const script = /\.js(\?|$)/.test(path);
  res.writeHead(200, { ...HEADERS, 'content-type': script ? 'text/javascript' : 'text/css' }).end('');
}

function framePage(url: URL, res: ServerResponse): void {
  const src = url.searchParams.get('src') ?? 'about:blank';
  const width = Number(url.searchParams.get('width') ?? 375);
  const height = Number(url.searchParams.get('height') ?? 740);
  const escaped = src.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  res
    .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    .end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${width} px</title></head>` +
        `<body style="margin:0"><iframe title="portal at ${width} px" src="${escaped}" style="border:0;width:${width}px;height:${height}px"></iframe></body></html>`,
    );
}

export async function startOfflineInternet(): Promise<OfflineInternet> {
  const requests: string[] = [];
  const tunnels = new Set<Socket>();
  const internet: OfflineInternet = {
    port: 0,
    requests,
    google: 'fast',
    googleRequests: [],
    googleAnswers: [],
    frameUrl: (src, width, height) =>
      `http://127.0.0.1:${internet.port}/frame?${new URLSearchParams({ src, width: String(width), height: String(height) })}`,
    async stop() {
      for (const socket of tunnels) socket.destroy();
      await closeServer(proxy);
    },
  };
  const tls = createHttpsServer(
    selfSignedCertificate(
      'offline test internet',
      SERVED.map((h) => `DNS:${h}`),
    ),
    (req, res) => serveOffline(internet, req, res),
  );
  const proxy = createHttpServer((req, res) => {
    const target = req.url ?? '/';
    if (target.startsWith('/')) {
      // Asked directly, not as a proxy: the frame page.
      const url = new URL(target, 'http://127.0.0.1');
      if (url.pathname === '/frame') return framePage(url, res);
      res.writeHead(404).end();
      return;
    }
    // A plain-http request through the proxy: nothing out there is reachable.
    requests.push(target);
    res.writeHead(502, { 'content-type': 'text/plain' }).end('offline');
  });
  proxy.on('connect', (req: IncomingMessage, socket: Socket) => {
    const host = (req.url ?? '').replace(/:\d+$/, '');
    requests.push(req.url ?? '');
    if (host === 'apis.google.com') internet.googleRequests.push({ url: req.url ?? '', at: Date.now() });
    socket.on('error', () => undefined);
    tunnels.add(socket);
    socket.on('close', () => tunnels.delete(socket));
    if (!SERVED.includes(host)) {
      socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
      return;
    }
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    tls.emit('connection', socket);
  });
  internet.port = await listen(proxy, 0, '127.0.0.1');
  return internet;
}
