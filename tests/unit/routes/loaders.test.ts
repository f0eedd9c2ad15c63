// The pages' loaders: the signed-in ones start the page's loads through the router context and never wait for them;
// /subscription reads its query on arrival only. A plain object is the context.
import { describe, expect, it, vi } from 'vitest';
import { isRedirect } from '@tanstack/react-router';
import type { Platform } from '../../../src/domain/platform';
import type { DevOpenPlan, SharedLink } from '../../../src/domain/shared-link';
import {
  accountLoader,
  creditsLoader,
  externalLinkLoader,
  myDesignsLoader,
  subscriptionLoader,
} from '../../../src/routes/loaders';
import { parseSearch } from '../../../src/routes/search';

/** Loads that never answer: a loader that awaited one would never return. */
function context() {
  const pending = () => new Promise<never>(() => undefined);
  return {
    loads: {
      loadPlayer: vi.fn(pending),
      loadSubscription: vi.fn(pending),
      loadDesigns: vi.fn(pending),
      loadPayments: vi.fn(pending),
      arriveAtSubscription: vi.fn((_query: { success?: boolean; cancelled?: boolean; canMakePayments?: boolean }) =>
        Promise.resolve(true),
      ),
    },
  };
}

describe('page loaders', () => {
  it.each([
    ['My Account', accountLoader, ['loadPlayer', 'loadSubscription', 'loadPayments']],
    ['credits', creditsLoader, ['loadPlayer']],
    ['My Designs', myDesignsLoader, ['loadDesigns']],
  ] as const)(
    'the %s loader starts exactly its loads and returns at once: navigation never waits on the backend',
    (_page, loader, loads) => {
      const ctx = context();
      // The loads never answer: a loader that awaited one would hand back a promise instead of returning.
      expect(loader({ context: ctx })).toBeUndefined();
      const started = Object.entries(ctx.loads)
        .filter(([, load]) => load.mock.calls.length > 0)
        .map(([name]) => name);
      expect(started.sort()).toEqual([...loads].sort());
      for (const name of loads) expect(ctx.loads[name]).toHaveBeenCalledTimes(1);
    },
  );
});

describe('the /subscription loader', () => {
  it('on arrival hands the query to the page flow and passes on whether to clear it', async () => {
    const ctx = context();
    const { arrival } = subscriptionLoader({
      context: ctx,
      location: { search: parseSearch('?success=true&canMakePayments=false') },
      cause: 'enter',
    });
    expect(ctx.loads.arriveAtSubscription).toHaveBeenCalledWith({
      success: true,
      cancelled: undefined,
      canMakePayments: false,
    });
    await expect(arrival).resolves.toBe(true);
  });

  it('reads cancelled=true, and no query at all', () => {
    const ctx = context();
    subscriptionLoader({ context: ctx, location: { search: parseSearch('?cancelled=true') }, cause: 'enter' });
    subscriptionLoader({ context: ctx, location: { search: {} }, cause: 'enter' });
    expect(ctx.loads.arriveAtSubscription.mock.calls).toEqual([
      [{ success: undefined, cancelled: true, canMakePayments: undefined }],
      [{ success: undefined, cancelled: undefined, canMakePayments: undefined }],
    ]);
  });

  it('a stay (the query cleared, loaders run again) does not arrive again, so the banner stays', async () => {
    const ctx = context();
    ctx.loads.loadSubscription.mockResolvedValue(null as never);
    const { arrival } = subscriptionLoader({
      context: ctx,
      location: { search: parseSearch('?success=true') },
      cause: 'stay',
    });
    expect(ctx.loads.arriveAtSubscription).not.toHaveBeenCalled();
    await expect(arrival).resolves.toBe(false);
  });
});

describe('the /external-link loader', () => {
  const desktop: Platform = { kind: 'desktop', os: 'linux', inAppBrowser: null };
  const iphone: Platform = { kind: 'ios', os: 'ios', inAppBrowser: null };
  const link = { model: 'm1', design: 'Kitchen', referral: 'r9' };
  function context(platform: Platform, plan: DevOpenPlan) {
    return {
      sharedLink: {
        currentPlatform: vi.fn(async () => platform),
        startDevOpen: vi.fn(async (_link: SharedLink) => plan),
      },
    };
  }
  const allowed: DevOpenPlan = {
    ok: true,
    open: { redirectUrl: 'http://127.0.0.1:5662', redirectPath: 'open?model=m1' },
  };
  const refused: DevOpenPlan = { ok: false, target: 'http://evil.example:5662' };

  it('without dev=true hands the page its platform and stores nothing', async () => {
    const ctx = context(desktop, allowed);
    expect(await externalLinkLoader({ context: ctx, deps: { ...link, dev: undefined }, preload: false })).toEqual({
      platform: desktop,
      refusedTarget: null,
    });
    expect(ctx.sharedLink.startDevOpen).not.toHaveBeenCalled();
  });

  it('dev=true on a phone does not open the desktop app', async () => {
    const ctx = context(iphone, allowed);
    expect(await externalLinkLoader({ context: ctx, deps: { ...link, dev: true }, preload: false })).toEqual({
      platform: iphone,
      refusedTarget: null,
    });
    expect(ctx.sharedLink.startDevOpen).not.toHaveBeenCalled();
  });

  it('dev=true on the desktop parks the path for the desktop app and goes on to /return-to-app, replacing this entry', async () => {
    const ctx = context(desktop, allowed);
    let thrown: unknown;
    try {
      await externalLinkLoader({ context: ctx, deps: { ...link, dev: true }, preload: false });
    } catch (error) {
      thrown = error;
    }
    expect(ctx.sharedLink.startDevOpen).toHaveBeenCalledWith(link);
    expect(isRedirect(thrown) && thrown.options).toMatchObject({ to: '/return-to-app', replace: true });
  });

  it('a refused desktop address comes back for the page to say, and a preload hands nothing off', async () => {
    expect(
      await externalLinkLoader({ context: context(desktop, refused), deps: { ...link, dev: true }, preload: false }),
    ).toEqual({
      platform: desktop,
      refusedTarget: 'http://evil.example:5662',
    });
    const ctx = context(desktop, allowed);
    expect(
      (await externalLinkLoader({ context: ctx, deps: { ...link, dev: true }, preload: true })).refusedTarget,
    ).toBeNull();
    expect(ctx.sharedLink.startDevOpen).not.toHaveBeenCalled();
  });
});
