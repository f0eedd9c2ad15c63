// The signed-in pages' loaders: they start the page's loads through the router context and never wait for them;
// /subscription reads its query on arrival only. A plain object is the context.
import { describe, expect, it, vi } from 'vitest';
import { accountLoader, creditsLoader, myDesignsLoader, subscriptionLoader } from '../../../src/routes/loaders';
import { parseSearch } from '../../../src/routes/search';

/** Loads that never answer: a loader that awaited one would never return. */
function context() {
  const pending = () => new Promise<never>(() => undefined);
  return {
    loadPlayer: vi.fn(pending),
    loadSubscription: vi.fn(pending),
    loadDesigns: vi.fn(pending),
    arriveAtSubscription: vi.fn((_query: { success?: boolean; cancelled?: boolean; canMakePayments?: boolean }) => Promise.resolve(true)),
  };
}

describe('page loaders', () => {
  it('My Account starts the profile and the subscription, without waiting for either', () => {
    const ctx = context();
    expect(accountLoader({ context: ctx })).toBeUndefined();
    expect(ctx.loadPlayer).toHaveBeenCalledTimes(1);
    expect(ctx.loadSubscription).toHaveBeenCalledTimes(1);
  });

  it('Credits starts the balance, My Designs the list', () => {
    const ctx = context();
    creditsLoader({ context: ctx });
    myDesignsLoader({ context: ctx });
    expect(ctx.loadPlayer).toHaveBeenCalledTimes(1);
    expect(ctx.loadDesigns).toHaveBeenCalledTimes(1);
    expect(ctx.loadSubscription).not.toHaveBeenCalled();
  });
});

describe('the /subscription loader', () => {
  it('on arrival hands the query to the page flow and passes on whether to clear it', async () => {
    const ctx = context();
    const { arrival } = subscriptionLoader({ context: ctx, location: { search: parseSearch('?success=true&canMakePayments=false') }, cause: 'enter' });
    expect(ctx.arriveAtSubscription).toHaveBeenCalledWith({ success: true, cancelled: undefined, canMakePayments: false });
    await expect(arrival).resolves.toBe(true);
  });

  it('reads cancelled=true, and no query at all', () => {
    const ctx = context();
    subscriptionLoader({ context: ctx, location: { search: parseSearch('?cancelled=true') }, cause: 'enter' });
    subscriptionLoader({ context: ctx, location: { search: {} }, cause: 'enter' });
    expect(ctx.arriveAtSubscription.mock.calls).toEqual([
      [{ success: undefined, cancelled: true, canMakePayments: undefined }],
      [{ success: undefined, cancelled: undefined, canMakePayments: undefined }],
    ]);
  });

  it('a stay (the query cleared, loaders run again) does not arrive again, so the banner stays', async () => {
    const ctx = context();
    ctx.loadSubscription.mockResolvedValue(null as never);
    const { arrival } = subscriptionLoader({ context: ctx, location: { search: parseSearch('?success=true') }, cause: 'stay' });
    expect(ctx.arriveAtSubscription).not.toHaveBeenCalled();
    await expect(arrival).resolves.toBe(false);
  });
});
