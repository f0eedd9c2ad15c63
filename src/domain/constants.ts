// Business constants of SPEC 9.
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
// The mobile layout breakpoint (768 px) lives where layout does: `@media (max-width: 767px)` in the stylesheets
// (tests/unit/ui/breakpoint.test.ts).

/** A token handed to a host or the desktop has at least this long left; a shorter-lived ID token is refreshed first. */
export const TOKEN_MIN_VALIDITY_MS = 300_000;
