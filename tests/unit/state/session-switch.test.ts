// @vitest-environment jsdom
// A user switch leaves nothing of the last user (docs/security.md "Security"): any change of the signed-in uid, however
// it comes (another tab replaced or ended the stored session), runs every store's sign-out reset before the next user
// is set, and the guards and loaders run again for the user who is signed in now. Sign Out also empties the store where
// an earlier release kept its session, so no later load moves that account back in.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The fakes are imported once, before any reset, and handed to the mocks: vi.resetModules() keeps a mocked module but
// would evaluate a support file again, so a later import of it is not the instance the stores see.
const { fakeAuth: auth, signedInUser } = await vi.hoisted(() => import('../support/fake-auth'));
const { fakeBridge, fakeBridgeModule, resetFakeBridge } = await vi.hoisted(() => import('../support/fake-bridge'));
const { cloudSave, fakeApi, resetFakeApi } = await vi.hoisted(() => import('../support/fake-api'));
vi.mock('../../../src/auth/firebase', () => auth);
vi.mock('../../../src/api/payments', async () => (await import('../support/fake-api')).fakeApi.payments);
vi.mock('@home-design/portal-bridge', () => fakeBridgeModule());
vi.mock('../../../src/api/unity', () => fakeApi.unity);
vi.mock('../../../src/api/cloud-save', () => fakeApi.cloudSave);
vi.mock('../../../src/api/subscription', () => fakeApi.subscription);

import { config } from '../../../src/config/config';

type Handoff = typeof import('../../../src/state/handoff');
type Session = typeof import('../../../src/state/session');
type SubscriptionPage = typeof import('../../../src/state/subscription-page');
let captureLaunchParams: Handoff['captureLaunchParams'];
let handoffDue: Handoff['handoffDue'];
let connectHandoff: Handoff['connectHandoff'];
let player: (typeof import('../../../src/state/player'))['player'];
let choosePack: (typeof import('../../../src/state/purchase'))['choosePack'];
let purchase: (typeof import('../../../src/state/purchase'))['purchase'];
let onSignedOut: Session['onSignedOut'];
let session: Session['session'];
let signOut: Session['signOut'];
let signOutClearingDesktopData: Session['signOutClearingDesktopData'];
let startSession: Session['startSession'];
let startPortal: (typeof import('../../../src/state/startup'))['startPortal'];
let selectPlan: SubscriptionPage['selectPlan'];
let subscriptionPage: SubscriptionPage['subscriptionPage'];
let keepUnity: (typeof import('../support/unity'))['keepUnity'];
let validateSession: Session['validateSession'];
let showRefusal: (typeof import('../../../src/state/pending-payments'))['showRefusal'];
let showToast: (typeof import('../../../src/state/toasts'))['showToast'];
let toasts: (typeof import('../../../src/state/toasts'))['toasts'];

/**
 * A fresh page: new modules of the session and of every store over it, with the sign-out resets registered (as
 * startPortal's first step registers them).
 */
async function freshPage(): Promise<void> {
  vi.resetModules();
  ({ captureLaunchParams, handoffDue, connectHandoff } = await import('../../../src/state/handoff'));
  ({ player } = await import('../../../src/state/player'));
  ({ choosePack, purchase } = await import('../../../src/state/purchase'));
  ({ onSignedOut, session, signOut, signOutClearingDesktopData, startSession, validateSession } =
    await import('../../../src/state/session'));
  ({ showRefusal } = await import('../../../src/state/pending-payments'));
  ({ showToast, toasts } = await import('../../../src/state/toasts'));
  ({ startPortal } = await import('../../../src/state/startup'));
  ({ selectPlan, subscriptionPage } = await import('../../../src/state/subscription-page'));
  ({ keepUnity } = await import('../support/unity'));
  (await import('../../../src/state/sign-out-resets')).registerSignOutResets();
  (await import('../../../src/state/signed-in-start')).startSignedIn();
}

/** The router as startPortal uses it, on `pathname`: its guards and loaders run again by `invalidate`. */
function fakeRouter(pathname: string) {
  return {
    state: { location: { pathname } },
    invalidate: vi.fn(() => Promise.resolve()),
    navigate: vi.fn(() => Promise.resolve()),
    history: { replace: vi.fn() },
    subscribe: vi.fn(() => () => {}),
  };
}

