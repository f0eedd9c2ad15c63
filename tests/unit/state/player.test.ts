// @vitest-environment jsdom
// SPEC 4 and 8: loading the player's cloud save, its recovery (token refresh + Unity re-auth, at most 2 retries),
// first-time setup, and the sign-out after 401 / 403 / network failures, with the spec's texts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/auth/firebase', async () => (await import('../support/fake-auth')).fakeAuth);

import { ensureUnity, loadPlayer, player, resetPlayer, setCredits } from '../../../src/state/player';
import { requirePlayer } from '../../../src/state/required-player';
import { deferred } from '../support/deferred';
import { session, onSignedOut } from '../../../src/state/session';
import { fakeAuth as auth, adaUser } from '../support/fake-auth';
import { forgetUnity, keepUnity } from '../support/unity';

// A sign-out resets this store as startPortal registers it (sign-out-resets.ts).
onSignedOut(resetPlayer);

type Answer = { status: number; body?: unknown } | 'network';

/** A backend stand-in: answers per "METHOD /path" from a queue (the last answer repeats) and records each call. */
function backend(routes: Record<string, Answer[]>) {
  const calls: Array<{ route: string; unityToken: string | null; auth: string | null; body: unknown }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const route = `${init?.method ?? 'GET'} ${url.pathname}`;
    const headers = new Headers(init?.headers);
    calls.push({
      route,
      unityToken: headers.get('X-Unity-Token'),
      auth: headers.get('Authorization'),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const queue = routes[route];
    if (!queue) throw new Error(`unexpected call ${route}`);
    const answer = queue.length > 1 ? queue.shift()! : queue[0]!;
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  const count = (route: string) => calls.filter((c) => c.route === route).length;
  return { calls, count };
}

const SAVE = '/cloud-save/P1';
const saved = (username = 'Ada#1234') => ({
  status: 200,
  body: {
    username,
    results: [
      { key: 'accountType', value: 1 },
      { key: 'credits', value: 7 },
    ],
  },
});
const unity = (accessToken: string) => ({ status: 200, body: { playerId: 'P1', accessToken } });

beforeEach(() => {
  session.user = adaUser();
  session.status = 'signedIn';
  keepUnity('u1', { playerId: 'P1', accessToken: 'old-unity' });
});
afterEach(() => {
  resetPlayer();
  session.user = null;
  session.status = 'loading';
  auth.idToken.mockReset();
  auth.idToken.mockImplementation(async () => 'id-token');
  auth.heldIdToken.mockReturnValue(null);
  auth.signOutUser.mockClear();
  vi.unstubAllGlobals();
});

describe('loading the cloud save', () => {
  it('loads username and credits with the Unity token', async () => {
    const api = backend({ [`GET ${SAVE}`]: [saved()] });
    const cloud = await loadPlayer();
    expect(cloud).toMatchObject({ username: 'Ada#1234', credits: 7 });
    expect(player.status).toBe('ready');
    expect(api.calls[0]).toMatchObject({ route: `GET ${SAVE}`, unityToken: 'old-unity', auth: 'Bearer id-token' });
  });

  it('exchanges the identity token for Unity auth first when none is stored, and stores it', async () => {
    player.unity = null;
    const api = backend({ 'POST /auth/unity': [unity('fresh-unity')], [`GET ${SAVE}`]: [saved()] });
    await loadPlayer();
    expect(api.calls.map((c) => c.route)).toEqual(['POST /auth/unity', `GET ${SAVE}`]);
    expect(api.calls[1]!.unityToken).toBe('fresh-unity');
    expect(JSON.parse(localStorage.getItem('unityAuthData')!)).toMatchObject({
      playerId: 'P1',
      accessToken: 'fresh-unity',
      uid: 'u1',
    });
  });
});

describe('the identity token Firebase holds', () => {
  it("serves the exchange at once: its request leaves in the caller's turn, with that token", async () => {
    auth.heldIdToken.mockReturnValue('held-id-token');
    player.unity = null;
    localStorage.clear();
    const api = backend({ 'POST /auth/unity': [unity('fresh-unity')], [`GET ${SAVE}`]: [saved()] });
    const loaded = loadPlayer();
    expect(api.calls).toEqual([expect.objectContaining({ route: 'POST /auth/unity', auth: 'Bearer held-id-token' })]);
    await loaded;
    expect(api.calls[1]).toMatchObject({ route: `GET ${SAVE}`, unityToken: 'fresh-unity' });
  });

  it('is not what a recovery sends: that one asks Firebase for a fresh token', async () => {
    auth.heldIdToken.mockReturnValue('held-id-token');
    auth.idToken.mockImplementation(async (force?: boolean) => (force ? 'refreshed-id-token' : 'id-token'));
    const api = backend({
      [`GET ${SAVE}`]: [{ status: 401, body: { error: 'expired' } }, saved()],
      'POST /auth/unity': [unity('new-unity')],
    });
    await loadPlayer();
    expect(api.calls.map((c) => c.route)).toEqual([`GET ${SAVE}`, 'POST /auth/unity', `GET ${SAVE}`]);
    expect(api.calls[1]!.auth).toBe('Bearer refreshed-id-token');
  });
});

describe('recovery of a 500 or 401 (SPEC 8)', () => {
  for (const status of [500, 401]) {
    it(`after a ${status}: refreshes the identity token, re-authenticates with Unity, stores it and retries`, async () => {
      const api = backend({
        [`GET ${SAVE}`]: [{ status, body: { error: 'try again' } }, saved()],
        'POST /auth/unity': [unity('new-unity')],
      });
      const cloud = await loadPlayer();
      expect(cloud?.username).toBe('Ada#1234');
      expect(auth.idToken).toHaveBeenCalledWith(true);
      expect(api.calls.map((c) => c.route)).toEqual([`GET ${SAVE}`, 'POST /auth/unity', `GET ${SAVE}`]);
      expect(api.calls[2]!.unityToken).toBe('new-unity');
      expect(player.unity?.accessToken).toBe('new-unity');
      expect(JSON.parse(localStorage.getItem('unityAuthData')!)).toMatchObject({ accessToken: 'new-unity' });
      expect(auth.signOutUser).not.toHaveBeenCalled();
    });
  }

  it('retries at most twice, then shows "Failed to fetch cloud save data: {server text}" (a 500 keeps the session)', async () => {
    const api = backend({
      [`GET ${SAVE}`]: [{ status: 500, body: { error: 'database down' } }],
      'POST /auth/unity': [unity('new-unity')],
    });
    await expect(loadPlayer()).resolves.toBeNull();
    expect(player.error).toMatch('Failed to fetch cloud save data: database down');
    expect(api.count(`GET ${SAVE}`)).toBe(3);
    expect(api.count('POST /auth/unity')).toBe(2);
    expect(player.status).toBe('error');
    expect(player.error).toBe('Failed to fetch cloud save data: database down');
    expect(auth.signOutUser).not.toHaveBeenCalled();
    expect(session.status).toBe('signedIn');
  });

  it('an empty answer without a username counts as an expired token: refreshed and retried', async () => {
    const api = backend({
      [`GET ${SAVE}`]: [{ status: 200, body: { results: [] } }, saved()],
      'POST /auth/unity': [unity('new-unity')],
    });
    expect((await loadPlayer())?.username).toBe('Ada#1234');
    expect(api.count('POST /auth/unity')).toBe(1);
  });

  it('does not try to recover when nobody is signed in any more', async () => {
    session.user = null;
    const api = backend({
      [`GET ${SAVE}`]: [{ status: 500, body: { error: 'oops' } }],
      'POST /auth/unity': [unity('new-unity')],
    });
    // Signed out: no Unity auth is anyone's (docs/security.md "Security"), so nothing is read and nothing recovered.
    await expect(loadPlayer()).resolves.toBeNull();
    expect(player.error).toBe('No authenticated user available for request.');
    expect(api.calls).toEqual([]);
  });
});

describe('sign-out when the session is no good (SPEC 8)', () => {
  it('a 401 that survives both retries signs the user out, with the server text', async () => {
    const api = backend({
      [`GET ${SAVE}`]: [{ status: 401, body: { error: 'token revoked' } }],
      'POST /auth/unity': [unity('new-unity')],
    });
    // Sign-out resets the store; requirePlayer still hands the load's text to its caller.
    await expect(requirePlayer()).rejects.toThrow('Failed to fetch cloud save data: token revoked');
    expect(api.count(`GET ${SAVE}`)).toBe(3);
    expect(auth.signOutUser).toHaveBeenCalledOnce();
    expect(session.status).toBe('signedOut');
  });

  it('a 403 signs out at once, without retrying', async () => {
    const api = backend({ [`GET ${SAVE}`]: [{ status: 403, body: { error: 'forbidden player' } }] });
    // Sign-out resets the store; requirePlayer still hands the load's text to its caller.
    await expect(requirePlayer()).rejects.toThrow('Failed to fetch cloud save data: forbidden player');
    expect(api.count(`GET ${SAVE}`)).toBe(1);
    expect(auth.signOutUser).toHaveBeenCalledOnce();
    expect(session.status).toBe('signedOut');
    // Everything the signed-in player had is forgotten.
    expect(player.unity).toBeNull();
    expect(player.cloud).toBeNull();
  });

  it('a network failure signs out', async () => {
    backend({ [`GET ${SAVE}`]: ['network'] });
    // Sign-out resets the store; requirePlayer still hands the load's text to its caller.
    await expect(requirePlayer()).rejects.toThrow(/^Failed to fetch cloud save data: /);
    expect(auth.signOutUser).toHaveBeenCalledOnce();
    expect(session.status).toBe('signedOut');
  });
});

describe('Unity authentication (SPEC 8)', () => {
  it('an answer without player id or access token: "Missing player ID or access token from Unity response"', async () => {
    player.unity = null;
    backend({ 'POST /auth/unity': [{ status: 200, body: { playerId: 'P1' } }] });
    await expect(loadPlayer()).resolves.toBeNull();
    expect(player.error).toMatch('Missing player ID or access token from Unity response');
    expect(player.error).toBe('Missing player ID or access token from Unity response');
    expect(localStorage.getItem('unityAuthData')).toBeNull();
  });

  it('a failed exchange: "Unity authentication failed"', async () => {
    forgetUnity();
    backend({ 'POST /auth/unity': [{ status: 500, body: { error: 'unity down' } }] });
    await expect(ensureUnity()).rejects.toThrow('Unity authentication failed');
  });

  it('no signed-in user for the request: "No authenticated user available for request."', async () => {
    auth.idToken.mockImplementation(async () => null);
    const api = backend({});
    await expect(loadPlayer()).resolves.toBeNull();
    expect(player.error).toMatch('No authenticated user available for request.');
    expect(player.error).toBe('No authenticated user available for request.');
    expect(api.calls).toEqual([]);
  });
});

describe("linking the desktop app's player (?link=)", () => {
  /** Every call waits for the test to open its gate, then gets its route's answer. */
  function heldCalls(routes: Record<string, Answer[]>) {
    const gates: Array<() => void> = [];
    const api = backend(routes);
    const fetchMock = vi.mocked(fetch);
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (...args) => {
      await new Promise<void>((resolve) => gates.push(resolve));
      return answer(...args);
    });
    const openNext = async () => {
      await vi.waitFor(() => expect(gates.length).toBeGreaterThan(0));
      gates.shift()!();
    };
    return { api, openNext };
  }
  const linked = { status: 200, body: { playerId: 'P1', accessToken: 'linked-unity' } };

  it('a link asked while a plain exchange runs waits for it, then links: the link is never skipped', async () => {
    forgetUnity();
    const held = heldCalls({ 'POST /auth/unity': [unity('plain-unity')], 'POST /auth/unity-link': [linked] });
    const plain = ensureUnity();
    const link = ensureUnity({ linkToken: 'guest-token' });
    await held.openNext();
    await expect(plain).resolves.toMatchObject({ accessToken: 'plain-unity' });
    await held.openNext();
    await expect(link).resolves.toMatchObject({ accessToken: 'linked-unity' });
    expect(held.api.calls.map((c) => c.route)).toEqual(['POST /auth/unity', 'POST /auth/unity-link']);
    expect(held.api.calls[1]!.unityToken).toBe('guest-token');
    // The link came last, so it is what is kept.
    expect(JSON.parse(localStorage.getItem('unityAuthData')!)).toMatchObject({ accessToken: 'linked-unity' });
  });

  it('an exchange asked while a link runs shares the link', async () => {
    forgetUnity();
    const held = heldCalls({ 'POST /auth/unity': [unity('plain-unity')], 'POST /auth/unity-link': [linked] });
    const link = ensureUnity({ linkToken: 'guest-token' });
    const plain = ensureUnity();
    await held.openNext();
    await expect(Promise.all([link, plain])).resolves.toMatchObject([
      { accessToken: 'linked-unity' },
      { accessToken: 'linked-unity' },
    ]);
    expect(held.api.calls.map((c) => c.route)).toEqual(['POST /auth/unity-link']);
  });
});

describe('first-time setup (SPEC 4, 5)', () => {
  const fresh = { status: 200, body: { username: 'Ada#1234', results: [{ key: 'accountType', value: 0 }] } };

  it('sets up a new player with the default username and provider, then reads the save again', async () => {
    localStorage.setItem('authProvider', 'google.com');
    const api = backend({
      [`GET ${SAVE}`]: [fresh, saved()],
      [`POST ${SAVE}/setup`]: [{ status: 200, body: { success: true } }],
    });
    const cloud = await loadPlayer();
    expect(cloud?.accountType).toBe(1);
    expect(api.calls.map((c) => c.route)).toEqual([`GET ${SAVE}`, `POST ${SAVE}/setup`, `GET ${SAVE}`]);
    expect(api.calls[1]!.body).toEqual({ username: 'Ada', provider: 'google.com' });
  });

  it('a setup that keeps failing: "Failed to set initial user data", and the session stays', async () => {
    const api = backend({ [`GET ${SAVE}`]: [fresh], [`POST ${SAVE}/setup`]: [{ status: 500, body: { error: 'no' } }] });
    await expect(loadPlayer()).resolves.toBeNull();
    expect(player.error).toMatch('Failed to set initial user data');
    expect(player.error).toBe('Failed to set initial user data');
    expect(api.count(`POST ${SAVE}/setup`)).toBeLessThanOrEqual(3);
    expect(auth.signOutUser).not.toHaveBeenCalled();
  });
});

describe('a shared load: the sign-out rule of each caller holds, whoever started it (SPEC 8)', () => {
  /** The cloud save answers when the test says so, with this answer. */
  function heldSave(answer: Answer) {
    const gate = deferred<void>();
    const api = backend({ [`GET ${SAVE}`]: [answer] });
    const fetchMock = vi.mocked(fetch);
    const answerAfterGate = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (...args) => {
      await gate.promise;
      return answerAfterGate(...args);
    });
    return { api, open: () => gate.resolve() };
  }

  it("a protected page that joins the hand-off's failing load signs the user out", async () => {
    const save = heldSave({ status: 403, body: { error: 'forbidden player' } });
    const handoff = loadPlayer({ keepSession: true });
    const page = loadPlayer();
    save.open();
    await expect(Promise.all([handoff, page])).resolves.toEqual([null, null]);
    expect(save.api.count(`GET ${SAVE}`)).toBe(1);
    expect(auth.signOutUser).toHaveBeenCalledOnce();
    expect(session.status).toBe('signedOut');
  });

  it("a hand-off that joins a protected page's failing load adds no sign-out: the page's own rule signs out once", async () => {
    const save = heldSave({ status: 403, body: { error: 'forbidden player' } });
    const page = loadPlayer();
    const handoff = loadPlayer({ keepSession: true });
    save.open();
    await expect(Promise.all([page, handoff])).resolves.toEqual([null, null]);
    expect(auth.signOutUser).toHaveBeenCalledOnce();
    expect(session.status).toBe('signedOut');
  });

  it('a forced load is never answered by an older unforced one', async () => {
    const api = backend({ [`GET ${SAVE}`]: [saved('Old#1'), saved('New#1')] });
    const older = loadPlayer();
    const forced = loadPlayer({ force: true });
    expect((await older)?.username).toBe('Old#1');
    expect((await forced)?.username).toBe('New#1');
    expect(api.count(`GET ${SAVE}`)).toBe(2);
  });
});

