// /return-to-app on load (SPEC 2): the stored desktop calls, each once, through the allow-list.
import { bridge } from '@home-design/portal-bridge';
import { loginUrl, pathUrl } from '../../domain/desktop-target';
import { LOCAL_KEYS, localStore } from '../storage';
import { storedTarget } from './launch';

/** Calls {redirectUrl}/{redirectPath}, else {redirectUrl}/login?{authToken}; clears what it used. Failures are ignored. */
export async function callDesktopOnReturn(): Promise<void> {
  if (!localStore.get(LOCAL_KEYS.redirectUrl)) return;
  const target = storedTarget();
  const path = localStore.get(LOCAL_KEYS.redirectPath);
  const token = localStore.get(LOCAL_KEYS.authToken);
  if (path) {
    localStore.remove(LOCAL_KEYS.redirectUrl, LOCAL_KEYS.redirectPath);
    const url = target ? pathUrl(target, path) : null;
    if (url) await bridge.callDesktop(url);
    return;
  }
  if (token) {
    const state = localStore.get(LOCAL_KEYS.redirectState);
    // The token leaves once: nothing that could send it again stays stored.
    localStore.remove(
      LOCAL_KEYS.redirectUrl,
      LOCAL_KEYS.authToken,
      LOCAL_KEYS.redirectState,
      LOCAL_KEYS.redirectWithUnityToken,
    );
    if (target) await bridge.callDesktop(loginUrl(target, token, state));
  }
}
