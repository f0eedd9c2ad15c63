// @vitest-environment jsdom
// src/auth/firebase.ts and security.ts against a stubbed SDK: what counts as a still-valid session, the emulator switch,
// and My Account's Sign-in & security operations.
import { beforeEach, describe, expect, it, vi } from 'vitest';

interface FakeUser {
  reload: () => Promise<void>;
  getIdToken: (force?: boolean) => Promise<string>;
  getIdTokenResult?: () => Promise<{ token: string; expirationTime: string }>;
  toJSON?: () => object;
  uid?: string;
  email?: string | null;
  emailVerified?: boolean;
  providerData?: Array<{ providerId: string }>;
  metadata?: { creationTime?: string };
}

const sdk = vi.hoisted(() => ({
  currentUser: null as null | FakeUser,
  connectAuthEmulator: vi.fn(),
  initializeAuth: vi.fn(),
  /** Every security call in order, to check what runs before what. */
  calls: [] as string[],
  reauthenticateWithCredential: vi.fn(),
  updatePassword: vi.fn(),
  linkWithCredential: vi.fn(),
  linkWithPopup: vi.fn(),
  unlink: vi.fn(),
  sendEmailVerification: vi.fn(),
}));

vi.mock('firebase/app', () => ({ initializeApp: vi.fn(() => ({ name: '[DEFAULT]' })) }));
vi.mock('firebase/auth', () => ({
  initializeAuth: sdk.initializeAuth.mockImplementation(() => ({
    get currentUser() {
      return sdk.currentUser;
    },
    authStateReady: () => Promise.resolve(),
  })),
  connectAuthEmulator: sdk.connectAuthEmulator,
  indexedDBLocalPersistence: 'indexedDB',
  browserLocalPersistence: 'local',
  inMemoryPersistence: 'memory',
  browserPopupRedirectResolver: class {
    _initialize = vi.fn(() => Promise.resolve());
  },
  GoogleAuthProvider: class {
    readonly providerId = 'google.com';
    params: Record<string, string> = {};
    setCustomParameters(params: Record<string, string>) {
      this.params = params;
    }
  },
  OAuthProvider: class {
    scopes: string[] = [];
    constructor(readonly providerId: string) {}
    addScope(scope: string) {
      this.scopes.push(scope);
    }
  },
  EmailAuthProvider: { credential: (email: string, password: string) => ({ providerId: 'password', email, password }) },
  reauthenticateWithCredential: sdk.reauthenticateWithCredential,
  updatePassword: sdk.updatePassword,
  linkWithCredential: sdk.linkWithCredential,
  linkWithPopup: sdk.linkWithPopup,
  unlink: sdk.unlink,
  sendEmailVerification: sdk.sendEmailVerification,
  signInWithPopup: vi.fn(),
  signInWithEmailAndPassword: vi.fn(),
  createUserWithEmailAndPassword: vi.fn(),
  sendPasswordResetEmail: vi.fn(),
  signOut: vi.fn(),
  onAuthStateChanged: vi.fn(),
}));

import { heldIdToken, idTokenValidFor, sessionStillValid, warmPopups } from '../../../src/auth/firebase';
import {
  addPassword,
  changePassword,
  currentSecurity,
  linkProvider,
  reloadUser,
  sendVerificationEmail,
  unlinkProvider,
} from '../../../src/auth/security';
import { EarlierIndexedDbSession } from '../../../src/auth/earlier-session';

const failing = (code: string) => () => Promise.reject(Object.assign(new Error(code), { code }));

beforeEach(() => {
  sdk.currentUser = null;
});

