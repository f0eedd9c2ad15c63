// The credits page's chunk (page-chunk.ts); entry-graph.ts says why it is imported.
import './entry-graph';
export { CreditsPage } from '../ui/pages/CreditsPage';
