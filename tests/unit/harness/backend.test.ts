// The reference backend's own rules: identity and Unity token checks, fault parsing, persistence across a restart.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFaults, takeFault } from '../../../harness/faults';
import { Store } from '../../../harness/backend/store';
import { effectiveSubscription, subscriptionRecord } from '../../../harness/backend/subscriptions';
import {
  TokenError,
  UnityTokens,
  parseIdentityKeys,
  verifyIdToken,
  type IdTokenPolicy,
  type IdentityKey,
} from '../../../harness/backend/tokens';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const now = 1_800_000_000;
const emulator: IdTokenPolicy = { projectId: 'demo-portal', emulator: true, keys: [] };
const production = (keys: IdentityKey[] = []): IdTokenPolicy => ({ projectId: 'demo-portal', emulator: false, keys });

/** Claims as the firebase-tools Auth emulator issues them (generateJwt), for uid-1. */
function claims(extra: Record<string, unknown> = {}) {
  return {
    email: 'a@example.com',
    email_verified: false,
    auth_time: now - 10,
    user_id: 'uid-1',
    firebase: { identities: { email: ['a@example.com'] }, sign_in_provider: 'password' },
    iat: now - 10,
    exp: now - 10 + 3600,
    aud: 'demo-portal',
    iss: 'https://securetoken.google.com/demo-portal',
    sub: 'uid-1',
    ...extra,
  };
}

function idToken(
  extra: Record<string, unknown> = {},
  header: Record<string, unknown> = { alg: 'none', typ: 'JWT' },
  signature = '',
) {
  return `${b64(header)}.${b64(claims(extra))}.${signature}`;
}

function signed(privateKey: KeyObject, kid: string | undefined, extra: Record<string, unknown> = {}) {
  const head = b64({ alg: 'RS256', typ: 'JWT', ...(kid ? { kid } : {}) });
  const body = b64(claims(extra));
  return `${head}.${body}.${sign('RSA-SHA256', Buffer.from(`${head}.${body}`), privateKey).toString('base64url')}`;
}

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const real = rsa();
const forger = rsa();
const realJwks = JSON.stringify({
  keys: [{ ...real.publicKey.export({ format: 'jwk' }), kid: 'key-1', alg: 'RS256', use: 'sig' }],
});

describe('verifyIdToken in emulator mode', () => {
  it('accepts a token of the emulator shape for the project', () => {
    expect(verifyIdToken(idToken(), emulator, now)).toMatchObject({
      uid: 'uid-1',
      email: 'a@example.com',
      provider: 'password',
    });
  });

  it.each([
    ['another issuer', { iss: 'https://securetoken.google.com/other' }],
    ['another audience', { aud: 'other' }],
    ['an expired token', { exp: now - 1, iat: now - 3601 }],
    ['a token from the future', { iat: now + 3600, exp: now + 7200 }],
    ['no subject', { sub: '', user_id: '' }],
    ['user_id other than sub', { user_id: 'uid-2' }],
    ['no firebase claim', { firebase: undefined }],
    ['a lifetime other than the emulator hour', { exp: now + 86_400 }],
  ])('refuses %s', (_what, extra) => {
    expect(() => verifyIdToken(idToken(extra), emulator, now)).toThrow(TokenError);
  });

  it('refuses an unsigned token with a signature part or an unusual header', () => {
    expect(() => verifyIdToken(idToken({}, { alg: 'none', typ: 'JWT' }, 'c2ln'), emulator, now)).toThrow(/emulator/);
    expect(() => verifyIdToken(idToken({}, { alg: 'none', typ: 'JWT', kid: 'x' }), emulator, now)).toThrow(/emulator/);
    expect(() => verifyIdToken(idToken({}, { alg: 'none' }), emulator, now)).toThrow(/emulator/);
  });

  it('refuses garbage and other algorithms', () => {
    expect(() => verifyIdToken('not-a-token', emulator, now)).toThrow(TokenError);
    expect(() => verifyIdToken(idToken({}, { alg: 'HS256', typ: 'JWT' }, 'c2ln'), emulator, now)).toThrow(/algorithm/);
  });

  it('refuses an RS256 token when no key is configured, even a correctly signed one', () => {
    expect(() => verifyIdToken(signed(real.privateKey, 'key-1'), emulator, now)).toThrow(/no identity keys/);
  });
});