describe('sessionStillValid', () => {
  it('is false with nobody signed in', async () => {
    await expect(sessionStillValid()).resolves.toBe(false);
  });

  it('is true when the account reloads and a fresh token is issued', async () => {
    const getIdToken = vi.fn(() => Promise.resolve('token'));
    sdk.currentUser = { reload: () => Promise.resolve(), getIdToken };
    await expect(sessionStillValid()).resolves.toBe(true);
    expect(getIdToken).toHaveBeenCalledWith(true);
  });

  it.each(['auth/user-not-found', 'auth/user-disabled', 'auth/invalid-user-token'])(
    'is false when the service says %s',
    async (code) => {
      sdk.currentUser = { reload: failing(code), getIdToken: () => Promise.resolve('t') };
      await expect(sessionStillValid()).resolves.toBe(false);
    },
  );

  it("is 'revoked' when the service says the tokens were revoked (auth/user-token-expired: sign out everywhere)", async () => {
    sdk.currentUser = { reload: failing('auth/user-token-expired'), getIdToken: () => Promise.resolve('t') };
    await expect(sessionStillValid()).resolves.toBe('revoked');
  });

  it('is false when only the token refresh is refused (a disabled account)', async () => {
    sdk.currentUser = { reload: () => Promise.resolve(), getIdToken: failing('auth/user-disabled') };
    await expect(sessionStillValid()).resolves.toBe(false);
  });

  it('network trouble is not a reason to sign anyone out', async () => {
    sdk.currentUser = { reload: failing('auth/network-request-failed'), getIdToken: () => Promise.resolve('t') };
    await expect(sessionStillValid()).resolves.toBe(true);
  });
});

describe('idTokenValidFor (device clock skew)', () => {
  const HOUR = 3_600_000;
  const serverNow = Date.parse('2026-11-24T08:00:00Z');
  /** A token that arrived when the device said `arrivedAt`, valid for an hour, with the service's exp. */
  function userWithToken(arrivedAt: number) {
    const getIdToken = vi.fn((force?: boolean) => Promise.resolve(force ? 'refreshed' : 'current'));
    sdk.currentUser = {
      reload: () => Promise.resolve(),
      getIdToken,
      getIdTokenResult: () =>
        Promise.resolve({ token: 'current', expirationTime: new Date(serverNow + HOUR).toUTCString() }),
      toJSON: () => ({ uid: 'u', stsTokenManager: { expirationTime: arrivedAt + HOUR } }),
    };
    return getIdToken;
  }

  it.each([
    ['2 hours ahead', 2 * HOUR],
    ['2 hours behind', -2 * HOUR],
    ['right', 0],
  ])('with the device clock %s, a token that just arrived is used as it is', async (_label, skew) => {
    const getIdToken = userWithToken(serverNow + skew);
    await expect(idTokenValidFor(5 * 60_000, serverNow + skew + 1_000)).resolves.toBe('current');
    expect(getIdToken).not.toHaveBeenCalledWith(true);
  });

  it.each([
    ['2 hours ahead', 2 * HOUR],
    ['2 hours behind', -2 * HOUR],
  ])('with the device clock %s, a token with 4 minutes left on the device is refreshed', async (_label, skew) => {
    const getIdToken = userWithToken(serverNow + skew);
    await expect(idTokenValidFor(5 * 60_000, serverNow + skew + 56 * 60_000)).resolves.toBe('refreshed');
    expect(getIdToken).toHaveBeenCalledWith(true);
  });

  it("falls back to the token's own expiry when Firebase keeps no arrival time", async () => {
    userWithToken(serverNow);
    sdk.currentUser!.toJSON = () => ({ uid: 'u' });
    await expect(idTokenValidFor(5 * 60_000, serverNow + 10 * 60_000)).resolves.toBe('current');
    await expect(idTokenValidFor(5 * 60_000, serverNow + 58 * 60_000)).resolves.toBe('refreshed');
  });
});

