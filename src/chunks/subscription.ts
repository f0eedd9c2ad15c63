// The subscription page's chunk (page-chunk.ts); app-layout.ts says why it imports the layout's.
import './app-layout';
export { SubscriptionPage } from '../ui/pages/SubscriptionPage';