const alice = { ...signedInUser, uid: 'alice', email: 'alice@example.com' };
const bob = { ...signedInUser, uid: 'bob', email: 'bob@example.com' };

/** What the stores hold of whoever is signed in: a loaded player, an open credits modal and plan panel. */
function aliceOnScreen(): void {
  keepUnity('alice', { playerId: 'P-ALICE', accessToken: 'unity-alice' });
  player.cloud = { ...cloudSave(), username: 'Alice#1' };
  player.status = 'ready';
  expect(choosePack('credits-30')).toBe(true);
  selectPlan('MONTHLY');
  expect(subscriptionPage.selected).toBe('MONTHLY');
}

function nothingOfAlice(): void {
  expect(player.cloud).toBeNull();
  expect(player.unity).toBeNull();
  expect(player.status).toBe('idle');
  expect(purchase.packId).toBeNull();
  expect(subscriptionPage.selected).toBeNull();
}

beforeEach(async () => {
  vi.clearAllMocks();
  await freshPage();
  auth.signOutUser.mockResolvedValue(undefined);
  startSession();
  auth.answer(alice);
  expect(session.user?.uid).toBe('alice');
});
afterEach(() => {
  resetFakeApi();
  resetFakeBridge();
  vi.unstubAllGlobals();
});

describe('a change of uid runs the sign-out resets before the next user shows', () => {
  it('another tab replaces the stored session: the resets run while Alice is still the user, then Bob is set', () => {
    aliceOnScreen();
    const seenByResets: (string | null)[] = [];
    const stop = onSignedOut(() => seenByResets.push(session.user?.uid ?? null));
    try {
      auth.answer(bob);
    } finally {
      stop();
    }
    expect(seenByResets).toEqual(['alice']);
    nothingOfAlice();
    expect(session.user?.uid).toBe('bob');
    expect(session.status).toBe('signedIn');
  });

  it('another tab signs out: the same resets, with no Sign Out in this tab', () => {
    aliceOnScreen();
    auth.answer(null);
    nothingOfAlice();
    expect(session.status).toBe('signedOut');
    expect(auth.signOutUser).not.toHaveBeenCalled();
  });

  it('the launch target of the last user is gone: a switch hands nothing off to it', () => {
    connectHandoff({ replaceUrl: vi.fn(), navigate: vi.fn() });
    window.history.replaceState(
      null,
      '',
      `/credits?redirect=${encodeURIComponent(`http://127.0.0.1:${config.desktopPort}`)}`,
    );
    captureLaunchParams(window.location.href);
    expect(handoffDue()).toBe(true);
    auth.answer(bob);
    expect(handoffDue()).toBe(false);
    expect(sessionStorage.getItem('pendingRedirect')).toBeNull();
    window.history.replaceState(null, '', '/');
  });

  it('the same user answered again (a token refresh, a reload of the account) resets nothing', () => {
    aliceOnScreen();
    const resets = vi.fn();
    const stop = onSignedOut(resets);
    auth.answer({ ...alice, displayName: 'Alice A.' });
    stop();
    expect(resets).not.toHaveBeenCalled();
    expect(player.cloud?.username).toBe('Alice#1');
    expect(purchase.packId).toBe('credits-30');
  });

  it('the guards and loaders run again for the new user, and the app auth flow runs for them', async () => {
    const router = fakeRouter('/credits');
    // A page that loads with Alice's stored session: the portal starts before the identity service answers.
    await freshPage();
    startPortal(router as never);
    auth.answer(alice);
    await vi.waitFor(() => expect(player.status).toBe('ready'));
    router.invalidate.mockClear();
    auth.answer(bob);
    await vi.waitFor(() => expect(router.invalidate).toHaveBeenCalled());
    // Bob's own Unity exchange and cloud save: Alice's kept player is not reused for him.
    await vi.waitFor(() => expect(fakeApi.cloudSave.fetchCloudSave).toHaveBeenCalledTimes(2));
    expect(fakeApi.unity.exchangeForUnity).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(player.status).toBe('ready'));
    expect(session.user?.uid).toBe('bob');
  });
});

