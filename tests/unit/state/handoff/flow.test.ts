// @vitest-environment jsdom
// unit pool: forks (it replaces window.location or performance, which a jsdom window keeps, as browsers do)
// The hand-off (src/state/handoff, SPEC 2 and 4, docs/security.md "Security"), branch by branch: a host by message, the
// desktop by redirect, dev mode, nothing listening, a refused target, once per sign-in, the `?link=` question, a host's
// token requests, and a sign-out in the middle. The bridge, Firebase and the backend (src/api) are faked at their
// module boundaries; the player store runs for real.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../src/auth/firebase', async () => (await import('../../support/fake-auth')).fakeAuth);
vi.mock('../../../../src/api/unity', async () => (await import('../../support/fake-api')).fakeApi.unity);
vi.mock('../../../../src/api/cloud-save', async () => (await import('../../support/fake-api')).fakeApi.cloudSave);
vi.mock('@home-design/portal-bridge', async () => (await import('../../support/fake-bridge')).fakeBridgeModule());

import { ApiError } from '../../../../src/api/client';
import { config } from '../../../../src/config/config';
import { DESKTOP_LEAVE_MS } from '../../../../src/domain/constants';
import {
  answerLink,
  answerTokenRequest,
  captureLaunchParams,
  handoff,
  handoffDue,
  onSignedIn,
  resetHandoffOnSignOut,
  signInFailed,
  signInLeaving,
  retryDesktopHandoff,
  connectHandoff,
  noteSignInHere,
  showsSignInOverlay,
  skipDesktopHandoff,
} from '../../../../src/state/handoff';
import { session, signOut } from '../../../../src/state/session';
import { registerSignOutResets } from '../../../../src/state/sign-out-resets';
import { startSignedIn } from '../../../../src/state/signed-in-start';
import { clearToasts, toasts } from '../../../../src/state/toasts';
import { resetPlayer } from '../../../../src/state/player';
import { PLAYER, cloudSave, fakeApi, resetFakeApi } from '../../support/fake-api';
import { fakeAuth as auth, adaUser } from '../../support/fake-auth';
import { fakeBridge as bridge, resetFakeBridge } from '../../support/fake-bridge';

// A sign-out resets the hand-off and the player as startPortal registers them.
registerSignOutResets();
startSignedIn();

const DESKTOP = `http://127.0.0.1:${config.desktopPort}`;
const hooks = { replaceUrl: vi.fn(), navigate: vi.fn() };

function launchAt(path: string): string {
  window.history.replaceState(null, '', path);
  return window.location.href;
}

