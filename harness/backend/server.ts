// The reference backend: the API of SPEC 7 over HTTP, with token checks, fault injection, a request log and the PayPal stand-in.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { EmulatorAdmin, PROJECT_ID } from '../emulator';
import { paypalRoutes, sdkControl } from './paypal';
import { paypalApi, type PayPalApi } from './paypal-api';
import { parseFaults, takeFault, type Faults } from './faults';
import { HttpError, type BackendContext, type LogEntry, type Reply, type RequestContext } from './http';
import { playerRoutes } from './routes';
import { seedPlayer } from './seed';
import { Store } from './store';
import { HARNESS_SECRET_HEADER, newHarnessSecret } from './secret';
import { TokenError, UnityTokens, parseIdentityKeys, verifyIdToken } from './tokens';
import { closeServer, listen } from '../ports';

/** The `sub` claim of a bearer JWT without checking it (for the log and scoped faults only). */
function unverifiedUid(req: IncomingMessage): string | null {
  const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}

export interface BackendOptions {
  port: number;
  host?: string;
  dataFile?: string;
  faults?: string;
  projectId?: string;
  /** PayPal plan ids by plan (MONTHLY, SIX_MONTH, ANNUAL); several environments' ids may be accepted. */
  planIds?: Array<Record<string, string>>;
  /** The Auth emulator's address. Set: emulator mode (its unsigned tokens are accepted; accounts are deleted there). */
  emulatorUrl?: string;
  /** Public keys of RS256 identity tokens: PEM, a JWK set or Google's {kid: certificate} map (see parseIdentityKeys). */
  identityKeys?: string;
  /** Secret of the /__harness/* routes (header x-harness-secret); random when unset. */
  harnessSecret?: string;
  /** Origins (scheme://host:port) whose pages may call the API; CORS answers only these. */
  allowedOrigins?: string[];
  /** Accept the manual activation (payment bypass) of the staging build. Off unless asked for. */
  allowPaymentBypass?: boolean;
  /**
   * Host names it answers to besides its loopback names (127.0.0.1, localhost, [::1]) and `host`, always with its own
   * port: any other Host header gets 421, so a DNS-rebinding page cannot reach it under a name of its own.
   */
  hostNames?: string[];
  /** PayPal's REST API as the backend calls it; by default the stand-in's on this server (`{url}/paypal`). */
  paypal?: PayPalApi;
}

export interface Backend {
  port: number;
  url: string;
  store: Store;
  log: LogEntry[];
  unityTokens: UnityTokens;
  /** The value the x-harness-secret header must carry on /__harness/* requests. */
  harnessSecret: string;
  /** Lets pages of one more origin call the API (e.g. a second portal build started later). */
  allowOrigin(origin: string): void;
  readonly allowedOrigins: ReadonlySet<string>;
  /** Replaces the faults; with `uid`, only that user's requests are affected (tests run side by side). */
  setFaults(spec: string, uid?: string): void;
  reset(): void;
  stop(): Promise<void>;
}

function compile(path: string): RegExp {
  return new RegExp(`^${path.replace(/:(\w+)/g, '(?<$1>[^/]+)')}$`);
}

const MAX_BODY = 64 * 1024;

/** Path parameters, percent-decoded; a malformed escape is the caller's mistake (400), not a crash. */
function decodeParams(groups: Record<string, string>): Record<string, string> {
  const params: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [k, v] of Object.entries(groups)) {
    try {
      params[k] = decodeURIComponent(v);
    } catch {
      throw new HttpError(400, 'Malformed percent-encoding in the path');
    }
  }
  return params;
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new HttpError(413, 'Request body too large');
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return {};
  try {
    const json: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (!json || typeof json !== 'object' || Array.isArray(json)) throw new Error('not an object');
    return json as Record<string, unknown>;
  } catch {
    throw new HttpError(400, 'Request body must be a JSON object');
  }
}

/** The Host headers a backend on `port` answers: its loopback names, `host` and `hostNames`, each with the port. */
export function servedHosts(port: number, host: string | undefined, hostNames: readonly string[] = []): Set<string> {
  const names = ['127.0.0.1', 'localhost', '[::1]', ...(host ? [host] : []), ...hostNames];
  // An IPv6 literal is written in brackets in a Host header; a wildcard bind address names no host.
  const bracket = (name: string) => (name.includes(':') && !name.startsWith('[') ? `[${name}]` : name);
  return new Set(names.filter((n) => n !== '0.0.0.0' && n !== '::').map((n) => `${bracket(n).toLowerCase()}:${port}`));
}

/** scheme://host:port of an origin, or a thrown Error for anything that is not an http(s) origin. */
export function normalOrigin(origin: string): string {
  let u: URL;
  try {
    u = new URL(origin);
  } catch {
    throw new Error(`not an origin: ${origin}`);
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.origin === 'null')
    throw new Error(`not an http(s) origin: ${origin}`);
  return u.origin;
}

