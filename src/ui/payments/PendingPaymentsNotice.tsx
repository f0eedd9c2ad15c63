// The signed-in layout's word on kept PayPal payments (docs/reliability.md "Reliability"): recording, or Try Again.
// The recording itself starts from the signed-in pages' start-up list (state/signed-in-start.ts), not from here.
import { useSnapshot } from 'valtio';
import { message } from '../../messages/catalogue';
import { finishPendingPayments, pendingPayments } from '../../state/pending-payments';
import { useLanguage } from '../../state/language';

export function PendingPaymentsNotice() {
  useLanguage();
  const snap = useSnapshot(pendingPayments);
  return (
    <div role="status" className="pending-payments">
      {snap.working ? (
        <p className="alert alert-info page-banner loading-line">
          <span className="spinner" aria-hidden="true" />{' '}
          {message(snap.working === 'credits' ? 'finishingPurchase' : 'finishingSubscription')}
        </p>
      ) : (
        snap.kept > 0 && (
          <div className="alert alert-warning page-banner pending-payments-kept">
            <p>{message('paymentKept')}</p>
            <button type="button" className="button secondary" onClick={() => void finishPendingPayments()}>
              {message('paymentKeptTryAgain')}
            </button>
          </div>
        )
      )}
    </div>
  );
}
