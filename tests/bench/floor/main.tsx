// The dependency floor of the portal bundle: the same libraries, imported and initialised the way the portal does,
// around a trivial app (one route, one button). The bench compares the real bundle with this one.
import { loadScript } from '@paypal/paypal-js';
import { createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  inMemoryPersistence,
  initializeAuth,
  onAuthStateChanged,
} from 'firebase/auth';
import { create } from 'qrcode/lib/core/qrcode';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { proxy, useSnapshot } from 'valtio';

declare const __PORTAL_CONFIG__: {
  firebase: { apiKey: string; authDomain: string; projectId: string; appId: string };
  authEmulatorUrl: string;
};
declare const USE_AUTH_EMULATOR: boolean;

const state = proxy({ ready: false });
const auth = initializeAuth(initializeApp(__PORTAL_CONFIG__.firebase), {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence, inMemoryPersistence],
  popupRedirectResolver: browserPopupRedirectResolver,
});
if (USE_AUTH_EMULATOR) connectAuthEmulator(auth, __PORTAL_CONFIG__.authEmulatorUrl, { disableWarnings: true });
onAuthStateChanged(auth, () => (state.ready = true));

function Page() {
  const snap = useSnapshot(state);
  return (
    <main>
      <h1>Floor</h1>
      <button type="button" disabled={!snap.ready} onClick={() => void loadScript({ clientId: String(create('floor').modules.size) })}>
        Continue with Google
      </button>
    </main>
  );
}

const rootRoute = createRootRoute();
const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Page });
const router = createRouter({ routeTree: rootRoute.addChildren([indexRoute]) });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
