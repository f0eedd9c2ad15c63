// Disputes v1 (/v1/customer/disputes) and what the buyer's bank or PayPal does to a capture after it completed
// (moneyBack): a reversal, a denial, a dispute and its resolution, each with its webhook.
import { id } from '../records';
import { captureBody, captureEvent } from './payments';
import { iso, money, PayPalApiError, rest, visible, type PayPal, type PayPalRoute } from './rest';
import { paypalOrderId, type PayPalTransaction } from './store';

/** A dispute as Disputes v1 shows it (the fields this stand-in plays). */
function disputeBody(tx: PayPalTransaction) {
  const d = tx.dispute!;
  return {
    dispute_id: d.id,
    create_time: d.createTime,
    update_time: d.updateTime,
    disputed_transactions: [{ seller_transaction_id: tx.id, seller: { merchant_id: tx.payee.merchantId } }],
    reason: 'UNAUTHORISED',
    status: d.status,
    dispute_amount: money(tx.amount, tx.currency),
    ...(d.outcome ? { dispute_outcome: { outcome_code: d.outcome } } : {}),
    dispute_life_cycle_stage: 'CHARGEBACK',
    dispute_channel: 'EXTERNAL',
  };
}

/**
 * What the buyer's bank or PayPal does to a capture after it completed (the harness plays it: POST /__harness/paypal
 * {moneyBack: {id, how}}): `reverse`, a chargeback (PAYMENT.CAPTURE.REVERSED); `deny`, PayPal denies it
 * (PAYMENT.CAPTURE.DENIED); `dispute`, the buyer opens a dispute (CUSTOMER.DISPUTE.CREATED); `seller-wins`, that
 * dispute is resolved in the merchant's favour (CUSTOMER.DISPUTE.RESOLVED).
 */
export function moneyBack(
  p: PayPal,
  captureId: string,
  how: 'reverse' | 'deny' | 'dispute' | 'seller-wins',
): PayPalTransaction['status'] {
  const tx = p.store.data.transactions[captureId];
  if (!tx) throw new Error(`no PayPal capture ${captureId}`);
  const now = iso(p);
  const apiBase = `${p.apiBase()}`;
  if (how === 'dispute' || how === 'seller-wins') {
    if (how === 'dispute') tx.dispute ??= { id: `PP-D-${id('', 3)}`, status: 'OPEN', createTime: now, updateTime: now };
    else if (!tx.dispute) throw new Error(`no dispute on ${captureId}`);
    else Object.assign(tx.dispute, { status: 'RESOLVED', outcome: 'RESOLVED_SELLER_FAVOUR', updateTime: now });
    p.store.save();
    p.sender.emit(
      how === 'dispute' ? 'CUSTOMER.DISPUTE.CREATED' : 'CUSTOMER.DISPUTE.RESOLVED',
      'dispute',
      disputeBody(tx),
      how === 'dispute' ? 'A new dispute opened' : 'A dispute was resolved',
      tx.customId,
      '1.0',
    );
    return tx.status;
  }
  if (tx.status !== 'COMPLETED')
    throw new Error(`PayPal reverses or denies COMPLETED captures only; ${captureId} is ${tx.status}`);
  tx.status = how === 'reverse' ? 'REVERSED' : 'DECLINED';
  tx.updateTime = now;
  tx.reversalId = paypalOrderId();
  p.store.save();
  if (how === 'deny') captureEvent(p, 'PAYMENT.CAPTURE.DENIED', 'capture', captureBody(tx, apiBase), tx, 'denied');
  else
    captureEvent(
      p,
      'PAYMENT.CAPTURE.REVERSED',
      'refund',
      {
        id: tx.reversalId,
        status: 'COMPLETED',
        amount: money(`-${tx.amount}`, tx.currency),
        create_time: now,
        update_time: now,
        links: [{ href: `${apiBase}/v2/payments/captures/${tx.id}`, rel: 'up', method: 'GET' }],
      },
      tx,
      'reversed',
    );
  return tx.status;
}

export const disputeRoutes: PayPalRoute[] = [
  rest('GET', '/paypal/v1/customer/disputes/:disputeId', 'paypal-dispute-get', (ctx, caller) => {
    const tx = Object.values(ctx.paypal.store.data.transactions).find(
      (t) => t.dispute?.id === ctx.params.disputeId && visible(caller, t.creatorMerchantId, t.payee.merchantId),
    );
    if (!tx?.dispute) throw new PayPalApiError(404, 'INVALID_RESOURCE_ID', 'Requested resource ID was not found.');
    return { json: disputeBody(tx) };
  }),
];
