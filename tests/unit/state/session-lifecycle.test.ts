// @vitest-environment jsdom
// The page's life cycle and the session: a page being left (a hand-off, a load by address) has its requests cut off,
// which is no verdict on the session; a page restored from the back/forward cache reads and checks the session again.
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';

// The fake is imported once, before any reset, and handed to the mock: vi.resetModules() keeps a mocked module but
// would evaluate the support file again, so a later import of it is not the instance the session sees.
const { fakeAuth: auth, signedInUser: user } = await vi.hoisted(() => import('../support/fake-auth'));
vi.mock('../../../src/auth/firebase', () => auth);
vi.mock('@home-design/portal-bridge', async () => (await import('../support/fake-bridge')).fakeBridgeModule());

type Session = typeof import('../../../src/state/session');
let pageLeaving: Session['pageLeaving'];
let startSession: Session['startSession'];

const pageshow = (persisted: boolean) => window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted }));

let listen: MockInstance<Window['addEventListener']>;

// Each test is a fresh page: a new session module, and a window without the listeners of the last test's page (the
// window outlives the modules; its listeners would still call the shared fake).
beforeEach(async () => {
  vi.useFakeTimers();
  vi.clearAllMocks();
  listen = vi.spyOn(window, 'addEventListener');
  vi.resetModules();
  ({ pageLeaving, startSession } = await import('../../../src/state/session'));
  pageshow(false);
});
afterEach(() => {
  for (const [type, listener, options] of listen.mock.calls) window.removeEventListener(type, listener, options);
  listen.mockRestore();
  vi.useRealTimers();
});

describe('pageLeaving', () => {
  it('is true from beforeunload until the page shows again', () => {
    startSession();
    expect(pageLeaving()).toBe(false);
    window.dispatchEvent(new Event('beforeunload'));
    expect(pageLeaving()).toBe(true);
    pageshow(true);
    expect(pageLeaving()).toBe(false);
  });

  it('is true from pagehide on, for as long as the page is hidden', () => {
    startSession();
    window.dispatchEvent(new Event('beforeunload'));
    window.dispatchEvent(Object.assign(new Event('pagehide'), { persisted: true }));
    vi.advanceTimersByTime(60_000);
    expect(pageLeaving()).toBe(true);
  });

  it('ends by itself when the page was not left after all (a cancelled navigation)', () => {
    startSession();
    window.dispatchEvent(new Event('beforeunload'));
    vi.advanceTimersByTime(10_000);
    expect(pageLeaving()).toBe(false);
  });
});

describe('a page restored from the back/forward cache', () => {
  it('reads the stored user again and checks the session', async () => {
    startSession();
    auth.answer(user);
    pageshow(true);
    await vi.runAllTimersAsync();
    expect(auth.rereadStoredUser).toHaveBeenCalledTimes(1);
    expect(auth.sessionStillValid).toHaveBeenCalledTimes(1);
  });

  it('does nothing on an ordinary load', async () => {
    startSession();
    auth.answer(user);
    pageshow(false);
    await vi.runAllTimersAsync();
    expect(auth.rereadStoredUser).not.toHaveBeenCalled();
    expect(auth.sessionStillValid).not.toHaveBeenCalled();
  });
});
