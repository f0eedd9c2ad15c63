import { createRootRoute } from '@tanstack/react-router';
import { applyPaymentPermission } from '../state/payments-permission';
import { RootLayout } from '../ui/layout/RootLayout';
import { NotFoundPage } from '../ui/pages/NotFoundPage';
import { validateHostSearch } from './search';

export const rootRoute = createRootRoute({
  validateSearch: validateHostSearch,
  beforeLoad: ({ search }) => {
    // SPEC 4: canMakePayments=false disables payments for later visits, true re-enables them.
    applyPaymentPermission(search.canMakePayments);
  },
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});
