// src/auth/earlier-session.ts: a session an earlier release kept in Firebase's IndexedDB store is read, never written,
// and a store that does not answer costs a bounded wait, never the start-up.
import { describe, expect, it, vi } from 'vitest';
import { EarlierIndexedDbSession, removeEarlierSession } from '../../../src/auth/earlier-session';

const KEY = 'firebase:authUser:demo-api-key:[DEFAULT]';

/** Just enough of IDBFactory: one database with Firebase's store, or none; `answers` false leaves every request hanging. */
function fakeIndexedDb(rows: Map<string, unknown> | null, answers = true) {
  const deleted: string[] = [];
  const later = (fn: () => void) => answers && setTimeout(fn, 0);
  const request = <T>(result: () => T) => {
    const req: { result?: T; onsuccess?: () => void; onerror?: () => void } = {};
    later(() => {
      req.result = result();
      req.onsuccess?.();
    });
    return req;
  };
  const db = {
    objectStoreNames: { contains: (name: string) => name === 'firebaseLocalStorage' },
    close: vi.fn(),
    transaction: () => ({
      objectStore: () => ({
        get: (key: string) => request(() => (rows?.has(key) ? { fbase_key: key, value: rows.get(key) } : undefined)),
        delete: (key: string) => request(() => void deleted.push(key)),
        clear: () =>
          request(() => {
            deleted.push(...(rows?.keys() ?? []));
            rows?.clear();
          }),
      }),
    }),
  };
  const open = vi.fn(() => {
    const req: Record<string, unknown> & {
      onsuccess?: () => void;
      onupgradeneeded?: () => void;
      onerror?: () => void;
    } = {};
    later(() => {
      if (rows === null) {
        req.transaction = { abort: () => later(() => req.onerror?.()) };
        req.onupgradeneeded?.();
        return;
      }
      req.result = db;
      req.onsuccess?.();
    });
    return req;
  });
  return { factory: { open } as unknown as IDBFactory, deleted, open };
}

describe('EarlierIndexedDbSession', () => {
  it('is never available, so Firebase never keeps a session in it (no write to test it)', async () => {
    const idb = fakeIndexedDb(new Map());
    await expect(new EarlierIndexedDbSession(() => idb.factory)._isAvailable()).resolves.toBe(false);
    expect(idb.open).not.toHaveBeenCalled();
  });

  it('hands over the stored user, and deletes it only once Firebase has moved it', async () => {
    const user = { uid: 'u1', stsTokenManager: {} };
    const idb = fakeIndexedDb(new Map([[KEY, user]]));
    const store = new EarlierIndexedDbSession(() => idb.factory);
    await store._remove('firebase:other');
    expect(idb.deleted).toEqual([]);
    await expect(store._get(KEY)).resolves.toEqual(user);
    await store._remove(KEY);
    expect(idb.deleted).toEqual([KEY]);
  });

  it('finds nothing when there is no database, and does not create one', async () => {
    const idb = fakeIndexedDb(null);
    await expect(new EarlierIndexedDbSession(() => idb.factory)._get(KEY)).resolves.toBeNull();
  });

  it('gives up on a store that never answers after its timeout', async () => {
    vi.useFakeTimers();
    try {
      const idb = fakeIndexedDb(new Map([[KEY, { uid: 'u1' }]]), false);
      const read = new EarlierIndexedDbSession(() => idb.factory, 1_500)._get(KEY);
      await vi.advanceTimersByTimeAsync(1_500);
      await expect(read).resolves.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('finds nothing where IndexedDB is missing', async () => {
    await expect(new EarlierIndexedDbSession(() => null)._get(KEY)).resolves.toBeNull();
  });
});

describe('removeEarlierSession (Sign Out)', () => {
  it('empties the store, whatever key the earlier release kept', async () => {
    const rows = new Map<string, unknown>([
      [KEY, { uid: 'u1' }],
      ['firebase:redirectUser:demo-api-key:[DEFAULT]', { uid: 'u1' }],
    ]);
    const idb = fakeIndexedDb(rows);
    await removeEarlierSession(() => idb.factory);
    expect(rows.size).toBe(0);
    // Nothing is handed over from it any more.
    await expect(new EarlierIndexedDbSession(() => idb.factory)._get(KEY)).resolves.toBeNull();
  });

  it('creates no database where there is none', async () => {
    const idb = fakeIndexedDb(null);
    await expect(removeEarlierSession(() => idb.factory)).resolves.toBeUndefined();
    expect(idb.deleted).toEqual([]);
  });

  it('gives up on a store that never answers after its timeout, without failing', async () => {
    vi.useFakeTimers();
    try {
      const idb = fakeIndexedDb(new Map([[KEY, { uid: 'u1' }]]), false);
      let done = false;
      const removal = removeEarlierSession(() => idb.factory, 1_500).then(() => (done = true));
      await vi.advanceTimersByTimeAsync(1_499);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await removal;
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does nothing where IndexedDB is missing', async () => {
    await expect(removeEarlierSession(() => null)).resolves.toBeUndefined();
  });
});
