// The backend's purchase reference for PayPal's `custom_id` (issue #50, departure 29): fetched as the credits modal or
// the plan panel opens, while the buttons are not shown yet, so it costs the buyer no wait; fetched again when PayPal
// asks for the order or subscription and it has expired or is about to. Only the credits and subscription flows
// import this.
import { fetchPurchaseReference } from '../api/payments';
import { referenceUsable, type PurchaseReference } from '../domain/purchase-reference';
import { apiContext } from './api-context';

/** Answers a reference that PayPal may still be given (a fresh one when the held one is about to expire). */
export type ReferenceSource = () => Promise<string>;

/**
 * Starts fetching the reference naming `playerId` for `product` (a pack id or a paid plan), and answers it when asked,
 * fetching another first when it expires within a minute or could not be had. Never an unhandled rejection.
 */
export function requestReference(playerId: string, product: string): ReferenceSource {
  const fetchOne = (): Promise<PurchaseReference> => {
    const fetched = apiContext().then((ctx) => fetchPurchaseReference(ctx, playerId, product));
    fetched.catch(() => undefined);
    return fetched;
  };
  let current = fetchOne();
  return async () => {
    const asked = current;
    const held = await asked.catch(() => null);
    if (held && referenceUsable(held, Date.now())) return held.reference;
    // One renewal for callers that found the same stale reference together.
    if (current === asked) current = fetchOne();
    return (await current).reference;
  };
}
