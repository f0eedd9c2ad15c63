// The sign-in screen's views beyond the provider choice (src/ui/auth/views-chunk.ts loads them): the e-mail form, the
// reset form and "Check your email"; the overlay after a sign-in and the offer of the system browser; the hand-off's
// questions (link this app's progress? the desktop app is not running). /auth first shows the provider choice, so none
// of them is on its first load. entry-graph.ts says why it is imported; it also brings the English texts that only
// these views show.
import './entry-graph';
export { AuthOverlay } from '../ui/auth/AuthOverlay';
export { CheckEmail } from '../ui/auth/CheckEmail';
export { DesktopNotListening } from '../ui/auth/DesktopNotListening';
export { EmailForm } from '../ui/auth/EmailForm';
export { LinkPrompt } from '../ui/auth/LinkPrompt';
export { OpenInBrowser } from '../ui/auth/OpenInBrowser';
export { ResetForm } from '../ui/auth/ResetForm';
