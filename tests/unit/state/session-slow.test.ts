// The way out of a stuck "Loading...": when the identity service has not answered for AUTH_SLOW_MS after
// startSession, session.authSlow is set (the loading screen then offers a reload); an answer clears it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const auth = vi.hoisted(() => {
  let listener: ((user: unknown) => void) | null = null;
  return {
    onUserChanged: vi.fn((l: (user: unknown) => void) => {
      listener = l;
      return () => {
        listener = null;
      };
    }),
    answer: (user: unknown) => listener?.(user),
    signOutUser: vi.fn(),
    sessionStillValid: vi.fn(),
  };
});
vi.mock('../../../src/auth/firebase', () => auth);
vi.mock('@home-design/portal-bridge', () => ({ bridge: { sendLogout: vi.fn() } }));

import { AUTH_SLOW_MS, authResolved, resetSessionForTests, session, startSession } from '../../../src/state/session';

const user = { uid: 'u1', displayName: null, email: 'a@example.com', photoURL: null, providerIds: ['password'], creationTime: null };

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
