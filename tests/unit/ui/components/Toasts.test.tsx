// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearToasts, showToast, toasts } from '../../../../src/state/toasts';
import { Dialog } from '../../../../src/ui/components/Dialog';
import { Toasts } from '../../../../src/ui/components/Toasts';

afterEach(async () => act(async () => clearToasts()));

describe('Toasts', () => {
  it('announces errors and warnings as alerts, the other kinds as status', async () => {
    render(<Toasts />);
    await act(async () => {
      showToast('error', 'Payment failed: declined');
      showToast('success', 'Successfully purchased 15 credits!');
      showToast('loading', 'Processing...');
    });
    expect(screen.getByRole('alert').textContent).toContain('Payment failed: declined');
    const statuses = screen.getAllByRole('status').map((el) => el.textContent);
    expect(statuses.some((t) => t?.includes('Successfully purchased 15 credits!'))).toBe(true);
    expect(statuses.some((t) => t?.includes('Processing...'))).toBe(true);
    // A fourth pushes out the oldest (the error): they never stack up.
    await act(async () => void showToast('warning', 'Careful'));
    expect(screen.getByRole('alert').textContent).toContain('Careful');
    expect(screen.getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(3);
  });

  it('dismisses a toast with its button', async () => {
    render(<Toasts />);
    await act(async () => void showToast('info', 'Payment cancelled'));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Payment cancelled')).toBeNull();
    expect(toasts.items).toHaveLength(0);
  });

  it('moves into an open modal dialog, so it stays live, on top and reachable, and back out when it closes', async () => {
    const { rerender } = render(
      <>
        <Toasts />
        <Dialog title="Pay" onClose={() => {}}>
          <button type="button">Pay now</button>
        </Dialog>
      </>,
    );
    await act(async () => void showToast('error', 'Payment failed: declined'));
    const alert = screen.getByRole('alert');
    // Outside the top modal dialog everything is inert (hidden from readers, not clickable) and under its backdrop.
    expect(screen.getByRole('dialog', { name: 'Pay' }).contains(alert)).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<Toasts />);
    await act(async () => void showToast('info', 'Payment cancelled'));
    expect(screen.getByRole('status').closest('dialog')).toBeNull();
  });
});
