// HTTP/2 over TLS in front of the stack's Hosting emulator, for Lighthouse (tests/bench/lighthouse.ts).
//
// Firebase Hosting serves the portal over HTTP/2 (and HTTP/3); its emulator speaks HTTP/1.1 only. Lighthouse's
// simulation (Lantern) replays the connections it saw: over HTTP/1.1 the browser opens a connection for each file
// fetched at once, and Lantern charges each one a TCP handshake and a slow start at Slow 4G's 150 ms round trip, a cost
// a page split into chunks pays and a single-file page does not, and that production never charges either. Through
// this front Lighthouse sees what a phone gets from Hosting: one connection, every file on it. The answers are the
// emulator's, bytes and headers alike; only the connection-specific headers HTTP/2 forbids are left out. The bench's
// Chromium accepts the run's certificate (tests/support/tls.ts) through --ignore-certificate-errors.
import http, { type IncomingHttpHeaders } from 'node:http';
import http2 from 'node:http2';
import { selfSignedCertificate } from '../support/tls';

export interface Http2Front {
  /** The front's origin with a trailing slash, as the stack's portalUrl: https://127.0.0.1:<port>/. */
  url: string;
  stop(): Promise<void>;
}

/** Headers of HTTP/1.1's connection management: HTTP/2 forbids them (RFC 9113, 8.2.2). */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

/** Starts the front for `target` (the Hosting emulator's origin) on a free loopback port. */
export async function startHttp2Front(target: string): Promise<Http2Front> {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  const server = http2.createSecureServer(
    { ...selfSignedCertificate('127.0.0.1', ['IP:127.0.0.1']), allowHTTP1: true },
    (req, res) => {
      const headers: IncomingHttpHeaders = {};
      for (const [name, value] of Object.entries(req.headers))
        if (!name.startsWith(':') && !CONNECTION_HEADERS.has(name) && name !== 'host') headers[name] = value;
      headers.host = upstream.host;
      const forward = http.request(
        { agent, host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
        (answer) => {
          const out: Record<string, string | string[]> = {};
          for (const [name, value] of Object.entries(answer.headers))
            if (value !== undefined && !CONNECTION_HEADERS.has(name)) out[name] = value;
          res.writeHead(answer.statusCode ?? 502, out);
          answer.pipe(res);
        },
      );
      forward.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(forward);
    },
  );
  // Chromium keeps its session open: stopping ends the sessions, or close would wait for the browser.
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `https://127.0.0.1:${port}/`,
    stop: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        for (const session of sessions) session.destroy();
        server.close(() => resolve());
      }),
  };
}
