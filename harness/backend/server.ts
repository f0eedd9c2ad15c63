// The reference backend: the API of SPEC 7, with token checks, fault injection, a request log, PayPal webhooks and the
// reconciliation sweep; it reaches PayPal only through its client (paypal-api.ts). createBackend() dispatches requests
// in process (a test drives it without HTTP), and may serve another service's routes beside its own (`beside`: PayPal's
// stand-in, wired by harness/stack-backend.ts); serveBackend() puts it behind a node:http server, a thin shell that
// reads the body and writes the answer.
import { timingSafeEqual } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { EmulatorAdmin, PROJECT_ID } from '../emulator';
import type { Reply as AnyReply, Route } from '../routing';
import type { PayPalApi } from './paypal-api';
import { parseFaults, takeFault, type FaultKind, type Faults } from '../faults';
import { HttpError, type BackendContext, type LogEntry, type Reply, type RequestContext, type RouteDef } from './http';
import { owedList, sweep, type SweepResult } from './payments';
import { readReference } from './purchase-reference';
import { playerRoutes } from './routes';
import { seedPlayer, type SeedAtPayPal } from './seed';
import { admitIdentity, admitUnity, sessionRoutes } from './sessions';
import { exportRoutes } from './export';
import { Store } from './store';
import { HARNESS_SECRET_HEADER, newHarnessSecret } from './secret';
import { TokenError, UnityTokens, parseIdentityKeys, verifyIdToken } from './tokens';
import { webhookRoute } from './webhooks';
import { closeServer, listen } from '../ports';

/** The `sub` claim of a bearer JWT without checking it (for the log and scoped faults only). */
function unverifiedUid(headers: IncomingHttpHeaders): string | null {
  const token = /^Bearer (.+)$/i.exec(headers.authorization ?? '')?.[1];
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
  /** A bare player id as PayPal's `custom_id` still names its owner (default false: only purchase references do). */
  acceptPlainCustomId?: boolean;
  /**
   * Host names it answers to besides its loopback names (127.0.0.1, localhost, [::1]) and `host`, always with its own
   * port: any other Host header gets 421, so a DNS-rebinding page cannot reach it under a name of its own.
   */
  hostNames?: string[];
  /** The time the payment logic reads, in ms (default Date.now); a test's clock moves when the test says. */
  clock?: () => number;
  /** How far PAYPAL-TRANSMISSION-TIME may be from now (default 5 minutes). */
  webhookToleranceMs?: number;
  /** The reconciliation sweep every this many ms; 0 (the default): only on demand (POST /__harness/reconcile). */
  reconcileIntervalMs?: number;
  /** The sweep leaves payments younger than this to the portal and the webhooks (default 10 minutes). */
  reconcileGraceMs?: number;
  /** How far back the sweep reads Transaction Search (default 3 days; PayPal allows 31). */
  reconcileLookbackMs?: number;
}

/** What the backend is given beside its options: PayPal's client, its merchant and webhook, and who serves with it. */
export interface BackendWiring {
  /** The origin it is served on (read when a request needs it). */
  url: () => string;
  /** PayPal's REST API as the backend calls it: its one way to PayPal. */
  paypal: PayPalApi;
  /** This backend's merchant id: a credits order must pay it. */
  merchantId: string;
  /** The webhook id deliveries are verified against. */
  webhookId: string;
  /** Another service served by the same dispatch, under its own paths (PayPal's stand-in at /paypal, in the stack). */
  beside?: Beside;
  /** PayPal's side of a seeded PayPal plan (POST /__harness/seed). */
  seedAtPayPal?: SeedAtPayPal;
}

/** A service served beside the backend: its routes, its test routes (behind the same secret), its reset and stop. */
interface Beside {
  routes: Route[];
  testRoutes: Record<string, (method: string, body: Record<string, unknown>) => AnyReply>;
  reset(): void;
  close(): void;
}

/** One request handed to the backend without HTTP: lower-case header names, the body as text. */
interface InProcessRequest {
  method: string;
  /** The path with its query, e.g. /payments/P1?x=1. */
  path: string;
  headers?: IncomingHttpHeaders;
  body?: string;
}

/** What the backend does with a request: answer it, or drop the connection (a `drop` fault). */
type Outcome = { reply: Reply } | { drop: true };

