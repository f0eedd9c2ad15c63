// The sign-in screen (/auth): its mode, the attempt in flight, its messages, and the isAuthenticating and authProvider flags of SPEC 3-4.
// The e-mail forms' steps and submits are in email-sign-in.ts, with the views' chunk (src/chunks/auth-views.ts).
import * as auth from '../auth/firebase';
import type { AuthProviderId } from '../auth/firebase';
import { authErrorCode, popupUnsupported, signInErrors, type AuthErrorTable } from '../auth/errors';
import { bridge } from '@home-design/portal-bridge';
import { message } from '../messages/catalogue';
import { isSignedIn, signOutClearingDesktopData } from './session';
import { setAuthenticating } from './authenticating';
import { browserOffer, openInSystemBrowser, offerBrowserInHosts } from './browser-offer';
import { failureText } from './errors';
import { noteSignInHere, signInFailed, signInLeaving } from './handoff';
import { createStore, idle, singleFlight, type Action } from './resource';
import { LOCAL_KEYS, localStore } from './storage';
import { showToast } from './toasts';

export type SignInMode = 'choice' | 'signIn' | 'createAccount' | 'reset' | 'resetSent';
export type PopupProvider = 'google' | 'apple';
type Attempt = PopupProvider | 'email' | 'reset';

const initialState = () => ({
  /** The screen's one record: its attempt in flight (a second is refused meanwhile), its failure (SPEC 8) as an alert. */
  ...idle(),
  /** Which attempt the record is about: the busy button while pending. */
  attempt: null as Attempt | null,
  /** The form shown: a step of the screen, not an action's status. */
  mode: 'choice' as SignInMode,
  /** A neutral or happy message: logged out, reset link sent (success), or the reset's neutral answer (info). */
  notice: null as { kind: 'success' | 'info'; text: string } | null,
  /** The address typed so far, carried between the e-mail form and the reset form. */
  email: '',
  /** The identity step succeeded; the app is now redirecting (isAuthenticating stays set). */
  succeeded: false,
  /** The closable "Setting up your account..." overlay. */
  overlayOpen: false,
  ...browserOffer(),
});

/** Reset whenever the screen is entered or left, so a late answer cannot touch a screen that moved on. */
const store = createStore(initialState);

export const signInScreen = store.state;

/** Runs `action` as the screen's one attempt (the store's `act`), for the e-mail forms (email-sign-in.ts). */
export function actOnScreen<T>(action: Action<T>): Promise<boolean> {
  return store.act(signInScreen, action);
}

function reset(keepNotice = false): void {
  const notice = signInScreen.notice;
  store.reset();
  if (keepNotice) signInScreen.notice = notice;
  signInScreen.offerBrowser = bridge.isEmbedded();
}

/** SPEC 4: a page load never continues an earlier sign-in. Start-up runs it once, first (page-load.ts). */
export function clearAuthenticatingOnPageLoad(): void {
  setAuthenticating(false);
}

/** The route was entered: start from the provider choice, keeping a notice the route guard just set. */
export function enterSignInScreen(): void {
  reset(true);
  offerBrowserInHosts(signInScreen, store.guard());
}

/** SPEC 4: leaving the screen clears isAuthenticating, unless it is the redirect after a successful sign-in. */
export function leaveSignInScreen(): void {
  if (!signInScreen.succeeded && !isSignedIn()) setAuthenticating(false);
  reset();
}

/** An attempt is in flight: the screen's buttons are busy, and another is refused. */
export const pending = () => signInScreen.status === 'pending';

/**
 * The e-mail form is busy from its submit, and after its sign-in succeeded for as long as someone is signed in: the
 * hand-off or the account follows, so the button does not come back between. A sign-out that leaves the screen as it
 * was (a host's `logout`) gives the form back for the next person.
 */
export const emailFormBusy = () =>
  signInScreen.attempt === 'email' && (pending() || (signInScreen.succeeded && isSignedIn()));

