// My Designs' chunk (page-chunk.ts); entry-graph.ts says why it is imported.
import './entry-graph';
export { MyDesignsPage } from '../ui/pages/MyDesignsPage';
