// The sign-in screen's forms travel in a chunk of their own (src/chunks/auth-forms.ts): /auth first shows the provider
// choice, and its first load carries only that. The forms arrive while the choice shows and the browser is idle, at
// once when a pointer or the focus reaches "Continue with Email", and in any case before the form opens: the button
// waits for them. Their code that cannot arrive leaves the choice on screen with why (docs/reliability.md).
import { useEffect, useState } from 'react';
import { ChunkMissingError, ChunkOfflineError } from '../../domain/chunk-failure';
import { message } from '../../messages/catalogue';
import { loadChunk, pageArrived, reloadForMissingChunk } from '../../state/chunk-loading';
import { authResolved, isSignedIn } from '../../state/session';
import { showEmailForm, showFormsUnavailable } from '../../state/sign-in';
import { whenIdle } from '../../state/when-idle';

type AuthForms = typeof import('../../chunks/auth-forms');

// Outside a store: the chunk's module once here, and its load on the way; nothing renders the promise.
let forms: AuthForms | null = null;
let loading: Promise<AuthForms> | null = null;

/** Loads the forms' chunk once; a load that failed is tried again by the next call. */
export function loadAuthForms(): Promise<AuthForms> {
  loading ??= loadChunk(() => import('../../chunks/auth-forms')).then(
    (module) => {
      forms = module;
      // A reload for a missing file (below) brought the new release: a later one may reload once more.
      pageArrived();
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Offline: the network message. Gone after a release: one reload into the new one, else the error screen's words. */
function unavailable(error: unknown): void {
  if (error instanceof ChunkMissingError && reloadForMissingChunk()) return;
  showFormsUnavailable(message(error instanceof ChunkOfflineError ? 'networkError' : 'errorScreenText'));
}

/** While the choice shows: once the session is known and nobody is signed in, the forms arrive in idle time. */
export function prefetchAuthForms(): () => void {
  let wanted = true;
  void authResolved().then(() =>
    whenIdle(() => {
      if (wanted && !isSignedIn()) loadAuthForms().catch(() => undefined);
    }),
  );
  return () => {
    wanted = false;
  };
}

/** "Continue with Email": the form opens once its code is here. */
export async function openEmailForm(): Promise<void> {
  try {
    await loadAuthForms();
  } catch (error) {
    unavailable(error);
    return;
  }
  showEmailForm('signIn');
}

/** The forms, when a view that needs them shows: here at once when loaded, else loaded, or the choice says why. */
export function useAuthForms(wanted: boolean): AuthForms | null {
  const [, arrived] = useState(0);
  useEffect(() => {
    if (!wanted || forms) return;
    let live = true;
    loadAuthForms().then(
      () => live && arrived((n) => n + 1),
      (error: unknown) => live && unavailable(error),
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return wanted ? forms : null;
}
