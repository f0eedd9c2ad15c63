// The /auth guard: ?action=logout (sign out, drop only `action` with a history replace) and signed-in visitors.
import { isRedirect } from '@tanstack/react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const state = vi.hoisted(() => ({
  signedIn: false,
  runLogoutAction: vi.fn(),
  captureLaunchParams: vi.fn(),
  handoffDue: false,
}));
vi.mock('../../../src/state/session', () => ({ authResolved: () => Promise.resolve(), isSignedIn: () => state.signedIn }));
vi.mock('../../../src/state/sign-in', () => ({
  enterSignInScreen: vi.fn(),
  leaveSignInScreen: vi.fn(),
  runLogoutAction: state.runLogoutAction,
}));
vi.mock('../../../src/state/handoff', () => ({ captureLaunchParams: state.captureLaunchParams, handoffDue: () => state.handoffDue }));
vi.mock('../../../src/state/return-to-app', () => ({ callDesktopOnReturn: vi.fn() }));
vi.mock('../../../src/ui/pages/AuthPage', () => ({ AuthPage: () => null }));
vi.mock('../../../src/ui/pages/ExternalLinkPage', () => ({ ExternalLinkPage: () => null }));
vi.mock('../../../src/ui/pages/ReturnToAppPage', () => ({ ReturnToAppPage: () => null }));
vi.mock('../../../src/ui/pages/ShareDesignPage', () => ({ ShareDesignPage: () => null }));
vi.mock('../../../src/routes/root', () => ({ rootRoute: {} }));

import { authGuard } from '../../../src/routes/public';
import { parseSearch } from '../../../src/routes/search';

function location(href: string) {
  const url = new URL(href, 'http://portal.test');
  return { pathname: url.pathname, search: parseSearch(url.search), hash: url.hash.replace(/^#/, ''), href: url.pathname + url.search + url.hash };
}

/** Runs the guard and returns where it redirects to (href, replace), or null when /auth shows. */
async function guard(href: string): Promise<{ href: string; replace: boolean | undefined } | null> {
  try {
    await authGuard({ location: location(href) });
    return null;
  } catch (thrown) {
    if (!isRedirect(thrown)) throw thrown;
    return { href: String(thrown.options.href), replace: thrown.options.replace };
  }
}

beforeEach(() => {
  vi.clearAllMocks();
  state.signedIn = false;
  state.runLogoutAction.mockResolvedValue('loggedOut');
});

describe('?action=logout', () => {
  it('signs out and removes only the action parameter, as a history replace', async () => {
    await expect(guard('/auth?foo=1&action=logout&canMakePayments=false')).resolves.toEqual({ href: '/auth?foo=1&canMakePayments=false', replace: true });
    expect(state.runLogoutAction).toHaveBeenCalledTimes(1);
  });

  it('keeps the path segment and the hash', async () => {
    await expect(guard('/auth/redirect/http:/127.0.0.1:5662?action=logout#x')).resolves.toEqual({
      href: '/auth/redirect/http:/127.0.0.1:5662#x',
      replace: true,
    });
  });

  it('takes the redirect target of the same link again after the stored one was cleared', async () => {
    await guard('/auth?action=logout&redirect=http%3A%2F%2F127.0.0.1%3A5662');
    expect(state.captureLaunchParams).toHaveBeenCalledWith(expect.stringMatching(/\/auth\?redirect=http%3A%2F%2F127\.0\.0\.1%3A5662$/));
  });

  it('after a failed sign-out the URL is cleaned all the same, and nothing is captured', async () => {
    state.runLogoutAction.mockResolvedValue('failed');
    await expect(guard('/auth?action=logout')).resolves.toEqual({ href: '/auth', replace: true });
    expect(state.captureLaunchParams).not.toHaveBeenCalled();
  });

  it('runs for a signed-in visitor too, instead of sending them on', async () => {
    state.signedIn = true;
    await expect(guard('/auth?action=logout')).resolves.toEqual({ href: '/auth', replace: true });
    expect(state.runLogoutAction).toHaveBeenCalled();
  });
});

describe('visitors', () => {
  it('a signed-out visitor sees the sign-in screen', async () => {
    await expect(guard('/auth?redirect=http%3A%2F%2F127.0.0.1%3A5662')).resolves.toBeNull();
    expect(state.runLogoutAction).not.toHaveBeenCalled();
  });

  it('a signed-in visitor with an in-app redirect goes there, keeping the rest of the query', async () => {
    state.signedIn = true;
    await expect(guard('/auth?redirect=%2Fcredits&canMakePayments=true')).resolves.toMatchObject({ href: '/credits?canMakePayments=true' });
  });

  it('a signed-in visitor otherwise goes to / carrying the query for the hand-off', async () => {
    state.signedIn = true;
    await expect(guard('/auth?redirect=http%3A%2F%2F127.0.0.1%3A5662&unityToken=true')).resolves.toMatchObject({
      href: '/?redirect=http%3A%2F%2F127.0.0.1%3A5662&unityToken=true',
    });
  });

  it('a target in the path or the hash travels to / as the redirect query', async () => {
    state.signedIn = true;
    await expect(guard('/auth/redirect/http:/127.0.0.1:5662')).resolves.toMatchObject({ href: '/?redirect=http%3A%2F%2F127.0.0.1%3A5662' });
    await expect(guard('/auth#http://127.0.0.1:5662')).resolves.toMatchObject({ href: '/?redirect=http%3A%2F%2F127.0.0.1%3A5662' });
  });

  it('never follows a redirect that could leave the portal', async () => {
    state.signedIn = true;
    await expect(guard('/auth?redirect=%2F%2Fevil.example')).resolves.toMatchObject({ href: '/?redirect=%2F%2Fevil.example' });
  });
});

describe('a hand-off that is due', () => {
  it('keeps a signed-in visitor on /auth until the token has gone out', async () => {
    state.signedIn = true;
    state.handoffDue = true;
    try {
      expect(await guard('/auth?redirect=http%3A%2F%2F127.0.0.1%3A5662')).toBeNull();
    } finally {
      state.handoffDue = false;
      state.signedIn = false;
    }
  });
});
