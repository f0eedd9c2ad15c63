// src/auth/popup-warmth.ts: the popup machinery loads only after the session is known, and a popup opens within the
// click whether the machinery is ready, still loading, slow or hanging.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { popupWarmth } from '../../../src/auth/popup-warmth';
import { COLD_LOAD_ATTEMPTS, IDLE_WARM_DELAY_MS } from '../../../src/domain/constants';

interface FakePopup {
  closed: boolean;
  location: { href: string };
  close(): void;
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A window whose `open` records each call and answers a fake popup, or null when popups are refused. */
function fakeWindow({ refuse = false } = {}) {
  const opened: Array<{ url: string; popup: FakePopup | null }> = [];
  const win = {
    open: vi.fn((url?: string | URL) => {
      const popup: FakePopup | null = refuse
        ? null
        : {
            closed: false,
            location: { href: String(url ?? '') },
            close() {
              this.closed = true;
            },
          };
      opened.push({ url: String(url ?? ''), popup });
      return popup as unknown as Window;
    }),
  };
  return { win, opened };
}

/** A popup operation as Firebase runs it: some awaits, then window.open with the provider's address. */
const firebaseLike =
  (win: { open: Window['open'] }, url = 'https://idp.example/auth') =>
  async () => {
    await Promise.resolve();
    const popup = win.open(url, 'random-event-id', 'width=500');
    if (!popup) throw Object.assign(new Error('blocked'), { code: 'auth/popup-blocked' });
    return popup;
  };

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('popupWarmth', () => {
  beforeEach(() => vi.useRealTimers());
  afterEach(() => vi.useRealTimers());

  it('loads nothing until the session is known, then loads once', async () => {
    const session = deferred();
    const load = vi.fn(() => Promise.resolve());
    const { win } = fakeWindow();
    const warmth = popupWarmth({ load, sessionKnown: () => session.promise, window: win });
    warmth.warm('now');
    warmth.warm('idle');
    await flush();
    expect(load).not.toHaveBeenCalled();
    session.resolve();
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(warmth.ready()).toBe(true);
  });

  it('waits IDLE_WARM_DELAY_MS, then for idle time, when the screen shows', async () => {
    vi.useFakeTimers();
    const load = vi.fn(() => Promise.resolve());
    const idle: Array<() => void> = [];
    const { win } = fakeWindow();
    const warmth = popupWarmth({
      load,
      sessionKnown: () => Promise.resolve(),
      window: { ...win, requestIdleCallback: (run: () => void) => (idle.push(run), 1) } as never,
    });
    warmth.warm('idle');
    await vi.advanceTimersByTimeAsync(IDLE_WARM_DELAY_MS - 1);
    expect(idle).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).not.toHaveBeenCalled();
    idle[0]!();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('drops an idle warm-up that has not begun when the screen goes (the e-mail form)', async () => {
    vi.useFakeTimers();
    const load = vi.fn(() => Promise.resolve());
    const { win } = fakeWindow();
    const warmth = popupWarmth({ load, sessionKnown: () => Promise.resolve(), window: win });
    warmth.warm('idle');
    await vi.advanceTimersByTimeAsync(500);
    warmth.cancelIdle();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(load).not.toHaveBeenCalled();
    // A pointer on a popup button still loads it at once.
    warmth.warm('now');
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('skips an idle warm-up that is no longer wanted once the session is known (a returning user on /auth)', async () => {
    vi.useFakeTimers();
    const load = vi.fn(() => Promise.resolve());
    const { win } = fakeWindow();
    let signedIn = true;
    const warmth = popupWarmth({
      load,
      sessionKnown: () => Promise.resolve(),
      idleWanted: () => !signedIn,
      window: win,
    });
    warmth.warm('idle');
    await vi.advanceTimersByTimeAsync(IDLE_WARM_DELAY_MS * 2);
    expect(load).not.toHaveBeenCalled();
    // A later idle request goes ahead once it is wanted.
    signedIn = false;
    warmth.warm('idle');
    await vi.advanceTimersByTimeAsync(IDLE_WARM_DELAY_MS * 2);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('runs the operation at once, with no window of its own, when the machinery is ready', async () => {
    const { win, opened } = fakeWindow();
    const warmth = popupWarmth({ load: () => Promise.resolve(), sessionKnown: () => Promise.resolve(), window: win });
    warmth.warm('now');
    await flush();
    const operation = vi.fn(firebaseLike(win));
    const result = warmth.run(operation);
    // Synchronously: still inside the click.
    expect(operation).toHaveBeenCalledTimes(1);
    await result;
    expect(opened.map((o) => o.url)).toEqual(['https://idp.example/auth']);
  });

  it("opens a window in the click at the provider's placeholder while the machinery loads, then hands it on", async () => {
    const machinery = deferred();
    const { win, opened } = fakeWindow();
    const warmth = popupWarmth({
      load: () => machinery.promise,
      sessionKnown: () => Promise.resolve(),
      placeholderUrl: () => 'https://idp.example/helper',
      window: win,
    });
    const operation = firebaseLike(win);
    const result = warmth.run(operation);
    // In the click: one window, on the provider's origin (never about:blank, which WebKit would cut off).
    expect(opened).toHaveLength(1);
    expect(opened[0]!.url).toBe('https://idp.example/helper');
    machinery.resolve();
    const popup = (await result) as unknown as FakePopup;
    // The operation's window.open took the blank window: no second window, now at the provider's address.
    expect(opened).toHaveLength(1);
    expect(popup).toBe(opened[0]!.popup);
    expect(popup.location.href).toBe('https://idp.example/auth');
    // window.open is itself again.
    win.open('https://other.example/');
    expect(opened).toHaveLength(2);
  });

  it('gives up a hanging load with the network code and closes the blank window', async () => {
    vi.useFakeTimers();
    const { win, opened } = fakeWindow();
    const warmth = popupWarmth({
      load: () => new Promise(() => undefined),
      sessionKnown: () => Promise.resolve(),
      window: win,
      coldWaitMs: 8_000,
    });
    const operation = vi.fn(firebaseLike(win));
    const result = warmth.run(operation);
    const outcome = result.catch((error: { code?: string }) => error.code);
    await vi.advanceTimersByTimeAsync(7_999);
    expect(opened[0]!.popup!.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('auth/network-request-failed');
    expect(opened[0]!.popup!.closed).toBe(true);
    expect(operation).not.toHaveBeenCalled();
  });

  it('tries a failed load again within the click, and passes the third failure on and closes the window', async () => {
    const failure = Object.assign(new Error('iframe timeout'), { code: 'auth/network-request-failed' });
    const load = vi.fn<() => Promise<void>>().mockRejectedValue(failure);
    const { win, opened } = fakeWindow();
    const warmth = popupWarmth({ load, sessionKnown: () => Promise.resolve(), window: win, online: () => true });
    await expect(warmth.run(firebaseLike(win))).rejects.toBe(failure);
    expect(load).toHaveBeenCalledTimes(COLD_LOAD_ATTEMPTS);
    expect(opened).toHaveLength(1);
    expect(opened[0]!.popup!.closed).toBe(true);
    // The next click starts again.
    load.mockResolvedValue(undefined);
    await expect(warmth.run(firebaseLike(win))).resolves.toBeTruthy();
    expect(load).toHaveBeenCalledTimes(COLD_LOAD_ATTEMPTS + 1);
  });

  it('signs in through the same window when a load fails once and the next one answers', async () => {
    const load = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(Object.assign(new Error('iframe timeout'), { code: 'auth/network-request-failed' }))
      .mockResolvedValue(undefined);
    const { win, opened } = fakeWindow();
    const warmth = popupWarmth({ load, sessionKnown: () => Promise.resolve(), window: win, online: () => true });
    const popup = await warmth.run(firebaseLike(win));
    expect(load).toHaveBeenCalledTimes(2);
    expect(opened).toHaveLength(1);
    expect(popup).toBe(opened[0]!.popup);
    expect(opened[0]!.popup!.location.href).toBe('https://idp.example/auth');
    expect(opened[0]!.popup!.closed).toBe(false);
  });

  it('passes an offline failure on at once, without trying again', async () => {
    const load = vi.fn(() =>
      Promise.reject(Object.assign(new Error('offline'), { code: 'auth/network-request-failed' })),
    );
    const { win, opened } = fakeWindow();
    const warmth = popupWarmth({ load, sessionKnown: () => Promise.resolve(), window: win, online: () => false });
    await expect(warmth.run(firebaseLike(win))).rejects.toMatchObject({ code: 'auth/network-request-failed' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(opened[0]!.popup!.closed).toBe(true);
  });

  it('says the popup was blocked when the browser refuses even the blank window, and starts loading', async () => {
    const load = vi.fn(() => Promise.resolve());
    const { win } = fakeWindow({ refuse: true });
    const warmth = popupWarmth({ load, sessionKnown: () => Promise.resolve(), window: win });
    const operation = vi.fn(firebaseLike(win));
    await expect(warmth.run(operation)).rejects.toMatchObject({ code: 'auth/popup-blocked' });
    expect(operation).not.toHaveBeenCalled();
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says the popup was closed when the user closed the blank window while it waited', async () => {
    const machinery = deferred();
    const { win, opened } = fakeWindow();
    const warmth = popupWarmth({ load: () => machinery.promise, sessionKnown: () => Promise.resolve(), window: win });
    const operation = vi.fn(firebaseLike(win));
    const result = warmth.run(operation);
    opened[0]!.popup!.close();
    machinery.resolve();
    await expect(result).rejects.toMatchObject({ code: 'auth/popup-closed-by-user' });
    expect(operation).not.toHaveBeenCalled();
  });

  it('closes the blank window when the operation fails before it opens one', async () => {
    const { win, opened } = fakeWindow();
    const warmth = popupWarmth({ load: () => Promise.resolve(), sessionKnown: () => Promise.resolve(), window: win });
    const originalOpen = win.open;
    await expect(
      warmth.run(() => Promise.reject(Object.assign(new Error('no'), { code: 'auth/internal-error' }))),
    ).rejects.toMatchObject({ code: 'auth/internal-error' });
    expect(opened[0]!.popup!.closed).toBe(true);
    expect(win.open).toBe(originalOpen);
  });
});
