// Sessions and sign out everywhere in the reference backend, in process: recorded from the calls it receives, listed
// to their owner only, revoked at the identity service first, then refused with 401 SESSION_REVOKED.
import { describe, expect, it } from 'vitest';
import { EmulatorAdmin } from '../../../harness/emulator';
import { call, inProcessBackend } from '../support/backend-in-process';
import { b64, emulatorClaims } from '../support/emulator-token';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';
const DESKTOP_APP = 'UnityPlayer/2022.3.40f1 (UnityWebRequest/1.0, libcurl/8.5.0-DEV) Windows';

/** The identity service's admin API as the backend calls it: records each revocation, or fails when told to. */
class FakeAdmin extends EmulatorAdmin {
  revoked: Array<[string, number]> = [];
  fail = false;
  constructor() {
    super('http://127.0.0.1:9');
  }
  override async revokeSessions(uid: string, validSince: number): Promise<void> {
    if (this.fail) throw new Error('emulator accounts:update: 503');
    this.revoked.push([uid, validSince]);
  }
  override async lookup(): Promise<null> {
    return null;
  }
}

function world() {
  const clock = { now: Date.now() };
  const { core } = inProcessBackend({ clock: () => clock.now });
  const admin = new FakeAdmin();
  core.context.emulator = admin;
  return { core, clock, admin };
}

/** An emulator ID token of `uid` signed in at `authTimeMs`, issued now. */
function token(uid: string, authTimeMs: number, nowMs: number): string {
  const iat = Math.floor(nowMs / 1000);
  const claims = { ...emulatorClaims(uid), auth_time: Math.floor(authTimeMs / 1000), iat, exp: iat + 3600 };
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
}

type World = ReturnType<typeof world>;

/** A device: a sign-in of `uid` at `authTimeMs` from `ua`, exchanged for its Unity token. */
async function device(w: World, uid: string, authTimeMs: number, ua: string) {
  const idToken = token(uid, authTimeMs, w.clock.now);
  const res = await call(
    w.core,
    'POST',
    '/auth/unity',
    { idToken },
    { authorization: `Bearer ${idToken}`, 'user-agent': ua },
  );
  expect(res.status).toBe(200);
  return {
    idToken,
    playerId: String(res.json.playerId),
    headers: { authorization: `Bearer ${idToken}`, 'x-unity-token': String(res.json.accessToken), 'user-agent': ua },
  };
}

const sessionsOf = async (w: World, headers: Record<string, string>) => {
  const res = await call(w.core, 'GET', '/account/sessions', undefined, headers);
  return { status: res.status, sessions: (res.json.sessions ?? []) as Array<Record<string, unknown>>, json: res.json };
};

describe('GET /account/sessions', () => {
  it('lists every session the backend has seen, each kind of client apart, the caller marked', async () => {
    const w = world();
    const phone = await device(w, 'alice', w.clock.now - 60_000, IPHONE);
    const pc = await device(w, 'alice', w.clock.now - 30_000, WINDOWS);
    // The desktop app calls with the token the Windows browser handed off: the same sign-in, another client.
    await call(w.core, 'GET', `/cloud-save/${pc.playerId}`, undefined, { ...pc.headers, 'user-agent': DESKTOP_APP });
    w.clock.now += 1000;
    const { status, sessions } = await sessionsOf(w, phone.headers);
    expect(status).toBe(200);
    expect(sessions.map((s) => [s.kind, s.userAgent, s.current])).toEqual(
      expect.arrayContaining([
        ['browser', IPHONE, true],
        ['browser', WINDOWS, false],
        ['desktop', DESKTOP_APP, false],
      ]),
    );
    expect(sessions).toHaveLength(3);
    const iphone = sessions.find((s) => s.userAgent === IPHONE)!;
    expect(iphone.signedInAt).toBe(new Date(Math.floor((w.clock.now - 61_000) / 1000) * 1000).toISOString());
    expect(Date.parse(String(iphone.lastActiveAt))).toBe(w.clock.now);
  });

  it("answers the owner only: another user's Unity token is 403, none is 401, and nothing of another user is listed", async () => {
    const w = world();
    const alice = await device(w, 'alice', w.clock.now, WINDOWS);
    const bob = await device(w, 'bob', w.clock.now, IPHONE);
    const mixed = { ...alice.headers, 'x-unity-token': bob.headers['x-unity-token'] };
    expect((await sessionsOf(w, mixed)).status).toBe(403);
    const { 'x-unity-token': _drop, ...noUnity } = alice.headers;
    expect((await sessionsOf(w, noUnity)).status).toBe(401);
    const { sessions } = await sessionsOf(w, bob.headers);
    expect(sessions.map((s) => s.userAgent)).toEqual([IPHONE]);
  });
});

