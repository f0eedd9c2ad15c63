// @vitest-environment jsdom
// Idle work (state/when-idle.ts): after the load event, once the first page has rendered and painted, in idle time.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
});
afterEach(() => vi.useRealTimers());

describe('whenIdle', () => {
  it('waits for the first page: the load event and idle time alone are not enough', async () => {
    const { whenIdle, firstPageRendered } = await import('../../../src/state/when-idle');
    const run = vi.fn();
    whenIdle(run);
    expect(document.readyState).toBe('complete');
    await vi.runAllTimersAsync();
    expect(run).not.toHaveBeenCalled();
    firstPageRendered();
    await vi.runAllTimersAsync();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs at once in idle time when asked after the first page', async () => {
    const { whenIdle, firstPageRendered } = await import('../../../src/state/when-idle');
    firstPageRendered();
    await vi.runAllTimersAsync();
    const run = vi.fn();
    whenIdle(run);
    expect(run).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(run).toHaveBeenCalledTimes(1);
  });
});
