// The one versioned JSON message format between the page and a host webview: types, encoder, strict decoder.

/**
 * The newest protocol version this page speaks. Version 2 added `requestToken`, `signedIn` and identity-kind
 * `tokenUnavailable`; version 3 added `pageError`; version 4 the host's `locale`. Every page message is stamped with
 * the version that introduced it (`messageVersion`), so a host written for version 1 still gets `v: 1` for everything
 * it knows and can ignore the rest; the page accepts host messages of every version in SUPPORTED_VERSIONS, whatever
 * their type (bridge/README.md "The envelope and the version rule"). The history is in CHANGELOG.md.
 */
export const BRIDGE_VERSION = 4;

export const SUPPORTED_VERSIONS: readonly number[] = [1, 2, 3, 4];

/** Longer host messages are refused before parsing: no legitimate message comes close. */
export const MAX_MESSAGE_CHARS = 65_536;

/** Longest accepted `requestId`, the host's optional correlation id. */
export const MAX_REQUEST_ID_CHARS = 128;

/** Longest `route` and `message` of a `pageError`: a report for the host's log, not a dump. */
export const MAX_ROUTE_CHARS = 256;
export const MAX_ERROR_MESSAGE_CHARS = 300;

/** Longest accepted `locale`: RFC 5646's advice for a tag buffer; real tags (`de-DE`, `zh-Hans-CN`) are far shorter. */
export const MAX_LOCALE_CHARS = 35;

/** The shape of a BCP 47 tag as the portal reads one: a 2-3 letter language, then subtags of 1-8 letters or digits. */
const LOCALE_SHAPE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;

/** Whether `value` has the shape of a BCP 47 tag (`de-DE`, `pt-BR`): the host's `locale`, a `lang` launch parameter. */
export function isLocaleTag(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_LOCALE_CHARS && LOCALE_SHAPE.test(value);
}

export type TokenKind = 'identity' | 'unity';

/** Why the page could not answer a token request. */
export type TokenUnavailableReason = 'signedOut' | 'failed';

/** Messages the page sends to the host. */
export type PageMessage =
  | { type: 'ready' }
  | { type: 'token'; kind: TokenKind; token: string; state?: string; requestId?: string }
  | { type: 'tokenUnavailable'; kind: TokenKind; reason: TokenUnavailableReason; requestId?: string }
  | { type: 'signedIn' }
  | { type: 'logout' }
  | { type: 'openUrl'; url: string }
  | { type: 'pageError'; route: string; message: string };

// A Record lists each type exactly once: the typecheck fails when a type is added to the union but not here.
const PAGE_TYPES: Record<PageMessage['type'], true> = {
  ready: true,
  token: true,
  tokenUnavailable: true,
  signedIn: true,
  logout: true,
  openUrl: true,
  pageError: true,
};

/** Every page → host type, for checks that each one is documented (the JSON Schema test). */
export const PAGE_MESSAGE_TYPES = Object.keys(PAGE_TYPES) as ReadonlyArray<PageMessage['type']>;

/** Messages the host sends to the page, as the decoder hands them on: known fields only, checked. */
export type HostMessage =
  | { type: 'canMakePayments'; allowed: boolean }
  | { type: 'unityToken'; requestId?: string }
  | { type: 'requestToken'; kind: TokenKind; requestId?: string }
  | { type: 'logout' }
  | { type: 'locale'; locale: string };

const HOST_TYPES: Record<HostMessage['type'], true> = {
  canMakePayments: true,
  unityToken: true,
  requestToken: true,
  logout: true,
  locale: true,
};

/** Every host → page type the decoder accepts. */
export const HOST_MESSAGE_TYPES = Object.keys(HOST_TYPES) as ReadonlyArray<HostMessage['type']>;

