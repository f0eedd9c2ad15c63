// Issue 25: a `?link=` launch asks first and links only on Link (the token leaves the URL when read and is forgotten
// after any answer); dev=true counts in development builds only; a reload or Back of an address that already handed
// off in this tab sends no second token.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const player = vi.hoisted(() => ({
  ensureUnity: vi.fn(async (_options?: { linkToken?: string }) => ({ playerId: 'P1', accessToken: 'unity-token' })),
  loadPlayer: vi.fn(async () => null),
}));
vi.mock('../../../src/state/player', () => player);
vi.mock('../../../src/auth/firebase', () => ({ idTokenValidFor: vi.fn(async () => 'id-token'), signOutUser: vi.fn(async () => {}) }));
const bridge = vi.hoisted(() => ({
  detectHost: vi.fn(() => null),
  navigateToDesktop: vi.fn(),
  probeDesktop: vi.fn(async () => 'unknown'),
  sendToken: vi.fn(() => false),
  sendTokenUnavailable: vi.fn(),
  sendLogout: vi.fn(),
  whenHostReady: vi.fn(async () => null),
}));
vi.mock('@home-design/portal-bridge', () => ({ bridge }));

import { config } from '../../../src/config/config';
import { answerLink, captureLaunchParams, handoff, resetHandoffForTests, runAppAuthFlow, setHandoffHooks } from '../../../src/state/handoff';
import { session, signOut } from '../../../src/state/session';
import { clearToasts, toasts } from '../../../src/state/toasts';

const DESKTOP = `http://127.0.0.1:${config.desktopPort}`;
const hooks = { replaceUrl: vi.fn(), navigate: vi.fn() };

function launchAt(path: string): string {
  window.history.replaceState(null, '', path);
  return window.location.href;
}

