// @vitest-environment jsdom
// My Account's lower sections as a chunk (src/ui/account/sections-chunk.ts): loaded once, beside the page; offline they
// say so and load by themselves when the connection is back; gone after a release, one reload, then why, with Try again.
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../src/chunks/account-sections', () => ({
  DeleteAccount: () => null,
  SignInSecurity: () => null,
  YourData: () => null,
}));

const {
  chunkLoads: chunk,
  fakeChunkLoading,
  resetChunkLoads,
} = await vi.hoisted(() => import('../../support/fake-chunk-loading'));
vi.mock('../../../../src/state/chunk-loading', () => fakeChunkLoading);

/** Fresh modules each time: the loaded chunk is module state. */
async function fresh() {
  vi.resetModules();
  return {
    ...(await import('../../../../src/ui/account/sections-chunk')),
    ...(await import('../../../../src/domain/chunk-failure')),
    ...(await import('../../../../src/state/connectivity')),
  };
}

beforeEach(() => {
  resetChunkLoads();
});

describe("My Account's lower sections", () => {
  it('load once: the route starts them, and the page shows them when here', async () => {
    const { loadAccountSections, useAccountSections } = await fresh();
    const early = loadAccountSections();
    const { result } = renderHook(() => useAccountSections());
    await act(() => early);
    await waitFor(() => expect(result.current).toHaveProperty('sections.SignInSecurity'));
    expect(chunk.loads).toBe(1);
    // They also come with the idle prefetch on other pages: their arrival is not that page's (chunk-loading.ts).
    expect(chunk.arrivals).toBe(0);
  });

  it('offline: the network message, then they load by themselves when the connection is back', async () => {
    const { useAccountSections, ChunkOfflineError, watchConnectivity } = await fresh();
    const stop = watchConnectivity();
    try {
      chunk.fail = new ChunkOfflineError('offline');
      const { result } = renderHook(() => useAccountSections());
      await waitFor(() =>
        expect(result.current).toMatchObject({ failed: 'Network error. Please check your connection and try again' }),
      );
      chunk.fail = null;
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      await waitFor(() => expect(result.current).toHaveProperty('sections.YourData'));
      expect(chunk.loads).toBe(2);
    } finally {
      stop();
    }
  });

  it('gone after a release: one reload; when that was done already, why, and Try again loads them', async () => {
    const { useAccountSections, ChunkMissingError } = await fresh();
    chunk.fail = new ChunkMissingError('gone');
    chunk.reloads = [true];
    const first = renderHook(() => useAccountSections());
    await waitFor(() => expect(chunk.reloads).toEqual([]));
    expect(first.result.current).toBeNull();
    first.unmount();

    const { result } = renderHook(() => useAccountSections());
    await waitFor(() =>
      expect(result.current).toMatchObject({
        failed: 'This page stopped working because of an unexpected error. Nothing was changed by it.',
      }),
    );
    chunk.fail = null;
    act(() => {
      if (result.current && 'retry' in result.current) result.current.retry();
    });
    await waitFor(() => expect(result.current).toHaveProperty('sections.DeleteAccount'));
  });
});