beforeEach(() => {
  connectHandoff(hooks);
  session.user = adaUser();
  session.status = 'signedIn';
  sessionStorage.setItem('hasShownAffiliateModal', 'true');
});
afterEach(() => {
  // The reset a Sign Out runs, then a launch with nothing in it: a fresh page for the next test.
  resetHandoffOnSignOut();
  captureLaunchParams(launchAt('/'));
  session.user = null;
  session.status = 'loading';
  hooks.replaceUrl.mockReset();
  hooks.navigate.mockReset();
  resetFakeApi();
  resetPlayer();
  resetFakeBridge();
  auth.idTokenValidFor.mockImplementation(async () => 'id-token');
  auth.heldIdToken.mockReturnValue(null);
  localStorage.clear();
  sessionStorage.clear();
  clearToasts();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

/** The link values sent to /auth/unity-link. */
const linkCalls = () => fakeApi.unity.linkUnity.mock.calls.map((call) => (call as unknown[])[1]);
const unityToken = PLAYER.accessToken;

describe('?link= asks first', () => {
  it('leaves the URL when read and is kept in memory only', () => {
    captureLaunchParams(launchAt('/create-account?link=guest-token&canMakePayments=true'));
    expect(hooks.replaceUrl).toHaveBeenCalledWith('/create-account?canMakePayments=true');
    const kept = [...Object.values({ ...localStorage }), ...Object.values({ ...sessionStorage })].join(' ');
    expect(kept).not.toContain('guest-token');
  });

  it('after sign-in, asks and calls /auth/unity-link only on Link', async () => {
    captureLaunchParams(launchAt('/auth?link=guest-token'));
    const flow = onSignedIn();
    await vi.waitFor(() => expect(handoff.phase).toBe('askingLink'));
    expect(fakeApi.unity.linkUnity).not.toHaveBeenCalled();
    expect(fakeApi.unity.exchangeForUnity).not.toHaveBeenCalled();
    answerLink(true);
    await flow;
    expect(linkCalls()).toEqual(['guest-token']);
    expect(handoff.phase).toBe('idle');
  });

  it('Not now makes no link call, and the flow goes on without asking again', async () => {
    captureLaunchParams(launchAt('/auth?link=guest-token'));
    const flow = onSignedIn();
    await vi.waitFor(() => expect(handoff.phase).toBe('askingLink'));
    answerLink(false);
    await flow;
    expect(linkCalls()).toEqual([]);
    expect(fakeApi.unity.exchangeForUnity).toHaveBeenCalled();
    expect(fakeApi.cloudSave.fetchCloudSave).toHaveBeenCalled();
    await onSignedIn();
    expect(handoff.phase).toBe('idle');
    expect(linkCalls()).toEqual([]);
  });

  it('a link that fails is said, forgotten, and does not block the hand-off', async () => {
    fakeApi.unity.linkUnity.mockRejectedValueOnce(new ApiError('http', 400, 'not a guest player'));
    captureLaunchParams(launchAt(`/auth?link=junk&redirect=${encodeURIComponent(DESKTOP)}`));
    const flow = onSignedIn();
    await vi.waitFor(() => expect(handoff.phase).toBe('askingLink'));
    answerLink(true);
    await flow;
    expect(toasts.items.map((t) => t.text)).toContainEqual(
      expect.stringContaining('could not be linked to this account'),
    );
    expect(bridge.navigateToDesktop).toHaveBeenCalledOnce();
    expect(bridge.navigateToDesktop.mock.calls[0]![0]).toBe(`${DESKTOP}/login?id-token`);
  });

  it('a sign-out while the question is open counts as Not now', async () => {
    captureLaunchParams(launchAt('/auth?link=guest-token'));
    const flow = onSignedIn();
    await vi.waitFor(() => expect(handoff.phase).toBe('askingLink'));
    await signOut();
    await flow;
    expect(handoff.phase).toBe('idle');
    expect(linkCalls()).toEqual([]);
  });
});

describe("a sign-in's first request", () => {
  /** What the flow asked of the backend and the desktop listener, in order, as each call was made. */
  function recordOrder(): string[] {
    const order: string[] = [];
    fakeApi.unity.exchangeForUnity.mockImplementation(async (ctx: { idToken: string }) => {
      order.push(`exchange with ${ctx.idToken}`);
      return PLAYER;
    });
    bridge.probeDesktop.mockImplementation(async () => {
      order.push('desktop probe');
      return 'listening';
    });
    return order;
  }

  it('with the identity token Firebase holds, the Unity exchange leaves in the turn the flow starts, before the probe', async () => {
    auth.heldIdToken.mockReturnValue('held-id-token');
    const order = recordOrder();
    captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent(DESKTOP)}`));
    const flow = onSignedIn();
    // Nothing awaited yet: no render of the new session can come between.
    expect(order).toEqual(['exchange with held-id-token', 'desktop probe']);
    await flow;
    expect(bridge.navigateToDesktop).toHaveBeenCalledWith(`${DESKTOP}/login?id-token`);
  });

  it("without one held (an older token), the exchange waits for Firebase's token and the hand-off is the same", async () => {
    const order = recordOrder();
    captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent(DESKTOP)}`));
    const flow = onSignedIn();
    expect(order).toEqual(['desktop probe']);
    await flow;
    expect(order).toEqual(['desktop probe', 'exchange with id-token']);
    expect(bridge.navigateToDesktop).toHaveBeenCalledWith(`${DESKTOP}/login?id-token`);
  });
});

