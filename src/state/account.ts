// My Account actions: the username edit (SPEC 4, 5) and the account deletion flow (SPEC 4, 5, 7, 9).
import { deleteUser } from '../api/account';
import { updateUsername } from '../api/cloud-save';
import type { ApiContext } from '../api/client';
import { LOGOUT_AFTER_DELETION_MS } from '../domain/constants';
import { displayUsername, USERNAME_MAX_LENGTH, usernameProblem, usernameSuffix } from '../domain/username';
import { message, plural } from '../messages/catalogue';
import { apiContext } from './api-context';
import { failureText } from './errors';
import { keptUnity, player } from './player';
import { createStore, idle } from './resource';
import { signOut } from './session';
import { showToast } from './toasts';

const store = createStore(() => ({
  /** The save's record; `editing` is the form's own state, not the action's. */
  username: { ...idle(), editing: false },
  /** The DELETE's record; `confirming` is the dialog's own state, not the action's (status 'succeeded': deleted). */
  deletion: { ...idle(), confirming: false },
}));

export const account = store.state;

/** Where the browser goes once the deleted account is signed out. */
const LOGOUT_HREF = '/auth?action=logout';

// ---- Username ----

/** The name to show and edit: the part before '#'. */
export function shownUsername(cloud: { readonly username: string | null } | null): string {
  return cloud?.username ? displayUsername(cloud.username) : '';
}

/** Saves a new username (the '#' suffix is kept); an empty name does nothing (SPEC 5). Returns whether it saved. */
async function saveUsername(name: string): Promise<boolean> {
  const trimmed = name.trim();
  if (!trimmed || !player.unity) return false;
  await updateUsername(await apiContext(), player.unity.playerId, trimmed);
  if (player.cloud) player.cloud.username = trimmed + usernameSuffix(player.cloud.username ?? '');
  return true;
}

export function startUsernameEdit(): void {
  account.username.editing = true;
  account.username.error = null;
}

export function cancelUsernameEdit(): void {
  if (account.username.status === 'pending') return;
  account.username.editing = false;
  account.username.error = null;
}

/**
 * Saves the new name and leaves edit mode. An empty name does nothing (SPEC 5); a '#' (it marks the suffix), control
 * characters or more than USERNAME_MAX_LENGTH characters are refused with a message, without a request.
 */
export async function submitUsername(draft: string): Promise<void> {
  const name = draft.trim();
  if (!name || account.username.status === 'pending') return;
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
  await store.act(account.username, {
    call: () => saveUsername(name),
    succeeded: () => {
      account.username.editing = false;
      showToast('success', message('usernameSaved'));
    },
    failed: (error) =>
      failureText(error, {
        api: (cause) => failed(cause.kind === 'http' ? cause.serverText : message('networkError')),
        decode: failed(message('networkError')),
        portal: (cause) => failed(cause.message),
      }),
  });
}

// ---- Account deletion ----

export function requestDeletion(): void {
  if (account.deletion.confirming || account.deletion.status === 'succeeded') return;
  account.deletion.confirming = true;
  account.deletion.error = null;
}

export function cancelDeletion(): void {
  if (account.deletion.status === 'pending') return;
  account.deletion.confirming = false;
  account.deletion.error = null;
}

export interface DeletionDeps {
  /** Sends the browser to `href` once signed out (the router's navigate, with replace). */
  navigate(href: string): void | Promise<void>;
  /** Overrides the API context (tests). */
  context?: () => Promise<ApiContext>;
  delayMs?: number;
}

// Outside the store: a timer's handle, which a store reset must outlive (the deleted account's 2 s).
let redirectTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * DELETE /users/{playerId}; on success shows the success message, then after 2 seconds signs out and goes to
 * /auth?action=logout. A missing player id or identity token, or a server error, leaves the confirmation open with the error.
 */
export async function confirmDeletion(deps: DeletionDeps): Promise<void> {
  const deletion = account.deletion;
  if (!deletion.confirming || deletion.status === 'pending' || deletion.status === 'succeeded') return;
  // The player loaded for this page, else the Unity auth data kept for this user (never another user's).
  const stored = keptUnity();
  const playerId = stored?.playerId ?? null;
  if (!playerId) {
    deletion.error = message('deletionNoPlayer');
    return;
  }
  let ctx: ApiContext;
  try {
    ctx = await (deps.context ?? apiContext)();
  } catch {
    deletion.error = message('deletionNoToken');
    return;
  }
  if (!ctx.idToken) {
    deletion.error = message('deletionNoToken');
    return;
  }
  if (!ctx.unityToken && stored) ctx = { ...ctx, unityToken: stored.accessToken };
  const deleted = await store.act(deletion, { call: () => deleteUser(ctx, playerId), failed: deletionErrorText });
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
  return failureText(error, {
    api(cause) {
      if (cause.kind === 'http') return cause.serverText;
      if (cause.kind === 'auth') return message('deletionNoPlayer');
      return message(cause.kind === 'network' || cause.kind === 'timeout' ? 'networkError' : 'deletionFailed');
    },
    decode: message('deletionFailed'),
  });
}

/** Back to the start: no edit, no deletion under way (a pending redirect is dropped). */
function resetAccount(): void {
  if (redirectTimer) clearTimeout(redirectTimer);
  redirectTimer = null;
  store.reset();
}

/** A sign-out from elsewhere during the 2 seconds leaves the deleted account's redirect to finish. */
export function resetAccountOnSignOut(): void {
  if (redirectTimer === null) resetAccount();
}
