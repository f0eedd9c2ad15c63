// The account page's Firebase operations (Sign-in & security) and their SPEC 8 texts: with the page, not on /auth.
import { emailErrors, NETWORK, popupErrors, type AuthErrorTable } from './errors';

export const accountErrors = {
  // A recent sign-in with the password, before a sensitive action (reauth.ts): worded as signing in.
  reauthenticate: emailErrors('signInFailed'),
  // A wrong current password reads as a failed sign-in (SPEC 8).
  changePassword: {
    ...emailErrors('passwordChangeFailed'),
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
    ...popupErrors('linkFailed'),
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
} satisfies Record<string, AuthErrorTable>;
