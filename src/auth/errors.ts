// Firebase error codes to the exact texts of SPEC 8, one table per group.
import type { MessageCode } from '../messages/catalogue';

export type AuthErrorGroup =
  | 'google'
  | 'apple'
  | 'signIn'
  | 'createAccount'
  | 'reset'
  | 'logout'
  | 'changePassword'
  | 'addPassword'
  | 'link'
  | 'unlink'
  | 'verify'
  | 'verifyCheck';

const NETWORK = 'auth/network-request-failed';

const popup = (fallback: MessageCode): Record<string, MessageCode> & { default: MessageCode } => ({
  'auth/popup-closed-by-user': 'popupClosed',
  'auth/cancelled-popup-request': 'popupClosed',
  'auth/user-cancelled': 'popupClosed',
  'auth/popup-blocked': 'popupBlocked',
  [NETWORK]: 'networkError',
  'auth/too-many-requests': 'popupTooManyRequests',
  default: fallback,
});

const email = (fallback: MessageCode): Record<string, MessageCode> & { default: MessageCode } => ({
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

const authErrorTable: Record<AuthErrorGroup, Record<string, MessageCode> & { default: MessageCode }> = {
  google: popup('googleFailed'),
  apple: popup('appleFailed'),
  signIn: email('signInFailed'),
  createAccount: email('createFailed'),
  reset: {
    'auth/invalid-email': 'invalidEmail',
    'auth/missing-email': 'emailRequired',
    'auth/user-not-found': 'resetUnknownUser',
    'auth/too-many-requests': 'popupTooManyRequests',
    [NETWORK]: 'networkError',
    default: 'resetFailed',
  },
  // Signing out has one text whatever went wrong.
  logout: { default: 'logoutFailed' },
  // Sign-in & security. A wrong current password reads as a failed sign-in (SPEC 8).
  changePassword: {
    ...email('passwordChangeFailed'),
    'auth/email-already-in-use': 'passwordChangeFailed',
    'auth/requires-recent-login': 'recentSignInRequired',
  },
  addPassword: {
    'auth/weak-password': 'weakPassword',
    'auth/email-already-in-use': 'passwordEmailInUse',
    'auth/credential-already-in-use': 'passwordEmailInUse',
    'auth/provider-already-linked': 'passwordAlreadyAdded',
    'auth/missing-email': 'passwordNeedsEmail',
    'auth/requires-recent-login': 'recentSignInRequired',
    'auth/too-many-requests': 'emailTooManyRequests',
    [NETWORK]: 'networkError',
    default: 'passwordAddFailed',
  },
  // Texts with {provider}, filled by the caller.
  link: {
    ...popup('linkFailed'),
    'auth/credential-already-in-use': 'linkCredentialInUse',
    'auth/email-already-in-use': 'linkCredentialInUse',
    'auth/account-exists-with-different-credential': 'linkCredentialInUse',
    'auth/provider-already-linked': 'linkAlreadyLinked',
    'auth/requires-recent-login': 'recentSignInRequired',
  },
  unlink: {
    'auth/no-such-provider': 'unlinkNotLinked',
    'auth/requires-recent-login': 'recentSignInRequired',
    'auth/too-many-requests': 'popupTooManyRequests',
    [NETWORK]: 'networkError',
    default: 'unlinkFailed',
  },
  verify: {
    'auth/too-many-requests': 'popupTooManyRequests',
    [NETWORK]: 'networkError',
    default: 'verificationSendFailed',
  },
  verifyCheck: {
    [NETWORK]: 'networkError',
    default: 'verificationCheckFailed',
  },
};

/** The `auth/...` code of an identity-service failure, or 'unknown' (read here, so wording it needs no Firebase). */
export function authErrorCode(error: unknown): string {
  const code = error && typeof error === 'object' && 'code' in error ? error.code : null;
  return typeof code === 'string' ? code : 'unknown';
}

/** The message of SPEC 8 for a failure `code` (an `auth/...` code, or 'unknown') in `group`. */
export function authErrorMessage(group: AuthErrorGroup, code: string): MessageCode {
  const table = authErrorTable[group];
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
