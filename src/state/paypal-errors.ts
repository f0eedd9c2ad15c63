// How PayPal's own failures read (SPEC 8). PayPal's chunk hands this wording to failureText as it arrives
// (src/chunks/paypal.ts), before PayPal's loader or buttons can fail, and no other file carries these texts: neither
// the entry, which pays for nothing, nor the signed-in pages before someone opens a payment.
import { PayPalError, paypalSaid } from '../domain/paypal-error';
import { message, type MessageCode } from '../messages/catalogue';
import type { FailureWording } from './errors';

const PAYPAL_TEXTS: Record<PayPalError['reason'], MessageCode> = {
  config: 'paypalConfigMissing',
  load: 'paypalLoadFailed',
  unavailable: 'paypalUnavailable',
  render: 'paypalButtonsFailed',
};

/** A PayPalError's text, or with `paypal` in the wording, PayPal's own words in that text; null for anything else. */
export const paypalWording: FailureWording = (error, how) => {
  if (error instanceof PayPalError) return message(PAYPAL_TEXTS[error.reason] ?? how.fallback ?? 'paypalButtonsFailed');
  if (how.paypal) return message(how.paypal, { message: paypalSaid(error) ?? message('unknownError') });
  return null;
};
