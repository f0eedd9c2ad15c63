// The payment panel "Complete Your Subscription" (SPEC 2): PayPal subscription buttons, Cancel, and the fallback
// payment path when PayPal's script cannot load (SPEC 8).
import { useSnapshot } from 'valtio';
import { formatPrice, planById } from '../../domain/plans';
import { message } from '../../messages/catalogue';
import { closePanel, mountSubscriptionButtons, retryPanel, startFallbackPayment, subscriptionPage } from '../../state/subscription-page';
import { Dialog } from '../components/Dialog';
import { PayPalSlot } from './PayPalSlot';

export function SubscriptionPaymentPanel() {
  const snap = useSnapshot(subscriptionPage);
  if (!snap.selected) return null;
  const plan = planById(snap.selected);
  return (
    <Dialog title="Complete Your Subscription" description={`${plan.name}: ${formatPrice(plan.price)} ${plan.period}`} onClose={closePanel}>
      {snap.panel === 'failed' ? (
        <>
          <p className="alert alert-error" role="alert">
            {snap.panelError}
          </p>
          <div className="fallback-panel">
            <p>{message('paymentProcessorIssues')}</p>
            <div className="dialog-actions">
              <button type="button" className="button secondary" onClick={retryPanel}>
                Try PayPal Again
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
          {snap.panel === 'loading' && (
            <p className="loading-line" role="status">
              <span className="spinner" aria-hidden="true" /> Loading payment options...
            </p>
          )}
          <PayPalSlot key={snap.attempt} mount={mountSubscriptionButtons} label="PayPal" />
        </>
      )}
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={closePanel}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
