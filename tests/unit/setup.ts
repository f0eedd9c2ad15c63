import { cleanup } from '@testing-library/react';
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

afterEach(() => {
  cleanup();
  // Files that run in the node environment (`@vitest-environment node`, the backend's) have no Web Storage.
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
});
