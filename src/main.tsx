// The entry. Its first module starts the language file's request (state/language-early.ts); the portal itself
// (app.tsx) comes next, as a chunk the page's HTML preloads, so both travel at once. The portal's code that cannot
// arrive (offline at the first load, or gone after a release) is asked for again: when the connection is back, or
// once by a reload; the page never stays blank without saying why (state/boot-failure.ts).
import './state/language-early';
import { startAfterFailure } from './state/boot-failure';

void import('./app').catch(() => startAfterFailure(() => import('./app')));
