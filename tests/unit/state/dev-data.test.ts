// The development explorer never shows a token in full: all but the last 6 characters are masked.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/auth/firebase', async () => (await import('../support/fake-auth')).fakeAuth);

import { devData, fetchDevAnswer, portalView, resetDevData } from '../../../src/state/dev-data';
import { fakeAuth as auth } from '../support/fake-auth';

const b64url = (o: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(o))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const jwt = `${b64url({ alg: 'none' })}.${b64url({ user_id: 'u1', email: 'ada@example.com', name: 'Åda' })}.signature-part`;

/** What the explorer's User tab shows of a signed-in `user`: everything it holds goes through the masking. */
const userTab = (user: unknown) =>
  portalView('user', {
    session: { status: 'signedIn', user },
    player: { status: 'idle', error: null, unity: null, cloud: null },
    subscription: { status: 'idle', error: null, fetchedAt: 0, current: null },
    designs: { status: 'idle', error: null, items: [] },
  });
/** How the explorer shows `jwt`, written out: 8 dots, its last 6 characters, its length. */
const jwtMasked = `••••••••${jwt.slice(-6)} (${jwt.length} chars)`;

describe('a masked token', () => {
  it('keeps only the last 6 characters, and tells the length', () => {
    expect(userTab({ token: 'abcdefghijklmnop' })).toEqual({
      status: 'signedIn',
      user: { token: '••••••••klmnop (16 chars)' },
    });
  });

  it('never shows more than the last 6 characters of any token', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 300 }), (token) => {
        const masked = (userTab({ token }) as { user: { token: string } }).user.token;
        const shown = masked.replace(/ \(\d+ chars\)$/, '').replace(/^•+/, '');
        expect(shown.length).toBeLessThanOrEqual(6);
        expect(token.endsWith(shown)).toBe(true);
      }),
    );
  });
});

describe('what the explorer shows', () => {
  it('masks token fields and JWT-shaped strings at any depth, and leaves the rest', () => {
    const masked = userTab({
      playerId: 'P1',
      accessToken: 'unity-access-token-123456',
      nested: [{ idToken: 'x'.repeat(40) + 'ABCDEF' }, { note: jwt }],
      count: 3,
      flag: true,
      none: null,
    });
    expect(masked).toEqual({
      status: 'signedIn',
      user: {
        playerId: 'P1',
        accessToken: '••••••••123456 (25 chars)',
        nested: [{ idToken: '••••••••ABCDEF (46 chars)' }, { note: jwtMasked }],
        count: 3,
        flag: true,
        none: null,
      },
    });
    expect(JSON.stringify(masked)).not.toContain('unity-access');
  });
});

describe("the User tab's claims", () => {
  const claimsOf = async (token: string) => {
    resetDevData();
    auth.idToken.mockResolvedValueOnce(token);
    await fetchDevAnswer('user');
    return (devData.answers.user.data as { claims: unknown }).claims;
  };

  it('are the claims of the identity token, UTF-8 included', async () => {
    expect(await claimsOf(jwt)).toEqual({ user_id: 'u1', email: 'ada@example.com', name: 'Åda' });
  });

  it('are null for a token that is no JWT', async () => {
    expect(await claimsOf('not-a-jwt')).toBeNull();
    expect(await claimsOf('a.!!!.c')).toBeNull();
  });
});

describe('fetchDevAnswer', () => {
  const at = () => new Date('2026-01-02T03:04:05.000Z');

  it("keeps a tab's answer in its record, masked, with when it was read", async () => {
    resetDevData();
    auth.idToken.mockResolvedValueOnce(jwt);
    const reading = fetchDevAnswer('user', at);
    expect(devData.answers.user.status).toBe('pending');
    await reading;
    expect(devData.answers.user).toMatchObject({
      status: 'succeeded',
      error: null,
      at: '2026-01-02T03:04:05.000Z',
      data: { idToken: jwtMasked, claims: { user_id: 'u1', email: 'ada@example.com' } },
    });
  });

  it('keeps the technical reason of a failed read for the developer', async () => {
    resetDevData();
    auth.idToken.mockRejectedValueOnce(new Error('token refresh failed'));
    await fetchDevAnswer('user', at);
    expect(devData.answers.user).toMatchObject({
      status: 'failed',
      error: 'token refresh failed',
      at: '2026-01-02T03:04:05.000Z',
    });
  });
});
