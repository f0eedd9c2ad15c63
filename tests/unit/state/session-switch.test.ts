// A user switch leaves nothing of the last user (docs/security.md "Security"): any change of the signed-in uid, however
// it comes (another tab replaced or ended the stored session), runs every store's sign-out reset before the next user
// is set, and the guards and loaders run again for the user who is signed in now. Sign Out also empties the store where
// an earlier release kept its session, so no later load moves that account back in.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/auth/firebase', async () => (await import('../support/fake-auth')).fakeAuth);
vi.mock('@home-design/portal-bridge', async () => (await import('../support/fake-bridge')).fakeBridgeModule());
vi.mock('../../../src/api/unity', async () => (await import('../support/fake-api')).fakeApi.unity);
vi.mock('../../../src/api/cloud-save', async () => (await import('../support/fake-api')).fakeApi.cloudSave);
vi.mock('../../../src/api/subscription', async () => (await import('../support/fake-api')).fakeApi.subscription);

import { config } from '../../../src/config/config';
import { captureLaunchParams, handoffDue, resetHandoffOnSignOut, connectHandoff } from '../../../src/state/handoff';
import { player, resetPlayer } from '../../../src/state/player';
import { choosePack, purchase, resetPurchase } from '../../../src/state/purchase';
import {
  onSignedOut,
  resetSessionForTests,
  session,
  signOut,
  signOutClearingDesktopData,
  startSession,
} from '../../../src/state/session';
import { registerSignOutResets } from '../../../src/state/sign-out-resets';
import { startPortal } from '../../../src/state/startup';
import { selectPlan, subscriptionPage, resetSubscriptionPage } from '../../../src/state/subscription-page';
import { cloudSave, fakeApi, resetFakeApi } from '../support/fake-api';
import { fakeAuth as auth, signedInUser } from '../support/fake-auth';
import { resetFakeBridge } from '../support/fake-bridge';
import { keepUnity } from '../support/unity';

registerSignOutResets();

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
  expect(purchase.phase).toBe('idle');
  expect(purchase.packId).toBeNull();
  expect(subscriptionPage.selected).toBeNull();
}

beforeEach(() => {
  vi.clearAllMocks();
  resetSessionForTests();
  auth.signOutUser.mockResolvedValue(undefined);
  startSession();
  auth.answer(alice);
  expect(session.user?.uid).toBe('alice');
});
afterEach(() => {
  resetSessionForTests();
  resetHandoffOnSignOut();
  resetPlayer();
  resetPurchase();
  resetSubscriptionPage();
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
    expect(purchase.phase).toBe('choosing');
  });

  it('the guards and loaders run again for the new user, and the app auth flow runs for them', async () => {
    const router = {
      state: { location: { pathname: '/credits' } },
      invalidate: vi.fn(() => Promise.resolve()),
      navigate: vi.fn(() => Promise.resolve()),
      history: { replace: vi.fn() },
      subscribe: vi.fn(() => () => {}),
    };
    resetSessionForTests();
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
