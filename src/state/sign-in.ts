// The sign-in screen (/auth): its mode, the attempt in flight, its messages, and the isAuthenticating and authProvider flags of SPEC 3-4.
import { proxy } from 'valtio';
import * as auth from '../auth/firebase';
import type { AuthProviderId } from '../auth/firebase';
import { authErrorMessage, popupUnsupported, type AuthErrorGroup } from '../auth/errors';
import { bridge } from '@home-design/portal-bridge';
import { message } from '../messages/catalogue';
import { isSignedIn, markSignedIn, signOutClearingDesktopData } from './session';
import { singleFlight } from './resource';
import { LOCAL_KEYS, localStore } from './storage';
import { showToast } from './toasts';

export type SignInMode = 'choice' | 'signIn' | 'createAccount' | 'reset' | 'resetSent';
export type PopupProvider = 'google' | 'apple';
export type Attempt = PopupProvider | 'email' | 'reset';

/** What happened when the user asked to continue in the system browser. */
export type BrowserHandOff = 'requested' | 'manual' | null;

const initialState = () => ({
  mode: 'choice' as SignInMode,
  /** The request in flight; buttons are busy and a second attempt is refused meanwhile. */
  pending: null as Attempt | null,
  /** The failure of the last attempt (SPEC 8), shown as an alert. */
  error: null as string | null,
  /** A neutral or happy message: logged out, reset link sent (success), or the reset's neutral answer (info). */
  notice: null as { kind: 'success' | 'info'; text: string } | null,
  /** The address typed so far, carried between the e-mail form and the reset form. */
  email: '',
  /** The identity step succeeded; the app is now redirecting (isAuthenticating stays set). */
  succeeded: false,
  /** The closable "Setting up your account..." overlay. */
  overlayOpen: false,
  /** Popups cannot work here: offer the system browser (inside a host webview, or after a popup failure). */
  offerBrowser: false,
  browserHandOff: null as BrowserHandOff,
});

export type SignInScreenState = ReturnType<typeof initialState>;

export const signInScreen = proxy(initialState());

/** Bumped whenever the screen is entered or left, so a late answer cannot touch a screen that moved on. */
let generation = 0;

function reset(keepNotice = false): void {
  const notice = signInScreen.notice;
  Object.assign(signInScreen, initialState(), keepNotice ? { notice } : {});
  signInScreen.offerBrowser = bridge.isEmbedded();
}

function setAuthenticating(on: boolean): void {
  localStore.setFlag(LOCAL_KEYS.isAuthenticating, on);
}

/** True while a sign-in runs or its redirect is under way (SPEC 3 isAuthenticating). */
export function isAuthenticating(): boolean {
  return localStore.flag(LOCAL_KEYS.isAuthenticating);
}

/** SPEC 4: a page load never continues an earlier sign-in. Runs once, when the bundle starts. */
export function clearAuthenticatingOnPageLoad(): void {
  setAuthenticating(false);
}
clearAuthenticatingOnPageLoad();

/** The route was entered: start from the provider choice, keeping a notice the route guard just set. */
export function enterSignInScreen(): void {
  const at = ++generation;
  reset(true);
  // Vuplex injects its host object after load: offer the browser as soon as a late host shows up.
  void bridge.whenHostReady().then((host) => {
    if (host !== null && at === generation) signInScreen.offerBrowser = true;
  });
}

/** SPEC 4: leaving the screen clears isAuthenticating, unless it is the redirect after a successful sign-in. */
export function leaveSignInScreen(): void {
  generation++;
  if (!signInScreen.succeeded && !isSignedIn()) setAuthenticating(false);
  reset();
}

/** For the hand-off: the redirect finished (or was given up), so nobody is authenticating any more. */
export function finishAuthenticating(): void {
  setAuthenticating(false);
}

function clearMessages(): void {
  signInScreen.error = null;
  signInScreen.notice = null;
  signInScreen.browserHandOff = null;
}

export function showProviderChoice(): void {
  if (signInScreen.pending) return;
  clearMessages();
  signInScreen.mode = 'choice';
  signInScreen.offerBrowser = bridge.isEmbedded();
}

export function showEmailForm(mode: 'signIn' | 'createAccount' = 'signIn'): void {
  if (signInScreen.pending) return;
  clearMessages();
  signInScreen.mode = mode;
}

/** The link between "Sign In" and "Create Account" in the e-mail form. */
export function toggleEmailMode(): void {
  showEmailForm(signInScreen.mode === 'createAccount' ? 'signIn' : 'createAccount');
}

