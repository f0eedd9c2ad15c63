// Every page chunk imports this module, which imports what the entry (main.tsx) does: by the time a chunk loads, the
// entry has evaluated all of it. It adds one thing, the English texts of the pages (page-messages.ts, which a
// production build fills with the texts the entry does not name), before any page module runs. It is here for
// esbuild's code splitting, which puts each module in
// a file by the set of entry points that reach it: without this import, the entry's modules would be spread over one
// file per combination of pages that also use them (a dozen small files on /auth's critical path, each a request);
// with it, every page reaches all of them, so they share one file that the entry loads at once.
import 'react-dom/client';
import '../state/language-early';
import '../state/language';
import '../state/early-start';
import '../state/host';
import '../state/startup';
import '../router';
// What app.tsx imports beyond the modules above (its idle prefetch): here, it rides in this chunk's file, which /auth
// loads at once, and app.tsx's own file holds only app.tsx.
import '../routes/prefetch';
// The footer of every page but the sign-in screen's: here so that it rides in this chunk, which every page loads,
// not in a file of its own for the combination of pages that show it.
import '../ui/components/SiteFooter';
import { addTexts } from '../messages/catalogue';
import { pageMessages } from '../messages/page-messages';

addTexts(pageMessages);
