// The sign-in screen's e-mail forms (sign in, create the account, reset) and their SPEC 8 texts: with the screen's
// views' chunk (src/chunks/auth-views.ts).
import { emailErrors, NETWORK, type AuthErrorTable } from './errors';

export const emailSignInErrors = {
  signIn: emailErrors('signInFailed'),
  createAccount: emailErrors('createFailed'),
  reset: {
    'auth/invalid-email': 'invalidEmail',
    'auth/missing-email': 'emailRequired',
    'auth/user-not-found': 'resetUnknownUser',
    'auth/too-many-requests': 'popupTooManyRequests',
    [NETWORK]: 'networkError',
    default: 'resetFailed',
  },
} satisfies Record<string, AuthErrorTable>;
