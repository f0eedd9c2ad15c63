// Work that can wait for the page: after the load event and the next paint, when the browser is idle.

/**
 * Runs `run` once the page has loaded, a frame has painted since, and the browser is idle: Safari has no
 * requestIdleCallback, so a second after. The paint first: the load event comes before the portal's first render,
 * and work started then competes with the page the user is waiting for (docs/performance.md). Callers start it once
 * their page has rendered (routes/prefetch.ts, views-chunk.ts).
 */
export function whenIdle(run: () => void): void {
  const idle = () =>
    afterNextPaint(() =>
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(run, { timeout: 5_000 })
        : window.setTimeout(run, 1_000),
    );
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** Runs `run` in a task of its own after the next paint (a frame, then a task). Returns what cancels it. */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(run)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
