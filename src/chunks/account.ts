// My Account's chunk (page-chunk.ts); entry-graph.ts says why it is imported.
import './entry-graph';
export { AccountPage } from '../ui/pages/AccountPage';