describe('a page inside an app', () => {
  it("is listed as the app's webview when its bridge says so, where its user agent looks like a browser's", async () => {
    const w = world();
    const pc = await device(w, 'alice', w.clock.now, WINDOWS);
    expect((await sessionsOf(w, pc.headers)).sessions.map((s) => s.kind)).toEqual(['browser']);
    const told = await sessionsOf(w, { ...pc.headers, 'x-client-kind': 'webview' });
    expect(told.sessions.map((s) => [s.kind, s.current])).toEqual([['webview', true]]);
    // Any other value changes nothing.
    const other = await device(w, 'bob', w.clock.now, IPHONE);
    const refused = await sessionsOf(w, { ...other.headers, 'x-client-kind': 'desktop' });
    expect(refused.sessions.map((s) => s.kind)).toEqual(['browser']);
  });
});

describe('POST /account/sign-out-everywhere', () => {
  it('needs a sign-in of the last five minutes: an older one is 403 RECENT_SIGN_IN_REQUIRED and nothing is revoked', async () => {
    const w = world();
    const old = await device(w, 'alice', w.clock.now - 6 * 60_000, WINDOWS);
    const res = await call(w.core, 'POST', '/account/sign-out-everywhere', {}, old.headers);
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('RECENT_SIGN_IN_REQUIRED');
    expect(w.admin.revoked).toEqual([]);
    expect((await sessionsOf(w, old.headers)).status).toBe(200);
  });

  it('revokes at the identity service, then refuses every earlier ID and Unity token with 401 SESSION_REVOKED', async () => {
    const w = world();
    const phone = await device(w, 'alice', w.clock.now - 60 * 60_000 + 5000, IPHONE);
    const pc = await device(w, 'alice', w.clock.now - 2000, WINDOWS);
    const bob = await device(w, 'bob', w.clock.now - 60_000, IPHONE);
    w.clock.now += 1500;
    const res = await call(w.core, 'POST', '/account/sign-out-everywhere', {}, pc.headers);
    expect(res.status).toBe(200);
    expect(w.admin.revoked).toEqual([['alice', Math.floor(w.clock.now / 1000)]]);
    w.clock.now += 1000;
    for (const headers of [phone.headers, pc.headers]) {
      const refused = await call(w.core, 'GET', `/cloud-save/${pc.playerId}`, undefined, headers);
      expect(refused.status).toBe(401);
      expect(refused.json.code).toBe('SESSION_REVOKED');
    }
    // The desktop's Unity token from before, with a fresh sign-in's ID token: still refused.
    const fresh = token('alice', w.clock.now, w.clock.now);
    const oldUnity = await call(w.core, 'GET', `/cloud-save/${pc.playerId}`, undefined, {
      authorization: `Bearer ${fresh}`,
      'x-unity-token': pc.headers['x-unity-token'],
    });
    expect(oldUnity.json.code).toBe('SESSION_REVOKED');
    // A fresh sign-in gets a fresh Unity token and works; the list starts again from it.
    const again = await device(w, 'alice', w.clock.now, IPHONE);
    expect((await call(w.core, 'GET', `/cloud-save/${again.playerId}`, undefined, again.headers)).status).toBe(200);
    const listed = (await sessionsOf(w, again.headers)).sessions;
    expect(listed.filter((s) => s.current).map((s) => s.userAgent)).toEqual([IPHONE]);
    expect(listed.every((s) => Date.parse(String(s.signedInAt)) >= Date.parse(String(res.json.revokedAt)) - 999)).toBe(
      true,
    );
    expect(listed.map((s) => s.userAgent)).not.toContain(WINDOWS);
    // Another user is untouched.
    expect((await call(w.core, 'GET', `/cloud-save/${bob.playerId}`, undefined, bob.headers)).status).toBe(200);
  });

  it('a sign-in in the same second as the revocation stands; a Unity token of that second from before it does not', async () => {
    const w = world();
    w.clock.now = Math.floor(w.clock.now / 1000) * 1000 + 100;
    const pc = await device(w, 'alice', w.clock.now, WINDOWS);
    w.clock.now += 500;
    expect((await call(w.core, 'POST', '/account/sign-out-everywhere', {}, pc.headers)).status).toBe(200);
    const sameSecond = token('alice', w.clock.now, w.clock.now);
    const res = await call(
      w.core,
      'POST',
      '/auth/unity',
      { idToken: sameSecond },
      { authorization: `Bearer ${sameSecond}` },
    );
    expect(res.status).toBe(200);
    // The Unity token issued 500 ms before the revocation, in the same second, is refused.
    const before = await call(w.core, 'GET', `/cloud-save/${pc.playerId}`, undefined, {
      authorization: `Bearer ${sameSecond}`,
      'x-unity-token': pc.headers['x-unity-token'],
    });
    expect(before.json.code).toBe('SESSION_REVOKED');
  });

  it('when the identity service fails: 502, and nothing is revoked here either', async () => {
    const w = world();
    const pc = await device(w, 'alice', w.clock.now, WINDOWS);
    w.admin.fail = true;
    const res = await call(w.core, 'POST', '/account/sign-out-everywhere', {}, pc.headers);
    expect(res.status).toBe(502);
    expect((await call(w.core, 'GET', `/cloud-save/${pc.playerId}`, undefined, pc.headers)).status).toBe(200);
    expect((await sessionsOf(w, pc.headers)).sessions).toHaveLength(1);
  });
});
