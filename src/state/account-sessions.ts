// My Account's "Where you're signed in", "Sign out everywhere" and "Download your data" (issue 51). Only My Account's
// page tree imports it, so it rides in that page's chunk; for the same reason it hooks its reset to the sign-out on
// first use rather than in sign-out-resets.ts, which the session (and so /auth) imports.
import { bridge } from '@home-design/portal-bridge';
import { fetchExport, fetchSessions, signOutEverywhere, type SignedInSession } from '../api/account-data';
import { ApiError } from '../api/client';
import { accountErrors } from '../auth/account-errors';
import { authErrorCode, signInErrors } from '../auth/errors';
import * as reauth from '../auth/reauth';
import { config } from '../config/config';
import { exportFileName } from '../domain/account-export';
import { isRecentSignIn, RECENT_SIGN_IN_REQUIRED } from '../domain/revocation';
import { describeUserAgent, type ClientKind } from '../domain/user-agent';
import { message, type MessageCode } from '../messages/catalogue';
import { formatDate } from '../messages/format';
import { providerName } from './sign-in-method-names';
import { apiContext } from './api-context';
import { failureText, PortalError } from './errors';
import { requirePlayer } from './required-player';
import { createResource, createStore, idle } from './resource';
import { endRevokedSession, onSignedOut, session } from './session';

/** How a recent sign-in is asked for: the password, or the Google or Apple popup. */
export type Reauth = 'password' | 'google.com' | 'apple.com';
type SensitiveAction = 'revoke' | 'download';

const list = createResource({
  initial: () => ({ sessions: [] as SignedInSession[], loaded: false }),
  // Read again on each visit: another device may have signed in meanwhile.
  fresh: () => false,
  load: async () => {
    await requirePlayer();
    // Inside an app's webview the bridge knows it, where the user agent may look like a browser's.
    return { sessions: await fetchSessions(await apiContext(), bridge.isEmbedded()), loaded: true };
  },
  errorText: (error) => failureText(error, 'sessionsFailed'),
});

export const signedInSessions = list.state;

const store = createStore(() => ({
  /** The open dialog: the action it confirms and how it asks for a recent sign-in (null: the sign-in is recent). */
  dialog: null as { action: SensitiveAction; reauth: Reauth | null } | null,
  revoke: idle(),
  download: idle(),
}));

export const accountData = store.state;

/** Back to the start: a sign-out forgets the list, the dialog and what the last actions said. */
function resetAccountData(): void {
  list.reset();
  store.reset();
}

// Outside a store: whether the reset is hooked to the sign-out yet (once per page).
let resetHooked = false;

/** The section is shown: hooks the reset to the sign-out (once) and reads the list again. */
export function enterSessionsSection(): void {
  if (!resetHooked) {
    resetHooked = true;
    onSignedOut(resetAccountData);
  }
  void list.load({ force: true });
}

export function loadSessions(): Promise<unknown> {
  return list.load({ force: true });
}

// ---- Labels ----

const KIND_TEXT: Record<ClientKind, MessageCode> = {
  browser: 'sessionKindBrowser',
  desktop: 'sessionKindDesktop',
  mobile: 'sessionKindMobile',
  webview: 'sessionKindWebview',
};

/** "Safari on iPhone", or what is known of the two, or "Unknown device". */
function deviceLabel(userAgent: string): string {
  const { browser, system } = describeUserAgent(userAgent);
  if (browser && system) return message('sessionBrowserOnSystem', { browser, system });
  return browser ?? system ?? message('sessionUnknownDevice');
}

export interface SessionRow {
  id: string;
  device: string;
  kind: string;
  signedIn: string;
  lastActive: string;
  /** ISO times, for <time dateTime>. */
  signedInAt: string;
  lastActiveAt: string;
  current: boolean;
}

/** The rows to show: this device first, then the most recently active. */
export function sessionRows(sessions: readonly SignedInSession[]): SessionRow[] {
  return [...sessions]
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt))
    .map((s) => ({
      id: s.id,
      device: deviceLabel(s.userAgent),
      kind: message(KIND_TEXT[s.kind]),
      signedIn: message('sessionSignedIn', { date: formatDate(s.signedInAt, 'medium') ?? '' }),
      lastActive: message('sessionLastActive', { date: formatDate(s.lastActiveAt, 'medium') ?? '' }),
      signedInAt: s.signedInAt,
      lastActiveAt: s.lastActiveAt,
      current: s.current,
    }));
}

// ---- A recent sign-in ----

/** The account's way to sign in again: its password when it has one, else Google, else Apple. */
function reauthMethod(providerIds: readonly string[]): Reauth {
  if (providerIds.includes('password')) return 'password';
  if (providerIds.includes('google.com')) return 'google.com';
  if (providerIds.includes('apple.com')) return 'apple.com';
  return 'password';
}

