// The portal's constants: SPEC 9's business constants, then its own timings and limits, each group with its reason.
// The app imports them from here, and the tests read the same exports instead of repeating a number.

// ---- Business constants of SPEC 9.
export const SESSION_CHECK_INTERVAL_MS = 300_000;
export const SUBSCRIPTION_CACHE_MS = 5_000;
export const RELOAD_AFTER_PURCHASE_MS = 5_000;
export const FALLBACK_ACTIVATION_DELAY_MS = 2_000;
export const LOGOUT_AFTER_DELETION_MS = 2_000;
export const RETRY_LIMIT = 2;
export const PAYMENT_BUTTON_DELAY_MS = 500;
export const SLIDER_STEP = 5;
export const QR_SIZE_PX = 180;
export const PASSWORD_MIN_LENGTH = 6;
/** An account younger than this gets the welcome survey after sign-in (SPEC 4). */
export const NEW_ACCOUNT_WINDOW_MS = 30_000;
// The mobile layout breakpoint (768 px) lives where layout does: `@media (max-width: 767px)` in the stylesheets
// (tests/unit/ui/breakpoint.test.ts).

// ---- The hand-off and shared links: how long the portal waits on the apps.
/** A token handed to a host or the desktop has at least this long left; a shorter-lived ID token is refreshed first. */
export const TOKEN_MIN_VALIDITY_MS = 300_000;
/**
 * How long the page may still be here after it sent the browser to {target}/login. A desktop app that answers 204, or
 * a navigation the browser blocks, leaves the page where it was: the hand-off is then over, as after SPEC 4's plain
 * redirect (the target is used, the user stays signed in), instead of "Redirecting..." staying up for ever.
 */
export const DESKTOP_LEAVE_MS = 5_000;
/** How long a shared link waits for the mobile app to take over before it says the app did not open. */
export const APP_OPEN_WAIT_MS = 2_500;

// ---- Sign-in: the identity service and its popups (docs/reliability.md "Popups on phones and Safari").
/** How long "Loading..." waits for the identity service before offering a way out (a stuck IndexedDB never answers). */
export const AUTH_SLOW_MS = 10_000;
/** How long a click waits for popup machinery still loading before it gives up with the network message (SPEC 8). */
export const COLD_POPUP_WAIT_MS = 15_000;
/** How often a click that waits loads the popup machinery before it passes the failure on. */
export const COLD_LOAD_ATTEMPTS = 3;
/**
 * How long a screen that offers popups shows before its machinery loads in idle time: someone who goes on to the
 * e-mail form meanwhile never loads it, so it cannot compete with their sign-in on a slow phone.
 */
export const IDLE_WARM_DELAY_MS = 2_000;

// ---- Payments (issue #50).
/**
 * A purchase reference (PayPal's `custom_id`) is given to PayPal only while more than this is left of it: PayPal
 * stamps the order when the buyer clicks, and the backend checks that stamp, on its own clock, against the expiry.
 */
export const REFERENCE_MARGIN_MS = 60_000;

// ---- Toasts (SPEC 4's kinds; SPEC 9 leaves their defaults to the portal): a short queue, each kind its time.
/** At most this many toasts show at once; the oldest goes. */
export const MAX_TOASTS = 3;
/** How long a toast of each kind stays by itself; a loading toast stays until it is dismissed. */
export const TOAST_DURATION_MS = {
  default: 5_000,
  info: 5_000,
  success: 5_000,
  warning: 7_000,
  error: 8_000,
  loading: null,
} as const satisfies Record<string, number | null>;

// ---- Limits on what the browser keeps and what it tells a host.
/** At most this many payments are kept in one browser's ledger (all users and held ones together); oldest go first. */
export const LEDGER_MAX_ENTRIES = 20;
/** A payment kept longer than this (30 days) is forgotten: support has the PayPal id from PayPal's own receipt. */
export const LEDGER_MAX_AGE_MS = 30 * 86_400_000;
/** Longest error text sent to a host webview (bridge `pageError`): enough to tell one failure from another in a log. */
export const PAGE_ERROR_TEXT_CHARS = 200;
