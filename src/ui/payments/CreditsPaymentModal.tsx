// The credits payment modal (SPEC 2, 4): the chosen pack, PayPal buttons after 500 ms, processing, errors and a
// retry that re-sends the same captured order.
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { packById } from '../../domain/credit-packs';
import { closePurchase, mountPayButtons, purchase, purchaseButtons, recordPurchase } from '../../state/purchase';
import { Dialog } from '../components/Dialog';
import { PayPalSlot } from './PayPalSlot';
import { message, plural } from '../../messages/catalogue';
import { formatPrice } from '../../messages/format';
import { useLanguage } from '../../state/language';

export function CreditsPaymentModal() {
  useLanguage();
  const snap = useSnapshot(purchase);
  const buttons = useSnapshot(purchaseButtons);
  const pack = snap.packId ? packById(snap.packId) : undefined;
  const statusRef = useRef<HTMLParagraphElement>(null);
  const working = snap.status === 'pending';
  // A capture the backend did not record: Close and Try Again instead of the buttons.
  const kept = snap.status === 'failed' && snap.orderId !== null;

  // PayPal's buttons hide while the payment completes; focus goes to the status so it is not lost.
  useEffect(() => {
    if (working) statusRef.current?.focus();
  }, [working]);

  // No pack chosen, no modal.
  if (!pack) return null;
  return (
    <Dialog
      title={plural(pack.amount, 'purchaseCreditsTitle')}
      description={message('purchaseCreditsDescription', {
        description: plural(pack.amount, 'packDescription'),
        price: formatPrice(pack.price),
        each: formatPrice(pack.pricePerCredit),
      })}
      onClose={closePurchase}
      dismissible={!working}
      // PayPal's checkout overlay must stay usable above it (Dialog.tsx).
      modal={false}
    >
      {snap.error && (
        <p className="alert alert-error" role="alert">
          {snap.error}
        </p>
      )}
      {buttons.status === 'failed' ? (
        <p className="alert alert-error" role="alert">
          {buttons.error}
        </p>
      ) : (
        buttons.status === 'loading' && (
          <p className="loading-line" role="status">
            <span className="spinner" aria-hidden="true" /> {message('loadingPayPal')}
          </p>
        )
      )}
      {working && (
        <p ref={statusRef} className="loading-line" role="status" tabIndex={-1}>
          <span className="spinner" aria-hidden="true" />{' '}
          {message(snap.orderId ? 'addingCredits' : 'completingPayment')}
        </p>
      )}
      {!kept && buttons.status !== 'failed' && (
        <PayPalSlot mount={mountPayButtons} hidden={working} label={message('paypalButtonsLabel')} />
      )}
      <div className="dialog-actions">
        {!working && (
          <button type="button" className="button secondary" onClick={closePurchase}>
            {message(kept ? 'close' : 'cancel')}
          </button>
        )}
        {kept && !snap.refused && (
          <button type="button" className="button" onClick={() => void recordPurchase()}>
            {message('tryAgain')}
          </button>
        )}
      </div>
    </Dialog>
  );
}
