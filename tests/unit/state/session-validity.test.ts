// @vitest-environment jsdom
// SPEC 4: the session is checked on every route change and every 5 minutes (not on the exempt public pages); an
// invalid session is signed out and the guards re-run.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The fake is imported once, before any reset, and handed to the mock: vi.resetModules() keeps a mocked module but
// would evaluate the support file again, so a later import of it is not the instance the session sees.
const { fakeAuth: auth, signedInUser: user } = await vi.hoisted(() => import('../support/fake-auth'));
vi.mock('../../../src/auth/firebase', () => auth);
vi.mock('@home-design/portal-bridge', async () => (await import('../support/fake-bridge')).fakeBridgeModule());
// The backend at the API boundary: the hand-off that start-up runs on each sign-in, and the player, run for real.
vi.mock('../../../src/api/unity', async () => (await import('../support/fake-api')).fakeApi.unity);
vi.mock('../../../src/api/cloud-save', async () => (await import('../support/fake-api')).fakeApi.cloudSave);

type Session = typeof import('../../../src/state/session');
let session: Session['session'];
let validateSession: Session['validateSession'];
let startPortal: (typeof import('../../../src/state/startup'))['startPortal'];

type Resolved = (event: { toLocation: { pathname: string }; pathChanged: boolean }) => void;

/** Just the parts of a TanStack router that startPortal uses. */
function fakeRouter(pathname = '/') {
  let onResolved: Resolved = () => {};
  const router = {
    state: { location: { pathname } },
    invalidate: vi.fn(() => Promise.resolve()),
    navigate: vi.fn(() => Promise.resolve()),
    history: { replace: vi.fn() },
    subscribe: vi.fn((event: string, listener: Resolved) => {
      if (event === 'onResolved') onResolved = listener;
      return () => {};
    }),
  };
  const go = (to: string, pathChanged = true) => {
    router.state.location.pathname = to;
    onResolved({ toLocation: { pathname: to }, pathChanged });
  };
  return { router, go };
}

const T0 = Date.parse('2025-01-01T12:00:00Z');
/** SPEC 4's period of the timed check, written out: the test fails if the portal's constant drifts. */
const FIVE_MINUTES = 5 * 60 * 1000;

// Each test is a fresh page: new modules of the session and of the start-up over it.
beforeEach(async () => {
  vi.useFakeTimers({ now: T0 });
  vi.clearAllMocks();
  vi.resetModules();
  ({ session, validateSession } = await import('../../../src/state/session'));
  ({ startPortal } = await import('../../../src/state/startup'));
  auth.sessionStillValid.mockResolvedValue(true);
  auth.signOutUser.mockResolvedValue(undefined);
  // The identity service answers at once with a signed-in user.
  auth.onUserChanged.mockImplementation((listener: (u: typeof user | null) => void) => {
    listener(user);
    return () => {};
  });
});

afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
});

async function settle() {
  await vi.advanceTimersByTimeAsync(0);
}

