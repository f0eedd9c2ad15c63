// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '../../../../src/ui/components/Dialog';
import { KEEP_LIVE_ATTRIBUTE } from '../../../../src/ui/components/keep-live';

afterEach(() => vi.restoreAllMocks());

function Harness({
  onClose,
  dismissible = true,
  withInitial = false,
  modal,
}: {
  onClose?: () => void;
  dismissible?: boolean;
  withInitial?: boolean;
  modal?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    onClose?.();
    setOpen(false);
  };
  return (
    <div>
      <button type="button" onClick={() => setOpen(true)}>
        Open it
      </button>
      <button type="button">Behind</button>
      {open && (
        <Dialog
          title="Delete everything"
          description="This cannot be undone."
          onClose={close}
          dismissible={dismissible}
          initialFocusRef={withInitial ? cancelRef : undefined}
          modal={modal}
        >
          <label>
            Reason <input />
          </label>
          <div className="dialog-actions">
            <button type="button" ref={cancelRef} onClick={close}>
              Cancel
            </button>
            <button type="button">Confirm</button>
          </div>
        </Dialog>
      )}
    </div>
  );
}

/** A dialog that opens a second one over itself. */
function Nested({ onCloseInner }: { onCloseInner: () => void }) {
  const [inner, setInner] = useState(false);
  return (
    <Dialog title="Outer" onClose={() => {}}>
      <button type="button" onClick={() => setInner(true)}>
        More
      </button>
      {inner && (
        <Dialog
          title="Inner"
          onClose={() => {
            onCloseInner();
            setInner(false);
          }}
        >
          <button type="button">Inner action</button>
        </Dialog>
      )}
    </Dialog>
  );
}

const cancelEvent = () => new Event('cancel', { cancelable: true });

