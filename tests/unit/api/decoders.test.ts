import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DecodeError,
  decodeCloudSave,
  decodeStoredUnityAuth,
  decodeSubscription,
  decodeUnityAuth,
} from '../../../src/api/decoders';
import { decodeDesigns, decodePayments, decodePurchase, decodePurchaseReference } from '../../../src/api/page-decoders';

const RUNS = { numRuns: 1000 };
/** 1,000 runs take well under a second alone, but CI machines are busy. */
const FUZZ_TIMEOUT = 60_000;

/** A decoder either returns or throws DecodeError: never anything else, whatever it is given. */
function totalOnAnything(decode: (json: unknown) => unknown) {
  fc.assert(
    fc.property(fc.jsonValue(), (json) => {
      try {
        decode(json);
      } catch (error) {
        expect(error).toBeInstanceOf(DecodeError);
      }
    }),
    RUNS,
  );
}

describe('decodeSubscription', () => {
  const record = {
    subscriptionType: 1,
    isCancelled: false,
    status: 'ACTIVE',
    expiresAt: '2027-01-01T00:00:00.000Z',
    subscriptionId: 'I-1',
    subscriptionSource: 'paypal',
    pauseUntil: null,
  };

  it('normalises a monthly active record', () => {
    expect(decodeSubscription(record)).toEqual({
      plan: 'MONTHLY',
      status: 'ACTIVE',
      expiresAt: '2027-01-01T00:00:00.000Z',
      subscriptionId: 'I-1',
      subscriptionSource: 'paypal',
      pauseUntil: null,
    });
  });

  it.each([
    [2, 'SIX_MONTH'],
    [3, 'ANNUAL'],
  ])('maps subscriptionType %i to %s', (type, plan) => {
    expect(decodeSubscription({ ...record, subscriptionType: type })?.plan).toBe(plan);
  });

  it.each([true, 'true'])('treats isCancelled %j as CANCELLED', (flag) => {
    expect(decodeSubscription({ ...record, isCancelled: flag })?.status).toBe('CANCELLED');
  });

  it('reads PAUSED and defaults the source to unknown', () => {
    const sub = decodeSubscription({ subscriptionType: 3, status: 'PAUSED', pauseUntil: '2027-02-01' });
    expect(sub?.status).toBe('PAUSED');
    expect(sub?.subscriptionSource).toBe('unknown');
    expect(sub?.pauseUntil).toBe('2027-02-01T00:00:00.000Z');
  });

  it('says "no subscription" for type 0 and status NONE', () => {
    expect(decodeSubscription({ subscriptionType: 0 })).toBeNull();
    expect(decodeSubscription({ ...record, status: 'NONE' })).toBeNull();
  });

  it('refuses an unknown type', () => {
    expect(() => decodeSubscription({ subscriptionType: 7 })).toThrow(DecodeError);
    expect(() => decodeSubscription('nope')).toThrow(DecodeError);
  });

  it('never throws anything but DecodeError (fuzzed)', () => totalOnAnything(decodeSubscription), FUZZ_TIMEOUT);
});

describe('decodeCloudSave', () => {
  const entry = (key: string, value: unknown) => ({ key, value, namespace: 'default', permission: 'Private' });

  it('reads credits, account type and subscription data', () => {
    const save = decodeCloudSave({
      results: [
        entry('credits', 12),
        entry('accountType', 1),
        entry('subscriptionData', { subscriptionType: 3, status: 'ACTIVE' }),
      ],
      username: 'ada#1234',
    });
    expect(save.credits).toBe(12);
    expect(save.needsSetup).toBe(false);
    expect(save.username).toBe('ada#1234');
    expect(save.subscription?.plan).toBe('ANNUAL');
  });

  it('reads credits held in an object', () => {
    expect(decodeCloudSave({ results: [entry('credits', { credits: 7 }), entry('accountType', 1)] }).credits).toBe(7);
  });

  it.each([
    ['missing', []],
    ['0', [entry('accountType', 0)]],
  ])('needs first-time setup when accountType is %s', (_what, results) => {
    expect(decodeCloudSave({ results, username: 'Player#1' }).needsSetup).toBe(true);
  });

  it('leaves subscription undefined when there is no subscriptionData entry', () => {
    expect(decodeCloudSave({ results: [entry('accountType', 1)] }).subscription).toBeUndefined();
  });

  it('ignores a broken subscriptionData entry instead of failing the page', () => {
    expect(
      decodeCloudSave({ results: [entry('accountType', 1), entry('subscriptionData', 'not json')] }).subscription,
    ).toBeUndefined();
  });

  it('refuses an answer without a results list', () => {
    expect(() => decodeCloudSave({ username: 'x' })).toThrow(DecodeError);
  });

  it('never throws anything but DecodeError (fuzzed)', () => totalOnAnything(decodeCloudSave), FUZZ_TIMEOUT);

  it(
    'never reports negative credits (fuzzed)',
    () => {
      fc.assert(
        fc.property(fc.jsonValue(), (value) => {
          expect(decodeCloudSave({ results: [entry('credits', value)] }).credits).toBeGreaterThanOrEqual(0);
        }),
        RUNS,
      );
    },
    FUZZ_TIMEOUT,
  );
});

