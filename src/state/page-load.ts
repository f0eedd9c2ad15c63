// What the stores do once when the page loads, in one list that startPortal runs before anything else. No module of
// src/state runs anything as it is imported (tests/unit/state/import-effects.test.ts), so what a page load starts is
// read here; each step may run again without doing anything twice.
import { observeBackendCalls } from './connectivity';
import { clearAuthenticatingOnPageLoad } from './sign-in';
import { registerSignOutResets } from './sign-out-resets';

const PAGE_LOAD: readonly (() => void)[] = [
  // SPEC 4: a page load never continues an earlier sign-in.
  clearAuthenticatingOnPageLoad,
  // What a sign-out forgets: each store's reset, in its own list.
  registerSignOutResets,
  // The offline banner follows the backend's calls: one with no answer shows it, the next answer ends it.
  observeBackendCalls,
  // The signed-in pages' stores have their own list, run as their chunk arrives: signed-in-start.ts.
];

/** Runs the list: startPortal's first step, and a test's that needs the stores wired as on a page. */
export function runPageLoad(): void {
  for (const step of PAGE_LOAD) step();
}
