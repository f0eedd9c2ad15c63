// Token checks of the reference backend: Firebase ID tokens (the Auth emulator's unsigned ones in emulator mode,
// RS256 ones against configured public keys), and the Unity tokens it issues itself.
import {
  X509Certificate,
  createHmac,
  createPublicKey,
  randomBytes,
  timingSafeEqual,
  verify,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';

export class TokenError extends Error {}

function decodePart(part: string | undefined): Record<string, unknown> {
  if (!part) throw new TokenError('malformed token');
  try {
    const json: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (!json || typeof json !== 'object' || Array.isArray(json)) throw new Error('not an object');
    return json as Record<string, unknown>;
  } catch {
    throw new TokenError('malformed token');
  }
}

export interface IdTokenClaims {
  uid: string;
  email: string | null;
  name: string | null;
  provider: string;
  authTime: number;
  emailVerified: boolean;
  /** The providers of `firebase.identities` (password, google.com, ...). */
  identities: string[];
}

/** A public key that may sign identity tokens; `kid` null matches a token with any key id. */
export interface IdentityKey {
  kid: string | null;
  key: KeyObject;
}

function rsaKey(key: KeyObject, where: string): KeyObject {
  if (key.type !== 'public' || key.asymmetricKeyType !== 'rsa')
    throw new Error(`identity key ${where}: not an RSA public key`);
  return key;
}

function pemKey(pem: string, where: string): KeyObject {
  try {
    // Google publishes X.509 certificates; a bare SPKI public key is accepted too.
    const key = pem.includes('BEGIN CERTIFICATE') ? new X509Certificate(pem).publicKey : createPublicKey(pem);
    return rsaKey(key, where);
  } catch (error) {
    throw new Error(`identity key ${where}: ${(error as Error).message}`);
  }
}

function jwkKey(jwk: unknown, where: string): IdentityKey {
  if (!jwk || typeof jwk !== 'object') throw new Error(`identity key ${where}: not a JWK`);
  const j = jwk as JsonWebKey & { kid?: unknown; alg?: unknown; use?: unknown };
  if (j.alg !== undefined && j.alg !== 'RS256') throw new Error(`identity key ${where}: alg must be RS256`);
  if (j.use !== undefined && j.use !== 'sig') throw new Error(`identity key ${where}: use must be sig`);
  let key: KeyObject;
  try {
    key = createPublicKey({ key: j, format: 'jwk' });
  } catch (error) {
    throw new Error(`identity key ${where}: ${(error as Error).message}`);
  }
  return { kid: typeof j.kid === 'string' ? j.kid : null, key: rsaKey(key, where) };
}

/**
 * Reads the public keys that sign identity tokens from a file's text: PEM (public keys or X.509 certificates, no key
 * id), a JWK set `{"keys": [...]}`, an array of JWKs, or Google's `{"<kid>": "<PEM certificate>"}` map.
 * Throws a readable error on anything else, so a bad configuration stops the backend at start, not at the first call.
 */
export function parseIdentityKeys(text: string): IdentityKey[] {
  const trimmed = text.trim();
  let keys: IdentityKey[];
  if (trimmed.startsWith('-----BEGIN')) {
    const blocks = trimmed.match(/-----BEGIN ([A-Z ]+)-----[\s\S]+?-----END \1-----/g) ?? [];
    keys = blocks.map((pem, i) => ({ kid: null, key: pemKey(pem, `#${i + 1}`) }));
  } else {
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch {
      throw new Error('identity keys: neither PEM nor JSON');
    }
    if (Array.isArray(json)) keys = json.map((k, i) => jwkKey(k, `#${i + 1}`));
    else if (json && typeof json === 'object' && Array.isArray((json as { keys?: unknown }).keys)) {
      keys = (json as { keys: unknown[] }).keys.map((k, i) => jwkKey(k, `#${i + 1}`));
    } else if (json && typeof json === 'object') {
      keys = Object.entries(json).map(([kid, pem]) => {
        if (typeof pem !== 'string') throw new Error(`identity key ${kid}: expected a PEM string`);
        return { kid, key: pemKey(pem, kid) };
      });
    } else throw new Error('identity keys: expected a JWK set, an array of JWKs or a {kid: PEM} map');
  }
  if (keys.length === 0) throw new Error('identity keys: no key found');
  return keys;
}

export interface IdTokenPolicy {
  projectId: string;
  /** Emulator mode: the Auth emulator's unsigned tokens (alg "none", its exact shape) are accepted. */
  emulator: boolean;
  /** Public keys for RS256 tokens; with none, every RS256 token is refused. */
  keys: readonly IdentityKey[];
}

const EMULATOR_TOKEN_SECONDS = 3600;

/** The Auth emulator's token shape (firebase-tools generateJwt): header {alg: none, typ: JWT}, no signature, user_id = sub. */
function checkEmulatorShape(h: Record<string, unknown>, c: Record<string, unknown>, signature: string): void {
  if (Object.keys(h).sort().join() !== 'alg,typ' || h.typ !== 'JWT') throw new TokenError('not an Auth emulator token');
  if (signature !== '') throw new TokenError('not an Auth emulator token');
  if (c.user_id !== c.sub) throw new TokenError('not an Auth emulator token');
  const firebase = c.firebase as Record<string, unknown> | undefined;
  if (
    !firebase ||
    typeof firebase !== 'object' ||
    typeof firebase.sign_in_provider !== 'string' ||
    !firebase.identities ||
    typeof firebase.identities !== 'object'
  ) {
    throw new TokenError('not an Auth emulator token');
  }
  if (typeof c.exp !== 'number' || typeof c.iat !== 'number' || c.exp - c.iat !== EMULATOR_TOKEN_SECONDS)
    throw new TokenError('not an Auth emulator token');
}

function checkSignature(
  h: Record<string, unknown>,
  signed: string,
  signature: string,
  keys: readonly IdentityKey[],
): void {
  if (keys.length === 0) throw new TokenError('RS256 token but no identity keys are configured');
  const kid = typeof h.kid === 'string' ? h.kid : null;
  const candidates = keys.filter((k) => k.kid === null || k.kid === kid);
  if (candidates.length === 0) throw new TokenError('unknown key id');
  const sig = Buffer.from(signature, 'base64url');
  if (sig.length === 0 || !candidates.some((k) => verify('RSA-SHA256', Buffer.from(signed), k.key, sig)))
    throw new TokenError('bad signature');
}

/**
 * Checks a Firebase ID token as the Admin SDK does: the signature (RS256 against the configured public keys; unsigned
 * only in emulator mode and only in the emulator's shape), then issuer, audience, expiry, issued-at and subject.
 */
export function verifyIdToken(
  token: string,
  policy: IdTokenPolicy,
  nowSeconds = Math.floor(Date.now() / 1000),
): IdTokenClaims {
  const { projectId } = policy;
  const parts = token.split('.');
  if (parts.length !== 3 || token.length > 8192) throw new TokenError('malformed token');
  const [header, payload, signature] = parts as [string, string, string];
  const h = decodePart(header);
  const c = decodePart(payload);
  if (h.alg === 'none') {
    if (!policy.emulator) throw new TokenError('unsigned token outside emulator mode');
    checkEmulatorShape(h, c, signature);
  } else if (h.alg === 'RS256') {
    checkSignature(h, `${header}.${payload}`, signature, policy.keys);
  } else throw new TokenError('unexpected token algorithm');
  if (c.iss !== `https://securetoken.google.com/${projectId}`) throw new TokenError('wrong issuer');
  if (c.aud !== projectId) throw new TokenError('wrong audience');
  if (typeof c.exp !== 'number' || c.exp <= nowSeconds) throw new TokenError('token expired');
  if (typeof c.iat !== 'number' || c.iat > nowSeconds + 300) throw new TokenError('token issued in the future');
  if (typeof c.sub !== 'string' || c.sub === '' || c.sub.length > 128) throw new TokenError('no subject');
  const firebase = (c.firebase ?? {}) as Record<string, unknown>;
  return {
    uid: c.sub,
    email: typeof c.email === 'string' ? c.email : null,
    name: typeof c.name === 'string' ? c.name : null,
    provider: typeof firebase.sign_in_provider === 'string' ? firebase.sign_in_provider : 'unknown',
    authTime: typeof c.auth_time === 'number' ? c.auth_time : 0,
    emailVerified: c.email_verified === true,
    identities:
      firebase.identities && typeof firebase.identities === 'object' ? Object.keys(firebase.identities).sort() : [],
  };
}

export interface UnityClaims {
  playerId: string;
  uid: string | null;
  exp: number;
  /** When it was issued, in ms (sign out everywhere refuses the ones issued before it); null in an older token. */
  issuedAt: number | null;
}

export class UnityTokens {
  constructor(
    private readonly secret: Buffer = randomBytes(32),
    private readonly ttlSeconds = 3600,
    /** The time of a token's issue (ms): the backend's clock, which a revocation reads too. */
    private readonly issueClock: () => number = Date.now,
  ) {}

  issue(playerId: string, uid: string | null, nowSeconds = Math.floor(Date.now() / 1000)): string {
    const issuedAt = this.issueClock();
    const exp = nowSeconds + this.ttlSeconds;
    const body = Buffer.from(JSON.stringify({ pid: playerId, uid, exp, iat: issuedAt })).toString('base64url');
    return `ut1.${body}.${this.sign(body)}`;
  }

  verify(token: string, nowSeconds = Math.floor(Date.now() / 1000)): UnityClaims {
    const [version, body, signature] = token.split('.');
    if (version !== 'ut1' || !body || !signature) throw new TokenError('malformed Unity token');
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      throw new TokenError('bad Unity token signature');
    const c = decodePart(body);
    if (typeof c.pid !== 'string' || typeof c.exp !== 'number') throw new TokenError('malformed Unity token');
    if (c.exp <= nowSeconds) throw new TokenError('Unity token expired');
    return {
      playerId: c.pid,
      uid: typeof c.uid === 'string' ? c.uid : null,
      exp: c.exp,
      issuedAt: typeof c.iat === 'number' && Number.isFinite(c.iat) ? c.iat : null,
    };
  }

  private sign(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }
}
