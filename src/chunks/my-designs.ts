// My Designs' chunk (page-chunk.ts); app-layout.ts says why it imports the layout's.
import './app-layout';
export { MyDesignsPage } from '../ui/pages/MyDesignsPage';
