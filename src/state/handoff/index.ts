// The hand-off to the desktop app or a host webview (SPEC 2, 3, 4): what the page was launched with (launch.ts), the
// app auth flow that runs on each sign-in (flow.ts), what it shows (store.ts), its effects on the page (hooks.ts), and
// /return-to-app's stored desktop calls (return-to-app.ts).
export {
  answerLink,
  answerTokenRequest,
  DESKTOP_LEAVE_MS,
  handoffDue,
  onLateHost,
  onSignedIn,
  resetHandoffForTests,
  resetHandoffOnSignOut,
  retryDesktopHandoff,
  skipDesktopHandoff,
} from './flow';
export { setHandoffHooks, type HandoffHooks } from './hooks';
export { captureLaunchParams, clearRedirectingOnPageLoad, storedTarget } from './launch';
export { callDesktopOnReturn } from './return-to-app';
export { handoff, handoffScreen, showsSignInOverlay, type HandoffPhase } from './store';
