// The portal, imported by main.tsx once the language file's request has left, beside Firebase's restore of the session
// (state/early-start.ts), which main.tsx imports on its own so it runs as soon as it arrives; first here too, so it
// starts before anything else of the portal is evaluated, whatever arrived first: keep these imports first.
import './state/early-start';
import { languageReady } from './state/language';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createPortalRouter } from './router';
import { portalContext } from './routes/context';
import { prefetchWhenIdle } from './routes/prefetch';
import { configurePortalBridge } from './state/host';
import { startPortal } from './state/startup';
import './styles.css';
// The dialogs' styles stay with the entry's: a chunk's own CSS is not served (build.mjs), and every page may open one.
import './ui/styles/dialog.css';

configurePortalBridge();
const router = createPortalRouter();
startPortal(router);
prefetchWhenIdle(router, portalContext);
// The first screen shows in the page's language: the file came beside the session restore (state/language.ts). It
// renders in a task of its own, after the one that evaluated the portal's code: two shorter tasks instead of one long
// one, so a tap or a key pressed meanwhile is answered between them (Lighthouse's total blocking time on a phone).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
void Promise.all([languageReady, nextTask()]).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);
