import { afterEach } from 'vitest';

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
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
  });
}
