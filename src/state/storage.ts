// Every local and session storage key of SPEC 3, behind a wrapper that survives a storage that throws.
export const LOCAL_KEYS = {
  isAuthenticating: 'isAuthenticating',
  redirectUrl: 'redirectUrl',
  redirectPath: 'redirectPath',
  authToken: 'authToken',
  unityAuthData: 'unityAuthData',
  isRedirecting: 'isRedirecting',
  redirectWithUnityToken: 'redirectWithUnityToken',
  authProvider: 'authProvider',
  paymentsDisabled: 'paymentsDisabled',
  /** Optional desktop `state` value carried back on the login call (RFC 8252 §8.9). */
  redirectState: 'redirectState',
  /**
   * PayPal payments the backend has not recorded yet, by uid (docs/reliability.md "Reliability",
   * src/state/pending-payments.ts). Sign Out clears local storage (SPEC 4) but puts this key back: a paid order is not
   * the user's to lose.
   */
  pendingPayments: 'pendingPayments',
  /**
   * Refusals and holds of payments whose answer came when their payer was no longer signed in here, by uid: shown to
   * that payer on their next signed-in visit, never to anyone else (src/state/pending-payments.ts). Kept on Sign Out.
   */
  paymentNotices: 'paymentNotices',
  /** The language the user chose with the picker (src/state/language.ts): a device preference, kept on Sign Out. */
  language: 'portalLanguage',
} as const;

/** What the desktop hand-off keeps in local storage, and the redirect URL: what SPEC 2's ?action=logout forgets. */
export const DESKTOP_AUTH_KEYS = [
  LOCAL_KEYS.authToken,
  LOCAL_KEYS.unityAuthData,
  LOCAL_KEYS.redirectUrl,
  LOCAL_KEYS.redirectPath,
  LOCAL_KEYS.isRedirecting,
  LOCAL_KEYS.redirectWithUnityToken,
  LOCAL_KEYS.redirectState,
] as const;

/** Local keys that a clear() puts back: what was paid for, and the device's language, outlive a sign-out. */
const KEPT_ON_CLEAR: readonly LocalKey[] = [LOCAL_KEYS.pendingPayments, LOCAL_KEYS.paymentNotices, LOCAL_KEYS.language];

export const SESSION_KEYS = {
  hasRedirected: 'hasRedirected',
  hasShownAffiliateModal: 'hasShownAffiliateModal',
  /** The desktop target this tab was launched with and has not used yet: the stored redirectUrl counts only here. */
  pendingRedirect: 'pendingRedirect',
  /** The page whose code could not load and was reloaded for it once (src/routes/page-chunk.ts): never a second time. */
  chunkReload: 'portalChunkReload',
  /** The portal's own chunk could not load at the first load, and the tab reloaded for it once (state/boot-failure.ts). */
  bootReload: 'portalBootReload',
} as const;

export type LocalKey = (typeof LOCAL_KEYS)[keyof typeof LOCAL_KEYS];
export type SessionKey = (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS];

function area(pick: () => Storage) {
  // A webview with storage off, or private mode, throws on access: then this page keeps its values in memory.
  // While the real storage works, memory is never read, so a value removed there cannot come back from here.
  const memory = new Map<string, string>();
  const storage = (): Storage | null => {
    try {
      return pick();
    } catch {
      return null;
    }
  };
  /** Runs `op` on the real storage; false when there is none or it threw. */
  const attempt = (op: (s: Storage) => void): boolean => {
    const s = storage();
    if (!s) return false;
    try {
      op(s);
      return true;
    } catch {
      return false;
    }
  };
  return {
    get(key: string): string | null {
      let value: string | null = null;
      return attempt((s) => (value = s.getItem(key))) ? value : (memory.get(key) ?? null);
    },
    set(key: string, value: string): void {
      if (attempt((s) => s.setItem(key, value))) memory.delete(key);
      else memory.set(key, value);
    },
    remove(...keys: string[]): void {
      for (const key of keys) {
        memory.delete(key);
        attempt((s) => s.removeItem(key));
      }
    },
    clear(): void {
      memory.clear();
      attempt((s) => s.clear());
    },
  };
}

const local = area(() => window.localStorage);
const session = area(() => window.sessionStorage);

export const localStore = {
  get: (key: LocalKey) => local.get(key),
  set: (key: LocalKey, value: string) => local.set(key, value),
  remove: (...keys: LocalKey[]) => local.remove(...keys),
  flag: (key: LocalKey) => local.get(key) === 'true',
  setFlag: (key: LocalKey, on: boolean) => (on ? local.set(key, 'true') : local.remove(key)),
  /** Clears local storage (Sign Out, SPEC 4), then puts back the pending payments (KEPT_ON_CLEAR). */
  clear: () => {
    const kept = KEPT_ON_CLEAR.map((key) => [key, local.get(key)] as const);
    local.clear();
    for (const [key, value] of kept) if (value !== null) local.set(key, value);
  },
};

export const sessionStore = {
  get: (key: SessionKey) => session.get(key),
  set: (key: SessionKey, value: string) => session.set(key, value),
  flag: (key: SessionKey) => session.get(key) === 'true',
  setFlag: (key: SessionKey, on: boolean) => (on ? session.set(key, 'true') : session.remove(key)),
  remove: (...keys: SessionKey[]) => session.remove(...keys),
};

/** Reads a JSON value, or null when missing or unreadable (a decoder checks the shape). */
export function readJson(key: LocalKey): unknown {
  const raw = local.get(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function writeJson(key: LocalKey, value: unknown): void {
  local.set(key, JSON.stringify(value));
}
