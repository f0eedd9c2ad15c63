// @vitest-environment jsdom
// The /auth page rendered over its store: headings per mode, form attributes, focus on view changes, the overlay.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../src/auth/firebase', async () => (await import('../../support/fake-auth')).fakeAuth);
vi.mock('../../../../src/auth/email', async () => (await import('../../support/fake-auth')).fakeAuth);
vi.mock('@home-design/portal-bridge', async () => (await import('../../support/fake-bridge')).fakeBridgeModule());
// The views' chunk without the entry's graph that it imports in the build, which would start the whole portal here.
vi.mock('../../../../src/chunks/entry-graph', () => ({}));

import * as machine from '../../../../src/domain/handoff';
import { change } from '../../../../src/state/handoff/store';
import { session } from '../../../../src/state/session';
import { leaveSignInScreen, signInScreen } from '../../../../src/state/sign-in';
import { AuthPage } from '../../../../src/ui/pages/AuthPage';
import { fakeBridge as bridge } from '../../support/fake-bridge';
import { fakeAuth as auth, signedInUser as user } from '../../support/fake-auth';

async function renderAt(path = '/auth') {
  const router = createRouter({
    routeTree: createRootRoute({ component: AuthPage }),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { level: 1 });
  return router;
}

/** "Continue with Email", then the form once its code is here (src/ui/auth/views-chunk.ts). */
async function continueWithEmail() {
  await userEvent.click(screen.getByRole('button', { name: 'Continue with Email' }));
  await screen.findByLabelText('Email');
}

/** /auth, its e-mail form filled in and sent with Sign In. */
async function submitEmailSignIn() {
  await renderAt();
  await continueWithEmail();
  await userEvent.type(screen.getByLabelText('Email'), 'a@example.com');
  await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'secret-pass');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

beforeEach(() => {
  vi.clearAllMocks();
  bridge.isEmbedded.mockReturnValue(false);
  bridge.requestOpenInBrowser.mockReturnValue(false);
  // The screen as on a fresh page: the reset of leaving /auth.
  leaveSignInScreen();
});

describe('popup machinery (popup-warmth.ts)', () => {
  it('gets ready in idle time while the choice shows, and at once when a pointer or the focus reaches a provider', async () => {
    await renderAt();
    expect(auth.warmPopups.mock.calls).toEqual([['idle']]);
    auth.warmPopups.mockClear();
    const google = screen.getByRole('button', { name: 'Continue with Google' });
    await userEvent.pointer({ keys: '[MouseLeft>]', target: google });
    expect(auth.warmPopups).toHaveBeenCalledWith('now');
    auth.warmPopups.mockClear();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Continue with Apple' })).toBe(document.activeElement);
    expect(auth.warmPopups).toHaveBeenCalledWith('now');
  });

  it('is not loaded by the e-mail form, which drops the idle warm-up not yet begun', async () => {
    await renderAt();
    auth.warmPopups.mockClear();
    await continueWithEmail();
    expect(auth.warmPopups).not.toHaveBeenCalled();
    expect(auth.cancelIdlePopupWarming).toHaveBeenCalled();
  });
});

describe('views', () => {
  it('starts with the welcome heading, its subtitle and the three providers', async () => {
    await renderAt();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Dream Book' })).toBeTruthy();
    expect(screen.getByText('Sign in to your Dream Book account')).toBeTruthy();
    for (const name of ['Continue with Google', 'Continue with Apple', 'Continue with Email'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('the e-mail form: labelled fields with the SPEC 5 rules and password-manager hints; Forgot password? only when signing in', async () => {
    await renderAt();
    await continueWithEmail();
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password', { exact: true });
    expect(email.getAttribute('type')).toBe('email');
    expect(email.hasAttribute('required')).toBe(true);
    expect(email.getAttribute('autocomplete')).toBe('username');
    expect(password.getAttribute('type')).toBe('password');
    expect(password.hasAttribute('required')).toBe(true);
    expect(password.getAttribute('minlength')).toBe('6');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to Sign-In Options' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: "Don't have an account? Create one" }));
    expect(screen.getByRole('heading', { level: 1, name: 'Create your Dream Book account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Forgot password?' })).toBeNull();
    expect(screen.getByLabelText('Password', { exact: true }).getAttribute('autocomplete')).toBe('new-password');
  });

  it('keeps what was typed when switching between sign-in and create-account', async () => {
    await renderAt();
    await continueWithEmail();
    await userEvent.type(screen.getByLabelText('Email'), 'keep@example.com');
    await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: "Don't have an account? Create one" }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('keep@example.com');
    expect((screen.getByLabelText('Password', { exact: true }) as HTMLInputElement).value).toBe('secret-pass');
  });

  it('the password can be shown and hidden again', async () => {
    await renderAt();
    await continueWithEmail();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    await userEvent.click(toggle);
    expect(screen.getByLabelText('Password', { exact: true }).getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('moves focus into each new view: the Email field of a form, the heading otherwise', async () => {
    auth.sendReset.mockResolvedValue(undefined);
    await renderAt();
    await continueWithEmail();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'a@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeTruthy();
    const resetEmail = screen.getByLabelText('Email') as HTMLInputElement;
    expect(document.activeElement).toBe(resetEmail);
    expect(resetEmail.value).toBe('a@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('Password reset email sent! Check your inbox for instructions.')).toBeTruthy();
  });

  it('an empty reset address is reported on the field, without the browser blocking it', async () => {
    await renderAt();
    await continueWithEmail();
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter your email address');
    const field = screen.getByLabelText('Email');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id);
  });
});

describe('the redirect overlay', () => {
  async function signedIn() {
    auth.signInWithEmail.mockResolvedValue(user);
    await submitEmailSignIn();
    return screen.findByRole('dialog', {
      name: 'Setting up your account and preparing for redirect. This may take a moment...',
    });
  }

  it('opens after a successful sign-in while isAuthenticating stays set', async () => {
    const dialog = await signedIn();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(localStorage.getItem('isAuthenticating')).toBe('true');
  });

  it('closes with its Close button, which clears isAuthenticating', async () => {
    const dialog = await signedIn();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('isAuthenticating')).toBeNull();
    expect(signInScreen.overlayOpen).toBe(false);
  });

  it('closes with Escape too', async () => {
    await signedIn();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('isAuthenticating')).toBeNull();
  });
});

describe('the e-mail form after its sign-in succeeded', () => {
  afterEach(() => Object.assign(session, { status: 'signedOut', user: null }));

  /** The form sent and its sign-in settled as in the app: the session changes first (Firebase), then the attempt. */
  async function signedInByTheForm(observe: (form: HTMLElement) => void = () => undefined) {
    let finish = (_: typeof user) => undefined as void;
    auth.signInWithEmail.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    await submitEmailSignIn();
    const button = screen.getByRole('button', { name: 'Sign In' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    observe(button.closest('form')!);
    await act(async () => Object.assign(session, { status: 'signedIn', user }));
    await act(async () => finish(user));
    expect(signInScreen).toMatchObject({ status: 'succeeded', succeeded: true });
    return button;
  }

  it('stays busy, and is not rendered again in the task that goes on to the hand-off', async () => {
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    const button = await signedInByTheForm((form) =>
      observer.observe(form, { subtree: true, attributes: true, childList: true, characterData: true }),
    );
    changes.push(...observer.takeRecords());
    observer.disconnect();
    expect(changes).toEqual([]);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.closest('form')!.getAttribute('aria-busy')).toBe('true');
  });

  it("is given back by a sign-out that leaves the screen as it was (a host's logout): the next person signs in", async () => {
    const button = await signedInByTheForm();
    await act(async () => Object.assign(session, { status: 'signedOut', user: null }));
    expect(button.getAttribute('aria-disabled')).toBe('false');
    auth.signInWithEmail.mockClear();
    auth.signInWithEmail.mockResolvedValue(user);
    await userEvent.click(button);
    expect(auth.signInWithEmail).toHaveBeenCalledTimes(1);
  });
});

describe('a hand-off redirecting at once (the blocking message over the page)', () => {
  afterEach(() => change(machine.settled()));

  it('shows no sign-in choice under it to a user signed in before the page loaded', async () => {
    await renderAt();
    await act(async () => change(machine.redirecting()));
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
  });

  it('keeps the card of a sign-in made here, whose redirect starts before its attempt is over', async () => {
    let finish = (_: typeof user) => undefined as void;
    auth.signInWithEmail.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    await submitEmailSignIn();
    const field = screen.getByLabelText('Email');
    // The session changed (startup.ts starts the flow), the sign-in's own promise has not settled yet.
    await act(async () => change(machine.redirecting()));
    expect(screen.getByLabelText('Email')).toBe(field);
    await act(async () => finish(user));
    expect(screen.getByLabelText('Email')).toBe(field);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Dream Book' })).toBeTruthy();
  });
});

describe('webviews', () => {
  it('inside a host webview, offers to continue in the browser with this same address', async () => {
    bridge.isEmbedded.mockReturnValue(true);
    bridge.requestOpenInBrowser.mockReturnValue(true);
    const router = await renderAt('/auth?redirect=http%3A%2F%2F127.0.0.1%3A5662');
    await act(async () => {
      signInScreen.offerBrowser = true;
    });
    expect(
      screen.getByText(
        'Google and Apple sign-in may not work inside this app window. Continue in your web browser to sign in there.',
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue in your browser' }));
    expect(bridge.requestOpenInBrowser).toHaveBeenCalledWith(
      new URL(router.state.location.href, document.baseURI).href,
    );
    expect(bridge.requestOpenInBrowser.mock.calls[0]![0]).toMatch(/\/auth\?redirect=http%3A%2F%2F127\.0\.0\.1%3A5662$/);
    expect(screen.getByText(/Your web browser should open now/)).toBeTruthy();
  });

  it('without a host, shows the address to open by hand', async () => {
    await renderAt('/auth?redirect=x');
    await act(async () => {
      signInScreen.offerBrowser = true;
    });
    await userEvent.click(screen.getByRole('button', { name: 'Continue in your browser' }));
    expect(screen.getByText(/could not open your browser/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /\/auth\?redirect=x$/ })).toBeTruthy();
  });
});
