// The one modal dialog of the portal: a native <dialog> opened with showModal(), so the browser puts it on top and makes
// the rest of the page inert. Kept by hand: where focus starts, Tab wrapping (browsers let Tab leave the page for their
// own toolbar), Escape only when dismissible, focus back to the opener, the live regions kept readable and on top.
// A dialog that hosts PayPal's buttons opens with `modal={false}`: PayPal's checkout puts its own overlay ("Don't see
// the secure PayPal browser? Click to Continue") into <body> after the click, and under a showModal() dialog that
// overlay would be inert and beneath the backdrop (paypal/paypal-js#528). Such a dialog makes the page's children
// inert as it opens instead, so what PayPal adds later stays on top and usable.
import { useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { message } from '../../messages/catalogue';
import { useLanguage } from '../../state/language';
import { KEEP_LIVE_ATTRIBUTE } from './keep-live';

export interface DialogProps {
  /** The accessible name and visible heading. */
  title: ReactNode;
  /** Called on Escape, the close button and a click on the backdrop (when `dismissible`). */
  onClose: () => void;
  children: ReactNode;
  /** A short text under the title, referenced by aria-describedby. */
  description?: ReactNode;
  /** What gets focus when the dialog opens; else the first focusable control, else the dialog itself. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Where focus goes on close when the opener is gone (e.g. it was removed); else the opener. */
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** False while something must finish (e.g. a payment): no Escape, no close button, no backdrop click. */
  dismissible?: boolean;
  /** alertdialog for confirmations that interrupt (e.g. "Are you sure?"). */
  role?: 'dialog' | 'alertdialog';
  className?: string;
  /** False for a dialog that hosts PayPal's buttons (see the top of this file): show() over an inert page. */
  modal?: boolean;
}

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The focusable, visible elements inside `root`, in tab order. */
function focusableWithin(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[inert]') && !el.hidden && el.getAttribute('aria-hidden') !== 'true' && isRendered(el),
  );
}

function isRendered(el: HTMLElement): boolean {
  // Browsers drop display:none and visibility:hidden controls; jsdom (no layout) has no checkVisibility.
  return typeof el.checkVisibility === 'function' ? el.checkVisibility({ visibilityProperty: true }) : true;
}

/** Marks every child of <body> but `keep` and the live regions inert; returns the undo. */
function inertOthers(keep: HTMLElement): () => void {
  const changed: HTMLElement[] = [];
  for (const child of document.body.children) {
    if (!(child instanceof HTMLElement) || child === keep || child.hasAttribute(KEEP_LIVE_ATTRIBUTE) || child.inert)
      continue;
    child.inert = true;
    changed.push(child);
  }
  return () => {
    for (const el of changed) el.inert = false;
  };
}

/** Open dialogs, the newest last: only the top one handles keys and holds the live regions. */
const stack: HTMLDialogElement[] = [];

/** Puts the live regions in the top dialog, or back in <body> once none is open. */
function placeLiveRegions(): void {
  const home = stack[stack.length - 1] ?? document.body;
  for (const el of document.querySelectorAll(`[${KEEP_LIVE_ATTRIBUTE}]`)) {
    if (el.parentElement === home) continue;
    home.append(el);
    // A moved element starts its CSS animations over: a toast already shown must not fade in again (half transparent,
    // it would fail its contrast for the length of the fade).
    for (const animation of el.getAnimations?.({ subtree: true }) ?? []) animation.finish();
  }
}

