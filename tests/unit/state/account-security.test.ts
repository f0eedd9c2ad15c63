// The "Sign-in & security" store over a stubbed identity service: password change/add, link, unlink, verification.
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/auth/firebase', async () => (await import('../support/fake-auth')).fakeAuth);
vi.mock('../../../src/auth/security', async () => (await import('../support/fake-auth')).fakeAuth);

vi.mock('@home-design/portal-bridge', async () => (await import('../support/fake-bridge')).fakeBridgeModule());

import {
  accountSecurity,
  cancelUnlink,
  checkVerification,
  confirmUnlink,
  continueLinkInBrowser,
  enterSecuritySection,
  linkMethod,
  remainingMethods,
  requestUnlink,
  resetAccountSecurity,
  sendVerification,
  submitPassword,
  verificationSecondsLeft,
} from '../../../src/state/account-security';
import { providerName, signInMethodsText } from '../../../src/state/sign-in-method-names';
import { session, signOut, onSignedOut } from '../../../src/state/session';
import { clearToasts, toasts } from '../../../src/state/toasts';
import { fakeBridge as bridge } from '../support/fake-bridge';
import { fakeAuth as auth } from '../support/fake-auth';

// A sign-out resets this store as startPortal registers it (sign-out-resets.ts).
onSignedOut(resetAccountSecurity);

const fail = (code: string) => Object.assign(new Error(code), { code });
const userWith = (...providerIds: string[]) => ({
  uid: 'u1',
  displayName: null,
  email: 'a@example.com',
  photoURL: null,
  providerIds,
  creationTime: null,
});
const toastTexts = () => toasts.items.map((t) => `${t.kind}: ${t.text}`);

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => (resolve = res));
  return { promise, resolve };
}

beforeEach(() => {
  vi.clearAllMocks();
  bridge.isEmbedded.mockReturnValue(false);
  bridge.whenHostReady.mockResolvedValue(null);
  auth.currentSecurity.mockReturnValue({ email: 'a@example.com', emailVerified: false });
  resetAccountSecurity();
  clearToasts();
  session.status = 'signedIn';
  session.user = userWith('password');
});

describe('change password', () => {
  it('checks SPEC 5 before asking the service, and names the field at fault', async () => {
    expect(await submitPassword('', 'new-pass-1')).toBe(false);
    expect(accountSecurity.password).toMatchObject({ error: 'Please enter your current password', field: 'current' });
    expect(await submitPassword('old-pass', '')).toBe(false);
    expect(accountSecurity.password).toMatchObject({ error: 'Please enter a new password', field: 'new' });
    expect(await submitPassword('old-pass', '12345')).toBe(false);
    expect(accountSecurity.password).toMatchObject({ error: 'Password should be at least 6 characters', field: 'new' });
    expect(auth.changePassword).not.toHaveBeenCalled();
  });

  it('changes it with the current password and says "Your password has been changed."', async () => {
    auth.changePassword.mockResolvedValue(userWith('password'));
    expect(await submitPassword('old-pass', 'new-pass-1')).toBe(true);
    expect(auth.changePassword).toHaveBeenCalledWith('old-pass', 'new-pass-1');
    expect(accountSecurity.password).toMatchObject({ status: 'succeeded', error: null, field: null });
    expect(toastTexts()).toEqual(['success: Your password has been changed.']);
  });

  it.each([
    ['auth/wrong-password', 'Incorrect email or password', 'current'],
    ['auth/invalid-credential', 'Incorrect email or password', 'current'],
    ['auth/too-many-requests', 'Too many unsuccessful login attempts. Please try again later', null],
    ['auth/network-request-failed', 'Network error. Please check your connection and try again', null],
    ['auth/weak-password', 'Password should be at least 6 characters', 'new'],
    ['auth/internal-error', 'Failed to change your password. Please try again', null],
  ])('%s -> "%s"', async (code, text, field) => {
    auth.changePassword.mockRejectedValue(fail(code));
    expect(await submitPassword('old-pass', 'new-pass-1')).toBe(false);
    expect(accountSecurity.password).toMatchObject({ status: 'failed', error: text, field });
    expect(toasts.items).toEqual([]);
  });

  it('refuses a second submit while one is under way', async () => {
    const answer = deferred<ReturnType<typeof userWith>>();
    auth.changePassword.mockReturnValue(answer.promise);
    const first = submitPassword('old-pass', 'new-pass-1');
    expect(accountSecurity.password.status).toBe('pending');
    expect(await submitPassword('old-pass', 'new-pass-1')).toBe(false);
    answer.resolve(userWith('password'));
    expect(await first).toBe(true);
    expect(auth.changePassword).toHaveBeenCalledTimes(1);
  });
});

