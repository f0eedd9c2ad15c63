// The entry. Its first module starts the language file's request (state/language-early.ts); the portal itself
// (app.tsx) comes next, as a chunk the page's HTML preloads, so both travel at once. Firebase and the session restore
// (state/early-start.ts, none of React) are imported on their own too: the smaller part of the portal's code, they
// arrive first and run while React, the router and the pages are still on their way, instead of after them
// (docs/architecture.md "What the entry holds"). The portal's code that cannot arrive (offline at the first load, or
// gone after a release) is asked for again: when the connection is back, or once by a reload; the page never stays
// blank without saying why (state/boot-failure.ts).
import './state/language-early';
import { startAfterFailure } from './state/boot-failure';

// A failure here is app.tsx's failure too (it imports the same module), handled below.
void import('./state/early-start').catch(() => undefined);
void import('./app').catch(() => startAfterFailure(() => import('./app')));