describe('Dialog', () => {
  it('is a native dialog opened with showModal, named by its title and described by its description', async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open it' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete everything' });
    expect(dialog).toBeInstanceOf(HTMLDialogElement);
    expect(showModal.mock.contexts).toEqual([dialog]);
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('dialog', { description: 'This cannot be undone.' })).toBe(dialog);
  });

  it('keeps the alertdialog role when asked for', () => {
    render(
      <Dialog title="Unlink Google?" role="alertdialog" onClose={() => {}}>
        <button type="button">Cancel</button>
      </Dialog>,
    );
    expect(screen.getByRole('alertdialog', { name: 'Unlink Google?' })).toBeInstanceOf(HTMLDialogElement);
  });

  it('moves focus to the first control, or to the one asked for', async () => {
    const { unmount } = render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open it' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Reason' }));
    unmount();
    render(<Harness withInitial />);
    await userEvent.click(screen.getByRole('button', { name: 'Open it' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('focuses the dialog itself when it has no control but its close button', () => {
    render(
      <Dialog title="Setting up your account" onClose={() => {}}>
        <p>Please wait</p>
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Setting up your account' }));
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open it' }));
    const input = screen.getByRole('textbox', { name: 'Reason' });
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Confirm' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(input);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Confirm' }));
  });

  it('closes on Escape, takes the key from the browser, and gives focus back to the opener', async () => {
    const onClose = vi.fn();
    const close = vi.spyOn(HTMLDialogElement.prototype, 'close');
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open it' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog');
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    act(() => void screen.getByRole('textbox', { name: 'Reason' }).dispatchEvent(escape));
    expect(escape.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(close.mock.contexts).toEqual([dialog]);
    expect(document.activeElement).toBe(opener);
  });

  it('closes with its close button', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open it' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays open on Escape when not dismissible, has no close button, and refuses the browser both keys', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} dismissible={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open it' }));
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    // Focus may have fallen to <body> (a focused button became disabled): Escape is still the dialog's.
    act(() => void document.body.dispatchEvent(escape));
    expect(escape.defaultPrevented).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it("refuses the browser's own close request (cancel) and passes it on as onClose only when dismissible", async () => {
    const onClose = vi.fn();
    const { unmount } = render(<Harness onClose={onClose} dismissible={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open it' }));
    const refused = cancelEvent();
    act(() => void screen.getByRole('dialog').dispatchEvent(refused));
    expect(refused.defaultPrevented).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
    unmount();

    render(<Harness onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open it' }));
    const passed = cancelEvent();
    act(() => void screen.getByRole('dialog').dispatchEvent(passed));
    expect(passed.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens again when the browser will not let a repeated close request be refused', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} dismissible={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open it' }));
    const dialog = screen.getByRole('dialog') as HTMLDialogElement;
    // What Chromium does on a second back gesture: a cancel that cannot be cancelled, then the close.
    await act(async () => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: false }));
      dialog.close();
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(dialog.open).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on a click that starts and ends on the backdrop, not on one inside or a drag out of a field', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open it' }));
    const dialog = screen.getByRole('dialog');
    vi.spyOn(dialog, 'getBoundingClientRect').mockReturnValue(new DOMRect(100, 100, 400, 300));
    // Inside the box, on the dialog's own padding: stays.
    fireEvent.mouseDown(dialog, { clientX: 150, clientY: 150 });
    fireEvent.mouseUp(dialog, { clientX: 150, clientY: 150 });
    // From the text field out onto the backdrop: stays.
    fireEvent.mouseDown(screen.getByRole('textbox', { name: 'Reason' }), { clientX: 200, clientY: 200 });
    fireEvent.mouseUp(dialog, { clientX: 20, clientY: 20 });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.mouseDown(dialog, { clientX: 20, clientY: 20 });
    fireEvent.mouseUp(dialog, { clientX: 20, clientY: 20 });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('modal={false} (PayPal): the page made inert as it opens, what comes later stays usable, all undone on close', async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    const show = vi.spyOn(HTMLDialogElement.prototype, 'show');
    const onClose = vi.fn();
    const { container } = render(<Harness modal={false} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open it' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete everything' }) as HTMLDialogElement;
    expect(show.mock.contexts).toEqual([dialog]);
    expect(showModal).not.toHaveBeenCalled();
    expect(container.inert).toBe(true);
    // What PayPal puts into <body> after the click ("Click to Continue") is not made inert.
    const overlay = document.createElement('div');
    document.body.append(overlay);
    expect(overlay.inert).toBeFalsy();
    // A click on the page beside the dialog lands on <body>: it closes, as one on the backdrop does.
    vi.spyOn(dialog, 'getBoundingClientRect').mockReturnValue(new DOMRect(100, 100, 400, 300));
    fireEvent.mouseDown(document.body, { clientX: 20, clientY: 20 });
    fireEvent.mouseUp(document.body, { clientX: 20, clientY: 20 });
    expect(onClose).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(container.inert).toBeFalsy();
    overlay.remove();
  });

  it('moves the live regions into the top dialog while open, and back out when it closes', async () => {
    const live = document.createElement('div');
    live.setAttribute(KEEP_LIVE_ATTRIBUTE, '');
    document.body.append(live);
    const onCloseInner = vi.fn();
    const { unmount } = render(<Nested onCloseInner={onCloseInner} />);
    const outer = screen.getByRole('dialog', { name: 'Outer' });
    expect(live.parentElement).toBe(outer);
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    const inner = screen.getByRole('dialog', { name: 'Inner' });
    expect(live.parentElement).toBe(inner);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inner action' }));
    // Escape closes the top dialog only, and focus goes back to what opened it.
    await userEvent.keyboard('{Escape}');
    expect(onCloseInner).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog', { name: 'Inner' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBe(outer);
    expect(live.parentElement).toBe(outer);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'More' }));
    unmount();
    expect(live.parentElement).toBe(document.body);
    live.remove();
  });

  it('locks the page scroll while open', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open it' }));
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('');
  });
});
