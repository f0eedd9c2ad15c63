// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiContext } from '../../../src/api/client';

// Each test starts from a fresh page: the modules are loaded anew (connectivity.ts keeps its state in the module), and
// the store observes the API client's calls as start-up wires it (page-load.ts), so no test hook is needed in
// production code.
let ApiError: typeof import('../../../src/api/client').ApiError;
let call: typeof import('../../../src/api/client').call;
let connectivity: typeof import('../../../src/state/connectivity').connectivity;
let isNetworkFailure: typeof import('../../../src/state/connectivity').isNetworkFailure;
let watchConnectivity: typeof import('../../../src/state/connectivity').watchConnectivity;
let PortalError: typeof import('../../../src/state/errors').PortalError;
let createResource: typeof import('../../../src/state/resource').createResource;
let dropped: InstanceType<typeof ApiError>;

beforeEach(async () => {
  vi.resetModules();
  ({ ApiError, call } = await import('../../../src/api/client'));
  const connectivityModule = await import('../../../src/state/connectivity');
  ({ connectivity, isNetworkFailure, watchConnectivity } = connectivityModule);
  connectivityModule.observeBackendCalls();
  ({ PortalError } = await import('../../../src/state/errors'));
  ({ createResource } = await import('../../../src/state/resource'));
  dropped = new ApiError('network', null, 'Failed to fetch');
});

function ctx(fetchImpl: typeof fetch): ApiContext {
  return { baseUrl: 'http://backend.test', idToken: 'id', unityToken: null, timeoutMs: 1000, fetch: fetchImpl };
}

function items(load: () => Promise<string[]>) {
  return createResource({
    initial: () => ({ items: [] as string[] }),
    load: async () => ({ items: await load() }),
    errorText: () => 'failed',
  });
}

describe('connectivity', () => {
  it("follows the browser's offline and online events", () => {
    const stop = watchConnectivity();
    expect(connectivity.online).toBe(true);
    window.dispatchEvent(new Event('offline'));
    expect(connectivity.online).toBe(false);
    window.dispatchEvent(new Event('online'));
    expect(connectivity.online).toBe(true);
    stop();
    window.dispatchEvent(new Event('offline'));
    expect(connectivity.online).toBe(true);
  });

  it('says the server cannot be reached after a call that got no answer, until a call is answered', async () => {
    await expect(
      call(
        ctx(async () => Promise.reject(new TypeError('Failed to fetch'))),
        { method: 'GET', path: '/x' },
      ),
    ).rejects.toMatchObject({ kind: 'network' });
    expect(connectivity.unreachable).toBe(true);
    await expect(
      call(
        ctx(async () => new Response('{"error":"down"}', { status: 500 })),
        { method: 'GET', path: '/x' },
      ),
    ).rejects.toMatchObject({ status: 500 });
    expect(connectivity.unreachable).toBe(false);
  });

  it('tells a failure for want of a network, also wrapped, from the others', () => {
    expect(isNetworkFailure(dropped)).toBe(true);
    expect(isNetworkFailure(new PortalError('Failed to fetch cloud save data', dropped))).toBe(true);
    expect(isNetworkFailure(new ApiError('timeout', null, 'slow'))).toBe(false);
    expect(isNetworkFailure(new ApiError('http', 500, 'down'))).toBe(false);
    expect(isNetworkFailure('Failed to fetch')).toBe(false);
  });
});

describe('a load that failed for want of a network', () => {
  it('runs again by itself when the connection returns', async () => {
    const stop = watchConnectivity();
    const load = vi.fn<() => Promise<string[]>>().mockRejectedValueOnce(dropped).mockResolvedValue(['a']);
    const r = items(load);
    await r.load();
    expect(r.state.status).toBe('error');
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(r.state).toMatchObject({ status: 'ready', items: ['a'] }));
    expect(load).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new Event('online'));
    expect(load).toHaveBeenCalledTimes(2);
    stop();
  });

  it('also runs again when another call gets an answer', async () => {
    const load = vi.fn<() => Promise<string[]>>().mockRejectedValueOnce(dropped).mockResolvedValue(['a']);
    const r = items(load);
    await r.load();
    await call(
      ctx(async () => Promise.reject(new TypeError('Failed to fetch'))),
      { method: 'GET', path: '/x' },
    ).catch(() => undefined);
    await call(
      ctx(async () => new Response('{}')),
      { method: 'GET', path: '/x' },
    );
    await vi.waitFor(() => expect(r.state.status).toBe('ready'));
  });

  it('does not run again after a reset (sign-out), or when it failed for another reason', async () => {
    const stop = watchConnectivity();
    const gone = vi.fn<() => Promise<string[]>>().mockRejectedValue(dropped);
    const reset = items(gone);
    await reset.load();
    reset.reset();
    const refused = vi.fn<() => Promise<string[]>>().mockRejectedValue(new ApiError('http', 500, 'down'));
    const other = items(refused);
    await other.load();
    window.dispatchEvent(new Event('online'));
    await Promise.resolve();
    expect(gone).toHaveBeenCalledTimes(1);
    expect(refused).toHaveBeenCalledTimes(1);
    expect(reset.state.status).toBe('idle');
    stop();
  });
});
