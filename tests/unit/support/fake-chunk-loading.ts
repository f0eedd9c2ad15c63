// A stand-in for src/state/chunk-loading in unit tests of the parts that come as chunks (the sign-in screen's views, My
// Account's lower sections): each load is counted and fails while `fail` is set; the reload for a missing file answers
// from `reloads` (true: reloaded; none left: it was done already). A file that takes fresh modules per test imports
// this once, before any reset, and hands the same instance to the mock:
//   const { chunkLoads, fakeChunkLoading } = await vi.hoisted(() => import('../../support/fake-chunk-loading'));
//   vi.mock('../../../../src/state/chunk-loading', () => fakeChunkLoading);
export const chunkLoads = { fail: null as Error | null, loads: 0, reloads: [] as boolean[], arrivals: 0 };

export const fakeChunkLoading = {
  loadChunk: async <T>(importer: () => Promise<T>): Promise<T> => {
    chunkLoads.loads++;
    if (chunkLoads.fail) throw chunkLoads.fail;
    return importer();
  },
  pageArrived: () => {
    chunkLoads.arrivals++;
  },
  reloadForMissingChunk: () => chunkLoads.reloads.shift() ?? false,
};

/** Nothing failing, nothing counted. */
export function resetChunkLoads(): void {
  Object.assign(chunkLoads, { fail: null, loads: 0, reloads: [], arrivals: 0 });
}
