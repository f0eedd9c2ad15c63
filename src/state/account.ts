// My Account actions: the username edit (SPEC 4, 5) and the account deletion flow (SPEC 4, 5, 7, 9).
import { deleteUser } from '../api/account';
import type { ApiContext } from '../api/client';
import { LOGOUT_AFTER_DELETION_MS } from '../domain/constants';
import { USERNAME_MAX_LENGTH, usernameProblem } from '../domain/profile';
import { message, plural } from '../messages/catalogue';
import { apiContext } from './api-context';
import { errorText } from './errors';
import { keptUnity, saveUsername } from './player';
import { createStore } from './resource';
import { signOut } from './session';
import { showToast } from './toasts';

export type DeletionStep = 'idle' | 'confirming' | 'deleting' | 'deleted';

const store = createStore(() => ({
  username: { editing: false, saving: false, error: null as string | null },
  deletion: { step: 'idle' as DeletionStep, error: null as string | null },
}));

export const account = store.state;

/** Where the browser goes once the deleted account is signed out. */
export const LOGOUT_HREF = '/auth?action=logout';

// ---- Username ----

export function startUsernameEdit(): void {
  account.username.editing = true;
  account.username.error = null;
}

export function cancelUsernameEdit(): void {
  if (account.username.saving) return;
  account.username.editing = false;
  account.username.error = null;
}

/**
 * Saves the new name and leaves edit mode. An empty name does nothing (SPEC 5); a '#' (it marks the suffix), control
 * characters or more than USERNAME_MAX_LENGTH characters are refused with a message, without a request.
 */
export async function submitUsername(draft: string): Promise<void> {
  const name = draft.trim();
  if (!name || account.username.saving) return;
  const problem = usernameProblem(name);
  if (problem) {
    account.username.error =
      problem === 'hash'
        ? message('usernameNoHash')
        : problem === 'tooLong'
          ? plural(USERNAME_MAX_LENGTH, 'usernameTooLong')
          : message('usernameControlCharacters');
    return;
  }
  const failed = (text: string) => message('usernameSaveFailed', { message: text });
  await store.act({
    start: () => {
      account.username.saving = true;
      account.username.error = null;
    },
    call: () => saveUsername(name),
    succeeded: () => {
      account.username.editing = false;
      showToast('success', message('usernameSaved'));
    },
    failed: (error) => {
      account.username.error = errorText(error, {
        api: (cause) => failed(cause.kind === 'http' ? cause.serverText : message('networkError')),
        decode: failed(message('networkError')),
        portal: (cause) => failed(cause.message),
      });
    },
    finish: () => {
      account.username.saving = false;
    },
  });
}

// ---- Account deletion ----

export function requestDeletion(): void {
  if (account.deletion.step !== 'idle') return;
  account.deletion.step = 'confirming';
  account.deletion.error = null;
}

export function cancelDeletion(): void {
  if (account.deletion.step !== 'confirming') return;
  account.deletion.step = 'idle';
  account.deletion.error = null;
}

export interface DeletionDeps {
  /** Sends the browser to `href` once signed out (the router's navigate, with replace). */
  navigate(href: string): void | Promise<void>;
  /** Overrides the API context (tests). */
  context?: () => Promise<ApiContext>;
  delayMs?: number;
}

let redirectTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * DELETE /users/{playerId}; on success shows the success message, then after 2 seconds signs out and goes to
 * /auth?action=logout. A missing player id or identity token, or a server error, leaves the confirmation open with the error.
 */
export async function confirmDeletion(deps: DeletionDeps): Promise<void> {
  if (account.deletion.step !== 'confirming') return;
  // The player loaded for this page, else the Unity auth data kept for this user (never another user's).
  const stored = keptUnity();
  const playerId = stored?.playerId ?? null;
  if (!playerId) {
    account.deletion.error = message('deletionNoPlayer');
    return;
  }
  let ctx: ApiContext;
  try {
    ctx = await (deps.context ?? apiContext)();
  } catch {
    account.deletion.error = message('deletionNoToken');
    return;
  }
  if (!ctx.idToken) {
    account.deletion.error = message('deletionNoToken');
    return;
  }
  if (!ctx.unityToken && stored) ctx = { ...ctx, unityToken: stored.accessToken };
  const deleted = await store.act({
    start: () => {
      account.deletion.step = 'deleting';
      account.deletion.error = null;
    },
    call: () => deleteUser(ctx, playerId),
    succeeded: () => {
      account.deletion.step = 'deleted';
    },
    failed: (error) => {
      account.deletion.step = 'confirming';
      account.deletion.error = deletionErrorText(error);
    },
  });
  if (!deleted) return;
  redirectTimer = setTimeout(() => {
    redirectTimer = null;
    // The account is gone: sign out even if the identity service cannot be reached; the logout page signs out again.
    void signOut()
      .catch(() => undefined)
      .then(() => deps.navigate(LOGOUT_HREF));
  }, deps.delayMs ?? LOGOUT_AFTER_DELETION_MS);
}

/** A failed DELETE /users/{playerId}: the server's own text, or SPEC 8's words for the rest. */
function deletionErrorText(error: unknown): string {
  return errorText(error, {
    api(cause) {
      if (cause.kind === 'http') return cause.serverText;
      if (cause.kind === 'auth') return message('deletionNoPlayer');
      return message(cause.kind === 'network' || cause.kind === 'timeout' ? 'networkError' : 'deletionFailed');
    },
    decode: message('deletionFailed'),
  });
}

/** Back to the start: no edit, no deletion under way (a pending redirect is dropped). */
export function resetAccount(): void {
  if (redirectTimer) clearTimeout(redirectTimer);
  redirectTimer = null;
  store.reset();
}

/** A sign-out from elsewhere during the 2 seconds leaves the deleted account's redirect to finish. */
export function resetAccountOnSignOut(): void {
  if (redirectTimer === null) resetAccount();
}
