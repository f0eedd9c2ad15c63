// The subscription page's chunk (page-chunk.ts); entry-graph.ts says why it is imported.
import './entry-graph';
export { SubscriptionPage } from '../ui/pages/SubscriptionPage';