describe('a hand-off that leaves the page at once', () => {
  it('runs no guard for the page it leaves, and the guards run once it stays after all', async () => {
    const router = fakeRouter('/auth');
    let answer = (_: 'notListening') => undefined as void;
    fakeBridge.probeDesktop.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const target = `http://127.0.0.1:${config.desktopPort}`;
    window.history.replaceState(null, '', `/auth?redirect=${encodeURIComponent(target)}`);
    try {
      await freshPage();
      const { handoff } = await import('../../../src/state/handoff');
      startPortal(router as never);
      auth.answer(alice);
      await vi.waitFor(() => expect(fakeApi.cloudSave.fetchCloudSave).toHaveBeenCalled());
      // The blocking message is up while the desktop app is asked: nothing re-runs /auth's guard under it.
      expect(handoff.phase).toBe('redirecting');
      expect(router.invalidate).not.toHaveBeenCalled();
      answer('notListening');
      await vi.waitFor(() => expect(handoff.phase).toBe('notListening'));
      await vi.waitFor(() => expect(router.invalidate).toHaveBeenCalledOnce());
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});

describe("every toast goes with the user's uid", () => {
  it.each([
    ['another user signs in (another tab)', () => auth.answer(bob)],
    ['another tab signs out', () => auth.answer(null)],
    ['Sign Out', () => signOut()],
    ["the host's logout (bridge)", () => signOut({ tellHost: false })],
    ['?action=logout', () => signOutClearingDesktopData()],
    [
      'the session check finds the session gone',
      async () => {
        auth.sessionStillValid.mockResolvedValueOnce(false);
        await validateSession();
      },
    ],
  ])('%s: the refusal that waits to be dismissed and every other toast are gone', async (_how, change) => {
    showRefusal('alice', 'Error: Order already used PayPal order: 5O190127TN364715T');
    showToast('success', 'Successfully purchased 30 credits!');
    expect(toasts.items).toHaveLength(2);
    await change();
    expect(session.user?.uid).not.toBe('alice');
    expect(toasts.items).toEqual([]);
  });

  it('the same user answered again keeps them', () => {
    showRefusal('alice', 'Error: Order already used PayPal order: 5O190127TN364715T');
    auth.answer({ ...alice, displayName: 'Alice A.' });
    expect(toasts.items).toHaveLength(1);
  });
});

describe('Sign Out removes the session an earlier release kept in IndexedDB', () => {
  /** Firebase's earlier store with one session in it; `answers` false: a store whose requests never finish. */
  function earlierStore(answers = true) {
    const rows = new Map<string, unknown>([['firebase:authUser:key:[DEFAULT]', { uid: 'alice' }]]);
    const later = (fn: () => void) => answers && setTimeout(fn, 0);
    const db = {
      objectStoreNames: { contains: () => true },
      close: vi.fn(),
      transaction: () => ({
        objectStore: () => ({
          clear: () => {
            const req: { onsuccess?: () => void } = {};
            later(() => {
              rows.clear();
              req.onsuccess?.();
            });
            return req;
          },
        }),
      }),
    };
    const open = () => {
      const req: { result?: unknown; onsuccess?: () => void } = {};
      later(() => {
        req.result = db;
        req.onsuccess?.();
      });
      return req;
    };
    vi.stubGlobal('indexedDB', { open });
    return rows;
  }

  it('Sign Out empties it', async () => {
    const rows = earlierStore();
    await signOut();
    expect(rows.size).toBe(0);
    expect(session.status).toBe('signedOut');
  });

  it('?action=logout empties it too', async () => {
    const rows = earlierStore();
    await signOutClearingDesktopData();
    expect(rows.size).toBe(0);
  });

  it('a store that never answers holds the sign-out for 1.5 s at most', async () => {
    vi.useFakeTimers();
    try {
      earlierStore(false);
      let done = false;
      const out = signOut().then(() => (done = true));
      await vi.advanceTimersByTimeAsync(1_400);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(100);
      await out;
      expect(session.status).toBe('signedOut');
    } finally {
      vi.useRealTimers();
    }
  });
});