describe('Unity auth belongs to one user', () => {
  const bob = {
    uid: 'u2',
    displayName: 'Bob',
    email: 'bob@example.com',
    photoURL: null,
    providerIds: ['password'],
    creationTime: null,
  };

  it('an exchange answered after a sign-out is dropped: neither kept in memory nor stored', async () => {
    forgetUnity();
    let answer: (value: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const running = ensureUnity();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledOnce());
    resetPlayer();
    session.user = null;
    answer(new Response(JSON.stringify({ playerId: 'P-ada', accessToken: 'ada-unity' }), { status: 200 }));
    await expect(running).rejects.toThrow('Unity authentication failed');
    expect(player.unity).toBeNull();
    expect(localStorage.getItem('unityAuthData')).toBeNull();
  });

  it('an exchange answered after another user signed in is dropped, and that user gets an exchange of their own', async () => {
    forgetUnity();
    const answers: Array<(value: Response) => void> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => answers.push(resolve))),
    );
    const adas = ensureUnity();
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    session.user = bob;
    const bobs = ensureUnity();
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[0]!(new Response(JSON.stringify({ playerId: 'P-ada', accessToken: 'ada-unity' }), { status: 200 }));
    await expect(adas).rejects.toThrow('Unity authentication failed');
    answers[1]!(new Response(JSON.stringify({ playerId: 'P-bob', accessToken: 'bob-unity' }), { status: 200 }));
    await expect(bobs).resolves.toEqual({ playerId: 'P-bob', accessToken: 'bob-unity' });
    expect(JSON.parse(localStorage.getItem('unityAuthData')!)).toEqual({
      playerId: 'P-bob',
      accessToken: 'bob-unity',
      uid: 'u2',
    });
  });

  it("the in-memory value is checked against the current user: Bob never gets Ada's", async () => {
    const api = backend({
      'POST /auth/unity': [{ status: 200, body: { playerId: 'P-bob', accessToken: 'bob-unity' } }],
    });
    session.user = bob;
    await expect(ensureUnity()).resolves.toEqual({ playerId: 'P-bob', accessToken: 'bob-unity' });
    expect(api.count('POST /auth/unity')).toBe(1);
  });

  it('a stored value is taken only for its own uid: null and another uid are refused', async () => {
    forgetUnity();
    for (const uid of [null, 'u2', undefined]) {
      localStorage.setItem('unityAuthData', JSON.stringify({ playerId: 'P-x', accessToken: 'x-unity', uid }));
      const api = backend({ 'POST /auth/unity': [unity('own-unity')] });
      await expect(ensureUnity()).resolves.toEqual({ playerId: 'P1', accessToken: 'own-unity' });
      expect(api.count('POST /auth/unity')).toBe(1);
      forgetUnity();
    }
    localStorage.setItem('unityAuthData', JSON.stringify({ playerId: 'P-own', accessToken: 'kept-unity', uid: 'u1' }));
    const api = backend({});
    await expect(ensureUnity()).resolves.toEqual({ playerId: 'P-own', accessToken: 'kept-unity' });
    expect(api.calls).toEqual([]);
  });

  it("the X-Unity-Token header carries only the signed-in user's token", async () => {
    session.user = bob;
    const api = backend({ [`GET ${SAVE}`]: [saved()], 'POST /auth/unity': [unity('bob-unity')] });
    await loadPlayer();
    expect(api.calls.map((c) => [c.route, c.unityToken])).toEqual([
      ['POST /auth/unity', null],
      [`GET ${SAVE}`, 'bob-unity'],
    ]);
  });

  it('signed out, ensureUnity refuses without a call', async () => {
    session.user = null;
    const api = backend({});
    await expect(ensureUnity()).rejects.toThrow('No authenticated user available for request.');
    expect(api.calls).toEqual([]);
  });
});

describe('a balance set after a purchase', () => {
  beforeEach(() => {
    keepUnity('u1', { playerId: 'P1', accessToken: 'unity' });
    player.cloud = {
      entries: [],
      username: 'Ada#1',
      credits: 5,
      needsSetup: false,
      accountType: 1,
      subscription: null,
    };
  });

  it("is written for the uid that paid while that user's player is loaded", () => {
    expect(setCredits(35, 'u1')).toBe(true);
    expect(player.cloud?.credits).toBe(35);
  });

  it('is dropped for any other uid: a late answer never writes into the balance of whoever is loaded now', () => {
    expect(setCredits(35, 'someone-else')).toBe(false);
    expect(player.cloud?.credits).toBe(5);
  });
});