describe('decodeDesigns', () => {
  it('turns the map into a list, newest first', () => {
    const designs = decodeDesigns({
      data: {
        a: { UID: '1', Name: 'Old', ModelName: 'Farmhouse', LastModified: '2026-01-01T00:00:00Z' },
        b: { UID: '2', Name: 'New', ModelName: 'Lake_House', LastModified: '2026-06-01T00:00:00Z' },
      },
    });
    expect(designs.map((d) => d.name)).toEqual(['New', 'Old']);
    expect(designs[0]).toEqual({
      key: 'b',
      uid: '2',
      name: 'New',
      modelName: 'Lake_House',
      lastModified: '2026-06-01T00:00:00.000Z',
    });
  });

  it('leaves a missing or empty name null, for the UI to word in its language', () => {
    const designs = decodeDesigns({ data: { a: { UID: '1', ModelName: 'Farmhouse' }, b: { UID: '2', Name: '' } } });
    expect(designs.map((d) => d.name)).toEqual([null, null]);
  });

  it('reads an empty or missing map as no designs', () => {
    expect(decodeDesigns({ data: {} })).toEqual([]);
    expect(decodeDesigns({})).toEqual([]);
  });

  it('never throws anything but DecodeError (fuzzed)', () => totalOnAnything(decodeDesigns), FUZZ_TIMEOUT);
});

describe('decodeUnityAuth', () => {
  it('reads playerId and accessToken', () => {
    expect(decodeUnityAuth({ playerId: 'P1', accessToken: 'ut1.x.y' })).toEqual({
      playerId: 'P1',
      accessToken: 'ut1.x.y',
    });
  });

  it.each([{}, { playerId: 'P1' }, { accessToken: 't' }, null, 'x'])('refuses %j', (json) => {
    expect(() => decodeUnityAuth(json)).toThrow(DecodeError);
  });

  it('never throws anything but DecodeError (fuzzed)', () => totalOnAnything(decodeUnityAuth), FUZZ_TIMEOUT);

  it('reads stored data only when whole', () => {
    expect(decodeStoredUnityAuth({ playerId: 'P1', accessToken: 't', uid: 'u' })).toEqual({
      playerId: 'P1',
      accessToken: 't',
      uid: 'u',
    });
    expect(decodeStoredUnityAuth({ playerId: 'P1' })).toBeNull();
    expect(decodeStoredUnityAuth('garbage')).toBeNull();
  });
});

describe('decodePurchase', () => {
  it('reads a success', () => {
    expect(decodePurchase({ success: true, newBalance: 45, creditsAdded: 30 })).toEqual({
      success: true,
      newBalance: 45,
      creditsAdded: 30,
      error: null,
    });
  });

  it('reads a refusal with its error', () => {
    expect(decodePurchase({ success: false, error: 'Order was not captured' }).error).toBe('Order was not captured');
  });

  it('never throws anything but DecodeError (fuzzed)', () => totalOnAnything(decodePurchase), FUZZ_TIMEOUT);
});

