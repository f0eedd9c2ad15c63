// The sign-in screen's forms (src/ui/auth/forms-chunk.ts loads them): the e-mail form, the reset form and "Check your
// email". /auth first shows the provider choice, so they are not on its first load. entry-graph.ts says why it is
// imported; it also brings the English texts that only these forms show.
import './entry-graph';
export { CheckEmail } from '../ui/auth/CheckEmail';
export { EmailForm } from '../ui/auth/EmailForm';
export { ResetForm } from '../ui/auth/ResetForm';
