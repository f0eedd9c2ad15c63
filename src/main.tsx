// The auth restore starts before anything else is evaluated (see early-start.ts): keep this import first.
import './state/early-start';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createPortalRouter } from './router';
import { configurePortalBridge } from './state/host';
import { startPortal } from './state/startup';
import './styles.css';

configurePortalBridge();
const router = createPortalRouter();
startPortal(router);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