describe('verifyIdToken with configured public keys', () => {
  const keys = parseIdentityKeys(realJwks);

  it('accepts a token signed with a configured key', () => {
    expect(verifyIdToken(signed(real.privateKey, 'key-1'), production(keys), now)).toMatchObject({ uid: 'uid-1' });
    expect(verifyIdToken(signed(real.privateKey, 'key-1'), { ...emulator, keys }, now)).toMatchObject({ uid: 'uid-1' });
  });

  it('refuses a forged token (a random key), an unknown key id and a tampered payload', () => {
    expect(() => verifyIdToken(signed(forger.privateKey, 'key-1'), production(keys), now)).toThrow(/bad signature/);
    expect(() => verifyIdToken(signed(real.privateKey, 'key-2'), production(keys), now)).toThrow(/unknown key id/);
    const [h, , s] = signed(real.privateKey, 'key-1').split('.');
    expect(() =>
      verifyIdToken(
        `${h}.${b64(claims({ sub: 'someone-else', user_id: 'someone-else' }))}.${s}`,
        production(keys),
        now,
      ),
    ).toThrow(/bad signature/);
    expect(() => verifyIdToken(`${h}.${b64(claims())}.`, production(keys), now)).toThrow(/bad signature/);
  });

  it('refuses an unsigned (alg none) token outside emulator mode', () => {
    expect(() => verifyIdToken(idToken(), production(keys), now)).toThrow(/outside emulator mode/);
  });

  it('still checks the claims of a well-signed token', () => {
    expect(() => verifyIdToken(signed(real.privateKey, 'key-1', { aud: 'other' }), production(keys), now)).toThrow(
      /audience/,
    );
    expect(() => verifyIdToken(signed(real.privateKey, 'key-1', { exp: now - 1 }), production(keys), now)).toThrow(
      /expired/,
    );
  });
});

describe('parseIdentityKeys', () => {
  it('reads PEM public keys (any key id), a JWK set, an array of JWKs and a {kid: PEM} map', () => {
    const pem = real.publicKey.export({ format: 'pem', type: 'spki' }).toString();
    expect(parseIdentityKeys(pem)).toEqual([{ kid: null, key: expect.anything() }]);
    expect(verifyIdToken(signed(real.privateKey, 'any-kid'), production(parseIdentityKeys(pem)), now)).toMatchObject({
      uid: 'uid-1',
    });
    expect(parseIdentityKeys(realJwks).map((k) => k.kid)).toEqual(['key-1']);
    expect(parseIdentityKeys(JSON.stringify(JSON.parse(realJwks).keys)).map((k) => k.kid)).toEqual(['key-1']);
    expect(parseIdentityKeys(JSON.stringify({ 'key-9': pem })).map((k) => k.kid)).toEqual(['key-9']);
  });

  it("reads Google's {kid: X.509 certificate} map (a self-signed certificate made for this test)", () => {
    const cert = readFileSync(join(__dirname, 'fixtures/identity-cert.pem'), 'utf8');
    const keys = parseIdentityKeys(JSON.stringify({ 'cert-kid': cert }));
    expect(keys.map((k) => [k.kid, k.key.asymmetricKeyType])).toEqual([['cert-kid', 'rsa']]);
    expect(() => verifyIdToken(signed(forger.privateKey, 'cert-kid'), production(keys), now)).toThrow(/bad signature/);
    expect(parseIdentityKeys(cert)).toHaveLength(1);
  });

  it('says what is wrong with anything else', () => {
    expect(() => parseIdentityKeys('hello')).toThrow(/neither PEM nor JSON/);
    expect(() => parseIdentityKeys('{"keys": []}')).toThrow(/no key found/);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .publicKey.export({ format: 'pem', type: 'spki' })
      .toString();
    expect(() => parseIdentityKeys(ec)).toThrow(/not an RSA public key/);
    expect(() =>
      parseIdentityKeys(JSON.stringify({ keys: [{ kty: 'RSA', n: 'AQAB', e: 'AQAB', alg: 'HS256' }] })),
    ).toThrow(/alg must be RS256/);
  });
});

