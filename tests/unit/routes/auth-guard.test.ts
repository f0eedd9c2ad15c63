// @vitest-environment jsdom
// The /auth guard: ?action=logout (sign out, drop only `action` with a history replace) and signed-in visitors.
// It reads only the router context, so a plain object stands in for the stores.
import { isRedirect } from '@tanstack/react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { desktopPolicy } from '../../../src/domain/desktop-target';
import { authGuard, type AuthGuardContext } from '../../../src/routes/guards';
import { parseSearch } from '../../../src/routes/search';

let signedIn: boolean;
let due: boolean;
const runLogoutAction = vi.fn<() => Promise<'loggedOut' | 'failed'>>();
const captureLaunchParams = vi.fn<(href: string) => void>();
let context: AuthGuardContext;

beforeEach(() => {
  signedIn = false;
  due = false;
  context = {
    standalone: false,
    desktopPolicy: desktopPolicy({
      desktopPort: 5662,
      desktopPorts: [],
      allowedDesktopOrigins: [],
      isDevelopment: false,
    }),
    session: { authResolved: () => Promise.resolve(), isSignedIn: () => signedIn },
    handoff: {
      handoffDue: () => due,
      captureLaunchParams,
      callDesktopOnReturn: vi.fn(),
      hasDesktopTarget: () => false,
    },
    signIn: { enterSignInScreen: vi.fn(), leaveSignInScreen: vi.fn(), runLogoutAction },
  };
  runLogoutAction.mockReset();
  runLogoutAction.mockResolvedValue('loggedOut');
  captureLaunchParams.mockReset();
});

function location(href: string) {
  const url = new URL(href, 'http://portal.test');
  return {
    pathname: url.pathname,
    search: parseSearch(url.search),
    hash: url.hash.replace(/^#/, ''),
    href: url.pathname + url.search + url.hash,
  };
}

/** Runs the guard and returns where it redirects to (href, replace), or null when /auth shows. */
async function guard(href: string): Promise<{ href: string; replace: boolean | undefined } | null> {
  try {
    await authGuard({ location: location(href), context });
    return null;
  } catch (thrown) {
    if (!isRedirect(thrown)) throw thrown;
    return { href: String(thrown.options.href), replace: thrown.options.replace };
  }
}

describe('?action=logout', () => {
  it('signs out and removes only the action parameter, as a history replace', async () => {
    await expect(guard('/auth?foo=1&action=logout&canMakePayments=false')).resolves.toEqual({
      href: '/auth?foo=1&canMakePayments=false',
      replace: true,
    });
    expect(runLogoutAction).toHaveBeenCalledTimes(1);
  });

  it('keeps the path segment and the hash', async () => {
    await expect(guard('/auth/redirect/http:/127.0.0.1:5662?action=logout#x')).resolves.toEqual({
      href: '/auth/redirect/http:/127.0.0.1:5662#x',
      replace: true,
    });
  });

  it('takes the redirect target of the same link again after the stored one was cleared', async () => {
    await guard('/auth?action=logout&redirect=http%3A%2F%2F127.0.0.1%3A5662');
    expect(captureLaunchParams).toHaveBeenCalledWith(
      expect.stringMatching(/\/auth\?redirect=http%3A%2F%2F127\.0\.0\.1%3A5662$/),
    );
  });

  it('after a failed sign-out the URL is cleaned all the same, and nothing is captured', async () => {
    runLogoutAction.mockResolvedValue('failed');
    await expect(guard('/auth?action=logout')).resolves.toEqual({ href: '/auth', replace: true });
    expect(captureLaunchParams).not.toHaveBeenCalled();
  });

  it('runs for a signed-in visitor too, instead of sending them on', async () => {
    signedIn = true;
    await expect(guard('/auth?action=logout')).resolves.toEqual({ href: '/auth', replace: true });
    expect(runLogoutAction).toHaveBeenCalled();
  });
});

describe('visitors', () => {
  it('a signed-out visitor sees the sign-in screen', async () => {
    await expect(guard('/auth?redirect=http%3A%2F%2F127.0.0.1%3A5662')).resolves.toBeNull();
    expect(runLogoutAction).not.toHaveBeenCalled();
  });

  it('a signed-in visitor with an in-app redirect goes there, keeping the rest of the query', async () => {
    signedIn = true;
    await expect(guard('/auth?redirect=%2Fcredits&canMakePayments=true')).resolves.toMatchObject({
      href: '/credits?canMakePayments=true',
    });
  });

  it('a signed-in visitor otherwise goes to / carrying the query for the hand-off', async () => {
    signedIn = true;
    await expect(guard('/auth?redirect=http%3A%2F%2F127.0.0.1%3A5662&unityToken=true')).resolves.toMatchObject({
      href: '/?redirect=http%3A%2F%2F127.0.0.1%3A5662&unityToken=true',
    });
  });

  it('a target in the path or the hash travels to / as the redirect query', async () => {
    signedIn = true;
    await expect(guard('/auth/redirect/http:/127.0.0.1:5662')).resolves.toMatchObject({
      href: '/?redirect=http%3A%2F%2F127.0.0.1%3A5662',
    });
    await expect(guard('/auth#http://127.0.0.1:5662')).resolves.toMatchObject({
      href: '/?redirect=http%3A%2F%2F127.0.0.1%3A5662',
    });
  });

  it('never follows a redirect that could leave the portal', async () => {
    signedIn = true;
    await expect(guard('/auth?redirect=%2F%2Fevil.example')).resolves.toMatchObject({
      href: '/?redirect=%2F%2Fevil.example',
    });
  });

  it('waits for the identity service to answer before deciding', async () => {
    let answer!: () => void;
    context.session.authResolved = () => new Promise<void>((resolve) => (answer = resolve));
    const decided = guard('/auth?redirect=%2Fcredits');
    signedIn = true;
    answer();
    await expect(decided).resolves.toMatchObject({ href: '/credits' });
  });
});

describe('a hand-off that is due', () => {
  it('keeps a signed-in visitor on /auth until the token has gone out', async () => {
    signedIn = true;
    due = true;
    await expect(guard('/auth?redirect=http%3A%2F%2F127.0.0.1%3A5662')).resolves.toBeNull();
  });
});

describe('the standalone build', () => {
  it('serves the shared-link pages only: /auth goes to /external-link', async () => {
    context.standalone = true;
    await expect(guard('/auth')).resolves.toMatchObject({ href: '/external-link' });
    expect(runLogoutAction).not.toHaveBeenCalled();
  });
});
