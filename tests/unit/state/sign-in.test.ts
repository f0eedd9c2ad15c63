// @vitest-environment jsdom
// The sign-in screen's store (sign-in.ts, and email-sign-in.ts for its forms): modes, attempts, the isAuthenticating and authProvider flags (SPEC 3-4), the logout action.
import { setAuthenticating } from '../../../src/state/authenticating';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/auth/firebase', async () => (await import('../support/fake-auth')).fakeAuth);
vi.mock('../../../src/auth/email', async () => (await import('../support/fake-auth')).fakeAuth);

vi.mock('@home-design/portal-bridge', async () => (await import('../support/fake-bridge')).fakeBridgeModule());

import { session } from '../../../src/state/session';
import {
  closeOverlay,
  continueInBrowser,
  enterSignInScreen,
  leaveSignInScreen,
  runLogoutAction,
  showEmailForm,
  showProviderChoice,
  signInScreen,
  signInWithProvider,
} from '../../../src/state/sign-in';
import { showResetForm, submitEmailForm, submitReset, toggleEmailMode } from '../../../src/state/email-sign-in';
import { toasts, clearToasts } from '../../../src/state/toasts';
import { deferred } from '../support/deferred';
import { message } from '../../../src/messages/catalogue';
import { fakeBridge as bridge } from '../support/fake-bridge';
import { fakeAuth as auth, signedInUser as user } from '../support/fake-auth';

const fail = (code: string) => Object.assign(new Error(code), { code });
const flag = () => localStorage.getItem('isAuthenticating');

beforeEach(() => {
  vi.clearAllMocks();
  bridge.isEmbedded.mockReturnValue(false);
  bridge.whenHostReady.mockResolvedValue(null);
  // The screen as on a fresh page: the reset of leaving /auth.
  leaveSignInScreen();
  session.status = 'signedOut';
  session.user = null;
  clearToasts();
});

describe('modes', () => {
  it('starts at the provider choice and moves between the e-mail form, create mode and the reset form', () => {
    expect(signInScreen.mode).toBe('choice');
    showEmailForm();
    expect(signInScreen.mode).toBe('signIn');
    toggleEmailMode();
    expect(signInScreen.mode).toBe('createAccount');
    toggleEmailMode();
    expect(signInScreen.mode).toBe('signIn');
    showResetForm();
    expect(signInScreen.mode).toBe('reset');
    showProviderChoice();
    expect(signInScreen.mode).toBe('choice');
  });

  it('a mode change clears the last error and notice', async () => {
    auth.signInWithEmail.mockRejectedValue(fail('auth/wrong-password'));
    showEmailForm();
    await submitEmailForm('a@example.com', 'nope-nope');
    expect(signInScreen.error).toBe(message('wrongCredentials'));
    toggleEmailMode();
    expect(signInScreen.error).toBeNull();
  });

  it('entering the screen keeps a notice the guard just set; leaving forgets everything', async () => {
    auth.signOutUser.mockResolvedValue(undefined);
    await runLogoutAction();
    enterSignInScreen();
    expect(signInScreen.notice).toEqual({ kind: 'success', text: message('loggedOut') });
    showEmailForm();
    leaveSignInScreen();
    expect(signInScreen).toMatchObject({ mode: 'choice', notice: null, error: null });
  });
});

describe('e-mail sign-in and account creation', () => {
  it('sets isAuthenticating at the start and keeps it after success, with the overlay open', async () => {
    const answer = deferred<typeof user>();
    auth.signInWithEmail.mockReturnValue(answer.promise);
    showEmailForm();
    const run = submitEmailForm(' a@example.com ', 'secret-pass');
    expect(flag()).toBe('true');
    expect(signInScreen).toMatchObject({ status: 'pending', attempt: 'email' });
    answer.resolve(user);
    await run;
    expect(auth.signInWithEmail).toHaveBeenCalledWith('a@example.com', 'secret-pass');
    expect(flag()).toBe('true');
    expect(localStorage.getItem('authProvider')).toBe('password');
    expect(signInScreen).toMatchObject({ status: 'succeeded', succeeded: true, overlayOpen: true, error: null });
  });

  it('creates the account in create mode', async () => {
    auth.createAccount.mockResolvedValue(user);
    showEmailForm('createAccount');
    await submitEmailForm('new@example.com', 'secret-pass');
    expect(auth.createAccount).toHaveBeenCalledWith('new@example.com', 'secret-pass');
    expect(auth.signInWithEmail).not.toHaveBeenCalled();
    expect(signInScreen.succeeded).toBe(true);
  });

  it.each([
    ['signIn', 'auth/invalid-credential', 'wrongCredentials'],
    ['signIn', 'auth/too-many-requests', 'emailTooManyRequests'],
    ['signIn', 'auth/user-disabled', 'signInFailed'],
    ['createAccount', 'auth/email-already-in-use', 'emailInUse'],
    ['createAccount', 'auth/weak-password', 'weakPassword'],
    ['createAccount', 'auth/network-request-failed', 'networkError'],
    ['createAccount', 'auth/internal-error', 'createFailed'],
  ] as const)('%s failing with %s shows %s and clears isAuthenticating', async (mode, code, expected) => {
    (mode === 'signIn' ? auth.signInWithEmail : auth.createAccount).mockRejectedValue(fail(code));
    showEmailForm(mode);
    await submitEmailForm('a@example.com', 'secret-pass');
    expect(signInScreen.error).toBe(message(expected));
    expect(signInScreen.status).toBe('failed');
    expect(signInScreen.succeeded).toBe(false);
    expect(flag()).toBeNull();
    expect(localStorage.getItem('authProvider')).toBeNull();
  });

  it('refuses a second attempt while one is running', async () => {
    const answer = deferred<typeof user>();
    auth.signInWithEmail.mockReturnValue(answer.promise);
    showEmailForm();
    const first = submitEmailForm('a@example.com', 'secret-pass');
    await submitEmailForm('a@example.com', 'secret-pass');
    await signInWithProvider('google');
    expect(auth.signInWithEmail).toHaveBeenCalledTimes(1);
    expect(auth.signInWithGoogle).not.toHaveBeenCalled();
    answer.resolve(user);
    await first;
  });
});

