// A recent sign-in for My Account's sensitive actions (sign out everywhere, download your data): when the current one
// was made, and making a new one with the password or the Google or Apple popup. Only My Account imports it.
import { EmailAuthProvider, reauthenticateWithCredential, reauthenticateWithPopup } from 'firebase/auth';
import { inPopup, popupProvider, signedInUser } from './firebase';

/** When the signed-in user last signed in (the ID token's `auth_time`), in seconds; null when signed out. */
export async function signInTime(): Promise<number | null> {
  let user;
  try {
    user = signedInUser();
  } catch {
    return null;
  }
  const result = await user.getIdTokenResult();
  const ms = Date.parse(result.authTime);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

/** Signs in again with the account's password; the next ID token carries the new `auth_time`. */
export async function reauthenticateWithPassword(password: string): Promise<void> {
  const user = signedInUser();
  if (!user.email) throw Object.assign(new Error('The account has no e-mail address.'), { code: 'auth/missing-email' });
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
}

/** Signs in again with Google or Apple in a popup. */
export async function reauthenticateWithProvider(providerId: 'google.com' | 'apple.com'): Promise<void> {
  const user = signedInUser();
  await inPopup((resolver) => reauthenticateWithPopup(user, popupProvider(providerId), resolver));
}
