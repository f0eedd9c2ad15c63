// The purchase reference the backend issues for PayPal's `custom_id` (issue #50): signed by the backend, it names the
// player, the product and its price, and is short-lived. The portal fetches one while the credits modal or the plan
// panel opens and passes it to PayPal; the backend reads it back from PayPal and accepts only its own, so no browser
// can name another player as a payment's owner. Pure functions of the key; the key lives in the backend's data.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a reference may be used to create a PayPal order or subscription (checked against PayPal's create_time). */
export const REFERENCE_TTL_MS = 30 * 60_000;

const PREFIX = 'PR1';
/** Player ids, pack ids and plan keys: letters, digits, - and _ (never the separator). */
const PART = /^[A-Za-z0-9_-]{1,40}$/;

/** What a reference says, once its signature is checked. */
export interface PurchaseReference {
  playerId: string;
  /** A credit pack's id (`credits-30`) or a paid plan (`MONTHLY`, `SIX_MONTH`, `ANNUAL`). */
  product: string;
  /** The product's price in USD cents. */
  cents: number;
  /** Until when PayPal may create the order or subscription with it (ms since the epoch). */
  expiresAt: number;
}

/** A new signing key (base64url), made once per backend data file. */
export const newReferenceKey = () => randomBytes(32).toString('base64url');

function mac(key: string, payload: string): string {
  return createHmac('sha256', Buffer.from(key, 'base64url'))
    .update(payload)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/** `PR1.<player>.<product>.<cents>.<expiry, base 36 seconds>.<HMAC-SHA256, 16 bytes>`: at most 127 characters. */
export function issueReference(key: string, ref: PurchaseReference): string {
  if (!PART.test(ref.playerId) || !PART.test(ref.product)) throw new Error('reference parts must be name-like');
  const payload = [
    PREFIX,
    ref.playerId,
    ref.product,
    String(ref.cents),
    Math.floor(ref.expiresAt / 1000).toString(36),
  ].join('.');
  return `${payload}.${mac(key, payload)}`;
}

/** The reference `value` names, when it is one of this key's; null for anything else (a plain id, a forgery). */
export function readReference(key: string, value: string | undefined): PurchaseReference | null {
  if (!value?.startsWith(`${PREFIX}.`) || value.length > 127) return null;
  const parts = value.split('.');
  if (parts.length !== 6) return null;
  const [, playerId, product, cents, expiry, signature] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(mac(key, parts.slice(0, 5).join('.')));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!PART.test(playerId) || !PART.test(product) || !/^\d{1,7}$/.test(cents) || !/^[0-9a-z]{1,10}$/.test(expiry))
    return null;
  return { playerId, product, cents: Number(cents), expiresAt: parseInt(expiry, 36) * 1000 };
}