describe('add a password (Google or Apple only)', () => {
  beforeEach(() => {
    session.user = userWith('google.com');
  });

  it('needs no current password, adds one, and the account now lists the password method', async () => {
    auth.addPassword.mockResolvedValue(userWith('google.com', 'password'));
    expect(await submitPassword('', 'added-pass')).toBe(true);
    expect(auth.addPassword).toHaveBeenCalledWith('added-pass');
    expect(auth.changePassword).not.toHaveBeenCalled();
    expect(session.user?.providerIds).toEqual(['google.com', 'password']);
    expect(toastTexts()).toEqual([
      'success: Password added. You can now also sign in with your email address and this password.',
    ]);
  });

  it('says why it cannot, e.g. an account without an address', async () => {
    auth.addPassword.mockRejectedValue(fail('auth/missing-email'));
    await submitPassword('', 'added-pass');
    expect(accountSecurity.password.error).toBe('Your account has no email address, so a password cannot be added.');
    auth.addPassword.mockRejectedValue(fail('auth/requires-recent-login'));
    await submitPassword('', 'added-pass');
    expect(accountSecurity.password.error).toBe(
      'For your security, please sign out and sign in again, then try once more.',
    );
  });
});

describe('link', () => {
  it('links Google, updates the account (so the Sign-in Method row follows) and says so', async () => {
    auth.linkProvider.mockResolvedValue(userWith('password', 'google.com'));
    await linkMethod('google.com');
    expect(auth.linkProvider).toHaveBeenCalledWith('google.com');
    expect(session.user?.providerIds).toEqual(['password', 'google.com']);
    expect(accountSecurity.link).toMatchObject({ status: 'succeeded', error: null });
    expect(toastTexts()).toEqual(['success: Google is now linked. You can sign in with it.']);
  });

  it.each([
    ['auth/popup-closed-by-user', 'Sign-in cancelled. Please try again'],
    ['auth/popup-blocked', 'Pop-up blocked by browser. Please allow pop-ups for this site'],
    ['auth/network-request-failed', 'Network error. Please check your connection and try again'],
    ['auth/too-many-requests', 'Too many requests. Please try again later'],
    [
      'auth/credential-already-in-use',
      'This Apple account already belongs to another Dream Book account, so it cannot be linked to this one.',
    ],
    ['auth/provider-already-linked', 'Apple is already linked to your account.'],
    ['auth/internal-error', 'Failed to link Apple. Please try again'],
  ])('Apple: %s -> "%s"', async (code, text) => {
    auth.linkProvider.mockRejectedValue(fail(code));
    await linkMethod('apple.com');
    expect(accountSecurity.link).toMatchObject({ status: 'failed', error: text });
    expect(session.user?.providerIds).toEqual(['password']);
  });

  it('a popup that cannot open here offers the system browser; with a host it asks the host to open the page', async () => {
    auth.linkProvider.mockRejectedValue(fail('auth/operation-not-supported-in-this-environment'));
    await linkMethod('google.com');
    expect(accountSecurity.link.offerBrowser).toBe(true);
    bridge.requestOpenInBrowser.mockReturnValue(true);
    continueLinkInBrowser('http://portal.test/');
    expect(bridge.requestOpenInBrowser).toHaveBeenCalledWith('http://portal.test/');
    expect(accountSecurity.link.browserOutcome).toBe('requested');
    bridge.requestOpenInBrowser.mockReturnValue(false);
    continueLinkInBrowser('http://portal.test/');
    expect(accountSecurity.link.browserOutcome).toBe('manual');
  });

  it('inside a host webview the browser is offered from the start, also when the host shows up late', async () => {
    bridge.isEmbedded.mockReturnValue(true);
    enterSecuritySection();
    expect(accountSecurity.link.offerBrowser).toBe(true);
    resetAccountSecurity();
    bridge.isEmbedded.mockReturnValue(false);
    bridge.whenHostReady.mockResolvedValue('vuplex');
    enterSecuritySection();
    expect(accountSecurity.link.offerBrowser).toBe(false);
    await Promise.resolve();
    await Promise.resolve();
    expect(accountSecurity.link.offerBrowser).toBe(true);
  });

  it('does nothing for a method already linked, or while another link runs', async () => {
    session.user = userWith('password', 'google.com');
    await linkMethod('google.com');
    const answer = deferred<ReturnType<typeof userWith>>();
    auth.linkProvider.mockReturnValue(answer.promise);
    const first = linkMethod('apple.com');
    await linkMethod('apple.com');
    answer.resolve(userWith('password', 'google.com', 'apple.com'));
    await first;
    expect(auth.linkProvider).toHaveBeenCalledTimes(1);
  });
});

