// A stand-in for src/auth/firebase (and src/auth/email and src/auth/security, the forms' and My Account's operations) in unit tests of the session and the sign-in screen: the identity service answers
// only when the test says so (`answer(user)`), and every call is a vi.fn. Use it as the module's mock:
//   vi.mock('../../../src/auth/firebase', async () => (await import('../support/fake-auth')).fakeAuth);
// then import `fakeAuth` from this file to drive it: both are the same instance. A file that takes a fresh page per
// test with vi.resetModules() imports the fake once, before any reset, and hands that instance to the mock (a reset
// keeps the mocked module but evaluates this file again on its next import, a second instance):
//   const { fakeAuth: auth } = await vi.hoisted(() => import('../support/fake-auth'));
//   vi.mock('../../../src/auth/firebase', () => auth);
import { vi } from 'vitest';

let listener: ((user: unknown) => void) | null = null;

export const fakeAuth = {
  setAuthLanguage: vi.fn(),
  onUserChanged: vi.fn((next: (user: unknown) => void) => {
    listener = next;
    return () => {
      listener = null;
    };
  }),
  /** The identity service reports `user` (null: signed out) to the session's listener, if one is registered. */
  answer: (user: unknown) => listener?.(user),
  signOutUser: vi.fn(),
  sessionStillValid: vi.fn((): Promise<boolean | 'revoked'> => Promise.resolve(true)),
  idToken: vi.fn(async (_force?: boolean): Promise<string | null> => 'id-token'),
  idTokenValidFor: vi.fn(async (_ms: number): Promise<string | null> => 'id-token'),
  /** The token Firebase holds at once: none unless a test gives one, so calls read it through `idToken`. */
  heldIdToken: vi.fn((_ms: number): string | null => null),
  rereadStoredUser: vi.fn(),
  /** Loading the popup machinery: recorded, nothing loads. */
  warmPopups: vi.fn((_when: 'idle' | 'now') => undefined),
  cancelIdlePopupWarming: vi.fn(),
  signInWithGoogle: vi.fn(),
  signInWithApple: vi.fn(),
  signInWithEmail: vi.fn(),
  createAccount: vi.fn(),
  sendReset: vi.fn(),
  // src/auth/security, My Account's "Sign-in & security": the user's e-mail, its verification, its providers.
  changePassword: vi.fn(),
  addPassword: vi.fn(),
  linkProvider: vi.fn(),
  unlinkProvider: vi.fn(),
  sendVerificationEmail: vi.fn(),
  reloadUser: vi.fn(),
  currentSecurity: vi.fn((): { email: string | null; emailVerified: boolean } | null => ({
    email: 'a@example.com',
    emailVerified: false,
  })),
};

/** A signed-in user as the session stores it. */
export const signedInUser = {
  uid: 'u1',
  displayName: null,
  email: 'a@example.com',
  photoURL: null,
  providerIds: ['password'],
  creationTime: null,
};

/** Ada, signed in, as the session stores her: a new object each call, so no test changes another's. */
export const adaUser = () => ({
  uid: 'u1',
  displayName: 'Ada',
  email: 'ada@example.com',
  photoURL: null,
  providerIds: ['password'],
  creationTime: null,
});
