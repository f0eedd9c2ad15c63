// Payments v2 (/v2/payments/captures): read a capture, refund it in full; and v1's sale, the resource of a
// subscription payment. PayPal refunds subscription payments through the captures path too.
import {
  iso,
  money,
  fee,
  PayPalApiError,
  rest,
  visible,
  type Caller,
  type PayPal,
  type PayPalRequest,
  type PayPalRoute,
} from './rest';
import { paypalOrderId, type PayPalTransaction } from './store';

/** A capture, or a subscription payment, as Payments v2 shows it (GET /v2/payments/captures/{id}, webhooks). */
export function captureBody(tx: PayPalTransaction, apiBase: string) {
  const net = (Math.round(Number(tx.amount) * 100) - Math.round(Number(fee(tx.amount)) * 100)) / 100;
  return {
    id: tx.id,
    status: tx.status,
    amount: money(tx.amount, tx.currency),
    final_capture: true,
    ...(tx.customId ? { custom_id: tx.customId } : {}),
    payee: { email_address: tx.payee.email, merchant_id: tx.payee.merchantId },
    seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
    seller_receivable_breakdown: {
      gross_amount: money(tx.amount, tx.currency),
      paypal_fee: money(fee(tx.amount), tx.currency),
      net_amount: money(net.toFixed(2), tx.currency),
    },
    ...(tx.orderId ? { supplementary_data: { related_ids: { order_id: tx.orderId } } } : {}),
    create_time: tx.createTime,
    update_time: tx.updateTime,
    links: [
      { href: `${apiBase}/v2/payments/captures/${tx.id}`, rel: 'self', method: 'GET' },
      { href: `${apiBase}/v2/payments/captures/${tx.id}/refund`, rel: 'refund', method: 'POST' },
      ...(tx.orderId ? [{ href: `${apiBase}/v2/checkout/orders/${tx.orderId}`, rel: 'up', method: 'GET' }] : []),
    ],
  };
}

/** A webhook about a capture (PAYMENT.CAPTURE.*): its summary says what became of the money. */
export function captureEvent(
  p: PayPal,
  type: string,
  resourceType: 'capture' | 'refund',
  resource: Record<string, unknown>,
  tx: PayPalTransaction,
  what: string,
): void {
  p.sender.emit(type, resourceType, resource, `A $ ${tx.amount} USD capture payment was ${what}`, tx.customId, '2.0');
}

/** A subscription payment as the v1 `sale` resource of PAYMENT.SALE.COMPLETED shows it. */
export function saleBody(tx: PayPalTransaction, apiBase: string) {
  return {
    id: tx.id,
    state: tx.status === 'COMPLETED' ? 'completed' : tx.status === 'REFUNDED' ? 'refunded' : 'reversed',
    amount: { total: tx.amount, currency: tx.currency, details: { subtotal: tx.amount } },
    payment_mode: 'INSTANT_TRANSFER',
    protection_eligibility: 'ELIGIBLE',
    transaction_fee: { value: fee(tx.amount), currency: tx.currency },
    billing_agreement_id: tx.subscriptionId,
    ...(tx.customId ? { custom: tx.customId } : {}),
    create_time: tx.createTime,
    update_time: tx.updateTime,
    links: [
      { href: `${apiBase}/v1/payments/sale/${tx.id}`, rel: 'self', method: 'GET' },
      { href: `${apiBase}/v2/payments/captures/${tx.id}/refund`, rel: 'refund', method: 'POST' },
    ],
  };
}

function findTransaction(ctx: PayPalRequest, caller: Caller): PayPalTransaction {
  const tx = ctx.paypal.store.data.transactions[ctx.params.captureId ?? ''];
  if (!tx || !visible(caller, tx.creatorMerchantId, tx.payee.merchantId))
    throw new PayPalApiError(
      404,
      'INVALID_RESOURCE_ID',
      'Specified resource ID does not exist. Please check the resource ID and try again.',
    );
  return tx;
}

export const paymentRoutes: PayPalRoute[] = [
  rest('GET', '/paypal/v2/payments/captures/:captureId', 'paypal-capture-get', (ctx, caller) => ({
    json: captureBody(findTransaction(ctx, caller), `${ctx.paypal.apiBase()}`),
  })),
  rest('GET', '/paypal/v1/payments/sale/:captureId', 'paypal-sale-get', (ctx, caller) => {
    const tx = findTransaction(ctx, caller);
    if (tx.kind !== 'sale')
      throw new PayPalApiError(404, 'INVALID_RESOURCE_ID', 'Requested resource ID was not found.');
    return { json: saleBody(tx, `${ctx.paypal.apiBase()}`) };
  }),
  // A full refund of a capture or a subscription payment, by the merchant it paid (or whose call made it).
  rest('POST', '/paypal/v2/payments/captures/:captureId/refund', 'paypal-capture-refund', (ctx, caller) => {
    const p = ctx.paypal;
    const tx = findTransaction(ctx, caller);
    if (tx.status === 'REFUNDED')
      throw new PayPalApiError(422, 'CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded');
    const asked = ctx.body.amount as { value?: unknown } | undefined;
    if (asked !== undefined && asked?.value !== tx.amount)
      throw new PayPalApiError(
        422,
        'PARTIAL_REFUND_NOT_ALLOWED',
        'This PayPal stand-in plays full refunds only: leave out amount.',
        '/amount',
      );
    const note = typeof ctx.body.note_to_payer === 'string' ? ctx.body.note_to_payer : undefined;
    tx.status = 'REFUNDED';
    tx.refundId = paypalOrderId();
    tx.updateTime = iso(p);
    p.store.save();
    const apiBase = `${p.apiBase()}`;
    const refund = {
      id: tx.refundId,
      status: 'COMPLETED',
      amount: money(tx.amount, tx.currency),
      ...(note ? { note_to_payer: note } : {}),
      ...(tx.customId ? { custom_id: tx.customId } : {}),
      create_time: tx.updateTime,
      update_time: tx.updateTime,
      links: [
        { href: `${apiBase}/v2/payments/refunds/${tx.refundId}`, rel: 'self', method: 'GET' },
        { href: `${apiBase}/v2/payments/captures/${tx.id}`, rel: 'up', method: 'GET' },
      ],
    };
    if (tx.kind === 'capture') captureEvent(p, 'PAYMENT.CAPTURE.REFUNDED', 'refund', refund, tx, 'refunded');
    else
      p.sender.emit(
        'PAYMENT.SALE.REFUNDED',
        'refund',
        {
          id: tx.refundId,
          state: 'completed',
          amount: { total: `-${tx.amount}`, currency: tx.currency },
          sale_id: tx.id,
          create_time: tx.updateTime,
        },
        `A $ ${tx.amount} USD sale payment was refunded`,
        tx.customId,
      );
    return { status: 201, json: refund };
  }),
];
