// The reference backend over HTTP, in process: identity tokens, the test routes' secret, CORS, the payment bypass,
// odd ids and paths, and the username and provider limits. No emulator: tokens are made here in its exact shape.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdtempSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readHarnessSecret, removeSecretFile, secretFile, writeSecretFile } from '../../../harness/backend/secret';
import { startBackend, type Backend } from '../../../harness/stack-backend';
import { startStaticServer, type StaticServer } from '../../../harness/static-server';
import { b64, emulatorClaims, emulatorToken } from '../support/emulator-token';

const PORTAL = 'http://127.0.0.1:5173';

function rs256Token(key: KeyObject, uid: string, kid = 'key-1') {
  const signed = `${b64({ alg: 'RS256', kid, typ: 'JWT' })}.${b64(emulatorClaims(uid))}`;
  return `${signed}.${sign('RSA-SHA256', Buffer.from(signed), key).toString('base64url')}`;
}

const identity = generateKeyPairSync('rsa', { modulusLength: 2048 });
const forger = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwks = JSON.stringify({
  keys: [{ ...identity.publicKey.export({ format: 'jwk' }), kid: 'key-1', alg: 'RS256' }],
});

const started: Backend[] = [];
afterAll(async () => {
  for (const b of started) await b.stop();
});

async function backend(options: Partial<Parameters<typeof startBackend>[0]> = {}): Promise<Backend> {
  // The emulator address only marks emulator mode here; nothing listens there.
  const b = await startBackend({ port: 0, emulatorUrl: 'http://127.0.0.1:9', allowedOrigins: [PORTAL], ...options });
  started.push(b);
  return b;
}

