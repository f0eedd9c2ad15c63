// The signed-in layout's guard (SPEC 2, 4): signed-out visitors go to /auth asking to come back, ?action=logout goes
// to the /auth guard, the standalone build has no signed-in pages. A plain object is the router context.
import { isRedirect } from '@tanstack/react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { appLayoutGuard, toAuth, type AppGuardContext } from '../../../src/routes/guards';
import { parseSearch, validateHostSearch } from '../../../src/routes/search';

let signedIn: boolean;
let context: AppGuardContext;
beforeEach(() => {
  signedIn = false;
  context = { standalone: false, session: { authResolved: () => Promise.resolve(), isSignedIn: () => signedIn } };
});

/** Where the guard sends a visitor of `href` (href, replace), or null when the page shows. */
async function guard(href: string): Promise<{ href: string; replace: boolean | undefined } | null> {
  const url = new URL(href, 'http://portal.test');
  const search = parseSearch(url.search);
  try {
    await appLayoutGuard({ context, location: { pathname: url.pathname, search }, search: validateHostSearch(search) });
    return null;
  } catch (thrown) {
    if (!isRedirect(thrown)) throw thrown;
    return { href: String(thrown.options.href), replace: thrown.options.replace };
  }
}

describe('the signed-in layout guard', () => {
  it('shows the page to a signed-in visitor', async () => {
    signedIn = true;
    await expect(guard('/credits?canMakePayments=true')).resolves.toBeNull();
  });

  it('sends a signed-out visitor to /auth with the path to come back to and the rest of the query', async () => {
    await expect(guard('/my-designs?canMakePayments=false')).resolves.toEqual({
      href: '/auth?redirect=%2Fmy-designs&canMakePayments=false',
      replace: undefined,
    });
  });

  it('keeps a redirect of the query rather than the path (the desktop target of a launch at /)', async () => {
    await expect(guard('/?redirect=http%3A%2F%2F127.0.0.1%3A5662&unityToken=true')).resolves.toMatchObject({
      href: '/auth?redirect=http%3A%2F%2F127.0.0.1%3A5662&unityToken=true',
    });
  });

  it('decides only once the identity service has answered', async () => {
    let answer!: () => void;
    context.session.authResolved = () => new Promise<void>((resolve) => (answer = resolve));
    const decided = guard('/subscription');
    signedIn = true;
    answer();
    await expect(decided).resolves.toBeNull();
  });

  it('hands ?action=logout to /auth as a history replace, signed in or not, without waiting for the session', async () => {
    signedIn = true;
    context.session.authResolved = () => new Promise<void>(() => undefined);
    await expect(guard('/credits?action=logout&foo=1')).resolves.toEqual({
      href: '/auth?action=logout&foo=1',
      replace: true,
    });
  });

  it('has no signed-in pages in the standalone build', async () => {
    context.standalone = true;
    signedIn = true;
    await expect(guard('/')).resolves.toMatchObject({ href: '/external-link' });
  });
});

describe('/sign-in and /create-account', () => {
  it('go to the sign-in screen with the same query', () => {
    let thrown: unknown;
    try {
      toAuth({ location: { search: parseSearch('?redirect=%2Fcredits&x=1') } });
    } catch (error) {
      thrown = error;
    }
    expect(isRedirect(thrown) && thrown.options.href).toBe('/auth?redirect=%2Fcredits&x=1');
  });
});