/** The backend without its HTTP server: requests dispatched in process. */
export interface BackendCore {
  context: BackendContext;
  store: Store;
  log: LogEntry[];
  unityTokens: UnityTokens;
  harnessSecret: string;
  dispatch(request: InProcessRequest): Promise<Outcome>;
  /** Replaces the faults; with `uid`, only that user's requests (and webhooks about that user's payments). */
  setFaults(spec: string, uid?: string): void;
  /** One use of the fault of `route` for what a PayPal `custom_id` names (that user's first, then everyone's). */
  faultAbout(route: string, customId: string | undefined): FaultKind | null;
  /** The player a PayPal `custom_id` names: the backend's purchase reference's, or a bare player id. */
  namedPlayer(customId: string | undefined): string | undefined;
  /** The reconciliation sweep, now; `graceMs` overrides the configured grace (0: everything up to now). */
  reconcile(graceMs?: number): Promise<SweepResult>;
  reset(): void;
  /** Stops the timers (the sweep, webhook retries). */
  close(): void;
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

/** The request body as text, or null when it is over MAX_BODY. */
async function readRawBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(raw: string): Record<string, unknown> {
  if (Buffer.byteLength(raw) > MAX_BODY) throw new HttpError(413, 'Request body too large');
  if (raw.length === 0) return {};
  try {
    const json: unknown = JSON.parse(raw);
    if (!json || typeof json !== 'object' || Array.isArray(json)) throw new Error('not an object');
    return json as Record<string, unknown>;
  } catch {
    throw new HttpError(400, 'Request body must be a JSON object');
  }
}

/** The Host headers a backend on `port` answers: its loopback names, `host` and `hostNames`, each with the port. */
function servedHosts(port: number, host: string | undefined, hostNames: readonly string[] = []): Set<string> {
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

function bearer(headers: IncomingHttpHeaders): string {
  const header = headers.authorization ?? '';
  const match = /^Bearer (.+)$/i.exec(header);
  if (!match?.[1]) throw new HttpError(401, 'Missing bearer token');
  return match[1];
}

/** The plan ids of every environment, merged by plan (staging and production differ; none is dropped). */
export function mergedPlanIds(sets: BackendOptions['planIds']): Record<string, string[]> {
  const planIds: Record<string, string[]> = {};
  for (const set of sets ?? [{ MONTHLY: 'P-TEST-MONTHLY', SIX_MONTH: 'P-TEST-SIX-MONTH', ANNUAL: 'P-TEST-ANNUAL' }]) {
    for (const [plan, planId] of Object.entries(set)) {
      const ids = (planIds[plan] ??= []);
      if (!ids.includes(planId)) ids.push(planId);
    }
  }
  return planIds;
}

/** The backend, ready to dispatch requests in process. */
export function createBackend(options: Omit<BackendOptions, 'port'> & BackendWiring): BackendCore {
  const store = new Store(options.dataFile);
  const clock = options.clock ?? Date.now;
  const unityTokens = new UnityTokens(undefined, undefined, clock);
  let faults: Faults = parseFaults(options.faults);
  const userFaults = new Map<string, Faults>();
  const log: LogEntry[] = [];
  const url = options.url;
  const planIds = mergedPlanIds(options.planIds);
  const projectId = options.projectId ?? PROJECT_ID;
  const harnessSecret = options.harnessSecret ?? newHarnessSecret();
  /** The player a PayPal `custom_id` names: the backend's purchase reference's, or a bare player id (the harness's view). */
  const namedPlayer = (customId: string | undefined) => {
    const key = store.data.referenceKey;
    return (key ? readReference(key, customId)?.playerId : undefined) ?? customId;
  };
  const faultAbout = (route: string, customId: string | undefined) => {
    const playerId = namedPlayer(customId);
    const uid = playerId === undefined ? undefined : store.data.players[playerId]?.uid;
    const scoped = uid ? userFaults.get(uid) : undefined;
    return (scoped && takeFault(scoped, route)) ?? takeFault(faults, route);
  };
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
    acceptPlainCustomId: options.acceptPlainCustomId ?? false,
    baseUrl: url,
    paypal: options.paypal,
    clock,
    merchantId: options.merchantId,
    webhookId: options.webhookId,
    webhookToleranceMs: options.webhookToleranceMs ?? 5 * 60_000,
  };
  const beside = options.beside;
  const own: RouteDef[] = [...playerRoutes, ...sessionRoutes, ...exportRoutes, webhookRoute];
  const routes = [...own, ...(beside?.routes ?? [])].map((r) => ({
    ...r,
    pattern: compile(r.path),
    // The path up to its first parameter: most routes are passed over without running their pattern.
    prefix: r.path.split(':')[0]!,
  }));
  const sweepOptions = {
    graceMs: options.reconcileGraceMs ?? 10 * 60_000,
    lookbackMs: options.reconcileLookbackMs ?? 3 * 86_400_000,
  };
  let sweeping: Promise<SweepResult> | null = null;
  const reconcile = (graceMs?: number): Promise<SweepResult> => {
    sweeping ??= sweep(backend, { ...sweepOptions, graceMs: graceMs ?? sweepOptions.graceMs }).finally(() => {
      sweeping = null;
    });
    return sweeping;
  };
  const timer =
    options.reconcileIntervalMs && options.reconcileIntervalMs > 0
      ? setInterval(() => {
          reconcile().catch((error: unknown) => console.error('[backend] reconciliation sweep failed', error));
        }, options.reconcileIntervalMs)
      : null;
  timer?.unref();

  async function dispatch(request: InProcessRequest): Promise<Outcome> {
    const headers = request.headers ?? {};
    const rawBody = request.body ?? '';
    let reqUrl: URL;
    try {
      reqUrl = new URL(request.path, 'http://backend.invalid');
    } catch {
      return { reply: { status: 400, json: { error: 'Malformed request path' } } };
    }
    const uid = unverifiedUid(headers);
    const entry: LogEntry = {
      method: request.method,
      path: reqUrl.pathname + reqUrl.search,
      route: 'unknown',
      status: 0,
      at: Date.now(),
      uid,
    };
    const finish = (reply: Reply): Outcome => {
      entry.status = reply.status ?? 200;
      if (!entry.route.startsWith('harness')) log.push(entry);
      return { reply };
    };
    try {
      if (reqUrl.pathname === '/health') return finish({ json: { ok: true } });
      if (reqUrl.pathname.startsWith('/__harness/')) {
        entry.route = 'harness';
        return finish(await harnessRoute(reqUrl, request.method, headers, rawBody));
      }
      let match: { route: (typeof routes)[number]; params: Record<string, string> } | null = null;
      for (const route of routes) {
        if (route.method !== request.method || !reqUrl.pathname.startsWith(route.prefix)) continue;
        const m = route.pattern.exec(reqUrl.pathname);
        if (m && route.method === request.method) {
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
        return { drop: true };
      }
      if (fault && 'status' in fault)
        return finish({ status: fault.status, json: { error: `Injected failure (${fault.status})` } });
      if (fault && 'malformed' in fault)
        return finish({ status: 200, text: '{"results": [', type: 'application/json' });
      const body = request.method === 'GET' || request.method === 'DELETE' ? {} : parseBody(rawBody);
      const ctx: RequestContext = {
        headers,
        url: reqUrl,
        params: match.params,
        body,
        rawBody,
        backend,
        identity() {
          let claims;
          try {
            claims = verifyIdToken(bearer(headers), backend.idTokens);
          } catch (error) {
            if (error instanceof TokenError) throw new HttpError(401, `Invalid identity token: ${error.message}`);
            throw error;
          }
          // Sign out everywhere (sessions.ts): refused if revoked, else recorded as a session.
          return admitIdentity(backend, claims, headers);
        },
        unity() {
          const header = headers['x-unity-token'];
          if (typeof header !== 'string' || !header) throw new HttpError(401, 'Missing X-Unity-Token');
          try {
            return admitUnity(backend, unityTokens.verify(header));
          } catch (error) {
            if (error instanceof TokenError) throw new HttpError(401, error.message);
            throw error;
          }
        },
      };
      return finish(await match.route.handler(ctx));
    } catch (error) {
      if (error instanceof HttpError)
        return finish({
          status: error.status,
          json: { error: error.message, ...(error.code ? { code: error.code } : {}) },
        });
      console.error('[backend]', error);
      return finish({ status: 500, json: { error: 'Internal server error' } });
    }
  }

  /**
   * Test routes: only with the stack's secret, JSON bodies only, and never from a web page (browsers send Origin;
   * the CLI and the tests do not): a page anywhere, even the portal's own, cannot seed, reset or read the log.
   */
  function harnessGate(method: string, headers: IncomingHttpHeaders): Reply | null {
    if (headers.origin !== undefined) return { status: 403, json: { error: 'Test routes do not answer web pages' } };
    if (!sameSecret(headers[HARNESS_SECRET_HEADER], harnessSecret)) {
      return { status: 401, json: { error: `Test routes need the stack's secret in ${HARNESS_SECRET_HEADER}` } };
    }
    if (method === 'POST' && !/^application\/json\s*(;|$)/i.test(headers['content-type'] ?? '')) {
      return { status: 415, json: { error: 'Test routes read application/json bodies only' } };
    }
    return null;
  }

  async function harnessRoute(u: URL, method: string, headers: IncomingHttpHeaders, raw: string): Promise<Reply> {
    const refused = harnessGate(method, headers);
    if (refused) return refused;
    switch (u.pathname) {
      case '/__harness/log': {
        const only = u.searchParams.get('uid');
        return { json: only ? log.filter((e) => e.uid === only) : log };
      }
      case '/__harness/reset':
      case '/__harness/guest':
      case '/__harness/seed':
      case '/__harness/reconcile':
        if (method !== 'POST') return { status: 405, json: { error: `${u.pathname} takes POST` } };
    }
    switch (u.pathname) {
      case '/__harness/reset':
        core.reset();
        return { json: { ok: true } };
      case '/__harness/guest': {
        const guest = store.createGuest();
        return { json: { playerId: guest.playerId, accessToken: unityTokens.issue(guest.playerId, null) } };
      }
      case '/__harness/seed':
        return { json: seedPlayer(store, parseBody(raw), options.seedAtPayPal) };
      case '/__harness/faults': {
        const body = method === 'POST' ? parseBody(raw) : {};
        core.setFaults(
          typeof body.spec === 'string' ? body.spec : '',
          typeof body.uid === 'string' ? body.uid : undefined,
        );
        return { json: { ok: true } };
      }
      case '/__harness/reconcile': {
        // The sweep now; {graceMs: 0} also takes what the portal and the webhooks may still bring.
        const body = parseBody(raw);
        const grace = body.graceMs;
        if (grace !== undefined && (typeof grace !== 'number' || !Number.isInteger(grace) || grace < 0))
          return { status: 400, json: { error: 'graceMs must be a whole number of ms' } };
        return { json: await core.reconcile(grace) };
      }
      case '/__harness/owed':
        // For an operator: every refund and cancel PayPal has not done yet (refused ones with their backoff), and the
        // credits players spent before their money went back (docs/harness.md "Payments the server reconciles").
        return { json: { owed: owedList(backend) } };
      default: {
        const other = beside?.testRoutes[u.pathname];
        if (other) return other(method, method === 'POST' ? parseBody(raw) : {});
        return { status: 404, json: { error: 'Not found' } };
      }
    }
  }
  const core: BackendCore = {
    context: backend,
    store,
    log,
    unityTokens,
    harnessSecret,
    dispatch,
    setFaults(spec, uid) {
      if (uid) userFaults.set(uid, parseFaults(spec));
      else faults = parseFaults(spec);
    },
    faultAbout,
    namedPlayer,
    reconcile,
    reset() {
      store.reset();
      log.length = 0;
      faults = parseFaults('');
      userFaults.clear();
      beside?.reset();
    },
    close() {
      if (timer) clearInterval(timer);
      beside?.close();
    },
  };
  return core;
}

/** A backend behind node:http: where it listens, and the origins its CORS answers. */
export interface ServedBackend {
  port: number;
  url: string;
  /** Lets pages of one more origin call the API (e.g. a second portal build started later). */
  allowOrigin(origin: string): void;
  readonly allowedOrigins: ReadonlySet<string>;
  /** Closes the server (the core's timers are its owner's). */
  stop(): Promise<void>;
}

/** Serves `core` on `options.port`: the Host check (421), CORS for the allowed origins, the body limit. */
export async function serveBackend(
  core: BackendCore,
  options: Pick<BackendOptions, 'port' | 'host' | 'hostNames' | 'allowedOrigins'>,
): Promise<ServedBackend> {
  const allowedOrigins = new Set((options.allowedOrigins ?? []).map(normalOrigin));

  // CORS answers only the portal's own origins; any other page gets no access-control headers, so its browser
  // keeps the answer from it. The harness secret header is never allowed cross-origin.
  const cors = (req: IncomingMessage): Record<string, string> => {
    const origin = req.headers.origin;
    if (!origin || !allowedOrigins.has(origin)) return { vary: 'Origin' };
    return {
      'access-control-allow-origin': origin,
      vary: 'Origin',
      'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
      'access-control-allow-headers': 'Authorization, Content-Type, X-Unity-Token, PayPal-Client-Id, X-Client-Kind',
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
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors(req)).end();
      return;
    }
    const method = req.method ?? 'GET';
    let body = '';
    if (method !== 'GET' && method !== 'DELETE' && method !== 'HEAD') {
      const raw = await readRawBody(req).catch(() => '');
      if (raw === null) {
        send(req, res, { status: 413, json: { error: 'Request body too large' } });
        return;
      }
      body = raw;
    }
    const outcome = await core.dispatch({ method, path: req.url ?? '/', headers: req.headers, body });
    if ('drop' in outcome) {
      req.socket.destroy();
      return;
    }
    send(req, res, outcome.reply);
  });

  const port = await listen(server, options.port, options.host ?? '127.0.0.1');
  hosts = servedHosts(port, options.host, options.hostNames);
  return {
    port,
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    allowedOrigins,
    allowOrigin(origin) {
      allowedOrigins.add(normalOrigin(origin));
    },
    stop: () => closeServer(server),
  };
}
