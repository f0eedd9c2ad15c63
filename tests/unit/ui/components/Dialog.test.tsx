import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from '../../../../src/ui/components/Dialog';

function Harness({
  onClose,
  dismissible = true,
  withInitial = false,
}: {
  onClose?: () => void;
  dismissible?: boolean;
  withInitial?: boolean;
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

describe('Dialog', () => {
  it('is a modal dialog named by its title and described by its description', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open it' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete everything' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('dialog', { description: 'This cannot be undone.' })).toBe(dialog);
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
  });

  it('makes the page behind inert while open', async () => {
    const { container } = render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open it' }));
    expect(container.inert).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(container.inert).toBe(false);
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open it' });
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes with its close button', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open it' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('stays open on Escape when not dismissible, and has no close button', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} dismissible={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open it' }));
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});
