// Firebase error codes to the exact texts of SPEC 8, one table per operation.
import type { MessageCode } from '../messages/catalogue';

/** Firebase codes to SPEC 8 texts for one operation; `default` words any code it does not name. */
export type AuthErrorTable = Readonly<Record<string, MessageCode> & { default: MessageCode }>;

export const NETWORK = 'auth/network-request-failed';

/** A popup operation's table (sign-in or linking with Google or Apple); `fallback` names the operation. */
export const popupErrors = (fallback: MessageCode): AuthErrorTable => ({
  'auth/popup-closed-by-user': 'popupClosed',
  'auth/cancelled-popup-request': 'popupClosed',
  'auth/user-cancelled': 'popupClosed',
  'auth/popup-blocked': 'popupBlocked',
  [NETWORK]: 'networkError',
  'auth/too-many-requests': 'popupTooManyRequests',
  default: fallback,
});

/** An e-mail and password operation's table; `fallback` names the operation. */
export const emailErrors = (fallback: MessageCode): AuthErrorTable => ({
  'auth/invalid-email': 'invalidEmail',
  'auth/user-not-found': 'wrongCredentials',
  'auth/wrong-password': 'wrongCredentials',
  'auth/invalid-credential': 'wrongCredentials',
  'auth/invalid-login-credentials': 'wrongCredentials',
  'auth/weak-password': 'weakPassword',
  'auth/email-already-in-use': 'emailInUse',
  'auth/too-many-requests': 'emailTooManyRequests',
  [NETWORK]: 'networkError',
  default: fallback,
});

/**
 * The provider choice's popups and signing out. The e-mail forms' tables sit in email-errors.ts and the account page's
 * (passwords, linking, verification) in account-errors.ts, each with the chunk that uses them, so /auth's first load
 * does not carry their texts.
 */
export const signInErrors = {
  google: popupErrors('googleFailed'),
  apple: popupErrors('appleFailed'),
  // Signing out has one text whatever went wrong.
  logout: { default: 'logoutFailed' },
} satisfies Record<string, AuthErrorTable>;

/** The `auth/...` code of an identity-service failure, or 'unknown' (read here, so wording it needs no Firebase). */
export function authErrorCode(error: unknown): string {
  const code = error && typeof error === 'object' && 'code' in error ? error.code : null;
  return typeof code === 'string' ? code : 'unknown';
}

/** The message of SPEC 8 for a failure `code` (an `auth/...` code, or 'unknown') in `table`. */
export function authErrorMessage(table: AuthErrorTable, code: string): MessageCode {
  // Object.hasOwn: a code such as "constructor" must not reach Object.prototype.
  return Object.hasOwn(table, code) ? table[code]! : table.default;
}

/** Popup failures where a webview or in-app browser cannot open the provider: offer the system browser. */
export function popupUnsupported(code: string): boolean {
  return (
    code === 'auth/popup-blocked' ||
    code === 'auth/operation-not-supported-in-this-environment' ||
    code === 'auth/web-storage-unsupported'
  );
}
