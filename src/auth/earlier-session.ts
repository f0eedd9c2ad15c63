// Reads a session that an earlier release kept in Firebase's IndexedDB store, so Auth can move it to localStorage.
//
// Firebase tests every persistence it is given by writing to it (`_isAvailable`), all of them before it starts, and in
// WebKit that IndexedDB write can wait for ever behind a transaction of a page frozen in the back/forward cache
// (docs/reliability.md "Start-up, clocks and tabs"). This stand-in for Firebase's IndexedDB persistence never writes:
// it says it is not available, so Firebase never keeps anything here, but Firebase still looks for a user in it
// ("migrate a user out of a broken persistence") and moves one it finds to the first available persistence that allows
// migration. Every read gives up after READ_TIMEOUT_MS, so a stuck store costs a moment once, never the start-up. Sign
// Out empties the store (removeEarlierSession), so a session left there never comes back after a sign-out.

/** Firebase's own names (@firebase/auth, indexed_db.ts). */
const DB_NAME = 'firebaseLocalStorageDb';
const STORE = 'firebaseLocalStorage';

const READ_TIMEOUT_MS = 1_500;

type Value = Record<string, unknown> | string;

function withTimeout<T>(work: Promise<T>, fallback: T, ms: number): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(fallback);
      },
    );
  });
}

/** Opens Firebase's database if it exists (never creates it); null when there is none or it cannot be opened. */
function openExisting(factory: IDBFactory): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(DB_NAME);
    } catch {
      resolve(null);
      return;
    }
    // No database yet: abort its creation, so reading leaves nothing behind.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
    request.onsuccess = () => {
      const db = request.result;
      if (db.objectStoreNames.contains(STORE)) resolve(db);
      else {
        db.close();
        resolve(null);
      }
    };
  });
}

function requestValue<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function readKey(factory: IDBFactory, key: string): Promise<Value | null> {
  const db = await openExisting(factory);
  if (!db) return null;
  try {
    const row = (await requestValue(db.transaction([STORE], 'readonly').objectStore(STORE).get(key))) as
      { value?: Value } | undefined;
    return row?.value ?? null;
  } finally {
    db.close();
  }
}

async function deleteKey(factory: IDBFactory, key: string): Promise<void> {
  const db = await openExisting(factory);
  if (!db) return;
  try {
    await requestValue(db.transaction([STORE], 'readwrite').objectStore(STORE).delete(key));
  } finally {
    db.close();
  }
}

/** Empties Firebase's store: every key an earlier release kept there (the user, a redirect user, the persistence). */
async function clearStore(factory: IDBFactory): Promise<void> {
  const db = await openExisting(factory);
  if (!db) return;
  try {
    const request = db.transaction([STORE], 'readwrite').objectStore(STORE).clear();
    // The connection closes once its transaction is done; a transaction that never finishes holds nothing else.
    db.close();
    await requestValue(request);
  } catch {
    db.close();
  }
}

function indexedDbFactory(): IDBFactory | null {
  try {
    return typeof indexedDB === 'undefined' ? null : indexedDB;
  } catch {
    return null;
  }
}

/**
 * A Firebase persistence (the shape of @firebase/auth's PersistenceInternal, as its React Native persistence builds
 * one) over the earlier IndexedDB store: read-only, never available, and it deletes only a key it handed over.
 */
export class EarlierIndexedDbSession {
  static type = 'LOCAL' as const;
  readonly type = 'LOCAL' as const;
  /** Firebase moves a user found here to the first available persistence that allows migration (localStorage). */
  readonly _shouldAllowMigration = true;
  private readonly handedOver = new Set<string>();

  constructor(
    private readonly factory: () => IDBFactory | null = indexedDbFactory,
    private readonly timeoutMs = READ_TIMEOUT_MS,
  ) {}

  _isAvailable(): Promise<boolean> {
    return Promise.resolve(false);
  }

  async _get(key: string): Promise<Value | null> {
    const factory = this.factory();
    if (!factory) return null;
    const value = await withTimeout(readKey(factory, key), null, this.timeoutMs);
    if (value !== null) this.handedOver.add(key);
    return value;
  }

  /** Once Firebase has moved the user, it removes the key from the other persistences: only then is it deleted here. */
  async _remove(key: string): Promise<void> {
    const factory = this.factory();
    if (!factory || !this.handedOver.delete(key)) return;
    await withTimeout(deleteKey(factory, key), undefined, this.timeoutMs);
  }

  _set(): Promise<void> {
    return Promise.resolve();
  }

  _addListener(): void {}

  _removeListener(): void {}
}

/** How long Sign Out waits for the earlier store to be emptied before it goes on without it. */
const REMOVE_TIMEOUT_MS = 1_500;

/**
 * Sign Out (SPEC 4 clears all local storage and state): removes a session an earlier release kept in Firebase's
 * IndexedDB store, which Firebase would otherwise move back in on the next load. Firebase reads that store only when
 * localStorage holds no user, so a session left there outlives every sign-out that followed it. Best effort: resolves
 * after at most `timeoutMs` and never rejects; a missing database is not created.
 */
export function removeEarlierSession(
  factory: () => IDBFactory | null = indexedDbFactory,
  timeoutMs = REMOVE_TIMEOUT_MS,
): Promise<void> {
  const idb = factory();
  return idb ? withTimeout(clearStore(idb), undefined, timeoutMs) : Promise.resolve();
}
