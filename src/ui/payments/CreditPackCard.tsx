// One credit pack (SPEC 3, 9): credits, price, price per credit, savings, BEST VALUE, and "Purchase with PayPal".
import { useId } from 'react';
import type { CreditPack } from '../../domain/credit-packs';
import { message, plural } from '../../messages/catalogue';
import { formatPrice } from '../../messages/format';
import { useLanguage } from '../../state/language';

export function CreditPackCard({
  pack,
  onPurchase,
  disabled,
}: {
  pack: CreditPack;
  onPurchase?: () => void;
  disabled?: boolean;
}) {
  useLanguage();
  const titleId = useId();
  return (
    <article className={`card pack-card${pack.bestValue ? ' pack-best' : ''}`} aria-labelledby={titleId}>
      {pack.bestValue && <span className="badge badge-best">{message('bestValueBadge')}</span>}
      <h3 id={titleId} className="pack-title">
        {plural(pack.amount, 'packTitle')}
      </h3>
      <p className="pack-price">{formatPrice(pack.price)}</p>
      <p className="pack-each">
        {message('pricePerCreditEach', { price: formatPrice(pack.pricePerCredit) })}
        {pack.savings && (
          <span className="badge badge-savings">{message('savingsBadge', { savings: pack.savings })}</span>
        )}
      </p>
      <p className="pack-description">{plural(pack.amount, 'packDescription')}</p>
      <ul className="tick-list">
        {pack.features.map((f) => (
          <li key={f.key}>{message(f.key, f.params)}</li>
        ))}
      </ul>
      {onPurchase && (
        <button type="button" className="button block paypal-purchase" onClick={onPurchase} disabled={disabled}>
          {message('purchaseWithPayPal')}
        </button>
      )}
    </article>
  );
}
