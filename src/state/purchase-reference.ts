// The backend's purchase reference for PayPal's `custom_id` (issue #50, departure 29): fetched as the credits modal or
// the plan panel opens, while the buttons are not shown yet, so it costs the buyer no wait. Only the credits and
// subscription flows import this.
import { fetchPurchaseReference } from '../api/payments';
import { apiContext } from './api-context';

/** Starts fetching the reference naming `playerId` for `product` (a pack id or a paid plan); never an unhandled rejection. */
export function requestReference(playerId: string, product: string): Promise<string> {
  const reference = apiContext().then((ctx) => fetchPurchaseReference(ctx, playerId, product));
  reference.catch(() => undefined);
  return reference;
}
