// The affiliate survey shown once per session to new users (SPEC 2, 5): whether it is open, and its close, which the
// hand-off waits for. Its choice and POST /affiliate/track are in affiliate-survey.ts, with the survey's chunk.
import type { AffiliateId } from '../domain/affiliates';
import { createStore, idle, type Action } from './resource';
import { SESSION_KEYS, sessionStore } from './storage';

const store = createStore(() => ({
  /** The submit's record; its error is "Please select an option" after a submit with nothing chosen. */
  ...idle(),
  open: false,
  selected: null as AffiliateId | null,
}));

export const affiliate = store.state;

/** Runs `action` as the survey's submit (the store's `act`), for affiliate-survey.ts. */
export function actOnSurvey<T>(action: Action<T>): Promise<boolean> {
  return store.act(affiliate, action);
}

// Outside the store: promise resolvers, not state; nothing renders them.
let waiters: Array<() => void> = [];

function settle(): void {
  const pending = waiters;
  waiters = [];
  for (const resolve of pending) resolve();
}

/**
 * Opens the survey unless it was already shown in this session; returns whether it opened.
 * The hand-off awaits `whenAffiliateClosed()` before sending the browser to the desktop app.
 */
export function openAffiliateSurvey(): boolean {
  if (affiliate.open) return true;
  if (sessionStore.flag(SESSION_KEYS.hasShownAffiliateModal)) return false;
  store.reset();
  affiliate.open = true;
  return true;
}

/** Resolves when the survey is dismissed or completed (at once when it is not open). */
export function whenAffiliateClosed(): Promise<void> {
  if (!affiliate.open) return Promise.resolve();
  return new Promise((resolve) => waiters.push(resolve));
}

/** Closes the survey and remembers for this session that it was shown. */
export function dismissAffiliateSurvey(): void {
  if (!affiliate.open) return;
  sessionStore.setFlag(SESSION_KEYS.hasShownAffiliateModal, true);
  affiliate.open = false;
  settle();
}

/** Test hook and sign-out: closed, nothing chosen, waiters released. */
export function resetAffiliate(): void {
  store.reset();
  settle();
}