describe('heldIdToken: the token Firebase holds, at once', () => {
  const HOUR = 3_600_000;
  const arrivedAt = Date.parse('2026-11-24T08:00:00Z');
  /** A signed-in user whose token Firebase keeps as `manager` says. */
  function holding(manager: object) {
    sdk.currentUser = {
      reload: () => Promise.resolve(),
      getIdToken: () => Promise.resolve('asked'),
      getIdTokenResult: () =>
        Promise.resolve({ token: 'asked', expirationTime: new Date(arrivedAt + HOUR).toUTCString() }),
      toJSON: () => ({ uid: 'u', stsTokenManager: manager }),
    };
  }

  it('is the held token while it has the time asked for by the device clock, and none after', async () => {
    holding({ accessToken: 'held', expirationTime: arrivedAt + HOUR });
    // The instance exists once something asked for it (start-up does); before that nobody is signed in.
    await idTokenValidFor(60_000, arrivedAt);
    expect(heldIdToken(5 * 60_000, arrivedAt + 55 * 60_000)).toBe('held');
    expect(heldIdToken(5 * 60_000, arrivedAt + 56 * 60_000)).toBeNull();
  });

  it('is none when Firebase keeps no time or no token, or nobody is signed in', async () => {
    holding({ accessToken: 'held' });
    await idTokenValidFor(60_000, arrivedAt);
    expect(heldIdToken(60_000, arrivedAt)).toBeNull();
    holding({ expirationTime: arrivedAt + HOUR });
    expect(heldIdToken(60_000, arrivedAt)).toBeNull();
    sdk.currentUser = null;
    expect(heldIdToken(60_000, arrivedAt)).toBeNull();
  });
});

describe('Auth set-up', () => {
  // Never Firebase's IndexedDB persistence (its availability write can hang in WebKit); a session an earlier release
  // kept there is read without writing and moved (docs/reliability.md "Start-up, clocks and tabs").
  // No popup resolver at start-up: given one, Auth on a phone or in Safari waits for apis.google.com before it reads
  // the stored user (docs/reliability.md "Popups on phones and Safari").
  it('keeps the session in localStorage, reads an earlier IndexedDB session once, then memory; no popup resolver', async () => {
    await sessionStillValid();
    expect(sdk.initializeAuth).toHaveBeenCalledWith(expect.anything(), {
      persistence: ['local', EarlierIndexedDbSession, 'memory'],
    });
  });

  it('does not connect to the emulator when the config says not to', async () => {
    await sessionStillValid();
    expect(sdk.connectAuthEmulator).not.toHaveBeenCalled();
  });
});

