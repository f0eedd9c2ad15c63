// My Account's sections below its first screen (src/ui/account/sections-chunk.ts loads them): Sign-in & security with
// "Where you're signed in", Your data, and the account's deletion, with their stores and dialogs. The profile, the
// account type and the payments come first, in My Account's own chunk; these arrive beside it, off the page's
// critical path. app-layout.ts says why it imports the layout's.
import './app-layout';
import { resetAccountSecurity } from '../state/account-security';
import { onSignedOut } from '../state/session';
export { DeleteAccount } from '../ui/account/DeleteAccount';
export { SignInSecurity } from '../ui/account/SignInSecurity';
export { YourData } from '../ui/account/YourData';

// Sign-in & security's store comes with this chunk (signed-in-start.ts says why): from now on a sign-out resets it.
onSignedOut(resetAccountSecurity);
