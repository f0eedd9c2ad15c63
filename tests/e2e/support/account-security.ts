// Starting signed in with an account that has no password: Google its only sign-in method, made through the Auth
// emulator's REST API (signInWithIdp with a fake ID token, which the emulator accepts) rather than its IdP popup, for
// the tests of "Sign-in & security" that are not about signing in (docs/testing.md "The budget").
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { FIREBASE_API_KEY, FIREBASE_SESSION_KEY, type PersistedUser } from '../../../harness/emulator';

/**
 * A new Google-only account (a made-up Google user), opened at `path` already signed in, as `openSignedIn` does for an
 * e-mail account: the user as Firebase's localStorage persistence keeps it, in the context before the first page.
 */
export async function openSignedInWithGoogle(page: Page, path = '/'): Promise<{ email: string; uid: string }> {
  const emulator = process.env.AUTH_EMULATOR_URL!;
  const email = `google-${randomUUID().slice(0, 8)}@example.com`;
  const claims = { sub: randomUUID(), email, email_verified: true, name: 'Grace Google' };
  const res = await fetch(
    `${emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=${FIREBASE_API_KEY}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        requestUri: 'http://localhost',
        returnSecureToken: true,
        postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
      }),
    },
  );
  const signedIn = (await res.json()) as Record<string, string>;
  if (!res.ok) throw new Error(`Google sign-in of ${email} failed: ${JSON.stringify(signedIn)}`);
  const looked = await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=${FIREBASE_API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken: signedIn.idToken }),
  });
  const user = ((await looked.json()) as { users: Array<Record<string, unknown>> }).users[0]!;
  const optional = (value: unknown) => (typeof value === 'string' ? value : null);
  const providers = (user.providerUserInfo as Array<Record<string, unknown>> | undefined) ?? [];
  const persisted: PersistedUser = {
    uid: String(user.localId),
    email: optional(user.email),
    emailVerified: user.emailVerified === true,
    displayName: optional(user.displayName),
    isAnonymous: false,
    photoURL: optional(user.photoUrl),
    phoneNumber: null,
    tenantId: null,
    providerData: providers.map((p) => ({
      providerId: String(p.providerId),
      uid: String(p.rawId ?? p.federatedId ?? user.localId),
      displayName: optional(p.displayName),
      email: optional(p.email),
      phoneNumber: null,
      photoURL: optional(p.photoUrl),
    })),
    stsTokenManager: {
      refreshToken: signedIn.refreshToken!,
      accessToken: signedIn.idToken!,
      expirationTime: Date.now() + Number(signedIn.expiresIn ?? 3600) * 1000,
    },
    createdAt: String(user.createdAt),
    lastLoginAt: String(user.lastLoginAt),
    apiKey: FIREBASE_API_KEY,
    appName: '[DEFAULT]',
  };
  const base = process.env.PORTAL_URL!;
  await page.context().setStorageState({
    cookies: [],
    origins: [
      {
        origin: new URL(base).origin,
        localStorage: [{ name: FIREBASE_SESSION_KEY, value: JSON.stringify(persisted) }],
      },
    ],
  });
  await page.goto(new URL(path, base).toString());
  return { email, uid: persisted.uid };
}
