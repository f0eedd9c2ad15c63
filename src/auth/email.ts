// The sign-in screen's e-mail operations on Firebase: sign in, create the account, send the reset e-mail. Only the
// views' chunk imports it (src/chunks/auth-views.ts), so the provider choice /auth shows first does not carry it.
import { createUserWithEmailAndPassword, sendPasswordResetEmail, signInWithEmailAndPassword } from 'firebase/auth';
import { getAuthInstance, toPortalUser, type PortalUser } from './firebase';

export async function signInWithEmail(email: string, password: string): Promise<PortalUser> {
  return toPortalUser((await signInWithEmailAndPassword(getAuthInstance(), email, password)).user);
}

export async function createAccount(email: string, password: string): Promise<PortalUser> {
  return toPortalUser((await createUserWithEmailAndPassword(getAuthInstance(), email, password)).user);
}

export async function sendReset(email: string): Promise<void> {
  await sendPasswordResetEmail(getAuthInstance(), email);
}