describe('popups', () => {
  it.each([
    ['google', 'google.com'],
    ['apple', 'apple.com'],
  ] as const)('%s stores authProvider %s on success', async (provider, stored) => {
    (provider === 'google' ? auth.signInWithGoogle : auth.signInWithApple).mockResolvedValue(user);
    await signInWithProvider(provider);
    expect(localStorage.getItem('authProvider')).toBe(stored);
    expect(flag()).toBe('true');
    expect(signInScreen.overlayOpen).toBe(true);
  });

  it('a closed popup says the sign-in was cancelled', async () => {
    auth.signInWithGoogle.mockRejectedValue(fail('auth/popup-closed-by-user'));
    await signInWithProvider('google');
    expect(signInScreen.error).toBe(message('popupClosed'));
    expect(flag()).toBeNull();
    expect(signInScreen.offerBrowser).toBe(false);
  });

  it.each(['auth/popup-blocked', 'auth/operation-not-supported-in-this-environment'])(
    '%s offers the system browser',
    async (code) => {
      auth.signInWithApple.mockRejectedValue(fail(code));
      await signInWithProvider('apple');
      expect(signInScreen.error).toBe(message(code === 'auth/popup-blocked' ? 'popupBlocked' : 'appleFailed'));
      expect(signInScreen.offerBrowser).toBe(true);
    },
  );

  it('inside a host webview the browser is offered from the start', () => {
    bridge.isEmbedded.mockReturnValue(true);
    enterSignInScreen();
    expect(signInScreen.offerBrowser).toBe(true);
  });

  it('a host that appears late (Vuplex) still gets the offer', async () => {
    bridge.whenHostReady.mockResolvedValue('vuplex');
    enterSignInScreen();
    expect(signInScreen.offerBrowser).toBe(false);
    await vi.waitFor(() => expect(signInScreen.offerBrowser).toBe(true));
  });

  it('continuing in the browser asks the host, or falls back to showing the address', () => {
    bridge.requestOpenInBrowser.mockReturnValueOnce(true);
    continueInBrowser('http://127.0.0.1:5173/auth?redirect=x');
    expect(bridge.requestOpenInBrowser).toHaveBeenCalledWith('http://127.0.0.1:5173/auth?redirect=x');
    expect(signInScreen.browserOutcome).toBe('requested');
    continueInBrowser('http://127.0.0.1:5173/auth');
    expect(signInScreen.browserOutcome).toBe('manual');
  });
});

describe('isAuthenticating', () => {
  it('closing the overlay clears it', async () => {
    auth.signInWithEmail.mockResolvedValue(user);
    showEmailForm();
    await submitEmailForm('a@example.com', 'secret-pass');
    closeOverlay();
    expect(signInScreen.overlayOpen).toBe(false);
    expect(flag()).toBeNull();
  });

  it('leaving the screen clears it, unless the sign-in succeeded and the app is redirecting', async () => {
    const answer = deferred<typeof user>();
    auth.signInWithGoogle.mockReturnValue(answer.promise);
    void signInWithProvider('google');
    expect(flag()).toBe('true');
    leaveSignInScreen();
    expect(flag()).toBeNull();

    auth.signInWithEmail.mockResolvedValue(user);
    showEmailForm();
    await submitEmailForm('a@example.com', 'secret-pass');
    leaveSignInScreen();
    expect(flag()).toBe('true');
    setAuthenticating(false); // the hand-off's end (src/state/handoff/flow.ts)
    expect(flag()).toBeNull();
  });

  it('leaving because the session is already signed in (the guard redirect won the race) keeps it', () => {
    auth.signInWithEmail.mockReturnValue(new Promise(() => {}));
    showEmailForm();
    void submitEmailForm('a@example.com', 'secret-pass');
    session.status = 'signedIn';
    session.user = user;
    leaveSignInScreen();
    expect(flag()).toBe('true');
  });

  it('a late answer does not touch a screen that was left, but still records the provider', async () => {
    const answer = deferred<typeof user>();
    auth.signInWithApple.mockReturnValue(answer.promise);
    const run = signInWithProvider('apple');
    leaveSignInScreen();
    enterSignInScreen();
    answer.resolve(user);
    await run;
    expect(signInScreen).toMatchObject({ succeeded: false, overlayOpen: false, status: 'idle' });
    expect(localStorage.getItem('authProvider')).toBe('apple.com');
  });

  it('is cleared when the bundle starts (page load), by start-up and not by an import', async () => {
    localStorage.setItem('isAuthenticating', 'true');
    vi.resetModules();
    await import('../../../src/state/sign-in');
    expect(flag()).toBe('true');
    const { runPageLoad } = await import('../../../src/state/page-load');
    runPageLoad();
    expect(flag()).toBeNull();
  });
});