describe('Sign-in & security operations', () => {
  const signedIn = (providerIds: string[], email: string | null = 'a@example.com'): FakeUser => {
    const user: FakeUser = {
      uid: 'u1',
      email,
      emailVerified: false,
      providerData: providerIds.map((providerId) => ({ providerId })),
      metadata: {},
      reload: vi.fn(() => {
        sdk.calls.push('reload');
        return Promise.resolve();
      }),
      getIdToken: () => Promise.resolve('t'),
    };
    sdk.currentUser = user;
    return user;
  };
  const record =
    (name: string, result: unknown = undefined) =>
    (...args: unknown[]) => {
      sdk.calls.push(`${name} ${JSON.stringify(args.slice(1))}`);
      return Promise.resolve(result);
    };

  beforeEach(() => {
    sdk.calls = [];
    for (const fn of [
      sdk.reauthenticateWithCredential,
      sdk.updatePassword,
      sdk.linkWithCredential,
      sdk.linkWithPopup,
      sdk.unlink,
      sdk.sendEmailVerification,
    ])
      fn.mockReset();
  });

  it('every operation needs a signed-in user', async () => {
    await expect(changePassword('a', 'b')).rejects.toMatchObject({ code: 'auth/no-current-user' });
    await expect(linkProvider('google.com')).rejects.toMatchObject({ code: 'auth/no-current-user' });
    await expect(sendVerificationEmail()).rejects.toMatchObject({ code: 'auth/no-current-user' });
    await expect(reloadUser()).resolves.toBeNull();
    expect(currentSecurity()).toBeNull();
  });

  it('change password proves the current one first, then sets the new one', async () => {
    signedIn(['password']);
    sdk.reauthenticateWithCredential.mockImplementation(record('reauthenticate'));
    sdk.updatePassword.mockImplementation(record('updatePassword'));
    await changePassword('old-pass', 'new-pass');
    expect(sdk.calls).toEqual([
      'reauthenticate [{"providerId":"password","email":"a@example.com","password":"old-pass"}]',
      'updatePassword ["new-pass"]',
    ]);
  });

  it('a wrong current password stops before anything changes', async () => {
    signedIn(['password']);
    sdk.reauthenticateWithCredential.mockRejectedValue(Object.assign(new Error('x'), { code: 'auth/wrong-password' }));
    await expect(changePassword('bad', 'new-pass')).rejects.toMatchObject({ code: 'auth/wrong-password' });
    expect(sdk.updatePassword).not.toHaveBeenCalled();
  });

  it("add a password links an e-mail credential for the account's own address", async () => {
    const user = signedIn(['google.com']);
    sdk.linkWithCredential.mockResolvedValue({
      user: { ...user, providerData: [{ providerId: 'google.com' }, { providerId: 'password' }] },
    });
    const result = await addPassword('added-pass');
    expect(sdk.linkWithCredential).toHaveBeenCalledWith(user, {
      providerId: 'password',
      email: 'a@example.com',
      password: 'added-pass',
    });
    expect(result.providerIds).toEqual(['google.com', 'password']);
    expect(sdk.updatePassword).not.toHaveBeenCalled();
  });

  it('when the link of its own address is refused (the emulator), the password is set instead and the account read again', async () => {
    signedIn(['google.com']);
    sdk.linkWithCredential.mockRejectedValue(Object.assign(new Error('x'), { code: 'auth/email-already-in-use' }));
    sdk.updatePassword.mockImplementation(record('updatePassword'));
    await addPassword('added-pass');
    expect(sdk.calls).toEqual(['updatePassword ["added-pass"]', 'reload']);
  });

  it('add a password: other refusals pass through, and an account without an address cannot have one', async () => {
    signedIn(['google.com']);
    sdk.linkWithCredential.mockRejectedValue(Object.assign(new Error('x'), { code: 'auth/weak-password' }));
    await expect(addPassword('short')).rejects.toMatchObject({ code: 'auth/weak-password' });
    expect(sdk.updatePassword).not.toHaveBeenCalled();
    signedIn(['apple.com'], null);
    await expect(addPassword('added-pass')).rejects.toMatchObject({ code: 'auth/missing-email' });
  });

  it('links Google with the account chooser and Apple with e-mail and name, in a popup', async () => {
    const user = signedIn(['password']);
    sdk.linkWithPopup.mockResolvedValue({ user });
    warmPopups('now');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await linkProvider('google.com');
    // The popup names the one resolver that the warming loaded.
    expect(sdk.linkWithPopup.mock.calls[0]![2]).toEqual(expect.any(Function));
    expect(sdk.linkWithPopup.mock.calls[0]![1]).toMatchObject({
      providerId: 'google.com',
      params: { prompt: 'select_account' },
    });
    await linkProvider('apple.com');
    expect(sdk.linkWithPopup.mock.calls[1]![1]).toMatchObject({ providerId: 'apple.com', scopes: ['email', 'name'] });
  });

  it('unlinks by provider id, sends the verification e-mail, and reloads the account', async () => {
    const user = signedIn(['password', 'google.com']);
    sdk.unlink.mockResolvedValue({ ...user, providerData: [{ providerId: 'password' }] });
    expect((await unlinkProvider('google.com')).providerIds).toEqual(['password']);
    expect(sdk.unlink).toHaveBeenCalledWith(user, 'google.com');
    await sendVerificationEmail();
    expect(sdk.sendEmailVerification).toHaveBeenCalledWith(user);
    user.emailVerified = true;
    await reloadUser();
    expect(user.reload).toHaveBeenCalled();
    expect(currentSecurity()).toEqual({ email: 'a@example.com', emailVerified: true });
  });
});
