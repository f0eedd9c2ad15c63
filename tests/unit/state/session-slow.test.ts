// @vitest-environment jsdom
// The way out of a stuck "Loading...": when the identity service has not answered for AUTH_SLOW_MS after
// startSession, session.authSlow is set (the loading screen then offers a reload); an answer clears it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_SLOW_MS } from '../../../src/domain/constants';

// The fakes are imported once, before any reset, and handed to the mocks: vi.resetModules() keeps a mocked module but
// would evaluate the support file again, so a later import of it is not the instance the session sees.
const { fakeAuth: auth, signedInUser: user } = await vi.hoisted(() => import('../support/fake-auth'));
vi.mock('../../../src/auth/firebase', () => auth);
vi.mock('@home-design/portal-bridge', async () => (await import('../support/fake-bridge')).fakeBridgeModule());

type Session = typeof import('../../../src/state/session');
let authResolved: Session['authResolved'];
let session: Session['session'];
let startSession: Session['startSession'];

// Each test is a fresh page: a new session module, which has not started listening yet.
beforeEach(async () => {
  vi.useFakeTimers();
  vi.clearAllMocks();
  vi.resetModules();
  ({ authResolved, session, startSession } = await import('../../../src/state/session'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('session.authSlow', () => {
  it('is set when the identity service has not answered after AUTH_SLOW_MS, and cleared by its answer', async () => {
    startSession();
    vi.advanceTimersByTime(AUTH_SLOW_MS - 1);
    expect(session.authSlow).toBe(false);
    vi.advanceTimersByTime(1);
    expect(session.authSlow).toBe(true);
    expect(session.status).toBe('loading');

    auth.answer(user);
    expect(session.authSlow).toBe(false);
    expect(session.status).toBe('signedIn');
    await expect(authResolved()).resolves.toBeUndefined();
  });

  it('is never set when the answer comes in time', () => {
    startSession();
    vi.advanceTimersByTime(AUTH_SLOW_MS / 2);
    auth.answer(null);
    vi.advanceTimersByTime(AUTH_SLOW_MS * 3);
    expect(session.authSlow).toBe(false);
    expect(session.status).toBe('signedOut');
  });

  it('starts one timer however often startSession is called', () => {
    startSession();
    startSession();
    authResolved();
    expect(auth.onUserChanged).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(1);
  });
});
