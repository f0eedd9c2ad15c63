// The backend's purchase reference (PayPal's `custom_id`, issue #50) as the portal holds it, and when it is too late to
// hand it to PayPal. Pure rules; src/state/purchase-reference.ts fetches and renews it.
import { REFERENCE_MARGIN_MS } from './constants';

export interface PurchaseReference {
  /** The signed reference, 1 to 127 characters, as PayPal takes a `custom_id`. */
  reference: string;
  /** Until when PayPal may create an order or subscription with it (ISO 8601, the backend's clock). */
  expiresAt: string;
}

/**
 * Whether `ref` may still be given to PayPal at `now`: more than a minute left. A modal left open past the expiry
 * would otherwise create a payment that names nobody, which the backend refunds.
 */
export function referenceUsable(ref: PurchaseReference, now: number): boolean {
  return Date.parse(ref.expiresAt) - now > REFERENCE_MARGIN_MS;
}
