// The language file and the auth restore start before anything else is evaluated: keep these imports first.
import { languageReady } from './state/language';
import './state/early-start';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createPortalRouter } from './router';
import { portalContext } from './routes/context';
import { prefetchWhenIdle } from './routes/prefetch';
import { configurePortalBridge } from './state/host';
import { startPortal } from './state/startup';
import './styles.css';

configurePortalBridge();
const router = createPortalRouter();
startPortal(router);
prefetchWhenIdle(router, portalContext);
// The first screen shows in the page's language: the file came beside the session restore (state/language.ts).
void languageReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);
