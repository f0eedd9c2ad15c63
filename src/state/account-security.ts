// My Account "Sign-in & security": change or add a password, link and unlink Google/Apple, e-mail verification.
import * as auth from '../auth/firebase';
import * as security from '../auth/security';
import type { PortalUser } from '../auth/firebase';
import { accountErrors } from '../auth/account-errors';
import { authErrorCode, authErrorMessage, popupUnsupported } from '../auth/errors';
import { failureText } from './errors';
import {
  canUnlink,
  cooldownSecondsLeft,
  hasPassword,
  passwordFormProblem,
  signInMethodIds,
  VERIFICATION_COOLDOWN_MS,
  type LinkableProvider,
} from '../domain/sign-in-methods';
import { message, type MessageCode } from '../messages/catalogue';
import { PASSWORD_MIN_LENGTH } from '../domain/constants';
import { createStore, idle } from './resource';
import { session } from './session';
import { showToast } from './toasts';
import { browserOffer, openInSystemBrowser, offerBrowserInHosts } from './browser-offer';
import { providerName } from './sign-in-method-names';

type PasswordField = 'current' | 'new' | null;

const initialState = () => ({
  password: {
    ...idle(),
    /** The field the error is about, for aria-invalid and focus. */
    field: null as PasswordField,
    /** Counts failures, so the same error twice still moves focus to its field. */
    failures: 0,
  },
  link: {
    ...idle(),
    /** The provider of the last link attempt (the one linking while pending). */
    provider: null as LinkableProvider | null,
    ...browserOffer(),
  },
  unlink: {
    /** The provider whose "Unlink ...?" confirmation is open. */
    confirming: null as LinkableProvider | null,
    ...idle(),
  },
  /** The send's record, with the badge and what the last send or check said. */
  verification: {
    ...idle(),
    emailVerified: false,
    /** When "Send verification e-mail" may be pressed again (epoch ms), or null. */
    cooldownUntil: null as number | null,
    notice: null as string | null,
    /** The check's record ("I've verified"). */
    check: idle(),
  },
});

const store = createStore(initialState);
export const accountSecurity = store.state;

/** Bumped each time the section is shown, so a host that shows up late only affects the section still shown. */
let entered = 0;

function providerIds(): string[] {
  return session.user?.providerIds ?? [];
}

/** Takes the account as the identity service now has it: the Sign-in Method row and the badge follow. */
function adopt(user: PortalUser | null): void {
  if (user && session.user?.uid === user.uid) session.user = user;
  accountSecurity.verification.emailVerified = security.currentSecurity()?.emailVerified ?? false;
}

/** The section is shown: read the badge, and offer the system browser for linking inside a host webview. */
export function enterSecuritySection(): void {
  const at = ++entered;
  accountSecurity.verification.emailVerified = security.currentSecurity()?.emailVerified ?? false;
  offerBrowserInHosts(accountSecurity.link, () => at === entered);
}

// ---- Password ----

const PROBLEM_TEXT = {
  currentRequired: ['currentPasswordRequired', 'current'],
  newRequired: ['newPasswordRequired', 'new'],
  tooShort: ['weakPassword', 'new'],
} as const satisfies Record<string, readonly [MessageCode, PasswordField]>;

/**
 * Changes the password (reauthenticating with the current one first), or adds one for a Google or Apple account.
 * Resolves true on success, so the form can clear its fields; on failure the fields keep what was typed.
 */
export async function submitPassword(current: string, next: string): Promise<boolean> {
  const state = accountSecurity.password;
  if (state.status === 'pending') return false;
  const adding = !hasPassword(providerIds());
  const problem = passwordFormProblem(adding ? null : current, next);
  if (problem) {
    const [code, field] = PROBLEM_TEXT[problem];
    state.error = message(code, { n: PASSWORD_MIN_LENGTH });
    state.field = field;
    state.failures++;
    return false;
  }
  const table = accountErrors[adding ? 'addPassword' : 'changePassword'];
  state.field = null;
  return store.act(state, {
    call: () => (adding ? security.addPassword(next) : security.changePassword(current, next)),
    succeeded(user) {
      adopt(user);
      showToast('success', message(adding ? 'passwordAdded' : 'passwordChanged'));
    },
    failed(error) {
      const code = authErrorMessage(table, authErrorCode(error));
      state.field = code === 'wrongCredentials' ? 'current' : code === 'weakPassword' ? 'new' : null;
      state.failures++;
      return failureText(error, { auth: table });
    },
  });
}

// ---- Linked methods ----

/** The Link buttons' popups get ready as a pointer or the focus reaches one. */
export function prepareLinkPopups(): void {
  auth.warmPopups('now');
}

