// The shared link's page chunk (page-chunk.ts); entry-graph.ts says why it is imported.
import './entry-graph';
export { ExternalLinkPage } from '../ui/pages/ExternalLinkPage';
