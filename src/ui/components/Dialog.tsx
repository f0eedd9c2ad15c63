// The one modal dialog of the portal, after the WAI-ARIA dialog (modal) pattern: role dialog, aria-modal, labelled
// by its title, focus moved in and trapped, Escape closes, the rest of the page inert, focus back to the opener.
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import '../styles/dialog.css';
import { message } from '../../messages/catalogue';
import { useLanguage } from '../../state/language';

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
  size?: 'small' | 'medium' | 'large';
  className?: string;
}

/** Elements outside every open dialog that stay live, e.g. the toast region (so announcements still reach readers). */
export const KEEP_LIVE_ATTRIBUTE = 'data-dialog-keep-live';

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
export function focusableWithin(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[inert]') && !el.hidden && el.getAttribute('aria-hidden') !== 'true' && isRendered(el),
  );
}

function isRendered(el: HTMLElement): boolean {
  // Browsers drop display:none and visibility:hidden controls; jsdom (no layout) has no checkVisibility.
  return typeof el.checkVisibility === 'function' ? el.checkVisibility({ visibilityProperty: true }) : true;
}

/** Open dialogs, the newest last: only the top one handles keys and holds focus. */
const stack: HTMLElement[] = [];

/** Marks every child of <body> except `keep` (and the live regions) inert; returns the undo. */
function makeOthersInert(keep: HTMLElement): () => void {
  const changed: HTMLElement[] = [];
  for (const child of Array.from(document.body.children)) {
    if (!(child instanceof HTMLElement) || child === keep || child.hasAttribute(KEEP_LIVE_ATTRIBUTE) || child.inert)
      continue;
    child.inert = true;
    changed.push(child);
  }
  return () => {
    for (const el of changed) el.inert = false;
  };
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
  size = 'medium',
  className,
}: DialogProps) {
  useLanguage();
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const containerRef = useRef<HTMLDivElement | null>(null);
  if (containerRef.current === null && typeof document !== 'undefined') {
    containerRef.current = document.createElement('div');
    containerRef.current.className = 'dialog-root';
  }
  // The latest props, read by the listeners without re-subscribing them.
  const latest = useRef({ onClose, dismissible, returnFocusRef });
  latest.current = { onClose, dismissible, returnFocusRef };

  useLayoutEffect(() => {
    const container = containerRef.current!;
    const dialog = dialogRef.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    document.body.appendChild(container);
    stack.push(dialog);
    const undoInert = makeOthersInert(container);
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const target =
      initialFocusRef?.current ??
      focusableWithin(dialog).find((el) => !el.classList.contains('dialog-close')) ??
      dialog;
    target.focus();

    // Focus that escapes (a click on the page behind, a screen reader moving on) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      if (stack[stack.length - 1] !== dialog) return;
      if (event.target instanceof Node && !dialog.contains(event.target))
        (focusableWithin(dialog)[0] ?? dialog).focus();
    };
    document.addEventListener('focusin', onFocusIn);

    return () => {
      document.removeEventListener('focusin', onFocusIn);
      undoInert();
      document.body.style.overflow = previousOverflow;
      const at = stack.indexOf(dialog);
      if (at >= 0) stack.splice(at, 1);
      container.remove();
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

  useEffect(() => {
    const dialog = dialogRef.current!;
    const onKeyDown = (event: KeyboardEvent) => {
      if (stack[stack.length - 1] !== dialog) return;
      if (event.key === 'Escape') {
        if (!latest.current.dismissible) return;
        event.preventDefault();
        event.stopPropagation();
        latest.current.onClose();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableWithin(dialog);
      if (items.length === 0) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    dialog.addEventListener('keydown', onKeyDown);
    return () => dialog.removeEventListener('keydown', onKeyDown);
  }, []);

  // A click that both starts and ends on the backdrop closes; a drag out of a text field does not.
  const downOnBackdrop = useRef(false);

  const content = (
    <div
      // Presentation: closing by the backdrop is a pointer convenience; keyboard users close with Escape.
      role="presentation"
      className="modal-backdrop dialog-backdrop"
      onMouseDown={(event) => (downOnBackdrop.current = event.target === event.currentTarget)}
      onMouseUp={(event) => {
        if (downOnBackdrop.current && event.target === event.currentTarget && latest.current.dismissible)
          latest.current.onClose();
        downOnBackdrop.current = false;
      }}
    >
      <div
        ref={dialogRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={['modal', 'dialog', `dialog-${size}`, className].filter(Boolean).join(' ')}
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
      </div>
    </div>
  );

  return containerRef.current ? createPortal(content, containerRef.current) : null;
}
