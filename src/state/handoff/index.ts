// The hand-off to the desktop app or a host webview (SPEC 2, 3, 4): the only module of this folder that others import
// (eslint.config.js). Its state and transitions are src/domain/handoff.ts; the one store (store.ts); the app auth flow
// that runs on each sign-in (flow.ts); the launch and its stored keys (launch.ts); the port to the page (port.ts); and
// /return-to-app's stored desktop calls (return-to-app.ts).
export {
  answerLink,
  answerTokenRequest,
  handoffDue,
  noteSignInHere,
  onLateHost,
  onSignedIn,
  resetHandoffOnSignOut,
  retryDesktopHandoff,
  signInFailed,
  signInLeaving,
  skipDesktopHandoff,
} from './flow';
export { captureLaunchParams, clearRedirectingOnPageLoad, parkPathForReturnToApp } from './launch';
export { connectHandoff } from './port';
export { callDesktopOnReturn } from './return-to-app';
export { handoff, handoffScreen, showsSignInOverlay, whenStaying } from './store';
