// The shared design's page chunk (page-chunk.ts); entry-graph.ts says why it is imported.
import './entry-graph';
export { ShareDesignPage } from '../ui/pages/ShareDesignPage';
