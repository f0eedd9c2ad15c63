// My Account's "Payments": every PayPal payment of the player, newest first (src/state/payments.ts merges the backend's
// list with what this browser still keeps): what it bought, the amount, the date, the status and PayPal's id
// (departure 24).
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import type { PaymentRow, PaymentStatus } from '../../domain/payments';
import { planTexts } from '../../domain/plan-offers';
import { message, type MessageCode, plural } from '../../messages/catalogue';
import { formatDate, formatPrice } from '../../messages/format';
import { useLanguage } from '../../state/language';
import { loadPayments, paymentList, payments } from '../../state/payments';
import { pendingPayments } from '../../state/pending-payments';
import { LoadError } from '../components/LoadError';

const STATUS_TEXT: Record<PaymentStatus, MessageCode> = {
  credited: 'paymentStatusCredited',
  active: 'paymentStatusActive',
  ended: 'paymentStatusEnded',
  refunded: 'paymentStatusRefunded',
  refund_pending: 'paymentStatusRefundPending',
  reversed: 'paymentStatusReversed',
  waiting: 'paymentStatusWaiting',
};

function bought(row: PaymentRow): string {
  if ('credits' in row.bought)
    return row.bought.credits === null ? message('paymentBoughtCredits') : plural(row.bought.credits, 'creditCount');
  return row.bought.plan === null ? message('paymentBoughtPlan') : message(planTexts(row.bought.plan).nameKey);
}

function Payment({ row }: { row: PaymentRow }) {
  return (
    <li className="payment">
      <div className="payment-main">
        <span className="payment-bought">{bought(row)}</span>
        <span className="payment-amount">{formatPrice(row.amount.value, row.amount.currency)}</span>
      </div>
      <div className="payment-details">
        <time dateTime={new Date(row.at).toISOString()}>{formatDate(row.at, 'medium') ?? message('notAvailable')}</time>
        <span className={`payment-status payment-status-${row.status}`}>{message(STATUS_TEXT[row.status])}</span>
        <span className="payment-id">{message('paymentPaypalId', { id: row.paypalId })}</span>
      </div>
    </li>
  );
}

export function Payments() {
  useLanguage();
  const titleId = useId();
  const snap = useSnapshot(payments);
  // Read so that a change of the ledger (a payment kept or recorded in this tab) shows at once.
  const { revision: _ledger } = useSnapshot(pendingPayments);
  const rows = snap.loaded ? paymentList(snap.recorded) : [];
  return (
    <section className="card payments-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{message('paymentsHeading')}</h2>
      {snap.status === 'error' && snap.error ? (
        <LoadError text={snap.error} onRetry={() => void loadPayments({ force: true })} />
      ) : !snap.loaded ? (
        <p className="muted" role="status">
          {message('paymentsLoading')}
        </p>
      ) : rows.length === 0 ? (
        <p className="muted">{message('paymentsEmpty')}</p>
      ) : (
        <ul className="payment-list" aria-labelledby={titleId}>
          {rows.map((row) => (
            <Payment key={row.key} row={row} />
          ))}
        </ul>
      )}
    </section>
  );
}
