// How My Account names an account's sign-in methods ("Email, Google"): what its first screen shows in the Sign-in
// Method row, apart from Sign-in & security's store (account-security.ts), which travels with the lower sections'
// chunk; the signed-in pages that never show either carry neither.
import { providerNameKey, signInMethodIds } from '../domain/sign-in-methods';
import { message } from '../messages/catalogue';

/** The product name of a provider ("Google"), or its id when unknown. */
export function providerName(providerId: string): string {
  const key = providerNameKey(providerId);
  return key ? message(key) : providerId;
}

/** What the Sign-in Method row says: "Email", "Email, Google", or "Unknown" when there is none. */
export function signInMethodsText(ids: readonly string[]): string {
  const names = signInMethodIds(ids).map(providerName);
  return names.length ? names.join(message('listSeparator')) : message('signInMethodUnknown');
}