describe('unlink', () => {
  it('never the last method: no confirmation, no call, and the reason is given', async () => {
    session.user = userWith('google.com');
    requestUnlink('google.com');
    expect(accountSecurity.unlink.confirming).toBeNull();
    expect(accountSecurity.link.error).toBe('This is your only sign-in method, so it cannot be unlinked.');
    await confirmUnlink();
    expect(auth.unlinkProvider).not.toHaveBeenCalled();
  });

  it('asks first; Cancel keeps the method', () => {
    session.user = userWith('password', 'google.com');
    requestUnlink('google.com');
    expect(accountSecurity.unlink.confirming).toBe('google.com');
    expect(remainingMethods('google.com')).toBe('Email');
    cancelUnlink();
    expect(accountSecurity.unlink.confirming).toBeNull();
    expect(auth.unlinkProvider).not.toHaveBeenCalled();
  });

  it('unlinks after the confirmation and the account follows', async () => {
    session.user = userWith('password', 'google.com', 'apple.com');
    requestUnlink('apple.com');
    expect(remainingMethods('apple.com')).toBe('Email, Google');
    auth.unlinkProvider.mockResolvedValue(userWith('password', 'google.com'));
    await confirmUnlink();
    expect(auth.unlinkProvider).toHaveBeenCalledWith('apple.com');
    expect(accountSecurity.unlink).toMatchObject({ confirming: null, status: 'succeeded', error: null });
    expect(session.user?.providerIds).toEqual(['password', 'google.com']);
    expect(toastTexts()).toEqual(['success: Apple has been unlinked.']);
  });

  it('checks again at confirmation time: a method that became the last one stays', async () => {
    session.user = userWith('password', 'google.com');
    requestUnlink('google.com');
    session.user = userWith('google.com');
    await confirmUnlink();
    expect(auth.unlinkProvider).not.toHaveBeenCalled();
    expect(accountSecurity.unlink.error).toBe('This is your only sign-in method, so it cannot be unlinked.');
  });

  it('a failure keeps the dialog open with the reason', async () => {
    session.user = userWith('password', 'google.com');
    requestUnlink('google.com');
    auth.unlinkProvider.mockRejectedValue(fail('auth/network-request-failed'));
    await confirmUnlink();
    expect(accountSecurity.unlink).toMatchObject({
      confirming: 'google.com',
      status: 'failed',
      error: 'Network error. Please check your connection and try again',
    });
    auth.unlinkProvider.mockRejectedValue(fail('auth/internal-error'));
    await confirmUnlink();
    expect(accountSecurity.unlink.error).toBe('Failed to unlink Google. Please try again');
  });
});

