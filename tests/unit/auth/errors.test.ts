// The Firebase code -> SPEC 8 text table, row by row. The expected texts are written out here from SPEC 8 and 5,
// so a change in the catalogue that breaks the contract fails this test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accountErrors } from '../../../src/auth/account-errors';
import { emailSignInErrors } from '../../../src/auth/email-errors';
import { authErrorCode, authErrorMessage, popupUnsupported, signInErrors } from '../../../src/auth/errors';
import { message } from '../../../src/messages/catalogue';

const tables = { ...signInErrors, ...emailSignInErrors, ...accountErrors };
type Operation = keyof typeof tables;
const text = (operation: Operation, code: string) => message(authErrorMessage(tables[operation], code));

const POPUP_ROWS: Array<[string, string]> = [
  ['auth/popup-closed-by-user', 'Sign-in cancelled. Please try again'],
  ['auth/cancelled-popup-request', 'Sign-in cancelled. Please try again'],
  ['auth/user-cancelled', 'Sign-in cancelled. Please try again'],
  ['auth/popup-blocked', 'Pop-up blocked by browser. Please allow pop-ups for this site'],
  ['auth/network-request-failed', 'Network error. Please check your connection and try again'],
  ['auth/too-many-requests', 'Too many requests. Please try again later'],
];

describe('popup sign-in (Google and Apple)', () => {
  for (const group of ['google', 'apple'] as const) {
    for (const [code, expected] of POPUP_ROWS) {
      it(`${group}: ${code} -> "${expected}"`, () => {
        expect(text(group, code)).toBe(expected);
      });
    }
  }

  it('any other failure names the provider', () => {
    expect(text('google', 'auth/internal-error')).toBe('Failed to sign in with Google. Please try again');
    expect(text('apple', 'auth/internal-error')).toBe('Failed to sign in with Apple. Please try again');
    expect(text('google', 'auth/operation-not-supported-in-this-environment')).toBe(
      'Failed to sign in with Google. Please try again',
    );
    expect(text('apple', 'unknown')).toBe('Failed to sign in with Apple. Please try again');
  });
});

const EMAIL_ROWS: Array<[string, string]> = [
  ['auth/invalid-email', 'Invalid email address format'],
  ['auth/user-not-found', 'Incorrect email or password'],
  ['auth/wrong-password', 'Incorrect email or password'],
  ['auth/invalid-credential', 'Incorrect email or password'],
  ['auth/invalid-login-credentials', 'Incorrect email or password'],
  ['auth/weak-password', 'Password should be at least 6 characters'],
  ['auth/email-already-in-use', 'An account with this email already exists'],
  ['auth/too-many-requests', 'Too many unsuccessful login attempts. Please try again later'],
  ['auth/network-request-failed', 'Network error. Please check your connection and try again'],
];

describe('e-mail sign-in and account creation', () => {
  for (const group of ['signIn', 'createAccount'] as const) {
    for (const [code, expected] of EMAIL_ROWS) {
      it(`${group}: ${code} -> "${expected}"`, () => {
        expect(text(group, code)).toBe(expected);
      });
    }
  }

  it('any other failure says which operation failed', () => {
    expect(text('createAccount', 'auth/operation-not-allowed')).toBe('Failed to create account. Please try again');
    expect(text('signIn', 'auth/user-disabled')).toBe('Failed to sign in. Please check your credentials');
    expect(text('signIn', 'unknown')).toBe('Failed to sign in. Please check your credentials');
  });
});

describe('password reset', () => {
  const rows: Array<[string, string]> = [
    ['auth/invalid-email', 'Invalid email address format'],
    ['auth/missing-email', 'Please enter your email address'],
    ['auth/user-not-found', 'If an account exists with this email, a password reset link will be sent'],
    ['auth/too-many-requests', 'Too many requests. Please try again later'],
    ['auth/network-request-failed', 'Network error. Please check your connection and try again'],
    ['auth/internal-error', 'Unable to send password reset email. Please try again later'],
    ['unknown', 'Unable to send password reset email. Please try again later'],
  ];
  for (const [code, expected] of rows) {
    it(`${code} -> "${expected}"`, () => {
      expect(text('reset', code)).toBe(expected);
    });
  }

  it('the success text is the one of SPEC 8', () => {
    expect(message('resetSent')).toBe('Password reset email sent! Check your inbox for instructions.');
  });
});

describe('logout', () => {
  it('every failure reads "Failed to sign out. Please try again."', () => {
    for (const code of ['auth/network-request-failed', 'auth/internal-error', 'unknown']) {
      expect(text('logout', code)).toBe('Failed to sign out. Please try again.');
    }
  });
});

