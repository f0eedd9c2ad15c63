// One way from any error to the text the user sees (SPEC 8 texts are contracts: the wording lives in the catalogue).
import { ApiError } from '../api/client';
import { authErrorCode, authErrorMessage, type AuthErrorTable } from '../auth/errors';
import { DecodeError } from '../api/decoders';
import { message, type MessageCode } from '../messages/catalogue';
import { PayPalError, paypalSaid } from '../domain/paypal-error';
import { CloudSaveError } from './cloud-save-loader';

/** An error the user should see, with its spec text. */
export class PortalError extends Error {
  constructor(
    text: string,
    override readonly cause?: unknown,
  ) {
    super(text);
    this.name = 'PortalError';
  }
}

/** How a caller words the failures its spec text depends on; anything unmatched gets `fallback`. */
export interface ErrorWording {
  /** A backend failure (HTTP status, network, timeout). */
  api?: (error: ApiError) => string;
  /** The portal's own error, worded by the caller (default: its text as it is). */
  portal?: (error: PortalError) => string;
  /** An answer that could not be read. */
  decode?: string;
  /** The catch-all key (default: SPEC 8's generic error). */
  fallback?: MessageCode;
  /** Text for anything else that is not a PortalError (wins over `fallback`). */
  other?: (error: unknown) => string;
  /** An identity-service failure: SPEC 8's text for its code in this operation's table, {provider} from `params`. */
  auth?: AuthErrorTable;
  params?: Record<string, string>;
  /** A failure PayPal reported in its own words: this text with them as its {message}. */
  paypal?: MessageCode;
}

const PAYPAL_TEXTS: Record<PayPalError['reason'], MessageCode> = {
  config: 'paypalConfigMissing',
  load: 'paypalLoadFailed',
  unavailable: 'paypalUnavailable',
  render: 'paypalButtonsFailed',
};

/**
 * The user's text for `error`, the one way every failure reaches the user: a PortalError carries its own, the rest
 * is worded by `wording` (through the auth, PayPal and API classifiers) or a catalogue key.
 */
export function failureText(error: unknown, wording: ErrorWording | MessageCode = {}): string {
  const how: ErrorWording = typeof wording === 'string' ? { fallback: wording } : wording;
  if (how.auth) return message(authErrorMessage(how.auth, authErrorCode(error)), how.params);
  if (error instanceof PortalError) return how.portal ? how.portal(error) : error.message;
  if (error instanceof PayPalError) return message(PAYPAL_TEXTS[error.reason] ?? how.fallback ?? 'paypalButtonsFailed');
  if (how.paypal) return message(how.paypal, { message: paypalSaid(error) ?? message('unknownError') });
  if (error instanceof ApiError && how.api) return how.api(error);
  if (error instanceof DecodeError && how.decode !== undefined) return how.decode;
  if (how.other) return how.other(error);
  return message(how.fallback ?? 'genericError');
}

/** The cloud save load's text (SPEC 4 and 8: "Failed to fetch cloud save data: ..."). */
export function cloudSaveErrorText(error: unknown): string {
  const fetchFailed = (text: string) => message('cloudSaveFetchFailed', { text });
  if (error instanceof CloudSaveError) {
    if (error.reason === 'setup') return message('initialDataFailed');
    return failureText(error.cause, {
      api: (cause) => fetchFailed(cause.serverText),
      decode: fetchFailed(message('cloudSaveUnreadable')),
      other: () => fetchFailed(message('cloudSaveNoData')),
    });
  }
  return failureText(error, { other: (cause) => fetchFailed(cause instanceof Error ? cause.message : String(cause)) });
}

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