describe('e-mail verification', () => {
  it('reads the badge when the section is shown', () => {
    auth.currentSecurity.mockReturnValue({ email: 'a@example.com', emailVerified: true });
    enterSecuritySection();
    expect(accountSecurity.verification.emailVerified).toBe(true);
  });

  it('sends the e-mail, then waits 60 seconds before another', async () => {
    auth.sendVerificationEmail.mockResolvedValue(undefined);
    await sendVerification(1_000);
    expect(accountSecurity.verification.notice).toBe(
      'Verification email sent to a@example.com. Follow the link in it, then come back here.',
    );
    expect(verificationSecondsLeft(1_000)).toBe(60);
    await sendVerification(30_000);
    expect(auth.sendVerificationEmail).toHaveBeenCalledTimes(1);
    expect(verificationSecondsLeft(61_000)).toBe(0);
    await sendVerification(61_000);
    expect(auth.sendVerificationEmail).toHaveBeenCalledTimes(2);
  });

  it('too many requests also starts the cooldown; other failures do not', async () => {
    auth.sendVerificationEmail.mockRejectedValue(fail('auth/network-request-failed'));
    await sendVerification(1_000);
    expect(accountSecurity.verification.error).toBe('Network error. Please check your connection and try again');
    expect(verificationSecondsLeft(1_000)).toBe(0);
    auth.sendVerificationEmail.mockRejectedValue(fail('auth/too-many-requests'));
    await sendVerification(2_000);
    expect(accountSecurity.verification.error).toBe('Too many requests. Please try again later');
    expect(verificationSecondsLeft(2_000)).toBe(60);
  });

  it('reloads the account: the badge flips once the link was followed', async () => {
    auth.reloadUser.mockResolvedValue(userWith('password'));
    await checkVerification();
    expect(accountSecurity.verification).toMatchObject({
      emailVerified: false,
      notice: 'Your email address is not verified yet. Follow the link in the email we sent, then check again.',
    });
    auth.currentSecurity.mockReturnValue({ email: 'a@example.com', emailVerified: true });
    await checkVerification();
    expect(accountSecurity.verification).toMatchObject({
      emailVerified: true,
      notice: 'Your email address is verified.',
      cooldownUntil: null,
    });
  });

  it('a quiet check (back on the page) says nothing unless the badge changed, and swallows failures', async () => {
    auth.reloadUser.mockResolvedValue(userWith('password'));
    await checkVerification({ quiet: true });
    expect(accountSecurity.verification.notice).toBeNull();
    auth.reloadUser.mockRejectedValue(fail('auth/network-request-failed'));
    await checkVerification({ quiet: true });
    expect(accountSecurity.verification).toMatchObject({ error: null, check: { status: 'failed', error: null } });
    await checkVerification();
    expect(accountSecurity.verification.check).toEqual({
      status: 'failed',
      error: 'Network error. Please check your connection and try again',
    });
  });
});

describe('sign-out', () => {
  it('forgets everything, and a late answer for the old user changes nothing', async () => {
    const answer = deferred<ReturnType<typeof userWith>>();
    auth.linkProvider.mockReturnValue(answer.promise);
    const linking = linkMethod('google.com');
    auth.sendVerificationEmail.mockResolvedValue(undefined);
    await sendVerification(1_000);
    auth.signOutUser.mockResolvedValue(undefined);
    await signOut();
    expect(accountSecurity.link).toMatchObject({ status: 'idle', provider: null });
    expect(accountSecurity.verification.cooldownUntil).toBeNull();
    answer.resolve(userWith('password', 'google.com'));
    await linking;
    expect(toasts.items).toEqual([]);
    expect(session.user).toBeNull();
  });
});

describe('signInMethodsText (the Sign-in Method row)', () => {
  it('names every linked method, e-mail first, whatever order the provider data has', () => {
    expect(signInMethodsText(['password'])).toBe('Email');
    expect(signInMethodsText(['google.com'])).toBe('Google');
    expect(signInMethodsText(['apple.com', 'google.com', 'password'])).toBe('Email, Google, Apple');
  });

  it('says each method once, keeps unknown ones by id, and "Unknown" for none', () => {
    expect(signInMethodsText(['google.com', 'google.com'])).toBe('Google');
    expect(signInMethodsText(['github.com', 'password'])).toBe('Email, github.com');
    expect(signInMethodsText([])).toBe('Unknown');
    expect(providerName('phone')).toBe('phone');
  });
});
