import { createRootRouteWithContext } from '@tanstack/react-router';
import { RootLayout } from '../ui/layout/RootLayout';
import { NotFoundPage } from '../ui/pages/NotFoundPage';
import type { PortalContext } from './context';
import { validateHostSearch } from './search';

export const rootRoute = createRootRouteWithContext<PortalContext>()({
  validateSearch: validateHostSearch,
  beforeLoad: ({ search, context }) => {
    // SPEC 4: canMakePayments=false disables payments for later visits, true re-enables them.
    context.payments.applyPaymentPermission(search.canMakePayments);
  },
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});
