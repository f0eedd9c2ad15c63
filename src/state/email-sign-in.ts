// The sign-in screen's e-mail forms (SPEC 2, 5): switching between signing in, creating the account and the reset, and
// their submits, on the screen's one store (sign-in.ts). Only the views' chunk imports it (src/chunks/auth-views.ts).
import * as emailAuth from '../auth/email';
import { emailSignInErrors } from '../auth/email-errors';
import { message } from '../messages/catalogue';
import { setAuthenticating } from './authenticating';
import { failureText } from './errors';
import { actOnScreen, attempt, clearMessages, pending, showEmailForm, signInScreen } from './sign-in';

/** The link between "Sign In" and "Create Account" in the e-mail form. */
export function toggleEmailMode(): void {
  showEmailForm(signInScreen.mode === 'createAccount' ? 'signIn' : 'createAccount');
}

export function showResetForm(): void {
  if (pending()) return;
  clearMessages();
  signInScreen.mode = 'reset';
}

/** Keeps the typed address, so the reset form starts with what the sign-in form had. */
export function rememberEmail(email: string): void {
  signInScreen.email = email;
}

/** The e-mail form's submit: signs in or creates the account, depending on the mode. */
export async function submitEmailForm(email: string, password: string): Promise<void> {
  const creating = signInScreen.mode === 'createAccount';
  signInScreen.email = email;
  await attempt(
    'email',
    async () => {
      if (creating) await emailAuth.createAccount(email.trim(), password);
      else await emailAuth.signInWithEmail(email.trim(), password);
      return 'password';
    },
    emailSignInErrors[creating ? 'createAccount' : 'signIn'],
  );
}

/**
 * Sends the reset e-mail. An unknown address gets the same "Check your email" view with the neutral text,
 * so the form does not reveal who has an account. isAuthenticating is cleared at the end (SPEC 4).
 */
export async function submitReset(email: string): Promise<void> {
  const address = email.trim();
  signInScreen.email = address;
  if (!address) {
    clearMessages();
    signInScreen.error = message('emailRequired');
    return;
  }
  if (pending()) return;
  const sent = (kind: 'success' | 'info', text: string) => {
    signInScreen.mode = 'resetSent';
    signInScreen.notice = { kind, text };
  };
  clearMessages();
  signInScreen.attempt = 'reset';
  await actOnScreen({
    call: () => emailAuth.sendReset(address).finally(() => setAuthenticating(false)),
    succeeded: () => sent('success', message('resetSent')),
    failed: (error) => {
      const text = failureText(error, { auth: emailSignInErrors.reset });
      // An unknown address reads as sent (neutrally), so the form does not reveal who has an account.
      if (text !== message('resetUnknownUser')) return text;
      sent('info', text);
      return null;
    },
  });
}
