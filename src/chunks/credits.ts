// The credits page's chunk (page-chunk.ts); app-layout.ts says why it imports the layout's.
import './app-layout';
export { CreditsPage } from '../ui/pages/CreditsPage';
