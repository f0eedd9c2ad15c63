import { afterEach, vi } from 'vitest';

/**
 * How long a test waits for what it awaits (Testing Library's findBy and waitFor, vi.waitFor): both wait 1 s by
 * default, a wall-clock bet that npm test loses beside the engines' journeys, where a test of a pure function once took
 * over 5 s (2026-11-29). Within the test's own 15 s budget (tests/vitest.config.ts), which stays the limit.
 */
const WAIT_MS = 10_000;
const waitFor = vi.waitFor.bind(vi);
vi.waitFor = ((callback, options) =>
  waitFor(callback, typeof options === 'number' ? options : { timeout: WAIT_MS, ...options })) as typeof vi.waitFor;

// jsdom has <dialog> without showModal(), show() and close(): as much of them as the components' logic needs (open, and the
// close event a task later). What browsers add (the top layer, the inert page, Tab) is proven in e2e and the engines.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.show = function show(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    setTimeout(() => this.dispatchEvent(new Event('close')), 0);
  };
}

// Files that run in Node (pure rules, the harness, the build) skip the DOM's cleanup and never load React for it.
if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: WAIT_MS });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
  });
}
