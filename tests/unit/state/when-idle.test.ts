// @vitest-environment jsdom
// Idle work (state/when-idle.ts): after the load event, then a paint, then in idle time.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from '../../../src/state/when-idle';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('whenIdle', () => {
  it('waits for a paint after the load, then for idle time: never in the task that asked', async () => {
    expect(document.readyState).toBe('complete');
    const frame = vi.spyOn(window, 'requestAnimationFrame');
    const run = vi.fn();
    whenIdle(run);
    expect(frame).toHaveBeenCalledTimes(1);
    expect(run).not.toHaveBeenCalled();
    // The frame has painted (jsdom paints at 60 Hz); idle time has not come yet.
    await vi.advanceTimersByTimeAsync(20);
    expect(frame).toHaveBeenCalledTimes(1);
    expect(run).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(run).toHaveBeenCalledTimes(1);
  });
});