describe('an e-mail sign-in asks whether the desktop app listens as it leaves', () => {
  it('the flow takes that answer instead of asking again in the task of the Unity exchange', async () => {
    bridge.probeDesktop.mockResolvedValue('listening');
    captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent(DESKTOP)}`));
    signInLeaving('email');
    expect(bridge.probeDesktop).toHaveBeenCalledOnce();
    await onSignedIn();
    expect(bridge.probeDesktop).toHaveBeenCalledOnce();
    expect(bridge.navigateToDesktop).toHaveBeenCalledWith(`${DESKTOP}/login?id-token`);
  });

  it("a failed attempt drops its answer: the next sign-in's flow asks afresh", async () => {
    bridge.probeDesktop.mockResolvedValueOnce('notListening').mockResolvedValue('listening');
    captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent(DESKTOP)}`));
    signInLeaving('email');
    signInFailed();
    await onSignedIn();
    expect(bridge.probeDesktop).toHaveBeenCalledTimes(2);
    expect(handoff.phase).toBe('redirecting');
    expect(bridge.navigateToDesktop).toHaveBeenCalledOnce();
  });

  it('nothing is asked without a desktop target, nor for a popup, whose answer would be as old as its time open', () => {
    captureLaunchParams(launchAt('/auth'));
    signInLeaving('email');
    captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent(DESKTOP)}`));
    signInLeaving('popup');
    expect(bridge.probeDesktop).not.toHaveBeenCalled();
  });
});

describe('a hand-off leaves no way back to a second token', () => {
  /** Signs in at `path`'s launch; the browser does not leave (a 204), so the page stays past DESKTOP_LEAVE_MS. */
  async function staysAfterLeaving(path: string) {
    vi.useFakeTimers();
    try {
      captureLaunchParams(launchAt(path));
      hooks.replaceUrl.mockClear();
      await onSignedIn();
      expect(bridge.navigateToDesktop, path).toHaveBeenCalledOnce();
      // location.replace takes the launch's address out of history: nothing runs the router before the browser leaves.
      expect(hooks.replaceUrl, path).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(DESKTOP_LEAVE_MS);
    } finally {
      vi.useRealTimers();
    }
  }

  it('a page that stays gets a clean /auth, whatever form the target came in', async () => {
    for (const path of [
      `/auth/redirect/${encodeURIComponent(DESKTOP)}`,
      `/auth#${DESKTOP}`,
      `/auth?redirect=${encodeURIComponent(DESKTOP)}&state=s`,
    ]) {
      await staysAfterLeaving(path);
      expect(hooks.replaceUrl, path).toHaveBeenCalledExactlyOnceWith('/auth');
      bridge.navigateToDesktop.mockClear();
      resetHandoffOnSignOut();
      sessionStorage.removeItem('hasRedirected');
    }
  });

  it('an in-app launch address becomes /', async () => {
    await staysAfterLeaving(`/credits?redirect=${encodeURIComponent(DESKTOP)}`);
    expect(hooks.replaceUrl).toHaveBeenCalledExactlyOnceWith('/');
  });

  for (const type of ['reload', 'back_forward'] as const) {
    it(`hasRedirected blocks a second hand-off on a ${type}`, async () => {
      sessionStorage.setItem('hasRedirected', 'true');
      vi.spyOn(window.performance, 'getEntriesByType').mockReturnValue([{ type } as PerformanceNavigationTiming]);
      captureLaunchParams(launchAt(`/auth#${DESKTOP}`));
      expect(hooks.replaceUrl).toHaveBeenCalledWith('/auth');
      await onSignedIn();
      expect(bridge.navigateToDesktop).not.toHaveBeenCalled();
    });
  }

  it('a new navigation with the redirect query hands off again (SPEC 4)', async () => {
    sessionStorage.setItem('hasRedirected', 'true');
    vi.spyOn(window.performance, 'getEntriesByType').mockReturnValue([
      { type: 'navigate' } as PerformanceNavigationTiming,
    ]);
    captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent(DESKTOP)}`));
    await onSignedIn();
    expect(bridge.navigateToDesktop).toHaveBeenCalledOnce();
  });

  it('dev=true is ignored outside development builds: no token parked in storage, no /return-to-app', async () => {
    expect(config.isDevelopment).toBe(false);
    captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent(DESKTOP)}&dev=true`));
    await onSignedIn();
    expect(hooks.navigate).not.toHaveBeenCalledWith('/return-to-app');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(bridge.navigateToDesktop).toHaveBeenCalledOnce();
  });
});

