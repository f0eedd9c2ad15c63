// Work that can wait for the page: after the load event, once the first page has painted, when the browser is idle.

// Whether the first page has painted: a latch of this page's life that no component shows, so not in a store.
let pageShown = false;
/** What waits for the first page's paint. */
const waitingForPage: Array<() => void> = [];

/**
 * The first page has rendered (app.tsx, once the router's first navigation has resolved): idle work may start after
 * its next paint. Until then the browser's idle time is not the page's: the load event comes before the portal's first
 * render, and a chunk fetched then competes with the page the user is waiting for (docs/performance.md).
 */
export function firstPageRendered(): void {
  afterNextPaint(() => {
    pageShown = true;
    for (const run of waitingForPage.splice(0)) run();
  });
}

const firstPageShown = () => new Promise<void>((resolve) => (pageShown ? resolve() : waitingForPage.push(resolve)));

const loaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });

/**
 * Runs `run` once the page has loaded, the first page has painted and the browser is idle: Safari has no
 * requestIdleCallback, so a second after.
 */
export function whenIdle(run: () => void): void {
  const idle = () =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(run, { timeout: 5_000 })
      : window.setTimeout(run, 1_000);
  void Promise.all([loaded(), firstPageShown()]).then(idle);
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
