// @vitest-environment jsdom
// Sign-in & security's store comes with My Account's lower sections (signed-in-start.ts says why): their chunk
// registers its sign-out reset as it arrives, so what one user left there is gone before the next one signs in.
import { expect, it, vi } from 'vitest';

// The chunk's graph includes early-start.ts, which makes Auth: a stand-in object is enough here.
vi.mock('../../../src/auth/firebase', async () => ({
  ...(await import('../support/fake-auth')).fakeAuth,
  getAuthInstance: () => ({}),
}));
vi.mock('../../../src/auth/security', async () => (await import('../support/fake-auth')).fakeAuth);
vi.mock('@home-design/portal-bridge', async () => (await import('../support/fake-bridge')).fakeBridgeModule());

import { accountSecurity } from '../../../src/state/account-security';
import { session, signOut } from '../../../src/state/session';
import { fakeAuth as auth, adaUser } from '../support/fake-auth';

const signInAda = () => {
  session.status = 'signedIn';
  session.user = adaUser();
};

it("resets Sign-in & security's store at every sign-out once the sections' chunk has arrived", async () => {
  auth.signOutUser.mockResolvedValue(undefined);
  signInAda();
  accountSecurity.verification.notice = 'Verification e-mail sent to ada@example.com.';
  await signOut();
  // Before the chunk: nobody resets the store (nothing else can write to it either).
  expect(accountSecurity.verification.notice).toBe('Verification e-mail sent to ada@example.com.');

  await import('../../../src/chunks/account-sections');
  signInAda();
  await signOut();
  expect(accountSecurity.verification.notice).toBeNull();
});
