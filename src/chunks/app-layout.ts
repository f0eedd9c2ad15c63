// The signed-in layout's chunk (page-chunk.ts), with the signed-in stores' start list; entry-graph.ts says why it is
// imported.
import './entry-graph';
export { AppLayout } from '../ui/layout/AppLayout';
export { startSignedIn } from '../state/signed-in-start';