/** Clears the screen's error, notice and system-browser outcome, as a new step or attempt starts. */
export function clearMessages(): void {
  signInScreen.error = null;
  signInScreen.notice = null;
  signInScreen.browserOutcome = null;
}

export function showProviderChoice(): void {
  if (pending()) return;
  clearMessages();
  signInScreen.mode = 'choice';
  signInScreen.offerBrowser = bridge.isEmbedded();
}

export function showEmailForm(mode: 'signIn' | 'createAccount' = 'signIn'): void {
  if (pending()) return;
  clearMessages();
  signInScreen.mode = mode;
}

/** The forms' code did not arrive (src/ui/auth/views-chunk.ts): the provider choice stays, saying why. */
export function showFormsUnavailable(text: string): void {
  signInScreen.mode = 'choice';
  clearMessages();
  signInScreen.error = text;
}

/** Closing the overlay gives up waiting (SPEC 4 clears isAuthenticating); the redirect itself is not stopped. */
export function closeOverlay(): void {
  signInScreen.overlayOpen = false;
  setAuthenticating(false);
}

/**
 * One attempt of the screen through the store's `act`: the buttons busy meanwhile, a second attempt refused, and
 * isAuthenticating set (SPEC 4) until it fails. The session and the provider are marked on success whatever the screen
 * did meanwhile; the screen itself changes only while it is still the one the attempt started on.
 */
export function attempt(
  kind: PopupProvider | 'email',
  signIn: () => Promise<AuthProviderId>,
  errors: AuthErrorTable,
): Promise<boolean> {
  if (pending()) return Promise.resolve(false);
  clearMessages();
  signInScreen.attempt = kind;
  setAuthenticating(true);
  signInLeaving(kind === 'email' ? 'email' : 'popup');
  return store.act(signInScreen, {
    call: async () => {
      try {
        const provider = await signIn();
        // The hand-off learns it was a sign-in here (a host then expects the token); its flow starts where the
        // session changes (startup.ts).
        noteSignInHere();
        localStore.set(LOCAL_KEYS.authProvider, provider);
      } catch (error) {
        setAuthenticating(false);
        signInFailed();
        throw error;
      }
    },
    succeeded: () => {
      signInScreen.succeeded = true;
      signInScreen.overlayOpen = true;
    },
    failed: (error) => {
      if (kind !== 'email' && popupUnsupported(authErrorCode(error))) signInScreen.offerBrowser = true;
      return failureText(error, { auth: errors });
    },
  });
}

/** Google and Apple get ready while the choice shows (`idle`), or as a pointer or the focus reaches one (`now`). */
export function preparePopups(when: 'idle' | 'now'): void {
  auth.warmPopups(when);
}

/** The choice is gone before its idle warm-up began (the e-mail form): e-mail users never load the popups' code. */
export function stopPreparingPopups(): void {
  auth.cancelIdlePopupWarming();
}

/** Google or Apple in a popup (SPEC 7). A popup that cannot open here offers the system browser instead. */
export async function signInWithProvider(provider: PopupProvider): Promise<void> {
  await attempt(
    provider,
    async () => {
      if (provider === 'google') await auth.signInWithGoogle();
      else await auth.signInWithApple();
      return provider === 'google' ? 'google.com' : 'apple.com';
    },
    signInErrors[provider],
  );
}

const signOutOnce = singleFlight(signOutClearingDesktopData);

/**
 * SPEC 2 ?action=logout, run by the route guard: outside `act`, since its result is the guard's, not the screen's. Signs out, clears the desktop-app auth data and the redirect
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
      showToast('error', failureText(error, { auth: signInErrors.logout }));
      return 'failed' as const;
    },
  );
}

/**
 * Asks the host app to open `url` (this /auth page with its query) in the system browser. Without a host
 * the page shows the address to open by hand.
 */
export function continueInBrowser(url: string): void {
  signInScreen.browserOutcome = openInSystemBrowser(url);
}