describe('decodePurchaseReference', () => {
  it('keeps the reference and its expiry', () => {
    expect(
      decodePurchaseReference({ reference: 'PR1.p.credits-30.1499.x.sig', expiresAt: '2026-06-01T12:30:00Z' }),
    ).toEqual({ reference: 'PR1.p.credits-30.1499.x.sig', expiresAt: '2026-06-01T12:30:00.000Z' });
  });

  it('refuses a reference without an expiry, or one PayPal would not take', () => {
    expect(() => decodePurchaseReference({ reference: 'PR1.x' })).toThrow(DecodeError);
    expect(() => decodePurchaseReference({ reference: '', expiresAt: '2026-06-01T12:30:00Z' })).toThrow(DecodeError);
    expect(() => decodePurchaseReference({ reference: 'x'.repeat(128), expiresAt: '2026-06-01T12:30:00Z' })).toThrow(
      DecodeError,
    );
  });

  it('never throws anything but DecodeError (fuzzed)', () => totalOnAnything(decodePurchaseReference), FUZZ_TIMEOUT);
});

describe('decodePayments', () => {
  const order = {
    id: 'pay-1',
    kind: 'credits',
    orderId: '5O190127TN364715T',
    createdAt: '2026-03-05T10:00:00.000Z',
    credits: 30,
    amount: { value: '14.99', currency: 'USD' },
    status: 'credited',
  };
  const plan = {
    id: 'pay-2',
    kind: 'subscription',
    subscriptionId: 'I-BW452GLLEP1G',
    createdAt: '2026-03-04T10:00:00Z',
    plan: 'MONTHLY',
    amount: { value: '5.99', currency: 'USD' },
    status: 'active',
  };

  it('reads credit orders and subscriptions, the date in ISO form', () => {
    expect(decodePayments({ payments: [order, plan] })).toEqual([
      {
        id: 'pay-1',
        kind: 'credits',
        orderId: '5O190127TN364715T',
        credits: 30,
        createdAt: '2026-03-05T10:00:00.000Z',
        amount: { value: '14.99', currency: 'USD' },
        status: 'credited',
      },
      {
        id: 'pay-2',
        kind: 'subscription',
        subscriptionId: 'I-BW452GLLEP1G',
        plan: 'MONTHLY',
        createdAt: '2026-03-04T10:00:00.000Z',
        amount: { value: '5.99', currency: 'USD' },
        status: 'active',
      },
    ]);
    expect(decodePayments({ payments: [] })).toEqual([]);
  });

  it('reads a payment whose pack, plan or PayPal id the backend does not know (PayPal reported it by itself)', () => {
    const bare = {
      id: 'CAP-1',
      createdAt: order.createdAt,
      amount: { value: '3.00', currency: 'USD' },
      status: 'refunded',
    };
    expect(
      decodePayments({
        payments: [
          { ...bare, kind: 'credits' },
          { ...bare, kind: 'subscription' },
        ],
      }),
    ).toEqual([
      { ...bare, kind: 'credits', orderId: null, credits: null },
      { ...bare, kind: 'subscription', subscriptionId: null, plan: null },
    ]);
  });

  it.each([
    ['not an object', 'nope'],
    ['no list', { payments: null }],
    ['an unknown kind', { payments: [{ ...order, kind: 'gift' }] }],
    ['an unknown status', { payments: [{ ...order, status: 'pending' }] }],
    ['no date', { payments: [{ ...order, createdAt: 'yesterday' }] }],
    ['a number as the amount', { payments: [{ ...order, amount: 14.99 }] }],
    ['an amount that is no decimal', { payments: [{ ...order, amount: { value: '14,99', currency: 'USD' } }] }],
    ['credits counted in a string', { payments: [{ ...order, credits: '30' }] }],
    ['an order id that is no string', { payments: [{ ...order, orderId: 5 }] }],
    ['a subscription of an unknown plan', { payments: [{ ...plan, plan: 'WEEKLY' }] }],
    ['an empty subscription id', { payments: [{ ...plan, subscriptionId: '' }] }],
  ])('refuses %s with a DecodeError', (_what, json) => {
    expect(() => decodePayments(json)).toThrow(DecodeError);
  });

  it('never throws anything but DecodeError (fuzzed)', () => totalOnAnything(decodePayments), FUZZ_TIMEOUT);
});
