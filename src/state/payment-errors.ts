// How a purchase's failures read (SPEC 8). Apart from errors.ts so that the entry, which pays for nothing, does not
// carry these texts; PayPal's own failures are worded by paypal-errors.ts, which comes with PayPal's chunk.
import { ApiError } from '../api/client';
import { message } from '../messages/catalogue';
import { PortalError, type ErrorWording } from './errors';

const said = (text: string) => message('purchaseError', { message: text });

/** SPEC 8's purchase wording: "Error: {server text}" when the backend or the portal said why, else support. */
export const PURCHASE: ErrorWording = {
  api: (e) => (e.kind === 'http' || e.kind === 'auth' ? said(e.serverText) : message('purchaseFailed')),
  portal: (e) => said(e.message),
  fallback: 'purchaseFailed',
};

/**
 * The call could not act for this user: the backend refused the credentials (401, 403, a missing token), or the portal
 * had no player to act for and said so in a PortalError (requirePlayer). SPEC 8 words both "Authentication failed".
 */
export function isAuthOrPlayerFailure(error: unknown): boolean {
  return (
    (error instanceof ApiError && (error.kind === 'auth' || error.status === 401 || error.status === 403)) ||
    error instanceof PortalError
  );
}