export function Dialog({
  title,
  onClose,
  children,
  description,
  initialFocusRef,
  returnFocusRef,
  dismissible = true,
  role = 'dialog',
  className,
  modal = true,
}: DialogProps) {
  useLanguage();
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  // The latest props, read by the listeners without re-subscribing them.
  const latest = useRef({ onClose, dismissible, returnFocusRef });
  latest.current = { onClose, dismissible, returnFocusRef };

  useLayoutEffect(() => {
    const dialog = dialogRef.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const undoInert = modal ? null : inertOthers(dialog);
    if (modal) dialog.showModal();
    else dialog.show();
    stack.push(dialog);
    (
      initialFocusRef?.current ??
      focusableWithin(dialog).find((el) => !el.classList.contains('dialog-close')) ??
      dialog
    ).focus();
    placeLiveRegions();

    const close = () => {
      if (latest.current.dismissible) latest.current.onClose();
    };
    // On the document, so that Escape is ours even when focus fell to <body> (a focused button became disabled).
    const onKeyDown = (event: KeyboardEvent) => {
      if (stack[stack.length - 1] !== dialog) return;
      if (event.key === 'Escape') {
        // Never the browser's: a second Escape would close even a dialog that refused the first (its `cancel`).
        event.preventDefault();
        close();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableWithin(dialog);
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (!first || !last) {
        event.preventDefault();
        dialog.focus();
      } else if (event.shiftKey && (active === first || active === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    // A close request that is no key press (a back gesture): refused, and passed on as onClose when dismissible. A
    // repeated one may not be refusable: the browser closes the dialog, which then opens again if it must stay.
    const onCancel = (event: Event) => {
      event.preventDefault();
      close();
      if (!event.cancelable && !latest.current.dismissible)
        setTimeout(() => {
          if (dialog.open || !dialog.isConnected) return;
          if (modal) dialog.showModal();
          else dialog.show();
        });
    };
    // A click that both starts and ends on the backdrop (outside the box) closes; a drag out of a text field does not.
    // Beside a modeless dialog the click lands on the inert page, so <body> or <html> is its target.
    let downOnBackdrop = false;
    const onMouse = (event: MouseEvent) => {
      if (stack[stack.length - 1] !== dialog) return;
      const box = dialog.getBoundingClientRect();
      const { target } = event;
      const outside =
        (target === dialog || target === document.body || target === document.documentElement) &&
        (event.clientX < box.left ||
          event.clientX > box.right ||
          event.clientY < box.top ||
          event.clientY > box.bottom);
      // Beside a modeless dialog, a press on the inert page would take focus out to <body>: it stays in the dialog.
      if (event.type === 'mousedown' && target !== dialog && outside) event.preventDefault();
      if (event.type === 'mouseup' && downOnBackdrop && outside) close();
      downOnBackdrop = event.type === 'mousedown' && outside;
    };
    document.addEventListener('keydown', onKeyDown);
    dialog.addEventListener('cancel', onCancel);
    document.addEventListener('mousedown', onMouse);
    document.addEventListener('mouseup', onMouse);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      dialog.removeEventListener('cancel', onCancel);
      document.removeEventListener('mousedown', onMouse);
      document.removeEventListener('mouseup', onMouse);
      const at = stack.indexOf(dialog);
      if (at >= 0) stack.splice(at, 1);
      // Out before React removes the dialog with them.
      placeLiveRegions();
      dialog.close();
      undoInert?.();
      document.body.style.overflow = previousOverflow;
      const back = opener && opener.isConnected ? opener : (latest.current.returnFocusRef?.current ?? null);
      back?.focus();
      // The opener may be re-enabled in the same commit that closes the dialog: try again once it has been.
      if (back && document.activeElement !== back) {
        setTimeout(() => {
          const lost = document.activeElement === null || document.activeElement === document.body;
          if (lost && back.isConnected) back.focus();
        }, 0);
      }
    };
    // Runs once per opening: the dialog is mounted to open and unmounted to close.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return createPortal(
    <dialog
      ref={dialogRef}
      role={role === 'alertdialog' ? role : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      tabIndex={-1}
      className={['modal', 'dialog', className].filter(Boolean).join(' ')}
    >
      <div className="dialog-header">
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        {dismissible && (
          <button
            type="button"
            className="dialog-close"
            aria-label={message('close')}
            onClick={() => latest.current.onClose()}
          >
            <span aria-hidden="true">{message('closeGlyph')}</span>
          </button>
        )}
      </div>
      {description && (
        <p id={descriptionId} className="dialog-description">
          {description}
        </p>
      )}
      <div className="dialog-body">{children}</div>
    </dialog>,
    document.body,
  );
}
