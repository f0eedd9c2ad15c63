// The shared link's page chunk (page-chunk.ts); shared-link.ts holds their store.
import './shared-link';
export { ExternalLinkPage } from '../ui/pages/ExternalLinkPage';
