// Imported first by main.tsx, so Firebase Auth starts restoring the session (IndexedDB, then the account lookup)
// while React, the router and the pages are still being evaluated, instead of after them. The shared-link pages run
// without a session (startPortal says why); standalone builds have none.
import { config } from '../config/config';
import { isNoSessionPath } from '../domain/public-paths';
import { startSession } from './session';

if (!config.standalone && !isNoSessionPath(window.location.pathname)) startSession();