function sameSecret(given: string | string[] | undefined, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

function bearer(req: IncomingMessage): string {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer (.+)$/i.exec(header);
  if (!match?.[1]) throw new HttpError(401, 'Missing bearer token');
  return match[1];
}

export async function startBackend(options: BackendOptions): Promise<Backend> {
  const store = new Store(options.dataFile);
  const unityTokens = new UnityTokens();
  let faults: Faults = parseFaults(options.faults);
  const userFaults = new Map<string, Faults>();
  const log: LogEntry[] = [];
  // Every environment's ids are accepted (staging and production differ); merging them must not drop any.
  const planIds: Record<string, string[]> = {};
  for (const set of options.planIds ?? [
    { MONTHLY: 'P-TEST-MONTHLY', SIX_MONTH: 'P-TEST-SIX-MONTH', ANNUAL: 'P-TEST-ANNUAL' },
  ]) {
    for (const [plan, planId] of Object.entries(set)) {
      const ids = (planIds[plan] ??= []);
      if (!ids.includes(planId)) ids.push(planId);
    }
  }
  let url = '';
  const projectId = options.projectId ?? PROJECT_ID;
  const harnessSecret = options.harnessSecret ?? newHarnessSecret();
  const allowedOrigins = new Set((options.allowedOrigins ?? []).map(normalOrigin));
  const backend: BackendContext = {
    store,
    unityTokens,
    projectId,
    planIds,
    emulator: options.emulatorUrl ? new EmulatorAdmin(options.emulatorUrl, projectId) : null,
    idTokens: {
      projectId,
      emulator: Boolean(options.emulatorUrl),
      keys: options.identityKeys ? parseIdentityKeys(options.identityKeys) : [],
    },
    allowPaymentBypass: options.allowPaymentBypass ?? false,
    baseUrl: () => url,
    paypal: options.paypal ?? paypalApi(() => `${url}/paypal`, 'reference-backend'),
  };
  const routes = [...playerRoutes, ...paypalRoutes].map((r) => ({ ...r, pattern: compile(r.path) }));

  // CORS answers only the portal's own origins; any other page gets no access-control headers, so its browser
  // keeps the answer from it. The harness secret header is never allowed cross-origin.
  const cors = (req: IncomingMessage): Record<string, string> => {
    const origin = req.headers.origin;
    if (!origin || !allowedOrigins.has(origin)) return { vary: 'Origin' };
    return {
      'access-control-allow-origin': origin,
      vary: 'Origin',
      'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
      'access-control-allow-headers': 'Authorization, Content-Type, X-Unity-Token, PayPal-Client-Id',
      'access-control-max-age': '600',
    };
  };

  const send = (req: IncomingMessage, res: ServerResponse, reply: Reply) => {
    const status = reply.status ?? 200;
    const body = reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json));
    res.writeHead(status, {
      'content-type':
        reply.type ?? (reply.text !== undefined ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8'),
      'cache-control': 'no-store',
      ...cors(req),
      ...reply.headers,
    });
    res.end(body);
  };

  let hosts = new Set<string>();
  const server: Server = createServer(async (req, res) => {
    // DNS rebinding: a page on evil.example whose name now points at 127.0.0.1 sends Host: evil.example:<port>.
    if (!hosts.has((req.headers.host ?? '').toLowerCase())) {
      send(req, res, {
        status: 421,
        json: { error: `Misdirected request: this backend answers only as ${[...hosts].join(', ')}` },
      });
      return;
    }
    let reqUrl: URL;
    try {
      reqUrl = new URL(req.url ?? '/', 'http://backend.invalid');
    } catch {
      send(req, res, { status: 400, json: { error: 'Malformed request path' } });
      return;
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors(req)).end();
      return;
    }
    const uid = unverifiedUid(req);
    const entry: LogEntry = {
      method: req.method ?? 'GET',
      path: reqUrl.pathname + reqUrl.search,
      route: 'unknown',
      status: 0,
      at: Date.now(),
      uid,
    };
    const finish = (reply: Reply) => {
      entry.status = reply.status ?? 200;
      if (!entry.route.startsWith('harness')) log.push(entry);
      send(req, res, reply);
    };
    try {
      if (reqUrl.pathname === '/health') return finish({ json: { ok: true } });
      if (reqUrl.pathname.startsWith('/__harness/')) {
        entry.route = 'harness';
        return finish(await harnessRoute(reqUrl, req));
      }
      let match: { route: (typeof routes)[number]; params: Record<string, string> } | null = null;
      for (const route of routes) {
        const m = route.pattern.exec(reqUrl.pathname);
        if (m && route.method === req.method) {
          match = { route, params: decodeParams(m.groups ?? {}) };
          break;
        }
      }
      if (!match) return finish({ status: 404, json: { error: 'Not found' } });
      entry.route = match.route.name;
      const scoped = uid ? userFaults.get(uid) : undefined;
      const latency = Math.max(faults.latencyMs, scoped?.latencyMs ?? 0);
      if (latency > 0) await new Promise((r) => setTimeout(r, latency));
      const fault = (scoped && takeFault(scoped, match.route.name)) ?? takeFault(faults, match.route.name);
      if (fault && 'drop' in fault) {
        entry.status = -1;
        log.push(entry);
        req.socket.destroy();
        return;
      }
      if (fault && 'status' in fault)
        return finish({ status: fault.status, json: { error: `Injected failure (${fault.status})` } });
      if (fault && 'malformed' in fault)
        return finish({ status: 200, text: '{"results": [', type: 'application/json' });
      const body = req.method === 'GET' || req.method === 'DELETE' ? {} : await readBody(req);
      const ctx: RequestContext = {
        req,
        url: reqUrl,
        params: match.params,
        body,
        backend,
        identity() {
          try {
            return verifyIdToken(bearer(req), backend.idTokens);
          } catch (error) {
            if (error instanceof TokenError) throw new HttpError(401, `Invalid identity token: ${error.message}`);
            throw error;
          }
        },
        unity() {
          const header = req.headers['x-unity-token'];
          if (typeof header !== 'string' || !header) throw new HttpError(401, 'Missing X-Unity-Token');
          try {
            return unityTokens.verify(header);
          } catch (error) {
            if (error instanceof TokenError) throw new HttpError(401, error.message);
            throw error;
          }
        },
      };
      finish(await match.route.handler(ctx));
    } catch (error) {
      if (error instanceof HttpError)
        return finish({
          status: error.status,
          json: { error: error.message, ...(error.code ? { code: error.code } : {}) },
        });
      console.error('[backend]', error);
      finish({ status: 500, json: { error: 'Internal server error' } });
    }
  });

  /**
   * Test routes: only with the stack's secret, JSON bodies only, and never from a web page (browsers send Origin;
   * the CLI and the tests do not): a page anywhere, even the portal's own, cannot seed, reset or read the log.
   */
  function harnessGate(req: IncomingMessage): Reply | null {
    if (req.headers.origin !== undefined)
      return { status: 403, json: { error: 'Test routes do not answer web pages' } };
    if (!sameSecret(req.headers[HARNESS_SECRET_HEADER], harnessSecret)) {
      return { status: 401, json: { error: `Test routes need the stack's secret in ${HARNESS_SECRET_HEADER}` } };
    }
    if (req.method === 'POST' && !/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
      return { status: 415, json: { error: 'Test routes read application/json bodies only' } };
    }
    return null;
  }

  async function harnessRoute(u: URL, req: IncomingMessage): Promise<Reply> {
    const refused = harnessGate(req);
    if (refused) return refused;
    switch (u.pathname) {
      case '/__harness/log': {
        const only = u.searchParams.get('uid');
        return { json: only ? log.filter((e) => e.uid === only) : log };
      }
      case '/__harness/reset':
      case '/__harness/guest':
      case '/__harness/seed':
        if (req.method !== 'POST') return { status: 405, json: { error: `${u.pathname} takes POST` } };
    }
    switch (u.pathname) {
      case '/__harness/reset':
        api.reset();
        return { json: { ok: true } };
      case '/__harness/guest': {
        const guest = store.createGuest();
        return { json: { playerId: guest.playerId, accessToken: unityTokens.issue(guest.playerId, null) } };
      }
      case '/__harness/seed': {
        const body = await readBody(req);
        return { json: seedPlayer(store, body) };
      }
      case '/__harness/faults': {
        const body = req.method === 'POST' ? await readBody(req) : {};
        api.setFaults(
          typeof body.spec === 'string' ? body.spec : '',
          typeof body.uid === 'string' ? body.uid : undefined,
        );
        return { json: { ok: true } };
      }
      case '/__harness/paypal': {
        // The PayPal stand-in: {failLoads: n} makes the next n SDK loads fail (for every browser).
        const body = req.method === 'POST' ? await readBody(req) : {};
        if (body.failLoads !== undefined) {
          if (typeof body.failLoads !== 'number' || !Number.isInteger(body.failLoads) || body.failLoads < 0) {
            return { status: 400, json: { error: 'failLoads must be a whole number' } };
          }
          sdkControl.failLoads = body.failLoads;
        }
        return { json: { failLoads: sdkControl.failLoads } };
      }
      default:
        return { status: 404, json: { error: 'Not found' } };
    }
  }

  const port = await listen(server, options.port, options.host ?? '127.0.0.1');
  hosts = servedHosts(port, options.host, options.hostNames);
  url = `http://${options.host ?? '127.0.0.1'}:${port}`;
  const api: Backend = {
    port,
    url,
    store,
    log,
    unityTokens,
    harnessSecret,
    allowedOrigins,
    allowOrigin(origin) {
      allowedOrigins.add(normalOrigin(origin));
    },
    setFaults(spec, uid) {
      if (uid) userFaults.set(uid, parseFaults(spec));
      else faults = parseFaults(spec);
    },
    reset() {
      store.reset();
      log.length = 0;
      faults = parseFaults('');
      userFaults.clear();
      sdkControl.failLoads = 0;
    },
    stop: () => closeServer(server),
  };
  return api;
}
