// PayPal's own records, as the stand-in keeps them: orders, subscriptions, and the money they moved (captures and
// subscription payments). Only PayPal's routes read them; the merchant backend sees them through PayPal's REST API.
// Persisted atomically in a file of their own, beside the backend's.
import { randomInt } from 'node:crypto';
import { readJsonFile, table, writeJsonFile } from '../records';
import { PORTAL_MERCHANT } from './merchants';

/** A subscription as PayPal keeps it. */
export interface PayPalSubscription {
  id: string;
  planId: string;
  status: 'APPROVAL_PENDING' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';
  /** The merchant's `custom_id` (the portal sends the player id). */
  customId?: string;
  /** When the status last changed (ISO), and the reason given with a cancel, suspend or activate. */
  statusUpdateTime?: string;
  statusChangeNote?: string;
  createTime?: string;
  /** The merchant whose plan it is (the client id's), who may read, suspend, activate and cancel it. */
  merchantId?: string;
  /** Who suspended it: the merchant, or PayPal after too many failed payments (then the merchant cannot activate it). */
  suspendedBy?: 'merchant' | 'payment-failure';
  /** Failed payments in a row (PayPal's billing_info.failed_payments_count). */
  failedPayments?: number;
  /** What the buyer's browser may set at create or revise (PayPal's request body): the quantity, "1" when unset. */
  quantity?: string;
  /** Set when the create or revise body carried `plan` (an inline override): PayPal's `plan_overridden`. */
  planOverridden?: boolean;
  /** The price per cycle an override set (plan.billing_cycles[].pricing_scheme.fixed_price); else the plan's. */
  price?: { value: string; currency: string };
  /** PayPal's `start_time`: the first cycle is billed then (now when unset). */
  startTime?: string;
  /** A revision (POST .../revise) waiting for the buyer's consent, applied at the next approve. */
  revision?: { planId: string; quantity?: string; price?: { value: string; currency: string } };
}

/** An order as PayPal keeps it. */
export interface PayPalOrder {
  id: string;
  amount: string;
  currency: string;
  description: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  /** The merchant's `custom_id` of the (first) purchase unit (the portal sends the player id). */
  customId?: string;
  /** Set when the buyer's approval was played with a card that capture will decline. */
  declined?: boolean;
  payerId?: string;
  captureId?: string;
  createTime?: string;
  /** The merchant whose client id created the order (the API caller). */
  creatorMerchantId?: string;
  /** Who is paid (purchase_units[0].payee): the creator's merchant unless the order named another. */
  payee?: { merchantId: string; email: string };
}

/**
 * Money PayPal moved to a merchant, a capture of an order or a payment (sale) of a subscription cycle.
 * Both are refunded with POST /v2/payments/captures/{id}/refund, as PayPal asks for subscription payments too.
 */
export interface PayPalTransaction {
  id: string;
  kind: 'capture' | 'sale';
  orderId?: string;
  subscriptionId?: string;
  amount: string;
  currency: string;
  /** REVERSED: taken back by PayPal (a chargeback); DECLINED: denied after it was reported (PAYMENT.CAPTURE.DENIED). */
  status: 'COMPLETED' | 'REFUNDED' | 'REVERSED' | 'DECLINED';
  customId?: string;
  payee: { merchantId: string; email: string };
  /** The merchant whose API call made it (may read and refund it beside the payee). */
  creatorMerchantId: string;
  createTime: string;
  updateTime: string;
  refundId?: string;
  /** The money's way back when PayPal took it (REVERSED, DECLINED): Transaction Search lists it as its own row. */
  reversalId?: string;
  /** A dispute the buyer opened on it (Disputes v1), and how it ended. */
  dispute?: { id: string; status: 'OPEN' | 'RESOLVED'; outcome?: string; createTime: string; updateTime: string };
}

/** The COMPLETED capture of `order`, paid to `payee`, as PayPal keeps it (its captures' one shape). */
export function completedCapture(
  order: PayPalOrder,
  id: string,
  payee: { merchantId: string; email: string },
  at: string,
): PayPalTransaction {
  return {
    id,
    kind: 'capture',
    orderId: order.id,
    amount: order.amount,
    currency: order.currency,
    status: 'COMPLETED',
    ...(order.customId ? { customId: order.customId } : {}),
    payee: { merchantId: payee.merchantId, email: payee.email },
    creatorMerchantId: order.creatorMerchantId ?? payee.merchantId,
    createTime: at,
    updateTime: at,
  };
}

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function alphanumeric(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

/** An id in the format of PayPal's Orders v2 ids: 17 digits and upper-case letters (e.g. 5O190127TN364715T). */
export function paypalOrderId(): string {
  return alphanumeric(17);
}

/** An id in the format of PayPal's Subscriptions v1 ids: "I-" and 12 digits and upper-case letters (I-BW452GLLEP1G). */
export function paypalSubscriptionId(): string {
  return `I-${alphanumeric(12)}`;
}

export interface PayPalData {
  subscriptions: Record<string, PayPalSubscription>;
  orders: Record<string, PayPalOrder>;
  /** Captures and subscription payments, by id. */
  transactions: Record<string, PayPalTransaction>;
}

const empty = (): PayPalData => ({ subscriptions: table(), orders: table(), transactions: table() });

/**
 * PayPal's records in memory, or in `file`. A data file of an earlier release kept them in the backend's file
 * (`paypalOrders`, `paypalSubscriptions`, `paypalTransactions`): with no file of its own yet, the stand-in takes them
 * from `olderFile`, the backend's.
 */
export class PayPalStore {
  data: PayPalData;

  constructor(
    private readonly file?: string,
    olderFile?: string,
  ) {
    const own = file ? readJsonFile(file, "PayPal's stand-in data") : null;
    const older = !own && olderFile ? readJsonFile(olderFile, 'backend data') : null;
    this.data = own
      ? PayPalStore.read(own.subscriptions, own.orders, own.transactions)
      : older
        ? PayPalStore.read(older.paypalSubscriptions, older.paypalOrders, older.paypalTransactions)
        : empty();
    // Taken from the backend's file: kept in its own now, before the backend writes its file without them.
    if (older) this.save();
  }

  private static read(subscriptions: unknown, orders: unknown, transactions: unknown): PayPalData {
    const record = <T>(value: unknown) => table((value && typeof value === 'object' ? value : {}) as Record<string, T>);
    const data: PayPalData = {
      subscriptions: record<PayPalSubscription & { usedBy?: unknown }>(subscriptions),
      orders: record<PayPalOrder & { purchase?: unknown }>(orders),
      transactions: record<PayPalTransaction>(transactions),
    };
    // Earlier releases kept the backend's records on PayPal's (order.purchase, usedBy): the backend took them.
    for (const order of Object.values(data.orders) as Array<PayPalOrder & { purchase?: unknown }>)
      delete order.purchase;
    for (const sub of Object.values(data.subscriptions) as Array<PayPalSubscription & { usedBy?: unknown }>)
      delete sub.usedBy;
    // Before merchants and captures of their own: an order paid the portal's merchant, its capture lived on the order.
    const at = new Date().toISOString();
    for (const order of Object.values(data.orders)) {
      order.payee ??= { ...PORTAL_MERCHANT };
      const captureId = order.captureId;
      if (order.status !== 'COMPLETED' || !captureId || data.transactions[captureId]) continue;
      data.transactions[captureId] = completedCapture(order, captureId, order.payee, order.createTime ?? at);
    }
    return data;
  }

  save(): void {
    if (this.file) writeJsonFile(this.file, this.data);
  }

  reset(): void {
    this.data = empty();
    this.save();
  }
}