/** Links Google or Apple in a popup. A popup that cannot open here offers the system browser instead. */
export async function linkMethod(provider: LinkableProvider): Promise<void> {
  const state = accountSecurity.link;
  if (state.status === 'pending' || providerIds().includes(provider)) return;
  const name = providerName(provider);
  state.provider = provider;
  state.browserOutcome = null;
  await store.act(state, {
    call: () => security.linkProvider(provider),
    succeeded(user) {
      adopt(user);
      showToast('success', message('linkSucceeded', { provider: name }));
    },
    failed(error) {
      if (popupUnsupported(authErrorCode(error))) state.offerBrowser = true;
      return failureText(error, { auth: accountErrors.link, params: { provider: name } });
    },
  });
}

/** Asks the host app to open My Account (`url`) in the system browser; without a host the page shows the address. */
export function continueLinkInBrowser(url: string): void {
  accountSecurity.link.browserOutcome = openInSystemBrowser(url);
}

/** Opens the "Unlink ...?" confirmation, unless that would leave the account without a way to sign in. */
export function requestUnlink(provider: LinkableProvider): void {
  const state = accountSecurity.unlink;
  if (state.status === 'pending' || state.confirming) return;
  if (!canUnlink(providerIds(), provider)) {
    accountSecurity.link.error = message('onlyMethod');
    return;
  }
  state.confirming = provider;
  state.error = null;
}

export function cancelUnlink(): void {
  if (accountSecurity.unlink.status === 'pending') return;
  accountSecurity.unlink.confirming = null;
  accountSecurity.unlink.error = null;
}

/** The names of the methods that stay after unlinking `provider`, for the confirmation ("Email, Apple"). */
export function remainingMethods(provider: string, ids: readonly string[] = providerIds()): string {
  return signInMethodIds(ids)
    .filter((id) => id !== provider)
    .map(providerName)
    .join(message('listSeparator'));
}

export async function confirmUnlink(): Promise<void> {
  const state = accountSecurity.unlink;
  const provider = state.confirming;
  if (!provider || state.status === 'pending') return;
  const name = providerName(provider);
  // Checked again here: the account may have changed since the dialog opened.
  if (!canUnlink(providerIds(), provider)) {
    state.error = message('onlyMethod');
    return;
  }
  await store.act(state, {
    call: () => security.unlinkProvider(provider),
    succeeded(user) {
      adopt(user);
      state.confirming = null;
      showToast('success', message('unlinkSucceeded', { provider: name }));
    },
    failed: (error) => failureText(error, { auth: accountErrors.unlink, params: { provider: name } }),
  });
}

// ---- E-mail verification ----

export function verificationSecondsLeft(now = Date.now()): number {
  return cooldownSecondsLeft(now, accountSecurity.verification.cooldownUntil);
}

/** Sends the verification e-mail, then waits VERIFICATION_COOLDOWN_MS before another may be sent. */
export async function sendVerification(now = Date.now()): Promise<void> {
  const state = accountSecurity.verification;
  if (state.status === 'pending' || verificationSecondsLeft(now) > 0) return;
  state.notice = null;
  state.check.error = null;
  await store.act(state, {
    call: () => security.sendVerificationEmail(),
    succeeded() {
      state.cooldownUntil = now + VERIFICATION_COOLDOWN_MS;
      state.notice = message('verificationSent', { email: session.user?.email ?? '' });
    },
    failed(error) {
      // The service is already refusing: pressing again at once cannot help.
      if (authErrorCode(error) === 'auth/too-many-requests') state.cooldownUntil = now + VERIFICATION_COOLDOWN_MS;
      return failureText(error, { auth: accountErrors.verify });
    },
  });
}

/**
 * Reads the account again, so a link followed in another tab or app flips the badge. `quiet` (on return to the
 * page) says nothing unless the badge changed.
 */
export async function checkVerification(options: { quiet?: boolean } = {}): Promise<void> {
  const state = accountSecurity.verification;
  if (!session.user) return;
  const before = state.emailVerified;
  if (!options.quiet && state.check.status !== 'pending') state.error = null;
  await store.act(state.check, {
    call: () => security.reloadUser(),
    succeeded(user) {
      adopt(user);
      if (state.emailVerified) {
        state.cooldownUntil = null;
        if (!before || !options.quiet) state.notice = message('nowVerified');
        state.error = null;
        state.check.error = null;
      } else if (!options.quiet) {
        state.notice = message('stillNotVerified');
      }
    },
    // On return to the page (quiet), a failed check says nothing.
    failed: (error) => (options.quiet ? null : failureText(error, { auth: accountErrors.verifyCheck })),
  });
}

/** Back to the start (sign-out, tests): nothing pending, no messages, no cooldown. */
export function resetAccountSecurity(): void {
  entered++;
  store.reset();
}