describe('the token goes to a host by message, or to the desktop by redirect', () => {
  it('a host that opened the sign-in screen gets the identity token by message, and the screen goes on to the account', async () => {
    bridge.detectHost.mockReturnValue('wkwebview');
    bridge.sendToken.mockReturnValue(true);
    captureLaunchParams(launchAt('/auth'));
    await onSignedIn();
    expect(bridge.sendToken).toHaveBeenCalledWith('id-token', 'identity', undefined);
    expect(bridge.navigateToDesktop).not.toHaveBeenCalled();
    expect(hooks.navigate).toHaveBeenCalledWith('/');
  });

  it('with a host and a desktop target, the host gets the Unity token and the target is used up', async () => {
    bridge.detectHost.mockReturnValue('android');
    bridge.sendToken.mockReturnValue(true);
    captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent(DESKTOP)}&unityToken=true&state=s1`));
    await onSignedIn();
    expect(bridge.sendToken).toHaveBeenCalledWith(unityToken, 'unity', 's1');
    expect(bridge.navigateToDesktop).not.toHaveBeenCalled();
    expect(localStorage.getItem('redirectUrl')).toBeNull();
    expect(sessionStorage.getItem('hasRedirected')).toBe('true');
  });

  it('a host that did not open the sign-in screen gets nothing for a restored session', async () => {
    bridge.detectHost.mockReturnValue('wkwebview');
    captureLaunchParams(launchAt('/credits'));
    await onSignedIn();
    expect(bridge.sendToken).not.toHaveBeenCalled();
  });

  it('a sign-in on the page is handed to the host even without /auth in the launch', async () => {
    bridge.detectHost.mockReturnValue('wkwebview');
    bridge.sendToken.mockReturnValue(true);
    captureLaunchParams(launchAt('/credits'));
    noteSignInHere();
    await onSignedIn();
    expect(bridge.sendToken).toHaveBeenCalledOnce();
  });

  it('without a host, the desktop target gets {target}/login?{token} with its state, and the redirect is marked', async () => {
    bridge.probeDesktop.mockResolvedValue('listening');
    captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent(DESKTOP)}&unityToken=true&state=s2`));
    expect(localStorage.getItem('redirectUrl')).toBe(DESKTOP);
    await onSignedIn();
    expect(bridge.navigateToDesktop).toHaveBeenCalledWith(`${DESKTOP}/login?${unityToken}&state=s2`);
    expect(handoff.phase).toBe('redirecting');
    expect(localStorage.getItem('isRedirecting')).toBe('true');
    expect(localStorage.getItem('redirectUrl')).toBeNull();
  });

  it('while the browser leaves for the target, a hand-off still counts as due (the /auth guard stays put)', async () => {
    bridge.probeDesktop.mockResolvedValue('listening');
    captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent(DESKTOP)}`));
    expect(handoffDue()).toBe(true);
    await onSignedIn();
    expect(bridge.navigateToDesktop).toHaveBeenCalled();
    expect(handoffDue()).toBe(true);
    await signOut();
    expect(handoffDue()).toBe(false);
  });

  it('no host and no target: nothing is handed off and the flow still runs the SPEC 4 steps', async () => {
    captureLaunchParams(launchAt('/'));
    await onSignedIn();
    expect(fakeApi.unity.exchangeForUnity).toHaveBeenCalled();
    expect(fakeApi.cloudSave.fetchCloudSave).toHaveBeenCalled();
    expect(bridge.sendToken).not.toHaveBeenCalled();
    expect(bridge.navigateToDesktop).not.toHaveBeenCalled();
    expect(handoff.phase).toBe('idle');
  });
});

describe('once per sign-in', () => {
  it('a second run after the redirect sends nothing', async () => {
    captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent(DESKTOP)}`));
    await onSignedIn();
    await onSignedIn();
    expect(bridge.navigateToDesktop).toHaveBeenCalledOnce();
  });

  it('a host gets one token per sign-in, and again after the next sign-in', async () => {
    bridge.detectHost.mockReturnValue('wkwebview');
    bridge.sendToken.mockReturnValue(true);
    captureLaunchParams(launchAt('/auth'));
    await onSignedIn();
    await onSignedIn();
    expect(bridge.sendToken).toHaveBeenCalledOnce();
    await signOut();
    session.user = {
      uid: 'u2',
      displayName: null,
      email: 'b@example.com',
      photoURL: null,
      providerIds: ['password'],
      creationTime: null,
    };
    session.status = 'signedIn';
    await onSignedIn();
    expect(bridge.sendToken).toHaveBeenCalledTimes(2);
  });
});

