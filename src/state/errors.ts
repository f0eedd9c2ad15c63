// One way from any error to the text the user sees (SPEC 8 texts are contracts: the wording lives in the catalogue).
import { ApiError } from '../api/client';
import { authErrorCode, authErrorMessage, type AuthErrorTable } from '../auth/errors';
import { DecodeError } from '../api/decoders';
import { message, type MessageCode } from '../messages/catalogue';
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
  /** A failure PayPal reported in its own words: this text with them as its {message} (paypal-errors.ts). */
  paypal?: MessageCode;
}

/** Words the failures of one kind, or returns null for any other: see `wordFailures`. */
export type FailureWording = (error: unknown, how: ErrorWording) => string | null;

// Outside a store: the wordings that the pages' modules add, fixed once they load; nothing renders them.
const pageWordings: FailureWording[] = [];

/**
 * Adds the wording of failures that only a page's code can meet: PayPal's chunk adds PayPal's (paypal-errors.ts) as
 * it arrives, before anything that can fail that way runs. The entry, which pays for nothing, then carries neither
 * those texts nor their checks.
 */
export function wordFailures(wording: FailureWording): void {
  pageWordings.push(wording);
}

/**
 * The user's text for `error`, the one way every failure reaches the user: a PortalError carries its own, the rest
 * is worded by `wording` (through the auth classifier, the pages' own wordings such as PayPal's, and the API
 * classifier) or a catalogue key.
 */
export function failureText(error: unknown, wording: ErrorWording | MessageCode = {}): string {
  const how: ErrorWording = typeof wording === 'string' ? { fallback: wording } : wording;
  if (how.auth) return message(authErrorMessage(how.auth, authErrorCode(error)), how.params);
  if (error instanceof PortalError) return how.portal ? how.portal(error) : error.message;
  for (const word of pageWordings) {
    const text = word(error, how);
    if (text !== null) return text;
  }
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