describe('Sign-in & security (My Account): SPEC 8 texts where it reuses them', () => {
  it('change password: a wrong current password reads as a failed sign-in; too many attempts and network as SPEC 8', () => {
    for (const code of [
      'auth/wrong-password',
      'auth/invalid-credential',
      'auth/invalid-login-credentials',
      'auth/user-mismatch',
    ]) {
      expect(text('changePassword', code), code).toBe(
        code === 'auth/user-mismatch'
          ? 'Failed to change your password. Please try again'
          : 'Incorrect email or password',
      );
    }
    expect(text('changePassword', 'auth/too-many-requests')).toBe(
      'Too many unsuccessful login attempts. Please try again later',
    );
    expect(text('changePassword', 'auth/network-request-failed')).toBe(
      'Network error. Please check your connection and try again',
    );
    expect(text('changePassword', 'auth/weak-password')).toBe('Password should be at least 6 characters');
    expect(text('changePassword', 'auth/internal-error')).toBe('Failed to change your password. Please try again');
  });

  it("link: the popup texts of SPEC 8, and its own words for an account that is already someone else's", () => {
    for (const [code, expected] of POPUP_ROWS) expect(text('link', code)).toBe(expected);
    const filled = (code: string) => message(authErrorMessage(accountErrors.link, code), { provider: 'Google' });
    expect(filled('auth/credential-already-in-use')).toBe(
      'This Google account already belongs to another Dream Book account, so it cannot be linked to this one.',
    );
    expect(filled('auth/internal-error')).toBe('Failed to link Google. Please try again');
  });

  it('add a password, unlink and verification: network and too many requests as SPEC 8, else their own text', () => {
    expect(text('addPassword', 'auth/network-request-failed')).toBe(
      'Network error. Please check your connection and try again',
    );
    expect(text('addPassword', 'auth/weak-password')).toBe('Password should be at least 6 characters');
    expect(text('addPassword', 'auth/internal-error')).toBe('Failed to add a password. Please try again');
    expect(text('unlink', 'auth/network-request-failed')).toBe(
      'Network error. Please check your connection and try again',
    );
    expect(text('verify', 'auth/too-many-requests')).toBe('Too many requests. Please try again later');
    expect(text('verify', 'auth/internal-error')).toBe('Failed to send the verification email. Please try again later');
    expect(text('verifyCheck', 'auth/internal-error')).toBe(
      'Could not check whether your email address is verified. Please try again later',
    );
  });

  it('the password-changed toast and the verification button keep their words', () => {
    expect(message('passwordChanged')).toBe('Your password has been changed.');
    expect(message('sendVerification')).toBe('Send verification e-mail');
  });
});

describe('the table itself', () => {
  it('never lets an inherited property name stand in for a code', () => {
    expect(text('signIn', 'constructor')).toBe('Failed to sign in. Please check your credentials');
    expect(text('reset', '__proto__')).toBe('Unable to send password reset email. Please try again later');
    expect(text('google', 'toString')).toBe('Failed to sign in with Google. Please try again');
  });

  it('every row of every table points at a catalogue text', () => {
    // Every code either file names, plus one none does, through every table of both.
    const source = ['errors.ts', 'email-errors.ts', 'account-errors.ts']
      .map((file) => readFileSync(join(__dirname, '../../../src/auth', file), 'utf8'))
      .join('\n');
    const codes = [...new Set(source.match(/'auth\/[a-z-]+'/g)!.map((quoted) => quoted.slice(1, -1)))];
    expect(codes.length).toBeGreaterThan(10);
    const operations = Object.keys(tables) as Operation[];
    expect(operations).toHaveLength(13);
    for (const operation of operations)
      for (const code of [...codes, 'unknown']) expect(text(operation, code), `${operation} ${code}`).not.toBe('');
  });
});

describe('popups that cannot work here', () => {
  it('offers the system browser for blocked or unsupported popups only', () => {
    expect(popupUnsupported('auth/popup-blocked')).toBe(true);
    expect(popupUnsupported('auth/operation-not-supported-in-this-environment')).toBe(true);
    expect(popupUnsupported('auth/web-storage-unsupported')).toBe(true);
    expect(popupUnsupported('auth/popup-closed-by-user')).toBe(false);
    expect(popupUnsupported('auth/network-request-failed')).toBe(false);
  });
});

describe('authErrorCode', () => {
  it("reads a failure's auth/... code, and 'unknown' for anything without one", () => {
    expect(authErrorCode(Object.assign(new Error('x'), { code: 'auth/popup-blocked' }))).toBe('auth/popup-blocked');
    expect([authErrorCode(new Error('x')), authErrorCode({ code: 42 }), authErrorCode(null)]).toEqual([
      'unknown',
      'unknown',
      'unknown',
    ]);
  });
});
