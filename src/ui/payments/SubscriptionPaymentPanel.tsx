// The payment panel "Complete Your Subscription" (SPEC 2): PayPal subscription buttons, Cancel, and the fallback
// payment path when PayPal's script cannot load (SPEC 8).
import { useSnapshot } from 'valtio';
import { planTexts, renewalStart } from '../../domain/plan-offers';
import { planById } from '../../domain/plans';
import { message } from '../../messages/catalogue';
import { formatDate, formatPrice } from '../../messages/format';
import { startFallbackPayment } from '../../state/fallback-payment';
import { subscription } from '../../state/subscription';
import {
  closePanel,
  mountSubscriptionButtons,
  planButtons,
  retryPanel,
  subscriptionPage,
} from '../../state/subscription-page';
import { Dialog } from '../components/Dialog';
import { PayPalSlot } from './PayPalSlot';
import { useLanguage } from '../../state/language';

export function SubscriptionPaymentPanel() {
  useLanguage();
  const snap = useSnapshot(subscriptionPage);
  const buttons = useSnapshot(planButtons);
  const current = useSnapshot(subscription).current;
  if (!snap.selected) return null;
  const plan = planTexts(snap.selected);
  const { price } = planById(snap.selected);
  const start = renewalStart(current, Date.now());
  return (
    <Dialog
      title={message('completeSubscriptionTitle')}
      description={message('planPriceLine', {
        plan: message(plan.nameKey),
        price: formatPrice(price),
        period: message(plan.periodKey),
      })}
      onClose={closePanel}
      // PayPal's checkout overlay must stay usable above it (Dialog.tsx).
      modal={false}
    >
      {start && <p>{message('planStartsOn', { date: formatDate(start) ?? start })}</p>}
      {buttons.status === 'failed' ? (
        <>
          <p className="alert alert-error" role="alert">
            {buttons.error}
          </p>
          <div className="fallback-panel">
            <p>{message('paymentProcessorIssues')}</p>
            <div className="dialog-actions">
              <button type="button" className="button secondary" onClick={retryPanel}>
                {message('tryPayPalAgain')}
              </button>
              {PAYMENT_BYPASS && (
                <button type="button" className="button" onClick={() => void startFallbackPayment()}>
                  {message('useFallbackPayment')}
                </button>
              )}
            </div>
          </div>
        </>
      ) : (
        <>
          {snap.panelError && (
            <p className="alert alert-error" role="alert">
              {snap.panelError}
            </p>
          )}
          {buttons.status === 'loading' && (
            <p className="loading-line" role="status">
              <span className="spinner" aria-hidden="true" /> {message('loadingPaymentOptions')}
            </p>
          )}
          <PayPalSlot key={snap.attempt} mount={mountSubscriptionButtons} label={message('paypalButtonsLabel')} />
        </>
      )}
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={closePanel}>
          {message('cancel')}
        </button>
      </div>
    </Dialog>
  );
}