describe('when nothing listens at the desktop target', () => {
  it('shows the not-running screen; Try again hands off once the app listens', async () => {
    bridge.probeDesktop.mockResolvedValue('notListening');
    captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent(DESKTOP)}`));
    await onSignedIn();
    expect(handoff.phase).toBe('notListening');
    expect(bridge.navigateToDesktop).not.toHaveBeenCalled();
    await retryDesktopHandoff();
    expect(handoff.phase).toBe('notListening');
    bridge.probeDesktop.mockResolvedValue('listening');
    await retryDesktopHandoff();
    expect(bridge.navigateToDesktop).toHaveBeenCalledWith(`${DESKTOP}/login?id-token`);
  });

  it("the app's answer gets 1.5 s from the redirect, however long the SPEC 4 steps took before it", async () => {
    vi.useFakeTimers();
    try {
      // The question is asked as the flow starts; the steps take 3 s; the answer comes 1 s after they end.
      fakeApi.unity.exchangeForUnity.mockImplementationOnce(
        () => new Promise((resolve) => setTimeout(() => resolve(PLAYER), 3_000)),
      );
      bridge.probeDesktop.mockImplementationOnce(
        () => new Promise((resolve) => setTimeout(() => resolve('notListening'), 4_000)),
      );
      captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent(DESKTOP)}`));
      const flow = onSignedIn();
      expect(bridge.probeDesktop).toHaveBeenCalledWith(DESKTOP, { timeoutMs: config.requestTimeoutMs });
      await vi.advanceTimersByTimeAsync(3_500);
      expect(handoff.phase).toBe('redirecting');
      await vi.advanceTimersByTimeAsync(600);
      await flow;
      expect(handoff.phase).toBe('notListening');
      expect(bridge.navigateToDesktop).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a question that never answers holds the redirect for 1.5 s, then the page leaves', async () => {
    vi.useFakeTimers();
    try {
      bridge.probeDesktop.mockImplementationOnce(() => new Promise(() => {}));
      captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent(DESKTOP)}`));
      const flow = onSignedIn();
      await vi.advanceTimersByTimeAsync(1_400);
      expect(handoff.phase).toBe('redirecting');
      expect(bridge.navigateToDesktop).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(200);
      await flow;
      expect(bridge.navigateToDesktop).toHaveBeenCalledWith(`${DESKTOP}/login?id-token`);
    } finally {
      vi.useRealTimers();
    }
  });

  it('Continue to my account forgets the target and leaves the sign-in screen', async () => {
    bridge.probeDesktop.mockResolvedValue('notListening');
    captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent(DESKTOP)}`));
    await onSignedIn();
    skipDesktopHandoff();
    expect(handoff.phase).toBe('idle');
    expect(localStorage.getItem('redirectUrl')).toBeNull();
    expect(hooks.navigate).toHaveBeenCalledWith('/');
    await onSignedIn();
    expect(bridge.navigateToDesktop).not.toHaveBeenCalled();
  });
});

describe('a refused target', () => {
  it('is shown, never stored and never sent anything', async () => {
    captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent('https://evil.example')}`));
    expect(handoff.refusedTarget).toBe('https://evil.example');
    expect(localStorage.getItem('redirectUrl')).toBeNull();
    await onSignedIn();
    expect(bridge.navigateToDesktop).not.toHaveBeenCalled();
    expect(bridge.probeDesktop).not.toHaveBeenCalled();
  });
});

describe('Sign Out clears the launch target (SPEC 4: all state)', () => {
  it('the next sign-in in this tab hands off to no earlier target', async () => {
    bridge.probeDesktop.mockResolvedValue('notListening');
    captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent(DESKTOP)}`));
    await onSignedIn();
    expect(handoff.phase).toBe('notListening');
    await signOut();
    expect(handoffDue()).toBe(false);
    bridge.probeDesktop.mockResolvedValue('listening');
    session.user = {
      uid: 'u2',
      displayName: null,
      email: 'b@example.com',
      photoURL: null,
      providerIds: ['password'],
      creationTime: null,
    };
    session.status = 'signedIn';
    await onSignedIn();
    expect(bridge.probeDesktop).toHaveBeenCalledOnce();
    expect(bridge.navigateToDesktop).not.toHaveBeenCalled();
    await retryDesktopHandoff();
    expect(bridge.navigateToDesktop).not.toHaveBeenCalled();
  });
});

