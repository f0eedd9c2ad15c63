// The signed-in pages' loaders. Each starts its page's loads without awaiting them: the pages show their own loading
// and error states from the stores (SPEC 2, 8), so navigation never waits on the backend. They read only the context.
import type { PortalContext } from './context';
import { bool, validateSubscriptionSearch, type RawSearch } from './search';

type Loads = Pick<PortalContext, 'loadPlayer' | 'loadSubscription' | 'loadDesigns' | 'arriveAtSubscription'>;

/** My Account: the profile (cloud save) and the account type. */
export function accountLoader({ context }: { context: Pick<Loads, 'loadPlayer' | 'loadSubscription'> }): void {
  void context.loadPlayer();
  void context.loadSubscription();
}

/** Render credits: the balance. */
export function creditsLoader({ context }: { context: Pick<Loads, 'loadPlayer'> }): void {
  void context.loadPlayer();
}

/** My Designs: the list. */
export function myDesignsLoader({ context }: { context: Pick<Loads, 'loadDesigns'> }): void {
  void context.loadDesigns();
}

/**
 * /subscription reads its query on arrival only (cause 'enter', SPEC 2): the page clearing it afterwards is a stay,
 * which must not drop the banner. `arrival` resolves true when the page should go back to a bare /subscription.
 */
export function subscriptionLoader({
  context,
  location,
  cause,
}: {
  context: Pick<Loads, 'arriveAtSubscription' | 'loadSubscription'>;
  location: { search: RawSearch };
  cause: 'enter' | 'stay' | 'preload';
}): { arrival: Promise<boolean> } {
  if (cause !== 'enter') return { arrival: context.loadSubscription().then(() => false) };
  const { success, cancelled } = validateSubscriptionSearch(location.search);
  return { arrival: context.arriveAtSubscription({ success, cancelled, canMakePayments: bool(location.search.canMakePayments) }) };
}
