import { describe, expect, it, vi } from 'vitest';
import { ApiError, call, observeRevocation, type ApiContext } from '../../../src/api/client';
import { DecodeError } from '../../../src/api/decoders';

function ctx(fetchImpl: typeof fetch, extra: Partial<ApiContext> = {}): ApiContext {
  return {
    baseUrl: 'http://backend.test',
    idToken: 'id-token',
    unityToken: 'unity-token',
    timeoutMs: 1000,
    fetch: fetchImpl,
    now: () => 1234,
    ...extra,
  };
}

const reply = (status: number, body: string) => vi.fn<typeof fetch>(async () => new Response(body, { status }));

describe('call', () => {
  it('sends the bearer and Unity headers, JSON body and cache-busting timestamp', async () => {
    const fetchImpl = reply(200, '{"ok":true}');
    await expect(
      call(ctx(fetchImpl), {
        method: 'POST',
        path: '/cloud-save/P1/setup',
        body: { username: 'ada' },
        unity: true,
        bust: true,
      }),
    ).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('http://backend.test/cloud-save/P1/setup?_t=1234');
    expect(init?.headers).toMatchObject({
      Authorization: 'Bearer id-token',
      'X-Unity-Token': 'unity-token',
      'Content-Type': 'application/json',
    });
    expect(init?.body).toBe('{"username":"ada"}');
  });

  it('keeps a base path', async () => {
    const fetchImpl = reply(200, '{}');
    await call(ctx(fetchImpl, { baseUrl: 'https://api.test/v1' }), { method: 'GET', path: '/designs/P1' });
    expect(fetchImpl.mock.calls[0]![0]).toBe('https://api.test/v1/designs/P1');
  });

  it('leaves out X-Unity-Token where the call does not need it', async () => {
    const fetchImpl = reply(200, '{}');
    await call(ctx(fetchImpl), { method: 'POST', path: '/auth/unity', body: {} });
    expect(fetchImpl.mock.calls[0]![1]?.headers).not.toHaveProperty('X-Unity-Token');
  });

  it('refuses a Unity call without a Unity token before sending anything', async () => {
    const fetchImpl = reply(200, '{}');
    await expect(
      call(ctx(fetchImpl, { unityToken: null }), { method: 'GET', path: '/x', unity: true }),
    ).rejects.toMatchObject({ kind: 'auth' });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('turns a JSON error body into serverText', async () => {
    const error = await call(ctx(reply(403, '{"error":"This player belongs to another account"}')), {
      method: 'GET',
      path: '/x',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 403, serverText: 'This player belongs to another account' });
  });

  it("reads a payment refusal's code, reason and refund, and nothing that is not name-like", async () => {
    const body = '{"error":"x","code":"SUBSCRIPTION_UNDONE","reason":"ACTIVE_PLAN","refund":"pending"}';
    await expect(call(ctx(reply(409, body)), { method: 'POST', path: '/x' })).rejects.toMatchObject({
      code: 'SUBSCRIPTION_UNDONE',
      detail: { reason: 'ACTIVE_PLAN', refund: 'pending' },
    });
    const odd = '{"error":"x","code":"lower","reason":"<b>","refund":7}';
    await expect(call(ctx(reply(400, odd)), { method: 'POST', path: '/x' })).rejects.toMatchObject({
      code: null,
      detail: { reason: null, refund: null },
    });
  });

  it('uses a text body as serverText, and the status text when empty', async () => {
    await expect(call(ctx(reply(502, 'Bad gateway from proxy')), { method: 'GET', path: '/x' })).rejects.toMatchObject({
      status: 502,
      serverText: 'Bad gateway from proxy',
    });
    await expect(call(ctx(reply(500, '')), { method: 'GET', path: '/x' })).rejects.toMatchObject({
      status: 500,
      serverText: 'HTTP 500',
    });
  });

  it('reports malformed JSON as a DecodeError, like an answer of the wrong shape', async () => {
    await expect(call(ctx(reply(200, '{"results": [')), { method: 'GET', path: '/x' })).rejects.toBeInstanceOf(
      DecodeError,
    );
  });

  it('reports a failed connection as a network error', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(call(ctx(fetchImpl), { method: 'GET', path: '/x' })).rejects.toMatchObject({
      kind: 'network',
      status: null,
    });
  });

  it('gives up after the timeout', async () => {
    const fetchImpl = vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    await expect(call(ctx(fetchImpl, { timeoutMs: 20 }), { method: 'GET', path: '/x' })).rejects.toMatchObject({
      kind: 'timeout',
    });
  });

  it('returns null for an empty success body', async () => {
    await expect(call(ctx(reply(200, '')), { method: 'DELETE', path: '/users/P1' })).resolves.toBeNull();
  });
});

describe('a token ended by sign out everywhere', () => {
  it('tells the session on a 401 SESSION_REVOKED, and on nothing else', async () => {
    const revoked = vi.fn();
    observeRevocation(revoked);
    try {
      const refused = await call(ctx(reply(401, '{"error":"signed out","code":"SESSION_REVOKED"}')), {
        method: 'GET',
        path: '/cloud-save/P1',
      }).catch((e: unknown) => e);
      expect(refused).toMatchObject({ status: 401, code: 'SESSION_REVOKED' });
      expect(revoked).toHaveBeenCalledTimes(1);
      for (const [status, body] of [
        [401, '{"error":"Invalid identity token"}'],
        [403, '{"error":"x","code":"SESSION_REVOKED"}'],
        [403, '{"error":"x","code":"RECENT_SIGN_IN_REQUIRED"}'],
      ] as const)
        await call(ctx(reply(status, body)), { method: 'GET', path: '/x' }).catch(() => undefined);
      expect(revoked).toHaveBeenCalledTimes(1);
    } finally {
      observeRevocation(null);
    }
  });
});

describe("a call's own headers", () => {
  it('are sent beside the bearer, which they cannot replace', async () => {
    const fetchImpl = reply(200, '{}');
    await call(ctx(fetchImpl), {
      method: 'GET',
      path: '/account/sessions',
      headers: { 'X-Client-Kind': 'webview', Authorization: 'Bearer forged' },
    });
    expect(fetchImpl.mock.calls[0]![1]?.headers).toMatchObject({
      'X-Client-Kind': 'webview',
      Authorization: 'Bearer id-token',
    });
  });
});
