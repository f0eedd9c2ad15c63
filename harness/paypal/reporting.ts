// Transaction Search (/v1/reporting/transactions): a merchant's money movements, each shown only once it is old
// enough (PayPal: up to three hours; `searchDelayMs` here).
import {
  badSyntax,
  fee,
  missing,
  money,
  PayPalApiError,
  rest,
  type PayPal,
  type PayPalRequest,
  type PayPalRoute,
} from './rest';

/**
 * Transaction Search's event codes: T0006 PayPal Checkout capture, T0002 subscription payment, T1107 refund, T1106
 * reversal initiated by PayPal (a chargeback, a denial). Money going back is a row of its own, dated when it went,
 * that names the payment it undoes: a search over the last days finds it however old that payment is.
 */
function searchRows(p: PayPal, merchantId: string, from: number, to: number, now: number) {
  const rows: Array<{ at: string; info: Record<string, unknown> }> = [];
  const seen = (at: string) => {
    const t = Date.parse(at);
    return t >= from && t <= to && now - t >= p.searchDelayMs;
  };
  for (const tx of Object.values(p.store.data.transactions)) {
    if (tx.payee.merchantId !== merchantId) continue;
    if (seen(tx.createTime))
      rows.push({
        at: tx.createTime,
        info: {
          paypal_account_id: merchantId,
          transaction_id: tx.id,
          paypal_reference_id: tx.kind === 'capture' ? tx.orderId : tx.subscriptionId,
          paypal_reference_id_type: tx.kind === 'capture' ? 'ODR' : 'SUB',
          transaction_event_code: tx.kind === 'capture' ? 'T0006' : 'T0002',
          transaction_initiation_date: tx.createTime,
          transaction_updated_date: tx.updateTime,
          transaction_amount: money(tx.amount, tx.currency),
          fee_amount: money(`-${fee(tx.amount)}`, tx.currency),
          // V: reversed (refunded, or taken back: a chargeback, a denial).
          transaction_status: tx.status === 'COMPLETED' ? 'S' : 'V',
          ...(tx.customId ? { custom_field: tx.customId } : {}),
          protection_eligibility: '01',
        },
      });
    const back = tx.refundId ?? tx.reversalId;
    if (back && seen(tx.updateTime))
      rows.push({
        at: tx.updateTime,
        info: {
          paypal_account_id: merchantId,
          transaction_id: back,
          paypal_reference_id: tx.id,
          paypal_reference_id_type: 'TXN',
          transaction_event_code: tx.refundId ? 'T1107' : 'T1106',
          transaction_initiation_date: tx.updateTime,
          transaction_updated_date: tx.updateTime,
          transaction_amount: money(`-${tx.amount}`, tx.currency),
          transaction_status: 'S',
          ...(tx.customId ? { custom_field: tx.customId } : {}),
        },
      });
  }
  return rows.sort((x, y) => x.at.localeCompare(y.at));
}

/** Transaction Search's date parameters: RFC 3339 with seconds, at most 31 days apart. */
function searchDate(ctx: PayPalRequest, name: string): number {
  const value = ctx.url.searchParams.get(name);
  if (!value) throw missing(name);
  const t = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(value) || Number.isNaN(t)) throw badSyntax(name);
  return t;
}

const SEARCH_MAX_RANGE_MS = 31 * 86_400_000;

export const reportingRoutes: PayPalRoute[] = [
  rest('GET', '/paypal/v1/reporting/transactions', 'paypal-transaction-search', (ctx, caller) => {
    const from = searchDate(ctx, 'start_date');
    const to = searchDate(ctx, 'end_date');
    if (to - from > SEARCH_MAX_RANGE_MS || to < from)
      throw new PayPalApiError(400, 'INVALID_REQUEST', 'The maximum supported date range is 31 days.', 'end_date');
    const pageSize = Math.min(500, Math.max(1, Number(ctx.url.searchParams.get('page_size') ?? '100') || 100));
    const page = Math.max(1, Number(ctx.url.searchParams.get('page') ?? '1') || 1);
    const rows = searchRows(ctx.paypal, caller.merchant.merchantId, from, to, ctx.paypal.clock());
    const totalPages = Math.max(1, Math.ceil(rows.length / pageSize));
    return {
      json: {
        transaction_details: rows
          .slice((page - 1) * pageSize, page * pageSize)
          .map((r) => ({ transaction_info: r.info })),
        account_number: caller.merchant.merchantId,
        start_date: new Date(from).toISOString(),
        end_date: new Date(to).toISOString(),
        last_refreshed_datetime: new Date(ctx.paypal.clock() - ctx.paypal.searchDelayMs).toISOString(),
        page,
        total_items: rows.length,
        total_pages: totalPages,
        links: [],
      },
    };
  }),
  // What a backend asks PayPal about a webhook delivery: was it signed by PayPal, for this webhook?
];
