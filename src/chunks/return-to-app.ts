// The return-to-app page's chunk (page-chunk.ts); entry-graph.ts says why it is imported.
import './entry-graph';
export { ReturnToAppPage } from '../ui/pages/ReturnToAppPage';
