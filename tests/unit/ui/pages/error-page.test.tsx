// @vitest-environment jsdom
// unit pool: forks (it replaces window.location or performance, which a jsdom window keeps, as browsers do)
// The router's error screen (docs/architecture.md "Router context and loaders"): plain words, Try again re-runs what
// failed, Reload, a way to My Account; inside the signed-in layout it uses that layout's <main>, elsewhere it brings
// its own.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';

// src/router.ts brings the whole route tree; nothing here may reach Firebase.
vi.mock('../../../../src/auth/firebase', async () => (await import('../../support/fake-auth')).fakeAuth);

import { installHost, removeHosts } from '../../bridge/fake-hosts';
import { appLayoutRoute } from '../../../../src/routes/app';
import { createPortalRouter } from '../../../../src/router';

// Route ids are assigned when a router is made from the tree, as at the portal's start; the error screen is the one
// the portal's router shows.
const portalErrorPage = createPortalRouter().options.defaultErrorComponent;

/** While set, the page throws on every render (React retries a failed render before the boundary takes over). */
let broken = false;
function Flaky() {
  if (broken) throw new Error('render failed');
  return <h1>Designs page</h1>;
}

/** `/` (My Account) and `/flaky` under a pathless layout with the signed-in layout's id; `/public` outside it. */
function renderAt(path: string, loader?: () => Promise<unknown>) {
  const root = createRootRoute({ component: Outlet });
  const layout = createRoute({
    getParentRoute: () => root,
    // The signed-in layout's id ('/app' once a router is made), without its leading slash as createRoute takes it.
    id: appLayoutRoute.id.slice(1),
    component: () => (
      <main>
        <Outlet />
      </main>
    ),
  });
  const account = createRoute({ getParentRoute: () => layout, path: '/', component: () => <h1>My Account</h1> });
  const flaky = createRoute({ getParentRoute: () => layout, path: '/flaky', component: Flaky, loader });
  const outside = createRoute({ getParentRoute: () => root, path: '/public', component: Flaky });
  const router = createRouter({
    routeTree: root.addChildren([layout.addChildren([account, flaky]), outside]),
    history: createMemoryHistory({ initialEntries: [path] }),
    defaultErrorComponent: portalErrorPage,
  });
  const view = render(<RouterProvider router={router} />);
  return { router, view };
}

const heading = () => screen.findByRole('heading', { name: 'Something went wrong' });

let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  broken = false;
  // React reports every caught error with console.error: that is the report hosts see; keep the test output quiet.
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  removeHosts();
});

describe('the error screen', () => {
  it('says what happened in plain words, offers three ways out and reports the error on the console', async () => {
    broken = true;
    renderAt('/flaky');
    await heading();
    expect(
      screen.getByText('This page stopped working because of an unexpected error. Nothing was changed by it.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to My Account' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('Something went wrong!')).toBeNull();
    expect(
      consoleError.mock.calls.flat().some((arg: unknown) => arg instanceof Error && arg.message === 'render failed'),
    ).toBe(true);
  });

  it('Try again renders the page again once the error is gone', async () => {
    broken = true;
    renderAt('/flaky');
    await heading();
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Designs page' })).toBeTruthy();
  });

  it('Try again re-runs a loader that failed', async () => {
    const loader = vi.fn().mockRejectedValueOnce(new Error('load failed')).mockResolvedValue('ok');
    renderAt('/flaky', loader);
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Designs page' })).toBeTruthy();
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('Reload reloads the whole portal', async () => {
    const reload = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, reload } });
    try {
      broken = true;
      renderAt('/flaky');
      await heading();
      await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });

  it('is keyboard usable: Tab reaches Try again, Reload and My Account in that order, Enter follows the link', async () => {
    broken = true;
    const { router } = renderAt('/flaky');
    await heading();
    const names: string[] = [];
    for (let i = 0; i < 3; i++) {
      await userEvent.tab();
      names.push(document.activeElement?.textContent ?? '');
    }
    expect(names).toEqual(['Try again', 'Reload', 'Go to My Account']);
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('inside the signed-in layout uses its <main>; outside it brings one, and axe finds nothing', async () => {
    broken = true;
    const inside = renderAt('/flaky');
    await heading();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(within(screen.getByRole('main')).getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect((await axe.run(inside.view.container)).violations.map((v) => v.id)).toEqual([]);
    inside.view.unmount();

    broken = true;
    const outside = renderAt('/public');
    await heading();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect((await axe.run(outside.view.container)).violations.map((v) => v.id)).toEqual([]);
  });

  it('when embedded, tells the host once: pageError with the route pattern and the error, no stack', async () => {
    const host = installHost('webview2');
    broken = true;
    renderAt('/flaky');
    await heading();
    await vi.waitFor(() =>
      expect(host.sent()).toEqual([{ v: 3, type: 'pageError', route: '/flaky', message: 'Error: render failed' }]),
    );
  });

  it('in a plain browser, sends nothing and still shows the screen', async () => {
    broken = true;
    renderAt('/public');
    await heading();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
