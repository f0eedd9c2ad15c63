// src/auth/firebase.ts against a stubbed SDK: what counts as a still-valid session, and the emulator switch.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const sdk = vi.hoisted(() => ({
  currentUser: null as null | { reload: () => Promise<void>; getIdToken: (force?: boolean) => Promise<string> },
  connectAuthEmulator: vi.fn(),
  initializeAuth: vi.fn(),
}));

vi.mock('firebase/app', () => ({ initializeApp: vi.fn(() => ({ name: '[DEFAULT]' })) }));
vi.mock('firebase/auth', () => ({
  initializeAuth: sdk.initializeAuth.mockImplementation(() => ({
    get currentUser() {
      return sdk.currentUser;
    },
  })),
  connectAuthEmulator: sdk.connectAuthEmulator,
  indexedDBLocalPersistence: 'indexedDB',
  browserLocalPersistence: 'local',
  inMemoryPersistence: 'memory',
  browserPopupRedirectResolver: 'popupResolver',
  GoogleAuthProvider: vi.fn(),
  OAuthProvider: vi.fn(),
  signInWithPopup: vi.fn(),
  signInWithEmailAndPassword: vi.fn(),
  createUserWithEmailAndPassword: vi.fn(),
  sendPasswordResetEmail: vi.fn(),
  signOut: vi.fn(),
  onAuthStateChanged: vi.fn(),
}));

import { errorCode, sessionStillValid } from '../../../src/auth/firebase';

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

  it.each(['auth/user-not-found', 'auth/user-disabled', 'auth/user-token-expired', 'auth/invalid-user-token'])('is false when the service says %s', async (code) => {
    sdk.currentUser = { reload: failing(code), getIdToken: () => Promise.resolve('t') };
    await expect(sessionStillValid()).resolves.toBe(false);
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

describe('Auth set-up', () => {
  it('keeps the session in IndexedDB, then localStorage, then memory, with the popup resolver', async () => {
    await sessionStillValid();
    expect(sdk.initializeAuth).toHaveBeenCalledWith(expect.anything(), {
      persistence: ['indexedDB', 'local', 'memory'],
      popupRedirectResolver: 'popupResolver',
    });
  });

  it('does not connect to the emulator when the config says not to', async () => {
    await sessionStillValid();
    expect(sdk.connectAuthEmulator).not.toHaveBeenCalled();
  });
});

describe('errorCode', () => {
  it('reads the auth/... code, or says unknown', () => {
    expect(errorCode(Object.assign(new Error('x'), { code: 'auth/popup-blocked' }))).toBe('auth/popup-blocked');
    expect(errorCode(new Error('x'))).toBe('unknown');
    expect(errorCode('auth/popup-blocked')).toBe('unknown');
    expect(errorCode(null)).toBe('unknown');
  });
});
