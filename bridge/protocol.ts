// The one versioned JSON message format between the page and a host webview: types, encoder, strict decoder.

/** The protocol version this page speaks. A change that alters or removes a field, or adds a required one, bumps it. */
export const BRIDGE_VERSION = 1;

/** Longer host messages are refused before parsing: no legitimate message comes close. */
export const MAX_MESSAGE_CHARS = 65_536;

/** Longest accepted `requestId`, the host's optional correlation id. */
export const MAX_REQUEST_ID_CHARS = 128;

export type TokenKind = 'identity' | 'unity';

/** Why the page could not answer a `unityToken` request. */
export type TokenUnavailableReason = 'signedOut' | 'failed';

/** Messages the page sends to the host. */
export type PageMessage =
  | { type: 'ready' }
  | { type: 'token'; kind: TokenKind; token: string; state?: string; requestId?: string }
  | { type: 'tokenUnavailable'; kind: 'unity'; reason: TokenUnavailableReason; requestId?: string }
  | { type: 'logout' }
  | { type: 'openUrl'; url: string };

/** Messages the host sends to the page, as the decoder hands them on: known fields only, checked. */
export type HostMessage =
  | { type: 'canMakePayments'; allowed: boolean }
  | { type: 'unityToken'; requestId?: string }
  | { type: 'logout' };

export type HostMessageType = HostMessage['type'];

/**
 * The outcome of decoding one incoming message. `addressed` says whether the input looked meant for the bridge
 * (an object with a `v` or `type` field): on channels shared with other scripts, unaddressed ones are not ours.
 */
export type Decoded = { ok: true; message: HostMessage } | { ok: false; addressed: boolean; reason: string };

/** The JSON text of a page message, `v` first. Throws a TypeError on a message the page must never send. */
export function encodePageMessage(message: PageMessage): string {
  switch (message.type) {
    case 'token':
      if (typeof message.token !== 'string' || message.token === '') throw new TypeError('bridge: a token message needs a non-empty token');
      if (message.kind !== 'identity' && message.kind !== 'unity') throw new TypeError('bridge: token kind must be identity or unity');
      checkOptionalString('state', message.state);
      checkRequestId(message.requestId);
      return JSON.stringify(withVersion({ type: 'token', kind: message.kind, token: message.token, state: message.state || undefined, requestId: message.requestId || undefined }));
    case 'tokenUnavailable':
      if (message.reason !== 'signedOut' && message.reason !== 'failed') throw new TypeError('bridge: unknown tokenUnavailable reason');
      checkRequestId(message.requestId);
      return JSON.stringify(withVersion({ type: 'tokenUnavailable', kind: 'unity', reason: message.reason, requestId: message.requestId || undefined }));
    case 'openUrl':
      if (typeof message.url !== 'string' || message.url === '') throw new TypeError('bridge: openUrl needs a URL');
      return JSON.stringify(withVersion({ type: 'openUrl', url: message.url }));
    case 'ready':
    case 'logout':
      return JSON.stringify(withVersion({ type: message.type }));
  }
}

function withVersion<T extends object>(fields: T): { v: number } & T {
  return { v: BRIDGE_VERSION, ...fields };
}

function checkOptionalString(name: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'string') throw new TypeError(`bridge: ${name} must be a string`);
}

function checkRequestId(value: unknown): void {
  checkOptionalString('requestId', value);
  if (typeof value === 'string' && value.length > MAX_REQUEST_ID_CHARS) throw new TypeError('bridge: requestId is too long');
}

/**
 * Decodes one message from the host: a JSON string or an already parsed object (WebView2's PostWebMessageAsJson).
 * Accepts only version 1 with a known type and fields of the right types; unknown extra fields are dropped, never
 * passed on. A `requestId` that is null or "" counts as absent, since common serializers write those for unset fields.
 */
export function decodeHostMessage(raw: unknown): Decoded {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    if (raw.length > MAX_MESSAGE_CHARS) return refuse(true, `longer than ${MAX_MESSAGE_CHARS} characters`);
    try {
      value = JSON.parse(raw);
    } catch {
      return refuse(false, 'not JSON');
    }
  }
  if (!isRecord(value)) return refuse(false, 'not a JSON object');
  const addressed = Object.hasOwn(value, 'v') || Object.hasOwn(value, 'type');

  const version = own(value, 'v');
  if (version === undefined) return refuse(addressed, 'no version field "v"');
  if (version !== BRIDGE_VERSION) {
    return refuse(addressed, typeof version === 'number' ? `unsupported version ${version}` : 'version "v" is not a number');
  }

  const type = own(value, 'type');
  if (typeof type !== 'string') return refuse(addressed, 'no "type" string');
  switch (type) {
    case 'canMakePayments': {
      const allowed = own(value, 'allowed');
      if (typeof allowed !== 'boolean') return refuse(addressed, 'canMakePayments needs a boolean "allowed"');
      return { ok: true, message: { type: 'canMakePayments', allowed } };
    }
    case 'unityToken': {
      const requestId = own(value, 'requestId');
      if (requestId === undefined || requestId === null || requestId === '') return { ok: true, message: { type: 'unityToken' } };
      if (typeof requestId !== 'string' || requestId.length > MAX_REQUEST_ID_CHARS) {
        return refuse(addressed, `unityToken "requestId" must be a string of at most ${MAX_REQUEST_ID_CHARS} characters`);
      }
      return { ok: true, message: { type: 'unityToken', requestId } };
    }
    case 'logout':
      return { ok: true, message: { type: 'logout' } };
    default:
      return refuse(addressed, `unknown type "${type.slice(0, 40)}"`);
  }
}

function refuse(addressed: boolean, reason: string): Decoded {
  return { ok: false, addressed, reason };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An own property only: nothing inherited from a polluted prototype is read. */
function own(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
