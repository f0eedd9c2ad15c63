// The shared design's page chunk (page-chunk.ts); shared-link.ts holds their store.
import './shared-link';
export { ShareDesignPage } from '../ui/pages/ShareDesignPage';
