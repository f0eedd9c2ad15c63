// A stand-in for src/auth/firebase in unit tests of the session: the identity service answers only when the test says
// so (`answer(user)`), and every call is a vi.fn. Use it as the module's mock:
//   vi.mock('../../../src/auth/firebase', async () => (await import('../support/fake-auth')).fakeAuth);
// then import `fakeAuth` from this file to drive it: both are the same instance.
import { vi } from 'vitest';

let listener: ((user: unknown) => void) | null = null;

export const fakeAuth = {
  onUserChanged: vi.fn((next: (user: unknown) => void) => {
    listener = next;
    return () => {
      listener = null;
    };
  }),
  /** The identity service reports `user` (null: signed out) to the session's listener, if one is registered. */
  answer: (user: unknown) => listener?.(user),
  signOutUser: vi.fn(),
  sessionStillValid: vi.fn(() => Promise.resolve(true)),
  rereadStoredUser: vi.fn(),
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