/** Null when the current sign-in is recent enough, else how to ask for a new one. */
async function reauthNeeded(now = Date.now()): Promise<Reauth | null> {
  const at = await reauth.signInTime();
  if (at !== null && isRecentSignIn(at, now)) return null;
  return reauthMethod(session.user?.providerIds ?? []);
}

/** What the dialog says when it asks for a recent sign-in. */
export function reauthText(how: Reauth): string {
  return how === 'password'
    ? message('confirmIdentityPassword')
    : message('confirmIdentityProvider', { provider: providerName(how) });
}

async function signInAgain(how: Reauth | null, password: string): Promise<void> {
  if (how === null) return;
  if (how === 'password') {
    if (!password) throw new PortalError(message('currentPasswordRequired'));
    await reauth.reauthenticateWithPassword(password);
  } else await reauth.reauthenticateWithProvider(how);
}

/**
 * The text of a failed sensitive action. The backend still found the sign-in too old (a clock apart): the dialog now
 * asks for a new one. A failed sign-in says why in SPEC 8's words; anything else is the action's own text, and nothing
 * changed.
 */
function failure(action: SensitiveAction, how: Reauth | null, fallback: MessageCode) {
  return (error: unknown): string => {
    if (error instanceof ApiError && error.code === RECENT_SIGN_IN_REQUIRED) {
      const asked = how ?? reauthMethod(session.user?.providerIds ?? []);
      accountData.dialog = { action, reauth: asked };
      return reauthText(asked);
    }
    if (authErrorCode(error).startsWith('auth/'))
      return failureText(error, {
        auth:
          how === 'google.com'
            ? signInErrors.google
            : how === 'apple.com'
              ? signInErrors.apple
              : accountErrors.reauthenticate,
      });
    if (error instanceof PortalError) return error.message;
    return message(fallback);
  };
}

/** Closes the dialog, unless its action is running. */
export function closeDialog(): void {
  const open = accountData.dialog;
  if (!open || accountData[open.action].status === 'pending') return;
  accountData.dialog = null;
  accountData[open.action].error = null;
}

// ---- Sign out everywhere ----

/** Opens the confirmation; it asks for a recent sign-in when the current one is older than five minutes. */
export async function openSignOutEverywhere(now = Date.now()): Promise<void> {
  if (accountData.dialog || accountData.revoke.status === 'pending') return;
  const how = await reauthNeeded(now);
  accountData.revoke.error = null;
  accountData.dialog = { action: 'revoke', reauth: how };
}

/**
 * Signs in again if asked, revokes every session at the backend, then signs this browser out as Sign Out does (every
 * tab, the host's `logout`). A second click while it runs does nothing; a failure changes nothing and says so.
 */
export async function confirmSignOutEverywhere(password = ''): Promise<boolean> {
  const open = accountData.dialog;
  if (open?.action !== 'revoke') return false;
  return store.act(accountData.revoke, {
    call: async () => {
      await signInAgain(open.reauth, password);
      await signOutEverywhere(await apiContext());
    },
    succeeded: async () => {
      accountData.dialog = null;
      await endRevokedSession();
    },
    failed: failure('revoke', open.reauth, 'signOutEverywhereFailed'),
  });
}

// ---- Download your data ----

/** Saves a file in the browser (the page's download); the component passes it. */
export type SaveFile = (name: string, text: string) => void;

function download(save: SaveFile, how: Reauth | null, password: string): Promise<boolean> {
  return store.act(accountData.download, {
    call: async () => {
      await signInAgain(how, password);
      await requirePlayer();
      return fetchExport(await apiContext());
    },
    succeeded: (exported) => {
      accountData.dialog = null;
      save(exportFileName(config.productName, new Date(exported.generatedAt)), JSON.stringify(exported.file, null, 2));
    },
    failed: failure('download', how, 'downloadDataFailed'),
  });
}

/** "Download your data": at once after a recent sign-in, else through the dialog that asks for one. */
export async function requestDownload(save: SaveFile, now = Date.now()): Promise<boolean> {
  if (accountData.dialog || accountData.download.status === 'pending') return false;
  accountData.download.error = null;
  const how = await reauthNeeded(now);
  if (how) {
    accountData.dialog = { action: 'download', reauth: how };
    return false;
  }
  return download(save, null, '');
}

export function confirmDownload(save: SaveFile, password = ''): Promise<boolean> {
  const open = accountData.dialog;
  if (open?.action !== 'download') return Promise.resolve(false);
  return download(save, open.reauth, password);
}
