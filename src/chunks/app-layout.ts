// The signed-in layout's chunk (src/routes/page-chunk.ts) and the signed-in pages' stores, with their start list and
// the loads the routes' context starts (payments, the subscription page's arrival). Each signed-in page's chunk imports
// this one, so that esbuild keeps these stores in this one file instead of one file per combination of pages that use
// them; entry-graph.ts says the same of the entry.
import './entry-graph';
// Used by several signed-in pages: here, they ride in this chunk instead of a small file each.
import '../ui/components/LoadError';
import '../domain/credit-packs';
import '../messages/format';
export { AppLayout } from '../ui/layout/AppLayout';
export { startSignedIn } from '../state/signed-in-start';
export { loadPayments } from '../state/payments';
export { arrive } from '../state/subscription-page';
export { loadSubscription } from '../state/subscription';
export { loadDesigns } from '../state/designs';