describe("the desktop probe's wait", () => {
  /** A probe that answers when the test says so. */
  function heldProbe() {
    let answer: (probe: 'listening') => void = () => {};
    bridge.probeDesktop.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    return () => answer('listening');
  }

  /**
   * Until the flow waits for the probe's answer: the blocking message is up from the start (a restored session), so
   * the wait is known by the cloud save having answered, and nothing but the probe being left to run.
   */
  async function inTheWait() {
    await vi.waitFor(() => expect(fakeApi.cloudSave.fetchCloudSave).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(handoff.phase).toBe('redirecting');
  }

  it('the token is read after the wait: the one that leaves is fresh', async () => {
    const release = heldProbe();
    captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent(DESKTOP)}`));
    const flow = onSignedIn();
    await inTheWait();
    // The identity service now gives another token: only a token read after the wait can be this one.
    auth.idTokenValidFor.mockImplementation(async () => 'token-after-the-wait');
    release();
    await flow;
    expect(bridge.navigateToDesktop).toHaveBeenCalledWith(`${DESKTOP}/login?token-after-the-wait`);
  });

  it('another user signed in during the wait: nothing leaves, for either of them', async () => {
    const release = heldProbe();
    captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent(DESKTOP)}`));
    const flow = onSignedIn();
    await inTheWait();
    await signOut();
    session.user = {
      uid: 'u2',
      displayName: null,
      email: 'b@example.com',
      photoURL: null,
      providerIds: ['password'],
      creationTime: null,
    };
    session.status = 'signedIn';
    release();
    await flow;
    expect(bridge.navigateToDesktop).not.toHaveBeenCalled();
  });

  it('the target changed during the wait: nothing leaves for either target, and the hand-off ends', async () => {
    const release = heldProbe();
    captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent(DESKTOP)}`));
    const flow = onSignedIn();
    await inTheWait();
    captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent(`http://localhost:${config.desktopPort}`)}`));
    release();
    await flow;
    expect(bridge.navigateToDesktop).not.toHaveBeenCalled();
    expect(handoff.phase).toBe('idle');
  });
});

describe('a browser that does not leave (the desktop answers 204, the navigation is blocked)', () => {
  it(`after ${DESKTOP_LEAVE_MS} ms the hand-off is over: no overlay, no flags, on to the account, no second token`, async () => {
    vi.useFakeTimers();
    try {
      bridge.probeDesktop.mockResolvedValue('listening');
      localStorage.setItem('isAuthenticating', 'true');
      captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent(DESKTOP)}`));
      await onSignedIn();
      expect(bridge.navigateToDesktop).toHaveBeenCalledOnce();
      expect(handoff.phase).toBe('redirecting');
      await vi.advanceTimersByTimeAsync(DESKTOP_LEAVE_MS - 1);
      expect(handoffDue()).toBe(true);
      expect(hooks.navigate).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(handoff.phase).toBe('idle');
      expect(handoffDue()).toBe(false);
      expect(localStorage.getItem('isRedirecting')).toBeNull();
      expect(localStorage.getItem('isAuthenticating')).toBeNull();
      expect(hooks.navigate).toHaveBeenCalledWith('/');
      await onSignedIn();
      expect(bridge.navigateToDesktop).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a sign-out before then leaves nothing to recover', async () => {
    vi.useFakeTimers();
    try {
      bridge.probeDesktop.mockResolvedValue('listening');
      captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent(DESKTOP)}`));
      await onSignedIn();
      await signOut();
      await vi.advanceTimersByTimeAsync(DESKTOP_LEAVE_MS);
      expect(hooks.navigate).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('dev mode in a development build', () => {
  it('parks the token for /return-to-app instead of redirecting', async () => {
    const saved = config.isDevelopment;
    Object.assign(config, { isDevelopment: true });
    try {
      localStorage.setItem('isAuthenticating', 'true');
      captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent(DESKTOP)}&dev=true&state=s3`));
      await onSignedIn();
    } finally {
      Object.assign(config, { isDevelopment: saved });
    }
    expect(hooks.navigate).toHaveBeenCalledWith('/return-to-app');
    // Nothing covers /return-to-app, and nobody is authenticating any more (the overlay once stayed up for good).
    expect(handoff.phase).toBe('idle');
    expect(localStorage.getItem('isAuthenticating')).toBeNull();
    expect(localStorage.getItem('authToken')).toBe('id-token');
    expect(localStorage.getItem('redirectUrl')).toBe(DESKTOP);
    expect(localStorage.getItem('redirectState')).toBe('s3');
    expect(bridge.navigateToDesktop).not.toHaveBeenCalled();
  });
});

describe("a host's token requests", () => {
  it('signed in: a fresh token with the request id', async () => {
    await answerTokenRequest('identity', 'r1');
    expect(auth.idTokenValidFor).toHaveBeenCalled();
    expect(bridge.sendToken).toHaveBeenCalledWith('id-token', 'identity', undefined, 'r1');
    await answerTokenRequest('unity', 'r2');
    expect(bridge.sendToken).toHaveBeenLastCalledWith(unityToken, 'unity', undefined, 'r2');
  });

  it('signed out, or the token cannot be had: tokenUnavailable with the reason', async () => {
    auth.idTokenValidFor.mockRejectedValueOnce(new Error('network'));
    await answerTokenRequest('identity', 'r3');
    expect(bridge.sendTokenUnavailable).toHaveBeenLastCalledWith('failed', 'identity', 'r3');
    await signOut();
    await answerTokenRequest('unity', 'r4');
    expect(bridge.sendTokenUnavailable).toHaveBeenLastCalledWith('signedOut', 'unity', 'r4');
    expect(bridge.sendToken).not.toHaveBeenCalled();
  });
});

describe('a sign-out in the middle of the flow', () => {
  it('sends nothing to the desktop target', async () => {
    let loaded: () => void = () => {};
    fakeApi.cloudSave.fetchCloudSave.mockImplementationOnce(
      () => new Promise((resolve) => (loaded = () => resolve(cloudSave()))),
    );
    captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent(DESKTOP)}`));
    const flow = onSignedIn();
    await vi.waitFor(() => expect(fakeApi.cloudSave.fetchCloudSave).toHaveBeenCalled());
    await signOut();
    loaded();
    await flow;
    expect(bridge.navigateToDesktop).not.toHaveBeenCalled();
    expect(bridge.sendToken).not.toHaveBeenCalled();
  });
});

