// The merchant accounts PayPal's stand-in knows, by the client id of their REST app.

/** A PayPal merchant account: who an order pays (purchase_units[0].payee). */
export interface Merchant {
  merchantId: string;
  email: string;
}

/** The portal's merchant: what `test-client-id` (the portal's default PAYPAL_CLIENT_ID) sells as. */
export const PORTAL_MERCHANT: Merchant = { merchantId: 'DREAMBOOKTEST', email: 'sales@dreambook.example' };

/** The merchants of a stand-in: `test-client-id` sells for the portal, `other-shop-client-id` for another shop. */
export const DEFAULT_MERCHANTS: Record<string, Merchant> = {
  'test-client-id': PORTAL_MERCHANT,
  'other-shop-client-id': { merchantId: 'OTHERSHOP0001', email: 'billing@other-shop.example' },
};
