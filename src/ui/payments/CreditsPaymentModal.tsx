// The credits payment modal (SPEC 2, 4): the chosen pack, PayPal buttons after 500 ms, processing, errors and a
// retry that re-sends the same captured order.
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { packById } from '../../domain/credit-packs';
import { formatPrice } from '../../domain/plans';
import { closePurchase, mountPayButtons, purchase, recordPurchase } from '../../state/purchase';
import { Dialog } from '../components/Dialog';
import { PayPalSlot } from './PayPalSlot';

export function CreditsPaymentModal() {
  const snap = useSnapshot(purchase);
  const pack = snap.packId ? packById(snap.packId) : undefined;
  const statusRef = useRef<HTMLParagraphElement>(null);
  const working = snap.phase === 'capturing' || snap.phase === 'recording';

  // PayPal's buttons hide while the payment completes; focus goes to the status so it is not lost.
  useEffect(() => {
    if (working) statusRef.current?.focus();
  }, [working]);

  if (!pack || snap.phase === 'idle') return null;
  return (
    <Dialog
      title={`Purchase ${pack.amount} Credits`}
      description={`${pack.description} for ${formatPrice(pack.price)} (${formatPrice(pack.pricePerCredit)} each)`}
      onClose={closePurchase}
      dismissible={!working}
    >
      {snap.error && (
        <p className="alert alert-error" role="alert">
          {snap.error}
        </p>
      )}
      {snap.buttonsError ? (
        <p className="alert alert-error" role="alert">
          {snap.buttonsError}
        </p>
      ) : (
        snap.phase === 'choosing' && (
          <p className="loading-line" role="status">
            <span className="spinner" aria-hidden="true" /> Loading PayPal...
          </p>
        )
      )}
      {working && (
        <p ref={statusRef} className="loading-line" role="status" tabIndex={-1}>
          <span className="spinner" aria-hidden="true" /> {snap.phase === 'capturing' ? 'Completing your payment...' : 'Adding credits to your account...'}
        </p>
      )}
      {snap.phase !== 'unrecorded' && !snap.buttonsError && <PayPalSlot mount={mountPayButtons} hidden={working} label="PayPal" />}
      <div className="dialog-actions">
        {!working && (
          <button type="button" className="button secondary" onClick={closePurchase}>
            {snap.phase === 'unrecorded' ? 'Close' : 'Cancel'}
          </button>
        )}
        {snap.phase === 'unrecorded' && (
          <button type="button" className="button" onClick={() => void recordPurchase()}>
            Try Again
          </button>
        )}
      </div>
    </Dialog>
  );
}
