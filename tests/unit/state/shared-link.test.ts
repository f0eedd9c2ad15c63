// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// shared-link.ts parks dev mode's path through the hand-off's module, which reaches Firebase: faked at its boundary.
vi.mock('../../../src/auth/firebase', async () => (await import('../support/fake-auth')).fakeAuth);
import { LOCAL_KEYS, localStore } from '../../../src/state/storage';
import { APP_OPEN_WAIT_MS } from '../../../src/domain/constants';
import { appOpen, currentPlatform, openInApp, resetAppOpen, startDevOpen } from '../../../src/state/shared-link';

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('openInApp', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    resetAppOpen();
    setVisibility('visible');
    vi.useRealTimers();
  });

  it('follows the deep link and says the app did not open when the page is still shown after the wait', () => {
    const launch = vi.fn();
    openInApp('dreambook://open?model=m', launch);
    expect(launch).toHaveBeenCalledWith('dreambook://open?model=m');
    expect(appOpen.status).toBe('opening');
    vi.advanceTimersByTime(APP_OPEN_WAIT_MS - 1);
    expect(appOpen.status).toBe('opening');
    vi.advanceTimersByTime(1);
    expect(appOpen.status).toBe('notOpened');
  });

  it('takes a hidden page as the app having opened', () => {
    openInApp('dreambook://open', vi.fn());
    setVisibility('hidden');
    vi.advanceTimersByTime(APP_OPEN_WAIT_MS * 2);
    expect(appOpen.status).toBe('left');
  });

  it('starts the wait again on each attempt and counts them', () => {
    openInApp('dreambook://open', vi.fn());
    vi.advanceTimersByTime(APP_OPEN_WAIT_MS);
    expect(appOpen.status).toBe('notOpened');
    openInApp('dreambook://open', vi.fn());
    expect(appOpen).toMatchObject({ status: 'opening', attempts: 2 });
    vi.advanceTimersByTime(APP_OPEN_WAIT_MS);
    expect(appOpen.status).toBe('notOpened');
  });

  it('forgets the attempt on reset and ignores a late timer', () => {
    openInApp('dreambook://open', vi.fn());
    resetAppOpen();
    vi.advanceTimersByTime(APP_OPEN_WAIT_MS);
    expect(appOpen).toMatchObject({ status: 'idle', attempts: 0 });
  });
});

describe('startDevOpen', () => {
  // localStore keeps an in-memory copy beside localStorage, which the global clear() does not reach.
  beforeEach(() => localStore.remove(LOCAL_KEYS.redirectUrl, LOCAL_KEYS.redirectPath, LOCAL_KEYS.authToken));

  it('stores the desktop address and the open path for /return-to-app', () => {
    const plan = startDevOpen({ model: 'Farm house', design: 'Mine' }, '127.0.0.1');
    expect(plan.ok).toBe(true);
    expect(localStore.get(LOCAL_KEYS.redirectUrl)).toBe('http://127.0.0.1:5662');
    expect(localStore.get(LOCAL_KEYS.redirectPath)).toBe('open?model=Farm%20house&design=Mine');
  });

  it('stores nothing for a host that is not an allowed desktop target', () => {
    localStore.set(LOCAL_KEYS.authToken, 'kept');
    const plan = startDevOpen({ model: 'm' }, 'evil.example');
    expect(plan).toEqual({ ok: false, target: 'http://evil.example:5662' });
    expect(localStore.get(LOCAL_KEYS.redirectUrl)).toBeNull();
    expect(localStore.get(LOCAL_KEYS.redirectPath)).toBeNull();
    expect(localStore.get(LOCAL_KEYS.authToken)).toBe('kept');
  });
});

describe('currentPlatform', () => {
  it('reads the browser it runs in', () => {
    const ua = vi
      .spyOn(window.navigator, 'userAgent', 'get')
      .mockReturnValue(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      );
    expect(currentPlatform().kind).toBe('ios');
    ua.mockRestore();
  });
});