/** The version that introduced `message`: what it is stamped with, so older hosts keep reading what they know. */
export function messageVersion(message: PageMessage): number {
  if (message.type === 'pageError') return 3;
  if (message.type === 'signedIn') return 2;
  if (message.type === 'tokenUnavailable' && message.kind === 'identity') return 2;
  return 1;
}

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
      if (typeof message.token !== 'string' || message.token === '')
        throw new TypeError('bridge: a token message needs a non-empty token');
      if (message.kind !== 'identity' && message.kind !== 'unity')
        throw new TypeError('bridge: token kind must be identity or unity');
      checkOptionalString('state', message.state);
      checkRequestId(message.requestId);
      return JSON.stringify(
        withVersion(message, {
          type: 'token',
          kind: message.kind,
          token: message.token,
          state: message.state || undefined,
          requestId: message.requestId || undefined,
        }),
      );
    case 'tokenUnavailable':
      if (message.reason !== 'signedOut' && message.reason !== 'failed')
        throw new TypeError('bridge: unknown tokenUnavailable reason');
      if (message.kind !== 'identity' && message.kind !== 'unity')
        throw new TypeError('bridge: token kind must be identity or unity');
      checkRequestId(message.requestId);
      return JSON.stringify(
        withVersion(message, {
          type: 'tokenUnavailable',
          kind: message.kind,
          reason: message.reason,
          requestId: message.requestId || undefined,
        }),
      );
    case 'openUrl':
      if (typeof message.url !== 'string' || message.url === '') throw new TypeError('bridge: openUrl needs a URL');
      return JSON.stringify(withVersion(message, { type: 'openUrl', url: message.url }));
    case 'pageError':
      // The page decides what goes in (no stack, no token, no user data); the protocol only bounds the size.
      if (typeof message.route !== 'string' || message.route === '' || message.route.length > MAX_ROUTE_CHARS) {
        throw new TypeError(`bridge: pageError needs a route of 1 to ${MAX_ROUTE_CHARS} characters`);
      }
      if (typeof message.message !== 'string') throw new TypeError('bridge: pageError needs a message');
      return JSON.stringify(
        withVersion(message, {
          type: 'pageError',
          route: message.route,
          message: message.message.slice(0, MAX_ERROR_MESSAGE_CHARS),
        }),
      );
    case 'signedIn':
    case 'logout':
      return JSON.stringify(withVersion(message, { type: message.type }));
    case 'ready':
      // `ready` stays version 1 so every host answers it; `versions` (an optional field) lists what the page speaks.
      return JSON.stringify(withVersion(message, { type: 'ready', versions: SUPPORTED_VERSIONS }));
  }
}

function withVersion<T extends object>(message: PageMessage, fields: T): { v: number } & T {
  return { v: messageVersion(message), ...fields };
}

function checkOptionalString(name: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'string') throw new TypeError(`bridge: ${name} must be a string`);
}

function checkRequestId(value: unknown): void {
  checkOptionalString('requestId', value);
  if (typeof value === 'string' && value.length > MAX_REQUEST_ID_CHARS)
    throw new TypeError('bridge: requestId is too long');
}

/**
 * Decodes one message from the host: a JSON string or an already parsed object (WebView2's PostWebMessageAsJson).
 * Accepts only a version of SUPPORTED_VERSIONS with a known type and fields of the right types; unknown extra fields are dropped, never
 * passed on. A `requestId` that is null or "" counts as absent, since common serializers write those for unset fields.
 * A type is not tied to its `v`, as `requestToken` stamped 1 has been read since version 2: `locale` stamped 1 to 3 is
 * read too. Hosts stamp it 4, which a page older than version 4 refuses before it looks at the type.
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
  if (typeof version !== 'number' || !SUPPORTED_VERSIONS.includes(version)) {
    return refuse(
      addressed,
      typeof version === 'number' ? `unsupported version ${version}` : 'version "v" is not a number',
    );
  }

  const type = own(value, 'type');
  if (typeof type !== 'string') return refuse(addressed, 'no "type" string');
  switch (type) {
    case 'canMakePayments': {
      const allowed = own(value, 'allowed');
      if (typeof allowed !== 'boolean') return refuse(addressed, 'canMakePayments needs a boolean "allowed"');
      return { ok: true, message: { type: 'canMakePayments', allowed } };
    }
    case 'unityToken':
    case 'requestToken': {
      const requestId = own(value, 'requestId');
      const kind = type === 'unityToken' ? 'unity' : own(value, 'kind');
      if (kind !== 'identity' && kind !== 'unity')
        return refuse(addressed, 'requestToken needs "kind": "identity" or "unity"');
      const base: HostMessage = type === 'unityToken' ? { type: 'unityToken' } : { type: 'requestToken', kind };
      if (requestId === undefined || requestId === null || requestId === '') return { ok: true, message: base };
      if (typeof requestId !== 'string' || requestId.length > MAX_REQUEST_ID_CHARS) {
        return refuse(addressed, `${type} "requestId" must be a string of at most ${MAX_REQUEST_ID_CHARS} characters`);
      }
      return { ok: true, message: { ...base, requestId } };
    }
    case 'logout':
      return { ok: true, message: { type: 'logout' } };
    case 'locale': {
      // Only the shape is checked here; which language the page shows is the app's choice (the nearest it offers).
      const locale = own(value, 'locale');
      if (!isLocaleTag(locale)) {
        return refuse(addressed, `locale needs a BCP 47 language tag of at most ${MAX_LOCALE_CHARS} characters`);
      }
      return { ok: true, message: { type: 'locale', locale } };
    }
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
