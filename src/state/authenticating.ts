// SPEC 3's isAuthenticating: true from a sign-in attempt until it fails or its hand-off is over. The sign-in screen
// sets it, the hand-off ends it, and a page load never continues it.
import { LOCAL_KEYS, localStore } from './storage';

export function setAuthenticating(on: boolean): void {
  localStore.setFlag(LOCAL_KEYS.isAuthenticating, on);
}
