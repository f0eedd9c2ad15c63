import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_TOASTS, TOAST_DURATION_MS } from '../../../src/domain/constants';
import { clearToasts, dismissToast, pauseToasts, resumeToasts, showToast, toasts } from '../../../src/state/toasts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  clearToasts();
  resumeToasts();
  vi.useRealTimers();
});

const texts = () => toasts.items.map((t) => t.text);

describe('toasts', () => {
  it('shows each kind of SPEC 4', () => {
    for (const kind of ['default', 'info', 'success', 'warning', 'error', 'loading'] as const) {
      clearToasts();
      showToast(kind, `a ${kind}`);
      expect(toasts.items).toEqual([{ id: expect.any(Number), kind, text: `a ${kind}` }]);
    }
  });

  it('never keeps more than MAX_TOASTS: the oldest goes', () => {
    for (let i = 1; i <= MAX_TOASTS + 2; i++) showToast('info', `n${i}`);
    expect(toasts.items).toHaveLength(MAX_TOASTS);
    expect(texts()).toEqual(['n3', 'n4', 'n5']);
  });

  it('shows the same text once, the newer one staying', () => {
    const first = showToast('error', 'Boom');
    const second = showToast('error', 'Boom');
    expect(texts()).toEqual(['Boom']);
    expect(toasts.items[0]!.id).toBe(second);
    expect(second).not.toBe(first);
  });

  it('goes by itself after its time; an error stays longer than a success', () => {
    expect(TOAST_DURATION_MS.error).toBeGreaterThan(TOAST_DURATION_MS.success);
    showToast('success', 'Saved');
    showToast('error', 'Failed');
    vi.advanceTimersByTime(TOAST_DURATION_MS.success - 1);
    expect(texts()).toEqual(['Saved', 'Failed']);
    vi.advanceTimersByTime(1);
    expect(texts()).toEqual(['Failed']);
    vi.advanceTimersByTime(TOAST_DURATION_MS.error - TOAST_DURATION_MS.success - 1);
    expect(texts()).toEqual(['Failed']);
    vi.advanceTimersByTime(1);
    expect(texts()).toEqual([]);
  });

  it('gives each kind its own time', () => {
    for (const kind of ['default', 'info', 'success', 'warning', 'error'] as const) {
      const duration = TOAST_DURATION_MS[kind];
      clearToasts();
      showToast(kind, kind);
      vi.advanceTimersByTime(duration - 1);
      expect(texts(), kind).toEqual([kind]);
      vi.advanceTimersByTime(1);
      expect(texts(), kind).toEqual([]);
    }
  });

  it('keeps a loading toast until it is dismissed', () => {
    const id = showToast('loading', 'Working...');
    vi.advanceTimersByTime(60_000);
    expect(texts()).toEqual(['Working...']);
    dismissToast(id);
    expect(texts()).toEqual([]);
  });

  it('takes a duration, or null to stay', () => {
    showToast('info', 'short', { duration: 1000 });
    showToast('info', 'forever', { duration: null });
    vi.advanceTimersByTime(1000);
    expect(texts()).toEqual(['forever']);
  });

  it('dismisses by id', () => {
    const a = showToast('info', 'a');
    showToast('info', 'b');
    dismissToast(a);
    expect(texts()).toEqual(['b']);
  });

  it('pauses while being read and resumes with the time that was left', () => {
    vi.setSystemTime(0);
    showToast('success', 'Saved');
    vi.advanceTimersByTime(3000);
    pauseToasts();
    vi.advanceTimersByTime(60_000);
    expect(texts()).toEqual(['Saved']);
    resumeToasts();
    vi.advanceTimersByTime(1999);
    expect(texts()).toEqual(['Saved']);
    vi.advanceTimersByTime(1);
    expect(texts()).toEqual([]);
  });

  it('is no longer paused once the last toast goes', () => {
    showToast('info', 'a', { duration: null });
    pauseToasts();
    clearToasts();
    expect(toasts.paused).toBe(false);
    showToast('info', 'b');
    vi.advanceTimersByTime(5000);
    expect(texts()).toEqual([]);
  });
});
