// Google and Apple popups without making the session wait on Google's servers (docs/reliability.md "Popups on phones
// and Safari"). Firebase's popup machinery (apis.google.com's loader, then the auth domain's iframe) loads only where a
// popup is offered, after the session is known and off the critical path. A popup opened while it is still loading
// opens in the click all the same: a blank window now, handed to Firebase once the machinery is ready.
import { COLD_LOAD_ATTEMPTS, COLD_POPUP_WAIT_MS, IDLE_WARM_DELAY_MS } from '../domain/constants';

/** Firebase's own popup size, so the blank window does not jump when the provider's page arrives. */
const POPUP_FEATURES = 'popup=yes,width=500,height=600';
const POPUP_NAME = 'portal-identity-provider';
/** The pause between two loads of the machinery by a click that waits (COLD_LOAD_ATTEMPTS in all). */
const RETRY_DELAY_MS = 250;

/** An error Firebase could have thrown itself: the same `auth/...` codes, so SPEC 8's tables word it. */
const authError = (code: string, text: string) => Object.assign(new Error(text), { code });

export interface PopupWarmthOptions {
  /** Loads the machinery; resolves once a popup can open at once. May be called again after it failed. */
  load(): Promise<unknown>;
  /** Resolves once the session is known: nothing goes to a third party before that. */
  sessionKnown(): Promise<unknown>;
  /**
   * Whether an `idle` warm-up still goes ahead once the session is known. The sign-in choice offers popups only to
   * someone signed out: a returning user's /auth, on its way to the hand-off, loads nothing.
   */
  idleWanted?(): boolean;
  /**
   * Where the window opened in the click waits for the machinery: a page of the identity provider's own origin. Not
   * about:blank: WebKit cuts an about:blank popup off from its opener once it moves to another origin (it inherits the
   * portal's Cross-Origin-Opener-Policy), and the sign-in's answer could then never come back.
   */
  placeholderUrl?(): string;
  /** The window whose `open` the popup goes through (tests pass their own). */
  window?: Pick<Window, 'open'> & Partial<Pick<Window, 'requestIdleCallback'>>;
  /** Whether the browser says it is online (a load that failed offline is not tried again). */
  online?(): boolean;
  coldWaitMs?: number;
}

export interface PopupWarmth {
  /**
   * Starts loading once the session is known: `idle` after IDLE_WARM_DELAY_MS and in idle time (a screen that offers
   * a popup showed); `now` at once (a pointer or the focus reached a popup button).
   */
  warm(when: 'idle' | 'now'): void;
  /** Drops an `idle` warm-up that has not started yet (the screen that asked for it is gone). */
  cancelIdle(): void;
  /** Whether a popup would open with no wait. */
  ready(): boolean;
  /**
   * Runs Firebase's popup `operation` from within the user's click. Ready: at once, with no await before it (Safari
   * allows a popup only within the click). Not ready: opens a window in the click, at the placeholder, and waits for
   * the machinery at most `coldWaitMs` (15 s: Google's loader, then its iframe, each a round trip on a slow network);
   * then the operation's `window.open` takes that window. A wait that runs out closes it and fails with
   * `auth/network-request-failed`; a browser that refuses even that window fails with `auth/popup-blocked`.
   */
  run<T>(operation: () => Promise<T>): Promise<T>;
}

export function popupWarmth(options: PopupWarmthOptions): PopupWarmth {
  const win = options.window ?? window;
  const coldWaitMs = options.coldWaitMs ?? COLD_POPUP_WAIT_MS;
  const online = options.online ?? (() => navigator.onLine !== false);
  let loading: Promise<void> | null = null;
  let isReady = false;
  let idleRequested = false;

  const start = (): Promise<void> => {
    loading ??= options
      .sessionKnown()
      .then(() => options.load())
      .then(
        () => {
          isReady = true;
        },
        (error: unknown) => {
          loading = null; // the next screen or click tries again
          throw error;
        },
      );
    return loading;
  };

  const idle = (run: () => void) => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(run, { timeout: 2_000 });
    else setTimeout(run, 0);
  };

  /**
   * Waits for the machinery at most `coldWaitMs`. A failed load is tried again (COLD_LOAD_ATTEMPTS in all) while time
   * is left and the browser is online: Firebase gives its helper iframe 5 s to answer, and on a slow network the
   * iframe's own loader can take longer than that once. The window opened in the click stays open meanwhile.
   */
  const waitForMachinery = () =>
    new Promise<void>((resolve, reject) => {
      let attempts = 0;
      const finish = (error?: unknown) => {
        clearTimeout(timer);
        attempts = COLD_LOAD_ATTEMPTS; // nothing more runs
        if (error === undefined) resolve();
        else reject(error);
      };
      const timer = setTimeout(
        () => finish(authError('auth/network-request-failed', 'The sign-in service did not answer in time.')),
        coldWaitMs,
      );
      const attempt = () => {
        attempts++;
        start().then(
          () => finish(),
          (error: unknown) => {
            if (attempts >= COLD_LOAD_ATTEMPTS || !online()) finish(error);
            else setTimeout(() => attempts < COLD_LOAD_ATTEMPTS && attempt(), RETRY_DELAY_MS);
          },
        );
      };
      attempt();
    });

  /** The operation's next `window.open` gets `popup` instead of a new window (which no click would allow now). */
  async function inPreparedWindow<T>(popup: Window, operation: () => Promise<T>): Promise<T> {
    const open = win.open;
    let used = false;
    win.open = ((url?: string | URL) => {
      win.open = open;
      used = true;
      if (url) popup.location.href = String(url);
      return popup;
    }) as typeof win.open;
    try {
      return await operation();
    } finally {
      if (!used) {
        win.open = open;
        popup.close();
      }
    }
  }

  return {
    warm(when) {
      if (loading) return;
      const go = () => void start().catch(() => undefined);
      if (when === 'now') return go();
      idleRequested = true;
      void options.sessionKnown().then(() => {
        if (!idleRequested || !(options.idleWanted?.() ?? true)) return;
        setTimeout(() => idle(() => idleRequested && go()), IDLE_WARM_DELAY_MS);
      });
    },
    cancelIdle() {
      idleRequested = false;
    },
    ready: () => isReady,
    run<T>(operation: () => Promise<T>): Promise<T> {
      if (isReady) return operation();
      // Still in the click: the one moment every browser allows a new window.
      const popup = win.open(options.placeholderUrl?.() ?? '', POPUP_NAME, POPUP_FEATURES);
      if (!popup) {
        void start().catch(() => undefined);
        return Promise.reject(authError('auth/popup-blocked', 'The browser refused the popup.'));
      }
      return waitForMachinery().then(
        () => {
          if (popup.closed) throw authError('auth/popup-closed-by-user', 'The popup was closed.');
          return inPreparedWindow(popup, operation);
        },
        (error: unknown) => {
          popup.close();
          throw error;
        },
      );
    },
  };
}