async function call(
  b: Backend,
  method: string,
  path: string,
  opts: { token?: string; unity?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.unity) headers['x-unity-token'] = opts.unity;
  if (opts.body !== undefined) headers['content-type'] ??= 'application/json';
  const res = await fetch(`${b.url}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    /* not JSON */
  }
  return { status: res.status, json, text, headers: res.headers };
}

/** Signs a player in as the portal does: identity token, then /auth/unity. */
async function player(b: Backend, uid: string, token = emulatorToken(uid)) {
  const res = await call(b, 'POST', '/auth/unity', { token, body: { idToken: token } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { token, playerId: String(res.json.playerId), unity: String(res.json.accessToken) };
}

describe('identity tokens', () => {
  it('emulator mode: accepts the emulator token shape, refuses an RS256 token when no key is configured', async () => {
    const b = await backend();
    await player(b, 'uid-emulator');
    const forged = rs256Token(forger.privateKey, 'uid-emulator');
    const res = await call(b, 'POST', '/auth/unity', { token: forged, body: { idToken: forged } });
    expect(res.status).toBe(401);
  });

  it('with configured keys: a correctly signed RS256 token is accepted, a forged one (random key) gets 401', async () => {
    const b = await backend({ emulatorUrl: undefined, identityKeys: jwks });
    const ok = await player(b, 'uid-signed', rs256Token(identity.privateKey, 'uid-signed'));
    expect(ok.playerId).toMatch(/^P/);
    const forged = rs256Token(forger.privateKey, 'uid-signed');
    const res = await call(b, 'GET', `/cloud-save/${ok.playerId}`, { token: forged, unity: ok.unity });
    expect(res.status).toBe(401);
    expect(res.json.error).toMatch(/bad signature/);
  });

  it('outside emulator mode an unsigned (alg none) token gets 401', async () => {
    const b = await backend({ emulatorUrl: undefined, identityKeys: jwks });
    const token = emulatorToken('uid-none');
    const res = await call(b, 'POST', '/auth/unity', { token, body: { idToken: token } });
    expect(res.status).toBe(401);
    expect(res.json.error).toMatch(/unsigned token outside emulator mode/);
  });

  it('refuses to start with unreadable identity keys', async () => {
    await expect(startBackend({ port: 0, identityKeys: 'not a key' })).rejects.toThrow(/identity keys/);
  });
});

describe('test routes (/__harness/*)', () => {
  let b: Backend;
  beforeAll(async () => {
    b = await backend();
  });
  const seed = { uid: 'uid-seeded', email: 'seeded@example.com' };

  it('need the secret', async () => {
    expect((await call(b, 'POST', '/__harness/seed', { body: seed })).status).toBe(401);
    expect(
      (await call(b, 'POST', '/__harness/seed', { body: seed, headers: { 'x-harness-secret': 'guess' } })).status,
    ).toBe(401);
    expect((await call(b, 'GET', '/__harness/log')).status).toBe(401);
    expect((await call(b, 'POST', '/__harness/reset', { body: {} })).status).toBe(401);
    const ok = await call(b, 'POST', '/__harness/seed', {
      body: seed,
      headers: { 'x-harness-secret': b.harnessSecret },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.playerId).toMatch(/^P/);
  });

  it('read application/json bodies only', async () => {
    const res = await call(b, 'POST', '/__harness/seed', {
      body: JSON.stringify(seed),
      headers: { 'x-harness-secret': b.harnessSecret, 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
  });

  it('refuse web pages: any Origin, another site or even the portal', async () => {
    for (const origin of ['https://evil.example', PORTAL]) {
      const res = await call(b, 'GET', '/__harness/log', { headers: { 'x-harness-secret': b.harnessSecret, origin } });
      expect(res.status, origin).toBe(403);
      expect(res.headers.get('access-control-allow-origin'), origin).not.toBe('https://evil.example');
    }
  });

  it('take POST for the routes that change data', async () => {
    expect(
      (await call(b, 'GET', '/__harness/reset', { headers: { 'x-harness-secret': b.harnessSecret } })).status,
    ).toBe(405);
  });
});

describe('CORS', () => {
  it('answers only the allowed portal origins, never echoes another Origin', async () => {
    const b = await backend();
    const preflight = async (origin: string) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const req = request(
          `${b.url}/cloud-save/P1`,
          { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } },
          (res) => {
            res.resume();
            resolve(res.headers);
          },
        );
        req.on('error', reject);
        req.end();
      });
    expect((await preflight(PORTAL))['access-control-allow-origin']).toBe(PORTAL);
    expect((await preflight('https://evil.example'))['access-control-allow-origin']).toBeUndefined();
    expect((await preflight('null'))['access-control-allow-origin']).toBeUndefined();
    const health = await call(b, 'GET', '/health', { headers: { origin: 'https://evil.example' } });
    expect(health.headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight('http://127.0.0.1:6000'))['access-control-allow-origin']).toBeUndefined();
    b.allowOrigin('http://127.0.0.1:6000/');
    expect((await preflight('http://127.0.0.1:6000'))['access-control-allow-origin']).toBe('http://127.0.0.1:6000');
    expect(() => b.allowOrigin('javascript:alert(1)')).toThrow(/origin/);
  });
});

describe('payment bypass', () => {
  const direct = (p: { playerId: string }) => ({
    playerId: p.playerId,
    planId: 'MONTHLY',
    subscriptionId: 'MANUAL-1',
    provider: 'MANUAL',
  });

  it("refuses POST /subscription/direct {provider: 'MANUAL'} with 403 unless allowed", async () => {
    const b = await backend();
    const p = await player(b, 'uid-bypass-off');
    const res = await call(b, 'POST', '/subscription/direct', { token: p.token, unity: p.unity, body: direct(p) });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ error: 'Manual activation is not enabled on this server' });
    expect(b.store.data.players[p.playerId]!.subscription).toBeNull();
  });

  it('grants the plan when started with the bypass allowed', async () => {
    const b = await backend({ allowPaymentBypass: true });
    const p = await player(b, 'uid-bypass-on');
    const res = await call(b, 'POST', '/subscription/direct', { token: p.token, unity: p.unity, body: direct(p) });
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
  });
});

/** GET with a Host header of our choosing (fetch sets its own): what a DNS-rebinding page's request looks like. */
function getWithHost(b: Backend, path: string, host: string | undefined): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: b.port,
        path,
        method: 'GET',
        setHost: host !== undefined,
        headers: host === undefined ? {} : { host },
      },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('Host header (DNS rebinding)', () => {
  it('answers only as 127.0.0.1, localhost or [::1] on its own port; any other Host gets 421', async () => {
    const b = await backend();
    for (const host of [`127.0.0.1:${b.port}`, `localhost:${b.port}`, `LOCALHOST:${b.port}`, `[::1]:${b.port}`]) {
      expect((await getWithHost(b, '/health', host)).status, host).toBe(200);
    }
    for (const host of [
      `evil.example:${b.port}`,
      'evil.example',
      `127.0.0.1:${b.port + 1}`,
      '127.0.0.1',
      `127.0.0.1.nip.io:${b.port}`,
    ]) {
      const res = await getWithHost(b, '/health', host);
      expect(res.status, host).toBe(421);
      expect(JSON.parse(res.body).error, host).toMatch(
        /^Misdirected request: this backend answers only as 127\.0\.0\.1:/,
      );
    }
    // No Host header at all: Node's server refuses that HTTP/1.1 request itself (400) before the backend sees it.
    expect((await getWithHost(b, '/health', undefined)).status).toBe(400);
    // The test routes and the API are behind the same check.
    expect((await getWithHost(b, '/__harness/log', `evil.example:${b.port}`)).status).toBe(421);
  });

  it('answers a host it was told to serve, on its own port', async () => {
    const b = await backend({ hostNames: ['backend.test'] });
    expect((await getWithHost(b, '/health', `backend.test:${b.port}`)).status).toBe(200);
    expect((await getWithHost(b, '/health', `other.test:${b.port}`)).status).toBe(421);
  });
});

describe('auth/unity-link', () => {
  it("links a guest player; refuses another account's Unity token with 400 and links nothing", async () => {
    const b = await backend();
    const victim = await player(b, 'uid-victim');
    const other = await player(b, 'uid-other');
    const guest = await call(b, 'POST', '/__harness/guest', {
      body: {},
      headers: { 'x-harness-secret': b.harnessSecret },
    });
    const newcomer = emulatorToken('uid-newcomer');
    const refused = await call(b, 'POST', '/auth/unity-link', {
      token: newcomer,
      unity: other.unity,
      body: { idToken: newcomer },
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({ error: "Only a guest player's Unity token can be linked to an account" });
    expect(b.store.data.players[other.playerId]!.uid).toBe('uid-other');
    expect(b.store.playerOfUid('uid-newcomer')).toBeFalsy();
    // Not even the account's own Unity token: only a guest's.
    const own = await call(b, 'POST', '/auth/unity-link', {
      token: victim.token,
      unity: victim.unity,
      body: { idToken: victim.token },
    });
    expect(own.status).toBe(400);
    const linked = await call(b, 'POST', '/auth/unity-link', {
      token: newcomer,
      unity: String(guest.json.accessToken),
      body: { idToken: newcomer },
    });
    expect(linked.status).toBe(200);
    expect(linked.json.playerId).toBe(guest.json.playerId);
  });
});

describe('odd ids and paths', () => {
  it('a uid "__proto__" or "constructor" is an ordinary player, the same one every time', async () => {
    const b = await backend();
    for (const uid of ['__proto__', 'constructor']) {
      const first = await player(b, uid);
      const again = await player(b, uid);
      expect(again.playerId, uid).toBe(first.playerId);
      expect(
        (await call(b, 'GET', `/cloud-save/${first.playerId}`, { token: first.token, unity: first.unity })).status,
      ).toBe(200);
    }
    expect(Object.keys(b.store.data.players)).toHaveLength(2);
  });

  it('a playerId "__proto__", "constructor" or "toString" is not found', async () => {
    const b = await backend();
    const p = await player(b, 'uid-odd');
    for (const id of ['__proto__', 'constructor', 'toString']) {
      expect((await call(b, 'GET', `/cloud-save/${id}`, { token: p.token, unity: p.unity })).status, id).toBe(404);
    }
    const seeded = await call(b, 'POST', '/__harness/seed', {
      body: { uid: 'x', email: 'x@example.com', plan: 'constructor' },
      headers: { 'x-harness-secret': b.harnessSecret },
    });
    expect(seeded.status).toBe(400);
  });

  it('a malformed % escape in a path is a 400, and the server keeps answering', async () => {
    const b = await backend();
    const p = await player(b, 'uid-escape');
    const res = await call(b, 'GET', '/cloud-save/%E0%A4%A', { token: p.token, unity: p.unity });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 'Malformed percent-encoding in the path' });
    expect((await call(b, 'GET', '//')).status).toBe(400);
    expect((await call(b, 'GET', '/health')).status).toBe(200);
  });
});

describe('username and provider limits', () => {
  let b: Backend;
  let p: Awaited<ReturnType<typeof player>>;
  beforeAll(async () => {
    b = await backend();
    p = await player(b, 'uid-limits');
  });
  const put = (username: unknown) =>
    call(b, 'PUT', `/cloud-save/${p.playerId}/username`, { token: p.token, unity: p.unity, body: { username } });
  const setup = (body: Record<string, unknown>) =>
    call(b, 'POST', `/cloud-save/${p.playerId}/setup`, { token: p.token, unity: p.unity, body });

  it('keeps the #suffix and accepts 32 characters', async () => {
    b.store.data.players[p.playerId]!.username = 'Old#1234';
    expect((await put('  New  ')).json).toEqual({ username: 'New#1234' });
    expect((await put('🏠'.repeat(32))).status).toBe(200);
  });

  it.each([
    ['33 characters', 'x'.repeat(33), 'username is too long (at most 32 characters)'],
    ['NUL', 'Ada\u0000', 'username may not contain control characters'],
    ['U+202E', 'Ada\u202Egnp', 'username may not contain control characters'],
    ['U+2066', '\u2066Ada', 'username may not contain control characters'],
    ['#', 'Ada#1', 'username may not contain #: the suffix is kept by the server'],
    ['nothing', '   ', 'username is required'],
  ])('refuses %s with 400 and a clear error', async (_what, username, error) => {
    const before = b.store.data.players[p.playerId]!.username;
    const res = await put(username);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error });
    expect(b.store.data.players[p.playerId]!.username).toBe(before);
  });

  it('setup refuses a provider over 64 characters and a username over the limit', async () => {
    expect((await setup({ username: 'Ada', provider: 'p'.repeat(65) })).json).toEqual({
      error: 'provider is too long (at most 64 characters)',
    });
    expect((await setup({ username: 'x'.repeat(33), provider: 'password' })).status).toBe(400);
    expect((await setup({ username: 'Ada', provider: 'p'.repeat(64) })).status).toBe(200);
  });
});

describe('the secret file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'harness-secret-'));
  const saved = { dir: process.env.PORTAL_HARNESS_SECRET_DIR, secret: process.env.PORTAL_HARNESS_SECRET };
  beforeAll(() => {
    process.env.PORTAL_HARNESS_SECRET_DIR = join(dir, 'secrets');
    delete process.env.PORTAL_HARNESS_SECRET;
  });
  afterEach(() => {
    delete process.env.PORTAL_HARNESS_SECRET;
  });
  afterAll(() => {
    if (saved.dir === undefined) delete process.env.PORTAL_HARNESS_SECRET_DIR;
    else process.env.PORTAL_HARNESS_SECRET_DIR = saved.dir;
    if (saved.secret !== undefined) process.env.PORTAL_HARNESS_SECRET = saved.secret;
  });

  it('is written 0600 in a 0700 folder, keyed by port, read back, and removed', () => {
    const file = writeSecretFile(8787, 's3cret');
    expect(file).toBe(secretFile(8787));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'secrets')).mode & 0o777).toBe(0o700);
    expect(readHarnessSecret(8787)).toBe('s3cret');
    expect(readHarnessSecret(8788)).toBeNull();
    process.env.PORTAL_HARNESS_SECRET = 'from-env';
    expect(readHarnessSecret(8787)).toBe('from-env');
    delete process.env.PORTAL_HARNESS_SECRET;
    removeSecretFile(8787, 's3cret');
    expect(readHarnessSecret(8787)).toBeNull();
  });

  it('is not trusted when others can read it', () => {
    writeSecretFile(8789, 's3cret');
    chmodSync(secretFile(8789), 0o644);
    expect(() => readHarnessSecret(8789)).toThrow(/readable by other users/);
    writeFileSync(secretFile(8789), 'x');
  });
});

describe('static server', () => {
  let server: StaticServer;
  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), 'static-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>t</title>');
    server = await startStaticServer({ root, port: 0, csp: "default-src 'self'" });
  });
  afterAll(() => server.stop());

  it('answers a malformed % escape with 400 and no error text', async () => {
    const res = await fetch(`${server.url}%E0%A4%A`);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('Bad request: malformed path');
    expect((await fetch(`${server.url}any/page`)).status).toBe(200);
  });
});
