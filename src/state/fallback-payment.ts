// The plan panel's fallback payment path (SPEC 2, 8): when PayPal cannot load, staging and development builds with the
// payment-bypass flag activate the chosen plan without PayPal, as a change of the subscription page.
import { FALLBACK_ACTIVATION_DELAY_MS } from '../domain/constants';
import { manualSubscriptionId } from '../domain/plan-offers';
import { message } from '../messages/catalogue';
import { isAuthOrPlayerFailure } from './payment-errors';
import { activateManually } from './subscription';
import { change, closePanel, refreshThenReload, subscriptionPage } from './subscription-page';

/**
 * After 2 s, POST /subscription/direct with a manual id. PAYMENT_BYPASS is a build-time constant, so a production bundle
 * holds no manual activation at all.
 */
export const startFallbackPayment: () => Promise<void> = PAYMENT_BYPASS ? activateWithoutPayPal : async () => undefined;

async function activateWithoutPayPal(): Promise<void> {
  const plan = subscriptionPage.selected;
  if (!plan) return;
  closePanel();
  await change(
    'activatingSubscription',
    async () => {
      await new Promise((resolve) => setTimeout(resolve, FALLBACK_ACTIVATION_DELAY_MS));
      const result = await activateManually(plan, manualSubscriptionId(Date.now()));
      if (!result.success) throw new Error('manual activation refused');
    },
    {
      success: 'subscriptionActivatedBanner',
      after: refreshThenReload,
      failure: (error) => (isAuthOrPlayerFailure(error) ? message('authenticationFailed') : message('activateFailed')),
    },
  );
}
