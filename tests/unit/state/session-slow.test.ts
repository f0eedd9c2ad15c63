// The way out of a stuck "Loading...": when the identity service has not answered for AUTH_SLOW_MS after
// startSession, session.authSlow is set (the loading screen then offers a reload); an answer clears it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/auth/firebase', async () => (await import('../support/fake-auth')).fakeAuth);
vi.mock('@home-design/portal-bridge', async () => (await import('../support/fake-bridge')).fakeBridgeModule());

import { AUTH_SLOW_MS, authResolved, resetSessionForTests, session, startSession } from '../../../src/state/session';
import { fakeAuth as auth, signedInUser as user } from '../support/fake-auth';

beforeEach(() => {
  vi.useFakeTimers();
  vi.clearAllMocks();
  resetSessionForTests();
});
afterEach(() => {
  resetSessionForTests();
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

  it('is forgotten with the rest of the session (a fresh page)', () => {
    startSession();
    vi.advanceTimersByTime(AUTH_SLOW_MS);
    expect(session.authSlow).toBe(true);
    resetSessionForTests();
    expect(session.authSlow).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});
