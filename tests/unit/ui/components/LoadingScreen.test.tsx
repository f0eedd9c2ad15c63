// @vitest-environment jsdom
// unit pool: forks (it replaces window.location or performance, which a jsdom window keeps, as browsers do)
// "Loading..." alone while the identity service answers in time; a plain line and a Reload button once it is slow.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../src/auth/firebase', async () => (await import('../../support/fake-auth')).fakeAuth);
vi.mock('@home-design/portal-bridge', async () => (await import('../../support/fake-bridge')).fakeBridgeModule());

let session: (typeof import('../../../../src/state/session'))['session'];
let LoadingScreen: (typeof import('../../../../src/ui/components/Overlay'))['LoadingScreen'];

// Each test is a fresh page, still loading: new modules of the session and of the screen that reads it.
beforeEach(async () => {
  vi.resetModules();
  ({ session } = await import('../../../../src/state/session'));
  ({ LoadingScreen } = await import('../../../../src/ui/components/Overlay'));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LoadingScreen', () => {
  it('says only "Loading..." while auth is not slow', () => {
    render(<LoadingScreen />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
    expect(screen.queryByText(/taking longer/)).toBeNull();
  });

  it('adds a plain-words line and a Reload button that reloads the page once auth is slow', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    render(<LoadingScreen />);
    act(() => {
      session.authSlow = true;
    });
    expect(
      await screen.findByText('This is taking longer than it should. Reloading the page usually helps.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
