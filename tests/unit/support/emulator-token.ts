// ID tokens as the Auth emulator issues them (unsigned, `alg: none`), for tests of the reference backend.
export const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

/** The claims the emulator puts in an e-mail user's ID token, issued 5 s ago for an hour. */
export function emulatorClaims(uid: string) {
  const iat = Math.floor(Date.now() / 1000) - 5;
  return {
    email: `${uid}@example.com`,
    email_verified: false,
    auth_time: iat,
    user_id: uid,
    firebase: { identities: { email: [`${uid}@example.com`] }, sign_in_provider: 'password' },
    iat,
    exp: iat + 3600,
    aud: 'demo-portal',
    iss: 'https://securetoken.google.com/demo-portal',
    sub: uid,
  };
}

/** An unsigned emulator ID token for `uid`. */
export const emulatorToken = (uid: string) => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(emulatorClaims(uid))}.`;