describe('UnityTokens', () => {
  it('verifies what it issued and refuses tampering and expiry', () => {
    const tokens = new UnityTokens(Buffer.alloc(32, 1), 60);
    const token = tokens.issue('P1', 'uid-1', now);
    expect(tokens.verify(token, now)).toMatchObject({ playerId: 'P1', uid: 'uid-1' });
    const [v, , sig] = token.split('.');
    expect(() => tokens.verify(`${v}.${b64({ pid: 'P2', uid: 'x', exp: now + 60 })}.${sig}`, now)).toThrow(TokenError);
    expect(() => tokens.verify(token, now + 61)).toThrow(/expired/);
    expect(() => new UnityTokens(Buffer.alloc(32, 2)).verify(token, now)).toThrow(TokenError);
  });
});

describe('faults', () => {
  it('parses counted statuses, drops, malformed answers and latency', () => {
    const f = parseFaults('cloud-save=500x2, designs=drop, latency=300, purchase=malformedx1');
    expect(f.latencyMs).toBe(300);
    expect(takeFault(f, 'cloud-save')).toEqual({ status: 500 });
    expect(takeFault(f, 'cloud-save')).toEqual({ status: 500 });
    expect(takeFault(f, 'cloud-save')).toBeNull();
    expect(takeFault(f, 'designs')).toEqual({ drop: true });
    expect(takeFault(f, 'designs')).toEqual({ drop: true });
    expect(takeFault(f, 'purchase')).toEqual({ malformed: true });
    expect(takeFault(f, 'purchase')).toBeNull();
  });

  it('says what it cannot read', () => {
    expect(() => parseFaults('cloud-save')).toThrow(/cannot read fault/);
    expect(() => parseFaults('cloud-save=200')).toThrow(/400-599/);
  });
});

describe('Store', () => {
  it('keeps its data across a restart and leaves no temporary file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-'));
    const file = join(dir, 'data.json');
    const first = new Store(file);
    const player = first.ensurePlayer('uid-1', 'a@example.com');
    player.credits = 42;
    first.save();
    const second = new Store(file);
    expect(second.playerOfUid('uid-1')).toMatchObject({ playerId: player.playerId, credits: 42 });
    expect(readdirSync(dir)).toEqual(['data.json']);
    expect(() => JSON.parse(readFileSync(file, 'utf8'))).not.toThrow();
  });

  it('keeps players of uids "__proto__" and "constructor" as plain records, across a restart too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-'));
    const file = join(dir, 'data.json');
    const store = new Store(file);
    const a = store.ensurePlayer('__proto__', null);
    const b = store.ensurePlayer('constructor', null);
    expect(store.ensurePlayer('__proto__', null).playerId).toBe(a.playerId);
    expect(store.ensurePlayer('constructor', null).playerId).toBe(b.playerId);
    expect(Object.keys(store.data.players)).toHaveLength(2);
    expect(store.data.players.constructor).toBeUndefined();
    const again = new Store(file);
    expect(again.playerOfUid('__proto__')?.playerId).toBe(a.playerId);
    expect(again.playerOfUid('toString')).toBeUndefined();
    writeFileSync(
      file,
      '{"players": {"X": {"playerId": "X", "designs": {"__proto__": {}}}}, "byUid": {"__proto__": "X"}}',
    );
    expect(new Store(file).playerOfUid('__proto__')?.playerId).toBe('X');
    expect(({} as Record<string, unknown>).playerId).toBeUndefined();
  });

  it('treats a cancelled subscription past its end as none', () => {
    const store = new Store();
    const player = store.ensurePlayer('uid-2', null);
    player.subscription = {
      ...subscriptionRecord('MONTHLY', 'I-1', 'paypal', new Date(0)),
      status: 'CANCELLED',
      isCancelled: true,
    };
    expect(effectiveSubscription(player).status).toBe('NONE');
  });
});