export function showResetForm(): void {
  if (signInScreen.pending) return;
  clearMessages();
  signInScreen.mode = 'reset';
}

/** Keeps the typed address, so the reset form starts with what the sign-in form had. */
export function rememberEmail(email: string): void {
  signInScreen.email = email;
}

/** Closing the overlay gives up waiting (SPEC 4 clears isAuthenticating); the redirect itself is not stopped. */
export function closeOverlay(): void {
  signInScreen.overlayOpen = false;
  setAuthenticating(false);
}

/** Starts an attempt, or returns null when one is already running. */
function begin(attempt: Attempt): number | null {
  if (signInScreen.pending) return null;
  clearMessages();
  signInScreen.pending = attempt;
  if (attempt !== 'reset') setAuthenticating(true);
  return generation;
}

function succeeded(provider: AuthProviderId, at: number): void {
  // Whatever the screen does now, the session is fresh and the provider known.
  markSignedIn();
  localStore.set(LOCAL_KEYS.authProvider, provider);
  if (at !== generation) return;
  signInScreen.pending = null;
  signInScreen.succeeded = true;
  signInScreen.overlayOpen = true;
}

function failed(group: AuthErrorGroup, error: unknown, at: number): string {
  const code = auth.errorCode(error);
  setAuthenticating(false);
  if (at === generation) {
    signInScreen.pending = null;
    signInScreen.error = message(authErrorMessage(group, code));
  }
  return code;
}

/** Google or Apple in a popup (SPEC 7). A popup that cannot open here offers the system browser instead. */
export async function signInWithProvider(provider: PopupProvider): Promise<void> {
  const at = begin(provider);
  if (at === null) return;
  try {
    if (provider === 'google') await auth.signInWithGoogle();
    else await auth.signInWithApple();
    succeeded(provider === 'google' ? 'google.com' : 'apple.com', at);
  } catch (error) {
    const code = failed(provider, error, at);
    if (at === generation && popupUnsupported(code)) signInScreen.offerBrowser = true;
  }
}

/** The e-mail form's submit: signs in or creates the account, depending on the mode. */
export async function submitEmailForm(email: string, password: string): Promise<void> {
  const creating = signInScreen.mode === 'createAccount';
  signInScreen.email = email;
  const at = begin('email');
  if (at === null) return;
  try {
    if (creating) await auth.createAccount(email.trim(), password);
    else await auth.signInWithEmail(email.trim(), password);
    succeeded('password', at);
  } catch (error) {
    failed(creating ? 'createAccount' : 'signIn', error, at);
  }
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
  const at = begin('reset');
  if (at === null) return;
  try {
    await auth.sendReset(address);
    if (at !== generation) return;
    signInScreen.mode = 'resetSent';
    signInScreen.notice = { kind: 'success', text: message('resetSent') };
  } catch (error) {
    const code = auth.errorCode(error);
    if (at !== generation) return;
    const key = authErrorMessage('reset', code);
    if (key === 'resetUnknownUser') {
      signInScreen.mode = 'resetSent';
      signInScreen.notice = { kind: 'info', text: message(key) };
    } else {
      signInScreen.error = message(key);
    }
  } finally {
    setAuthenticating(false);
    if (at === generation) signInScreen.pending = null;
  }
}

const signOutOnce = singleFlight(signOutClearingDesktopData);

/**
 * SPEC 2 ?action=logout, run by the route guard: signs out, clears the desktop-app auth data and the redirect
 * URL, and leaves the "logged out" notice for the screen; a failure is a toast. Concurrent guard runs share
 * one sign-out.
 */
export function runLogoutAction(): Promise<'loggedOut' | 'failed'> {
  return signOutOnce().then(
    () => {
      reset();
      signInScreen.notice = { kind: 'success', text: message('loggedOut') };
      return 'loggedOut' as const;
    },
    (error: unknown) => {
      showToast('error', message(authErrorMessage('logout', auth.errorCode(error))));
      return 'failed' as const;
    },
  );
}

/**
 * Asks the host app to open `url` (this /auth page with its query) in the system browser. Without a host
 * the page shows the address to open by hand.
 */
export function continueInBrowser(url: string): void {
  signInScreen.browserHandOff = bridge.requestOpenInBrowser(url) ? 'requested' : 'manual';
}

/** Test hook: the screen as on a fresh page. */
export function resetSignInScreenForTests(): void {
  generation++;
  signOutOnce.clear();
  Object.assign(signInScreen, initialState());
}