describe('what covers the sign-in screen', () => {
  it("the closable overlay gives way to the blocking redirect message and to the hand-off's questions", () => {
    const screen = { succeeded: true, overlayOpen: true };
    expect(showsSignInOverlay(screen, 'idle')).toBe(true);
    for (const phase of ['redirecting', 'askingLink', 'notListening'] as const)
      expect(showsSignInOverlay(screen, phase), phase).toBe(false);
    expect(showsSignInOverlay({ succeeded: true, overlayOpen: false }, 'idle')).toBe(false);
    expect(showsSignInOverlay({ succeeded: false, overlayOpen: true }, 'idle')).toBe(false);
  });
});

describe('a session restored with a desktop target', () => {
  /** Holds the cloud save's answer until the returned function is called. */
  function heldCloudSave() {
    let answer: () => void = () => {};
    fakeApi.cloudSave.fetchCloudSave.mockImplementationOnce(
      () => new Promise((resolve) => (answer = () => resolve(cloudSave()))),
    );
    return () => answer();
  }

  it('says "redirecting" from the start, while the steps before the redirect still run', async () => {
    bridge.probeDesktop.mockResolvedValue('listening');
    const release = heldCloudSave();
    captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent(DESKTOP)}`));
    const flow = onSignedIn();
    expect(handoff.phase).toBe('redirecting');
    await vi.waitFor(() => expect(fakeApi.cloudSave.fetchCloudSave).toHaveBeenCalled());
    expect(bridge.navigateToDesktop).not.toHaveBeenCalled();
    release();
    await flow;
    expect(bridge.navigateToDesktop).toHaveBeenCalledWith(`${DESKTOP}/login?id-token`);
  });

  it('a sign-in here keeps the sign-in screen until the redirect itself', async () => {
    bridge.probeDesktop.mockResolvedValue('listening');
    const release = heldCloudSave();
    captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent(DESKTOP)}`));
    noteSignInHere();
    const flow = onSignedIn();
    await vi.waitFor(() => expect(fakeApi.cloudSave.fetchCloudSave).toHaveBeenCalled());
    expect(handoff.phase).toBe('idle');
    release();
    await flow;
    expect(handoff.phase).toBe('redirecting');
  });

  it('takes the message down when the steps fail, and goes on to the account', async () => {
    fakeApi.unity.exchangeForUnity.mockRejectedValueOnce(new ApiError('http', 500, 'down'));
    captureLaunchParams(launchAt(`/auth?redirect=${encodeURIComponent(DESKTOP)}`));
    const flow = onSignedIn();
    expect(handoff.phase).toBe('redirecting');
    await flow;
    expect(handoff.phase).toBe('idle');
    expect(hooks.navigate).toHaveBeenCalledWith('/');
    expect(bridge.navigateToDesktop).not.toHaveBeenCalled();
  });
});