describe('on route changes', () => {
  it('checks the session when a signed-in page is reached', async () => {
    const { router, go } = fakeRouter();
    startPortal(router as never);
    go('/credits');
    await settle();
    expect(auth.sessionStillValid).toHaveBeenCalledTimes(1);
    expect(session.status).toBe('signedIn');
  });

  it('an invalid session is signed out, its storage cleared, and the guards re-run (they send it to /auth)', async () => {
    auth.sessionStillValid.mockResolvedValue(false);
    localStorage.setItem('unityAuthData', '{}');
    const { router, go } = fakeRouter();
    startPortal(router as never);
    go('/my-designs');
    await settle();
    expect(auth.signOutUser).toHaveBeenCalledTimes(1);
    expect(session.status).toBe('signedOut');
    expect(session.user).toBeNull();
    expect(localStorage.getItem('unityAuthData')).toBeNull();
    expect(router.invalidate).toHaveBeenCalled();
  });

  it.each([
    '/auth',
    '/sign-in',
    '/create-account',
    '/external-link',
    '/share-design',
    '/return-to-app',
    '/auth/redirect/x',
  ])('does not check on the exempt public page %s', async (path) => {
    const { router, go } = fakeRouter();
    startPortal(router as never);
    go(path);
    await settle();
    expect(auth.sessionStillValid).not.toHaveBeenCalled();
  });

  it('does not check when only the query changed', async () => {
    const { router, go } = fakeRouter('/credits');
    startPortal(router as never);
    go('/credits', false);
    await settle();
    expect(auth.sessionStillValid).not.toHaveBeenCalled();
  });

  it('checks on the first navigation after a sign-in too: a revoked session never survives it', async () => {
    const { router, go } = fakeRouter();
    startPortal(router as never);
    go('/credits');
    await settle();
    expect(auth.sessionStillValid).toHaveBeenCalledTimes(1);
  });

  it('a session whose tokens were revoked is signed out, /auth says why, and the next sign-in forgets it', async () => {
    auth.sessionStillValid.mockResolvedValue('revoked');
    const { router, go } = fakeRouter();
    startPortal(router as never);
    go('/my-designs');
    await settle();
    expect(auth.signOutUser).toHaveBeenCalledTimes(1);
    expect(session.status).toBe('signedOut');
    expect(session.revoked).toBe(true);
    const listener = auth.onUserChanged.mock.calls[0]![0] as (u: typeof user | null) => void;
    listener(user);
    expect(session.revoked).toBe(false);
  });

  it("the backend's 401 SESSION_REVOKED signs out as Sign Out does (storage, the host's logout), once", async () => {
    // The modules of this test's page (reset before each test): the client the session listens to, the bridge.
    const { call } = await import('../../../src/api/client');
    const { bridge } = await import('@home-design/portal-bridge');
    const { router } = fakeRouter();
    startPortal(router as never);
    await settle();
    localStorage.setItem('unityAuthData', '{}');
    const refused = () =>
      call(
        {
          baseUrl: 'http://backend.test',
          idToken: 't',
          unityToken: null,
          timeoutMs: 1000,
          fetch: async () => new Response('{"error":"x","code":"SESSION_REVOKED"}', { status: 401 }),
        },
        { method: 'GET', path: '/designs/P1' },
      ).catch(() => undefined);
    await Promise.all([refused(), refused()]);
    await settle();
    expect(auth.signOutUser).toHaveBeenCalledTimes(1);
    expect(bridge.sendLogout).toHaveBeenCalled();
    expect(localStorage.getItem('unityAuthData')).toBeNull();
    expect(session.status).toBe('signedOut');
    expect(session.revoked).toBe(true);
  });

  it('shows "Validating session..." only while the check runs, and shares one check between callers', async () => {
    let answer!: (valid: boolean) => void;
    auth.sessionStillValid.mockReturnValue(new Promise<boolean>((resolve) => (answer = resolve)));
    const { router } = fakeRouter();
    startPortal(router as never);
    const first = validateSession();
    const second = validateSession();
    expect(session.validating).toBe(true);
    answer(true);
    await expect(Promise.all([first, second])).resolves.toEqual([true, true]);
    expect(auth.sessionStillValid).toHaveBeenCalledTimes(1);
    expect(session.validating).toBe(false);
  });
});

describe('every 5 minutes', () => {
  it('checks the page that is open, at 300000 ms and not before', async () => {
    const { router } = fakeRouter('/credits');
    startPortal(router as never);
    await vi.advanceTimersByTimeAsync(FIVE_MINUTES - 1);
    expect(auth.sessionStillValid).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(auth.sessionStillValid).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(FIVE_MINUTES);
    expect(auth.sessionStillValid).toHaveBeenCalledTimes(2);
  });

  it('signs out an invalid session found by the timer', async () => {
    const { router } = fakeRouter('/');
    startPortal(router as never);
    auth.sessionStillValid.mockResolvedValue(false);
    await vi.advanceTimersByTimeAsync(FIVE_MINUTES);
    expect(session.status).toBe('signedOut');
    expect(router.invalidate).toHaveBeenCalled();
  });

  it('leaves the exempt public pages alone', async () => {
    const { router } = fakeRouter('/share-design');
    startPortal(router as never);
    await vi.advanceTimersByTimeAsync(FIVE_MINUTES * 3);
    expect(auth.sessionStillValid).not.toHaveBeenCalled();
  });

  it('does nothing for a signed-out visitor', async () => {
    auth.onUserChanged.mockImplementation((listener: (u: null) => void) => {
      listener(null);
      return () => {};
    });
    const { router, go } = fakeRouter('/');
    startPortal(router as never);
    go('/credits');
    await vi.advanceTimersByTimeAsync(FIVE_MINUTES);
    expect(auth.sessionStillValid).not.toHaveBeenCalled();
  });
});
