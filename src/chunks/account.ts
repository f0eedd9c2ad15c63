// My Account's chunk (page-chunk.ts); app-layout.ts says why it imports the layout's.
import './app-layout';
export { AccountPage } from '../ui/pages/AccountPage';
export { loadAccountSections } from '../ui/account/sections-chunk';
