// Token checks of the reference backend: Firebase ID tokens from the Auth emulator, and the Unity tokens it issues itself.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

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
}

/**
 * Checks a Firebase ID token as the Admin SDK does for the emulator: issuer, audience, expiry, issued-at and subject.
 * Emulator tokens are unsigned (alg "none"); a production backend verifies the RS256 signature as well.
 */
export function verifyIdToken(token: string, projectId: string, nowSeconds = Math.floor(Date.now() / 1000)): IdTokenClaims {
  const [header, payload] = token.split('.');
  const h = decodePart(header);
  const c = decodePart(payload);
  if (h.alg !== 'none' && h.alg !== 'RS256') throw new TokenError('unexpected token algorithm');
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
  };
}

export interface UnityClaims {
  playerId: string;
  uid: string | null;
  exp: number;
}

export class UnityTokens {
  constructor(
    private readonly secret: Buffer = randomBytes(32),
    private readonly ttlSeconds = 3600,
  ) {}

  issue(playerId: string, uid: string | null, nowSeconds = Math.floor(Date.now() / 1000)): string {
    const body = Buffer.from(JSON.stringify({ pid: playerId, uid, exp: nowSeconds + this.ttlSeconds })).toString('base64url');
    return `ut1.${body}.${this.sign(body)}`;
  }

  verify(token: string, nowSeconds = Math.floor(Date.now() / 1000)): UnityClaims {
    const [version, body, signature] = token.split('.');
    if (version !== 'ut1' || !body || !signature) throw new TokenError('malformed Unity token');
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new TokenError('bad Unity token signature');
    const c = decodePart(body);
    if (typeof c.pid !== 'string' || typeof c.exp !== 'number') throw new TokenError('malformed Unity token');
    if (c.exp <= nowSeconds) throw new TokenError('Unity token expired');
    return { playerId: c.pid, uid: typeof c.uid === 'string' ? c.uid : null, exp: c.exp };
  }

  private sign(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }
}
