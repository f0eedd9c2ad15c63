// GET /payments/{playerId} through the API client: the Bearer identity token, X-Unity-Token, no cache, decoded.
import { describe, expect, it, vi } from 'vitest';
import { DecodeError } from '../../../src/api/decoders';
import { fetchPayments } from '../../../src/api/payments';

function ctx(body: unknown) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status: 200 }));
  return {
    fetch,
    ctx: {
      baseUrl: 'https://api.example.test/v1',
      idToken: 'id-token',
      unityToken: 'unity-token',
      timeoutMs: 1000,
      fetch: fetch as unknown as typeof globalThis.fetch,
      now: () => 42,
    },
  };
}

describe('fetchPayments', () => {
  it('asks for the player with both tokens and reads the list', async () => {
    const { ctx: context, fetch } = ctx({
      payments: [
        {
          id: 'p1',
          kind: 'credits',
          orderId: '5O190127TN364715T',
          credits: 15,
          createdAt: '2026-03-05T10:00:00.000Z',
          amount: { value: '9.99', currency: 'USD' },
          status: 'credited',
        },
      ],
    });
    const payments = await fetchPayments(context, 'P 1');
    expect(payments.map((p) => p.id)).toEqual(['p1']);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://api.example.test/v1/payments/P%201?_t=42');
    expect(init?.method).toBe('GET');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer id-token');
    expect(new Headers(init?.headers).get('X-Unity-Token')).toBe('unity-token');
  });

  it('an answer of another shape is a DecodeError', async () => {
    await expect(fetchPayments(ctx({ items: [] }).ctx, 'P1')).rejects.toBeInstanceOf(DecodeError);
  });
});
