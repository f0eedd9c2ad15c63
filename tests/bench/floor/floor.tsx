// The dependency floor of the portal bundle: the same libraries, imported and initialised the way the portal does,
// around a trivial app (one route, one button). The bench compares the real bundle with this one.
import { loadScript } from '@paypal/paypal-js';
import { createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  inMemoryPersistence,
  GoogleAuthProvider,
  initializeAuth,
  onAuthStateChanged,
  signInWithPopup,
  type User,
} from 'firebase/auth';
import { create } from 'qrcode/lib/core/qrcode';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { proxy, useSnapshot } from 'valtio';

/** JSON text, parsed once, as src/config/config.ts does. */
declare const __PORTAL_CONFIG__: string;
declare const USE_AUTH_EMULATOR: boolean;

export const config = JSON.parse(__PORTAL_CONFIG__) as {
  firebase: { apiKey: string; authDomain: string; projectId: string; appId: string };
  authEmulatorUrl: string;
  backendUrl: string;
};
export const state = proxy({ ready: false, user: null as User | null });
// As the portal does it: no resolver at start-up (on a phone Auth would wait for apis.google.com); the popup names it.
export const auth = initializeAuth(initializeApp(config.firebase), {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence, inMemoryPersistence],
});
if (USE_AUTH_EMULATOR) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
void auth.authStateReady().then(() => performance.mark('portal:session-known'));

/** Renders the floor page (any path: the one route is the root) with `extra` beside its button. */
export function startFloor(onAuth: (user: User | null) => void = () => undefined, extra: () => ReactNode = () => null) {
  onAuthStateChanged(auth, (user) => {
    state.ready = true;
    state.user = user;
    onAuth(user);
  });
  function Page() {
    const snap = useSnapshot(state);
    return (
      <main>
        <h1>Floor</h1>
        <button
          type="button"
          disabled={!snap.ready}
          onClick={() => {
            void signInWithPopup(auth, new GoogleAuthProvider(), browserPopupRedirectResolver);
            void loadScript({ clientId: String(create('floor').modules.size) });
          }}
        >
          Continue with Google
        </button>
        {extra()}
      </main>
    );
  }
  const router = createRouter({ routeTree: createRootRoute({ component: Page }) });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
