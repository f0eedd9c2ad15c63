// The pages' loaders. Each starts its page's loads without awaiting them: the pages show their own loading
// and error states from the stores (SPEC 2, 8), so navigation never waits on the backend. They read only the context.
// A preload (a link's intent, router.ts) loads the page's chunk only: the data loads when the page is reached.
import { redirect } from '@tanstack/react-router';
import type { Platform } from '../domain/platform';
import type { PortalContext } from './context';
import { bool, validateSubscriptionSearch, type RawSearch, type SharedLinkSearch } from './search';

type Loads = Pick<PortalContext, 'loads'>;
interface LoaderArgs {
  context: Loads;
  preload?: boolean;
}

/** My Account: the profile (cloud save), the account type and the payments (read again on each visit). */
export function accountLoader({ context, preload }: LoaderArgs): void {
  if (preload) return;
  void context.loads.loadPlayer();
  void context.loads.loadSubscription();
  void context.loads.loadPayments();
}

/** Render credits: the balance. */
export function creditsLoader({ context, preload }: LoaderArgs): void {
  if (preload) return;
  void context.loads.loadPlayer();
}

/** My Designs: the list. */
export function myDesignsLoader({ context, preload }: LoaderArgs): void {
  if (preload) return;
  void context.loads.loadDesigns();
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
  context: Loads;
  location: { search: RawSearch };
  cause: 'enter' | 'stay' | 'preload';
}): {
  arrival: Promise<boolean>;
} {
  if (cause === 'preload') return { arrival: Promise.resolve(false) };
  if (cause !== 'enter') return { arrival: context.loads.loadSubscription().then(() => false) };
  const { success, cancelled } = validateSubscriptionSearch(location.search);
  return {
    arrival: context.loads.arriveAtSubscription({
      success,
      cancelled,
      canMakePayments: bool(location.search.canMakePayments),
    }),
  };
}

export interface ExternalLinkData {
  platform: Platform;
  /** Dev mode's desktop address when it was refused (the page says so); null otherwise. */
  refusedTarget: string | null;
}

/**
 * /external-link (SPEC 2): the visitor's platform, and on the desktop with dev=true dev mode's opening in the desktop app, done here so the
 * page never shows before it leaves. An allowed listener goes on to /return-to-app, replacing this entry (Back must
 * not hand the link off a second time); a refused one comes back as `refusedTarget`. A preload stores nothing.
 */
export async function externalLinkLoader({
  context,
  deps,
  preload,
}: {
  context: Pick<PortalContext, 'sharedLink'>;
  deps: SharedLinkSearch;
  preload: boolean;
}): Promise<ExternalLinkData> {
  const platform = await context.sharedLink.currentPlatform();
  if (preload || platform.kind !== 'desktop' || deps.dev !== true) return { platform, refusedTarget: null };
  const plan = await context.sharedLink.startDevOpen({
    model: deps.model,
    design: deps.design,
    referral: deps.referral,
  });
  if (plan.ok) throw redirect({ to: '/return-to-app', replace: true });
  return { platform, refusedTarget: plan.target };
}
