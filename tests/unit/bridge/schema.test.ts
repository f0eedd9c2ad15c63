// bridge/protocol.schema.json is what C#, Swift and Kotlin teams generate their types from: it must accept what the
// page really sends and what the page really accepts, and name every message type of protocol.ts.
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import schema from '@home-design/portal-bridge/protocol.schema.json';
import {
  BRIDGE_VERSION,
  decodeHostMessage,
  encodePageMessage,
  HOST_MESSAGE_TYPES,
  PAGE_MESSAGE_TYPES,
  SUPPORTED_VERSIONS,
  type PageMessage,
} from '@home-design/portal-bridge/protocol';

const ajv = new Ajv2020({ allErrors: true, strict: true });
ajv.addSchema(schema);
const validator = (pointer: string) => {
  const validate = ajv.getSchema(`${schema.$id}#/$defs/${pointer}`);
  if (!validate) throw new Error(`the schema has no $defs/${pointer}`);
  return validate;
};
const pageToHost = validator('pageToHost');
const hostToPage = validator('hostToPage');

/** One of each page message and variant, as the bridge builds them. */
const PAGE_MESSAGES: PageMessage[] = [
  { type: 'ready' },
  { type: 'token', kind: 'identity', token: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln', state: 'k3J9xq' },
  { type: 'token', kind: 'unity', token: 'u-access-token', requestId: '42' },
  { type: 'tokenUnavailable', kind: 'unity', reason: 'signedOut', requestId: '42' },
  { type: 'tokenUnavailable', kind: 'identity', reason: 'failed' },
  { type: 'signedIn' },
  { type: 'logout' },
  { type: 'openUrl', url: 'https://portal.example/auth?redirect=http%3A%2F%2F127.0.0.1%3A5662' },
  { type: 'pageError', route: '/credits', message: 'TypeError: Cannot read properties of undefined' },
];

const defs = schema.$defs as Record<string, { properties?: { type?: { const?: string } } }>;
const refsOf = (name: 'pageToHost' | 'hostToPage') =>
  schema.$defs[name].oneOf.map((entry) => entry.$ref.replace('#/$defs/', ''));
const typeOf = (def: string) => defs[def]?.properties?.type?.const;

describe('bridge/protocol.schema.json', () => {
  it('is a valid draft 2020-12 schema', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(ajv.validateSchema(schema)).toBe(true);
  });

  it('names every page → host and host → page type of protocol.ts, and no other', () => {
    expect(refsOf('pageToHost').map(typeOf).sort()).toEqual([...PAGE_MESSAGE_TYPES].sort());
    expect(refsOf('hostToPage').map(typeOf).sort()).toEqual([...HOST_MESSAGE_TYPES].sort());
    expect(PAGE_MESSAGES.map((m) => m.type).sort()).toEqual(expect.arrayContaining([...PAGE_MESSAGE_TYPES].sort()));
  });

  it.each(PAGE_MESSAGES.map((m) => [m.type, m] as const))(
    'accepts the page message %s as encodePageMessage writes it',
    (_type, message) => {
      const sent: unknown = JSON.parse(encodePageMessage(message));
      expect(pageToHost(sent), JSON.stringify(pageToHost.errors)).toBe(true);
    },
  );

  it('pins each page message to the version that introduced it', () => {
    for (const [message, v] of [
      [{ v: 2, type: 'logout' }, 1],
      [{ v: 1, type: 'signedIn' }, 2],
      [{ v: 1, type: 'tokenUnavailable', kind: 'identity', reason: 'failed' }, 2],
      [{ v: 2, type: 'pageError', route: '/', message: '' }, 3],
    ] as const) {
      expect(pageToHost(message), `${message.type} is v${v}, not v${message.v}`).toBe(false);
    }
  });

  it('refuses page messages the bridge never sends', () => {
    for (const bad of [
      { v: 1, type: 'token', kind: 'identity', token: '' },
      { v: 1, type: 'token', kind: 'firebase', token: 't' },
      { v: 1, type: 'openUrl', url: 'javascript:alert(1)' },
      { v: 3, type: 'pageError', route: '', message: 'm' },
      { v: 3, type: 'pageError', route: '/', message: 'x'.repeat(301) },
      { v: 1, type: 'deleteAccount' },
    ]) {
      expect(pageToHost(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('accepts exactly the host messages the page accepts', () => {
    const accepted = [
      { v: 1, type: 'canMakePayments', allowed: false },
      { v: 1, type: 'unityToken', requestId: '42' },
      { v: 1, type: 'unityToken', requestId: null },
      { v: 2, type: 'requestToken', kind: 'identity', requestId: '43' },
      { v: 2, type: 'requestToken', kind: 'unity' },
      { v: 1, type: 'logout' },
      ...SUPPORTED_VERSIONS.map((v) => ({ v, type: 'logout' })),
      { v: BRIDGE_VERSION, type: 'locale', locale: 'de-DE' },
      { v: 4, type: 'locale', locale: 'zh-Hans-CN' },
      { v: 3, type: 'locale', locale: 'de' },
    ];
    const refused = [
      { v: 1, type: 'canMakePayments', allowed: 'false' },
      { v: 1, type: 'canMakePayments' },
      { v: 9, type: 'logout' },
      { v: 2, type: 'requestToken', kind: 'firebase' },
      { v: 1, type: 'unityToken', requestId: 42 },
      { v: 1, type: 'unityToken', requestId: 'x'.repeat(129) },
      { v: 1, type: 'signedIn' },
      { type: 'logout' },
      { v: 4, type: 'locale' },
      { v: 4, type: 'locale', locale: 7 },
      { v: 4, type: 'locale', locale: '' },
      { v: 4, type: 'locale', locale: 'de_DE' },
      { v: 4, type: 'locale', locale: '<script>' },
      { v: 4, type: 'locale', locale: `de${'-abcdefgh'.repeat(4)}` },
      { v: 5, type: 'locale', locale: 'de' },
    ];
    for (const message of accepted) {
      expect(hostToPage(message), JSON.stringify(message)).toBe(true);
      expect(decodeHostMessage(message).ok, JSON.stringify(message)).toBe(true);
    }
    for (const message of refused) {
      expect(hostToPage(message), JSON.stringify(message)).toBe(false);
      expect(decodeHostMessage(message).ok, JSON.stringify(message)).toBe(false);
    }
  });
});
