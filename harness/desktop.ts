// The fake desktop listener: answers every GET with 200 and reports what it received (CONTRACT: desktop --json); a HEAD (the portal asking whether anything listens) is answered and not reported.
import { createServer, type Server } from 'node:http';
import { EventEmitter } from 'node:events';
import { closeServer, listen } from './ports';

export type DesktopEvent =
  { kind: 'login'; token: string; claims: Record<string, unknown> | null } | { kind: 'path'; path: string };

export interface DesktopListener {
  port: number;
  url: string;
  events: DesktopEvent[];
  emitter: EventEmitter;
  /** Resolves with the next event of `kind` (or one already received since the last reset). */
  next(kind: DesktopEvent['kind'], timeoutMs?: number): Promise<DesktopEvent>;
  reset(): void;
  stop(): Promise<void>;
}

/** The payload of a JWT, or null when `token` is not one. */
export function jwtClaims(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const json: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    return json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Reads one request target into an event: /login?<token> is a login, anything else a path. */
function desktopEvent(target: string): DesktopEvent {
  const url = new URL(target, 'http://desktop.invalid');
  if (url.pathname === '/login') {
    const query = url.search.slice(1);
    // The token is the raw query; an optional &state=... that the portal appends is not part of it.
    const token = query.replace(/&state=[^&]*$/, '');
    return { kind: 'login', token, claims: jwtClaims(decodeURIComponent(token)) };
  }
  return { kind: 'path', path: url.pathname + url.search };
}

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signed in</title></head>
<body><main><h1>You are signed in</h1><p>You can close this window and return to the app.</p></main></body></html>`;

export async function startDesktopListener({
  port,
  host = '127.0.0.1',
}: {
  port: number;
  host?: string;
}): Promise<DesktopListener> {
  const events: DesktopEvent[] = [];
  const emitter = new EventEmitter();
  const server: Server = createServer((req, res) => {
    const event = req.method === 'GET' && req.url ? desktopEvent(req.url) : null;
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'access-control-allow-origin': '*',
    });
    // Reported once the answer is out, so a listener that stops on the event does not cut the caller off.
    res.end(req.method === 'HEAD' ? undefined : PAGE, () => {
      if (!event || (event.kind === 'path' && event.path === '/favicon.ico')) return;
      events.push(event);
      emitter.emit('event', event);
    });
  });
  const actual = await listen(server, port, host);
  return {
    port: actual,
    url: `http://${host}:${actual}`,
    events,
    emitter,
    next(kind, timeoutMs = 30_000) {
      const seen = events.find((e) => e.kind === kind);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          emitter.off('event', on);
          reject(new Error(`no ${kind} request reached the desktop listener within ${timeoutMs} ms`));
        }, timeoutMs);
        const on = (event: DesktopEvent) => {
          if (event.kind !== kind) return;
          clearTimeout(timer);
          emitter.off('event', on);
          resolve(event);
        };
        emitter.on('event', on);
      });
    },
    reset() {
      events.length = 0;
    },
    stop: () => closeServer(server),
  };
}
