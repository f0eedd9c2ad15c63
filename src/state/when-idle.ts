// Work that can wait for the page: after the load event, when the browser is idle.

/** Runs `run` once the page has loaded and the browser is idle: Safari has no requestIdleCallback, so a second after. */
export function whenIdle(run: () => void): void {
  const idle = () =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(run, { timeout: 5_000 })
      : window.setTimeout(run, 1_000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
