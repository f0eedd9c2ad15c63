// My Account's Sign-in & security operations on Firebase: the e-mail's state, passwords, linked methods and the
// account's reload. Only the account page imports it, so /auth carries none of it (firebase.ts holds the sign-in).
import {
  EmailAuthProvider,
  linkWithCredential,
  linkWithPopup,
  reauthenticateWithCredential,
  sendEmailVerification,
  unlink,
  updatePassword,
} from 'firebase/auth';
import { authErrorCode } from './errors';
import { currentUser, inPopup, popupProvider, signedInUser, toPortalUser, type PortalUser } from './firebase';

/** What the security section needs beyond PortalUser. */
export interface SecurityInfo {
  email: string | null;
  emailVerified: boolean;
}

export function currentSecurity(): SecurityInfo | null {
  const user = currentUser();
  return user ? { email: user.email, emailVerified: user.emailVerified } : null;
}

/** Proves the current password first (Firebase asks for a recent sign-in), then sets the new one. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<PortalUser> {
  const user = signedInUser();
  if (!user.email) throw Object.assign(new Error('The account has no e-mail address.'), { code: 'auth/missing-email' });
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, currentPassword));
  await updatePassword(user, newPassword);
  return toPortalUser(user);
}

/** "Add a password" for a Google or Apple account: links an e-mail credential for the account's own address. */
export async function addPassword(newPassword: string): Promise<PortalUser> {
  const user = signedInUser();
  if (!user.email) throw Object.assign(new Error('The account has no e-mail address.'), { code: 'auth/missing-email' });
  try {
    return toPortalUser((await linkWithCredential(user, EmailAuthProvider.credential(user.email, newPassword))).user);
  } catch (error) {
    // The Auth emulator refuses to link a password for the account's own address (EMAIL_EXISTS), and with one
    // account per address no other account can hold it: setting the password adds the same password method.
    if (authErrorCode(error) !== 'auth/email-already-in-use') throw error;
    await updatePassword(user, newPassword);
    await user.reload();
    return toPortalUser(user);
  }
}

/** Links Google or Apple to the signed-in account in a popup. */
export async function linkProvider(providerId: 'google.com' | 'apple.com'): Promise<PortalUser> {
  const user = signedInUser();
  const provider = popupProvider(providerId);
  return toPortalUser((await inPopup((resolver) => linkWithPopup(user, provider, resolver))).user);
}

export async function unlinkProvider(providerId: string): Promise<PortalUser> {
  return toPortalUser(await unlink(signedInUser(), providerId));
}

export async function sendVerificationEmail(): Promise<void> {
  await sendEmailVerification(signedInUser());
}

/** Reads the account again from the identity service (e.g. after the verification link was followed elsewhere). */
export async function reloadUser(): Promise<PortalUser | null> {
  const user = currentUser();
  if (!user) return null;
  await user.reload();
  return toPortalUser(user);
}