beforeEach(() => {
  setHandoffHooks(hooks);
  session.user = { uid: 'u1', displayName: 'Ada', email: 'ada@example.com', photoURL: null, providerIds: ['password'], creationTime: null };
  session.status = 'signedIn';
  sessionStorage.setItem('hasShownAffiliateModal', 'true');
});
afterEach(() => {
  resetHandoffForTests();
  session.user = null;
  session.status = 'loading';
  hooks.replaceUrl.mockReset();
  hooks.navigate.mockReset();
  player.ensureUnity.mockClear();
  player.loadPlayer.mockClear();
  bridge.navigateToDesktop.mockClear();
  clearToasts();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

const linkCalls = () => player.ensureUnity.mock.calls.filter(([options]) => options?.linkToken !== undefined);

describe('?link= asks first', () => {
  it('leaves the URL when read and is kept in memory only', () => {
    captureLaunchParams(launchAt('/create-account?link=guest-token&canMakePayments=true'));
    expect(hooks.replaceUrl).toHaveBeenCalledWith('/create-account?canMakePayments=true');
    const kept = [...Object.values({ ...localStorage }), ...Object.values({ ...sessionStorage })].join(' ');
    expect(kept).not.toContain('guest-token');
  });

  it('after sign-in, asks and calls /auth/unity-link only on Link', async () => {
    captureLaunchParams(launchAt('/auth?link=guest-token'));
    const flow = runAppAuthFlow();
    await vi.waitFor(() => expect(handoff.phase).toBe('askingLink'));
    expect(player.ensureUnity).not.toHaveBeenCalled();
    answerLink(true);
    await flow;
    expect(linkCalls()).toEqual([[{ linkToken: 'guest-token' }]]);
    expect(handoff.phase).toBe('idle');
  });

  it('Not now makes no link call, and the flow goes on without asking again', async () => {
    captureLaunchParams(launchAt('/auth?link=guest-token'));
    const flow = runAppAuthFlow();
    await vi.waitFor(() => expect(handoff.phase).toBe('askingLink'));
    answerLink(false);
    await flow;
    expect(linkCalls()).toEqual([]);
    expect(player.ensureUnity).toHaveBeenCalledWith();
    expect(player.loadPlayer).toHaveBeenCalled();
    await runAppAuthFlow();
    expect(handoff.phase).toBe('idle');
    expect(linkCalls()).toEqual([]);
  });

  it('a link that fails is said, forgotten, and does not block the hand-off', async () => {
    player.ensureUnity.mockImplementationOnce(async () => {
      throw new Error('400');
    });
    captureLaunchParams(launchAt(`/auth?link=junk&redirect=${encodeURIComponent(DESKTOP)}`));
    const flow = runAppAuthFlow();
    await vi.waitFor(() => expect(handoff.phase).toBe('askingLink'));
    answerLink(true);
    await flow;
    expect(toasts.items.map((t) => t.text)).toContainEqual(expect.stringContaining('could not be linked to this account'));
    expect(bridge.navigateToDesktop).toHaveBeenCalledOnce();
    expect(bridge.navigateToDesktop.mock.calls[0]![0]).toBe(`${DESKTOP}/login?id-token`);
  });

  it('a sign-out while the question is open counts as Not now', async () => {
    captureLaunchParams(launchAt('/auth?link=guest-token'));
    const flow = runAppAuthFlow();
    await vi.waitFor(() => expect(handoff.phase).toBe('askingLink'));
    await signOut();
    await flow;
    expect(handoff.phase).toBe('idle');
    expect(linkCalls()).toEqual([]);
  });
});

describe('a hand-off leaves no way back to a second token', () => {
  it('replaces the address with a clean /auth, whatever form the target came in', async () => {
    for (const path of [`/auth/redirect/${encodeURIComponent(DESKTOP)}`, `/auth#${DESKTOP}`, `/auth?redirect=${encodeURIComponent(DESKTOP)}&state=s`]) {
      captureLaunchParams(launchAt(path));
      await runAppAuthFlow();
      expect(hooks.replaceUrl, path).toHaveBeenLastCalledWith('/auth');
      expect(bridge.navigateToDesktop).toHaveBeenCalledOnce();
      bridge.navigateToDesktop.mockClear();
      resetHandoffForTests();
      sessionStorage.removeItem('hasRedirected');
    }
  });

  it('an in-app launch address becomes /', async () => {
    captureLaunchParams(launchAt(`/credits?redirect=${encodeURIComponent(DESKTOP)}`));
    await runAppAuthFlow();
    expect(hooks.replaceUrl).toHaveBeenLastCalledWith('/');
  });

  for (const type of ['reload', 'back_forward'] as const) {
    it(`hasRedirected blocks a second hand-off on a ${type}`, async () => {
      sessionStorage.setItem('hasRedirected', 'true');
      vi.spyOn(window.performance, 'getEntriesByType').mockReturnValue([{ type } as PerformanceNavigationTiming]);
      captureLaunchParams(launchAt(`/auth#${DESKTOP}`));
      expect(hooks.replaceUrl).toHaveBeenCalledWith('/auth');
      await runAppAuthFlow();
      expect(bridge.navigateToDesktop).not.toHaveBeenCalled();
    });
  }

  it('a new navigation with the redirect query hands off again (SPEC 4)', async () => {
    sessionStorage.setItem('hasRedirected', 'true');
    vi.spyOn(window.performance, 'getEntriesByType').mockReturnValue([{ type: 'navigate' } as PerformanceNavigationTiming]);
    captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent(DESKTOP)}`));
    await runAppAuthFlow();
    expect(bridge.navigateToDesktop).toHaveBeenCalledOnce();
  });

  it('dev=true is ignored outside development builds: no token parked in storage, no /return-to-app', async () => {
    expect(config.isDevelopment).toBe(false);
    captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent(DESKTOP)}&dev=true`));
    await runAppAuthFlow();
    expect(hooks.navigate).not.toHaveBeenCalledWith('/return-to-app');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(bridge.navigateToDesktop).toHaveBeenCalledOnce();
  });
});
