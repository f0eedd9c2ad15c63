// Why PayPal could not be offered, and what PayPal said: plain values that the error texts (src/state/errors.ts) read
// on every page, kept apart from src/payments/paypal.ts so that reading them never brings PayPal's loader along.

export type PayPalFailure = 'config' | 'load' | 'unavailable' | 'render';

/** Why PayPal could not be offered: missing client id, script not loaded, no window.paypal/Buttons, render failed. */
export class PayPalError extends Error {
  constructor(
    readonly reason: PayPalFailure,
    detail: string,
    override readonly cause?: unknown,
  ) {
    super(detail);
    this.name = 'PayPalError';
  }
}

/** What PayPal said in the error it passed to onError, if anything readable (the caller words the rest). */
export function paypalSaid(error: unknown): string | null {
  const said = error && typeof error === 'object' && 'message' in error ? error.message : null;
  return typeof said === 'string' && said ? said : null;
}
