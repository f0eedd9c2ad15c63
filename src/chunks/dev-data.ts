// The development build's /dev-data explorer (src/routes/dev-routes.ts); app-layout.ts says why it imports the
// layout's.
import './app-layout';
export { DevDataPage } from '../ui/pages/DevDataPage';
