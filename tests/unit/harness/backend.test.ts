// The reference backend's own rules: token checks, fault parsing, atomic persistence across a restart.
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFaults, takeFault } from '../../../harness/backend/faults';
import { Store, effectiveSubscription, subscriptionRecord } from '../../../harness/backend/store';
import { TokenError, UnityTokens, verifyIdToken } from '../../../harness/backend/tokens';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const now = 1_800_000_000;
function idToken(claims: Record<string, unknown>, alg = 'none') {
  return `${b64({ alg, typ: 'JWT' })}.${b64({ iss: 'https://securetoken.google.com/demo-portal', aud: 'demo-portal', sub: 'uid-1', iat: now - 10, exp: now + 3600, ...claims })}.`;
}

describe('verifyIdToken', () => {
  it('accepts an emulator token of the project', () => {
    expect(verifyIdToken(idToken({ email: 'a@example.com' }), 'demo-portal', now)).toMatchObject({ uid: 'uid-1', email: 'a@example.com' });
  });

  it.each([
    ['another issuer', { iss: 'https://securetoken.google.com/other' }],
    ['another audience', { aud: 'other' }],
    ['an expired token', { exp: now - 1 }],
    ['a token from the future', { iat: now + 3600 }],
    ['no subject', { sub: '' }],
  ])('refuses %s', (_what, claims) => {
    expect(() => verifyIdToken(idToken(claims), 'demo-portal', now)).toThrow(TokenError);
  });

  it('refuses garbage', () => {
    expect(() => verifyIdToken('not-a-token', 'demo-portal', now)).toThrow(TokenError);
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

  it('treats a cancelled subscription past its end as none', () => {
    const store = new Store();
    const player = store.ensurePlayer('uid-2', null);
    player.subscription = { ...subscriptionRecord('MONTHLY', 'I-1', 'paypal', new Date(0)), status: 'CANCELLED', isCancelled: true };
    expect(effectiveSubscription(player).status).toBe('NONE');
  });
});
