// Starting signed in with an account that has no password: Google its only sign-in method, made through the Auth
// emulator's REST API (signInWithIdp with a fake ID token, which the emulator accepts) rather than its IdP popup, for
// the tests of "Sign-in & security" that are not about signing in (docs/testing.md "The budget").
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { EmulatorAdmin, type GoogleClaims } from '../../../harness/emulator';
import { openWithSession } from './signed-in';

/**
 * A new Google-only account (a made-up Google user), opened at `path` already signed in, as `openSignedIn` does for an
 * e-mail account: the user as Firebase's localStorage persistence keeps it, in the context before the first page.
 */
export async function openSignedInWithGoogle(page: Page, path = '/'): Promise<{ email: string; uid: string }> {
  const google = newGoogleUser('Grace Google');
  const user = await new EmulatorAdmin(process.env.AUTH_EMULATOR_URL!).googleSession(google);
  await openWithSession(page, user, path);
  return { email: google.email, uid: user.uid };
}

/** A Google user the emulator has not seen, as the claims of the ID token it takes in place of Google's. */
export function newGoogleUser(name: string): GoogleClaims {
  return { sub: randomUUID(), email: `google-${randomUUID().slice(0, 8)}@example.com`, email_verified: true, name };
}
