// Firebase Auth starts restoring the session (localStorage, an earlier release's IndexedDB store, then the account
// lookup) as soon as this module's part of the bundle has arrived. main.tsx imports it on its own, beside the portal
// (app.tsx, which imports it first too): what it reaches is Firebase and the portal's thin wrapper around it, the
// smaller part of the bundle, so it arrives and runs while React, the router and the pages are still on their way
// (docs/architecture.md "What the entry holds"). Keep it that small: nothing here may reach React or a store, whose
// code would then travel in this part and arrive later. The session store listens once the portal runs
// (startup.ts); Firebase tells a late listener what it found. The shared-link pages run without a session
// (startPortal says why); standalone builds have none.
import { getAuthInstance } from '../auth/firebase';
import { config } from '../config/config';
import { isNoSessionPath } from '../domain/public-paths';

if (!config.standalone && !isNoSessionPath(window.location.pathname)) getAuthInstance();
