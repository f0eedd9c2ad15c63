// One credit pack (SPEC 3, 9): credits, price, price per credit, savings, BEST VALUE, and "Purchase with PayPal".
import { useId } from 'react';
import type { CreditPack } from '../../domain/credit-packs';
import { formatPrice } from '../../domain/plans';

export function CreditPackCard({ pack, onPurchase, disabled }: { pack: CreditPack; onPurchase?: () => void; disabled?: boolean }) {
  const titleId = useId();
  return (
    <article className={`card pack-card${pack.bestValue ? ' pack-best' : ''}`} aria-labelledby={titleId}>
      {pack.bestValue && <span className="badge badge-best">BEST VALUE</span>}
      <h3 id={titleId} className="pack-title">
        {pack.amount} Credits
      </h3>
      <p className="pack-price">{formatPrice(pack.price)}</p>
      <p className="pack-each">
        {formatPrice(pack.pricePerCredit)} each
        {pack.savings && <span className="badge badge-savings">Save {pack.savings}</span>}
      </p>
      <p className="pack-description">{pack.description}</p>
      <ul className="tick-list">
        {pack.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      {onPurchase && (
        <button type="button" className="button block paypal-purchase" onClick={onPurchase} disabled={disabled}>
          Purchase with PayPal
        </button>
      )}
    </article>
  );
}