describe('password reset', () => {
  it('an empty address asks for one without calling the identity service', async () => {
    showResetForm();
    await submitReset('   ');
    expect(signInScreen.error).toBe(message('emailRequired'));
    expect(auth.sendReset).not.toHaveBeenCalled();
  });

  it('success shows "Check your email" with the sent notice', async () => {
    auth.sendReset.mockResolvedValue(undefined);
    showResetForm();
    await submitReset('a@example.com');
    expect(auth.sendReset).toHaveBeenCalledWith('a@example.com');
    expect(signInScreen).toMatchObject({
      mode: 'resetSent',
      notice: { kind: 'success', text: message('resetSent') },
      error: null,
      email: 'a@example.com',
    });
  });

  it('an unknown address gets the same view with the neutral text', async () => {
    auth.sendReset.mockRejectedValue(fail('auth/user-not-found'));
    showResetForm();
    await submitReset('nobody@example.com');
    expect(signInScreen).toMatchObject({
      mode: 'resetSent',
      notice: { kind: 'info', text: message('resetUnknownUser') },
      error: null,
    });
  });

  it.each([
    ['auth/invalid-email', 'invalidEmail'],
    ['auth/too-many-requests', 'popupTooManyRequests'],
    ['auth/network-request-failed', 'networkError'],
    ['auth/internal-error', 'resetFailed'],
  ] as const)('%s stays on the form with %s', async (code, expected) => {
    auth.sendReset.mockRejectedValue(fail(code));
    showResetForm();
    await submitReset('a@example.com');
    expect(signInScreen).toMatchObject({ mode: 'reset', error: message(expected) });
  });

  it('clears isAuthenticating at its end', async () => {
    localStorage.setItem('isAuthenticating', 'true');
    auth.sendReset.mockResolvedValue(undefined);
    showResetForm();
    await submitReset('a@example.com');
    expect(flag()).toBeNull();
  });

  it('the address typed in the sign-in form carries over', async () => {
    auth.signInWithEmail.mockRejectedValue(fail('auth/wrong-password'));
    showEmailForm();
    await submitEmailForm('carry@example.com', 'wrong-one');
    showResetForm();
    expect(signInScreen.email).toBe('carry@example.com');
  });
});

describe('?action=logout', () => {
  const desktopData = {
    authToken: 't',
    unityAuthData: '{"playerId":"p","accessToken":"a"}',
    redirectUrl: 'http://127.0.0.1:5662',
    redirectPath: 'path',
    isRedirecting: 'true',
    redirectWithUnityToken: 'true',
    redirectState: 's',
  };

  it('signs out, clears the desktop auth data and the redirect URL, keeps other choices, and leaves the notice', async () => {
    auth.signOutUser.mockResolvedValue(undefined);
    for (const [key, value] of Object.entries(desktopData)) localStorage.setItem(key, value);
    localStorage.setItem('paymentsDisabled', 'true');
    session.status = 'signedIn';
    session.user = user;
    await expect(runLogoutAction()).resolves.toBe('loggedOut');
    expect(auth.signOutUser).toHaveBeenCalledTimes(1);
    for (const key of Object.keys(desktopData)) expect(localStorage.getItem(key), key).toBeNull();
    expect(localStorage.getItem('paymentsDisabled')).toBe('true');
    expect(session.status).toBe('signedOut');
    expect(signInScreen.notice).toEqual({ kind: 'success', text: message('loggedOut') });
  });

  it('concurrent guard runs share one sign-out', async () => {
    auth.signOutUser.mockResolvedValue(undefined);
    await Promise.all([runLogoutAction(), runLogoutAction()]);
    expect(auth.signOutUser).toHaveBeenCalledTimes(1);
  });

  it('a failing sign-out keeps the data and shows "Failed to sign out. Please try again."', async () => {
    auth.signOutUser.mockRejectedValue(fail('auth/network-request-failed'));
    localStorage.setItem('authToken', 't');
    await expect(runLogoutAction()).resolves.toBe('failed');
    expect(localStorage.getItem('authToken')).toBe('t');
    expect(signInScreen.notice).toBeNull();
    expect(toasts.items.map((t) => [t.kind, t.text])).toEqual([['error', 'Failed to sign out. Please try again.']]);
  });
});
