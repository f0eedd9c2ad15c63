// @vitest-environment jsdom
// Sign Out in the signed-in layout (SPEC 4 and 8): clears all local storage and state and goes to /auth; on failure
// "Failed to sign out. Please try again." and nothing is cleared.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../support/deferred';

// The fake is imported once, before any reset, and handed to the mock: vi.resetModules() keeps a mocked module but
// would evaluate the support file again, so a later import of it is not the instance the session sees.
const { fakeAuth: auth, signedInUser: user } = await vi.hoisted(() => import('../../support/fake-auth'));
vi.mock('../../../../src/auth/firebase', () => auth);

type Session = typeof import('../../../../src/state/session');
let onSignedOut: Session['onSignedOut'];
let session: Session['session'];
let toasts: (typeof import('../../../../src/state/toasts'))['toasts'];
let AppLayout: (typeof import('../../../../src/ui/layout/AppLayout'))['AppLayout'];

function renderLayout() {
  const root = createRootRoute({ component: Outlet });
  const layout = createRoute({ getParentRoute: () => root, id: 'app', component: AppLayout });
  const account = createRoute({ getParentRoute: () => layout, path: '/', component: () => <h1>My Account</h1> });
  const authPage = createRoute({ getParentRoute: () => root, path: '/auth', component: () => <h1>Sign-in screen</h1> });
  const router = createRouter({
    routeTree: root.addChildren([layout.addChildren([account]), authPage]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
  return router;
}

// Each test is a fresh page (new modules of the session, the toasts and the layout over them), signed in.
beforeEach(async () => {
  vi.clearAllMocks();
  vi.resetModules();
  ({ onSignedOut, session } = await import('../../../../src/state/session'));
  ({ toasts } = await import('../../../../src/state/toasts'));
  ({ AppLayout } = await import('../../../../src/ui/layout/AppLayout'));
  session.status = 'signedIn';
  session.user = user;
  localStorage.setItem('unityAuthData', '{}');
  localStorage.setItem('paymentsDisabled', 'true');
  localStorage.setItem('authProvider', 'password');
});

describe('Sign Out', () => {
  it('signs out, clears all local storage and the stores, and goes to /auth', async () => {
    auth.signOutUser.mockResolvedValue(undefined);
    const listener = vi.fn();
    onSignedOut(listener);
    const router = renderLayout();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await screen.findByRole('heading', { name: 'Sign-in screen' });
    expect(router.state.location.pathname).toBe('/auth');
    expect(localStorage.length).toBe(0);
    expect(session.status).toBe('signedOut');
    expect(session.user).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('waits while the session signs out: the button is disabled, a second click asks nothing', async () => {
    const answer = deferred<void>();
    auth.signOutUser.mockReturnValue(answer.promise);
    const router = renderLayout();
    const button = await screen.findByRole('button', { name: 'Sign Out' });
    await userEvent.click(button);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    await userEvent.click(button);
    expect(auth.signOutUser).toHaveBeenCalledTimes(1);
    answer.resolve();
    await screen.findByRole('heading', { name: 'Sign-in screen' });
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('a failure says "Failed to sign out. Please try again." and keeps the user where they are', async () => {
    auth.signOutUser.mockRejectedValue(Object.assign(new Error('x'), { code: 'auth/network-request-failed' }));
    const router = renderLayout();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() =>
      expect(toasts.items.map((t) => [t.kind, t.text])).toEqual([['error', 'Failed to sign out. Please try again.']]),
    );
    expect(router.state.location.pathname).toBe('/');
    expect(session.status).toBe('signedIn');
    expect(localStorage.getItem('unityAuthData')).toBe('{}');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toHaveProperty('disabled', false);
  });
});
