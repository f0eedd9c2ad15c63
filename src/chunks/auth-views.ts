// The sign-in screen's views beyond the provider choice (src/ui/auth/views-chunk.ts loads them): the e-mail form, the
// reset form and "Check your email"; the overlay after a sign-in; the hand-off's questions (link this app's progress?
// the desktop app is not running). /auth first shows the provider choice, so none of them is on its first load. The
// offer of the system browser is not among them: in a webview it is part of the first screen, and arriving later it
// would move the provider buttons under the finger. entry-graph.ts says why it is imported; it also brings the English texts that only
// these views show.
import './entry-graph';
export { AuthOverlay } from '../ui/auth/AuthOverlay';
export { CheckEmail } from '../ui/auth/CheckEmail';
export { DesktopNotListening } from '../ui/auth/DesktopNotListening';
export { EmailForm } from '../ui/auth/EmailForm';
export { LinkPrompt } from '../ui/auth/LinkPrompt';
export { ResetForm } from '../ui/auth/ResetForm';
