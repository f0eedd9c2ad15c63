// PayPal's failures read as SPEC 8 words them once PayPal's chunk has handed paypal-errors.ts's wording to failureText
// (src/chunks/paypal.ts); the entry's failureText, which carries none of those texts, gives its catch-all until then.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const modules = async () => ({
  errors: await import('../../../src/state/errors'),
  paypal: await import('../../../src/domain/paypal-error'),
});

describe("PayPal's failure texts (paypal-errors.ts)", () => {
  beforeEach(() => vi.resetModules());

  it("are not known to failureText before PayPal's chunk has handed them over", async () => {
    const { errors, paypal } = await modules();
    expect(errors.failureText(new paypal.PayPalError('load', 'script error'))).toBe(
      'An error occurred. Please try again later.',
    );
    expect(errors.failureText(new Error('Card declined'), { paypal: 'paymentFailed' })).toBe(
      'An error occurred. Please try again later.',
    );
  });

  it('give each PayPal failure its text, and PayPal\'s own words after "Payment failed:", or "Unknown error"', async () => {
    const { errors, paypal } = await modules();
    errors.wordFailures((await import('../../../src/state/paypal-errors')).paypalWording);
    const { failureText } = errors;
    expect(failureText(new paypal.PayPalError('load', 'script error'))).toBe(
      'Failed to load PayPal. Please refresh the page.',
    );
    expect(failureText(new paypal.PayPalError('config', 'no client id'))).toBe(
      'PayPal configuration is missing. Please contact support.',
    );
    expect(failureText(new paypal.PayPalError('unavailable', 'no Buttons'))).toBe(
      'PayPal is not available. Please refresh the page and try again.',
    );
    expect(failureText(new paypal.PayPalError('render', 'render failed'))).toBe(
      'Failed to load PayPal buttons. Please try again.',
    );
    expect(failureText(new Error('Card declined'), { paypal: 'paymentFailed' })).toBe('Payment failed: Card declined');
    expect(failureText({}, { paypal: 'paymentFailed' })).toBe('Payment failed: Unknown error');
    // A PortalError keeps its own text, and an error PayPal did not raise goes on to the caller's wording.
    expect(failureText(new errors.PortalError('No player'))).toBe('No player');
    expect(failureText(new Error('other'), 'purchaseFailed')).toBe(
      'Failed to complete purchase. Please contact support.',
    );
  });
});
