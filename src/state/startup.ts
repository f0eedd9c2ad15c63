// Wires the stores to the router once at start: launch parameters, auth changes (guards and the app auth flow),
// session checks on navigation and every 5 minutes, and messages from a host webview.
import type { AnyRouter } from '@tanstack/react-router';
import { subscribe } from 'valtio';
import { bridge } from '@home-design/portal-bridge';
import { config } from '../config/config';
import { SESSION_CHECK_INTERVAL_MS } from '../domain/constants';
import { pageTitleKey } from '../domain/page-title';
import { isNoSessionPath, isPublicPath, robotsFor } from '../domain/public-paths';
import { setAuthLanguage } from '../auth/firebase';
import { message } from '../messages/catalogue';
import * as handoff from './handoff';
import { hostLanguage, language } from './language';
import { applyPaymentPermission } from './payments-permission';
import { onSignedOut, session, signOut, startSession, validateSession } from './session';
import { runPageLoad } from './page-load';

// Whom the host was told of: outside a store, since only start-up reads it and nothing renders it; a sign-out clears it.
let announcedFor: string | null = null;
/** Tells the host once per sign-in that someone is signed in (bridge v2 `signedIn`); a late host hears it when it comes. */
function announceSignIn(): void {
  const uid = session.user?.uid ?? null;
  if (uid === null || uid === announcedFor) return;
  if (bridge.sendSignedIn()) announcedFor = uid;
}

/** `<meta name="robots">` as the page needs it: present with `noindex` on a signed-in page, absent elsewhere. */
function setRobots(value: 'noindex' | null): void {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
  if (!value) return meta?.remove();
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'robots';
    document.head.append(meta);
  }
  meta.content = value;
}

export function startPortal(router: AnyRouter): void {
  // The stores' own steps first (page-load.ts): nothing of src/state runs as it is imported.
  runPageLoad();
  onSignedOut(() => (announcedFor = null));
  const title = () => {
    const { pathname } = router.state.location;
    const key = pageTitleKey(pathname);
    document.title = key ? message('pageTitle', { page: message(key) }) : config.productName;
    setRobots(robotsFor(pathname));
  };
  router.subscribe('onResolved', title);
  // The page's language reaches the title and Firebase (its e-mails and popups) as it changes.
  const followLanguage = () => {
    setAuthLanguage(language.tag);
    title();
  };
  followLanguage();
  subscribe(language, followLanguage);
  if (config.standalone) return;
  handoff.clearRedirectingOnPageLoad();
  handoff.connectHandoff({
    replaceUrl: (href) => router.history.replace(href),
    navigate: (to) => void router.navigate({ to }),
  });
  handoff.captureLaunchParams(window.location.href);
  // The shared-link pages run with no session checks: Firebase starts only when a guard first asks who is signed in.
  if (!isNoSessionPath(window.location.pathname)) startSession();
  // A new status, or another uid while signed in (another tab replaced the stored session; the stores were reset
  // first, session.ts): the guards and loaders run again for whoever is signed in now.
  let shown = { status: session.status, uid: session.user?.uid ?? null };
  subscribe(session, () => {
    const now = { status: session.status, uid: session.user?.uid ?? null };
    if (now.status === shown.status && now.uid === shown.uid) return;
    shown = now;
    // SPEC 4: every sign-in (here, or a session restored at load) runs the app auth flow and its hand-off. This is
    // the one place the flow starts; a sign-in on this page told the hand-off first (sign-in.ts `noteSignInHere`). It
    // starts before the guards run again, so its first request leaves before the page's work of the new session.
    const signedIn = now.status === 'signedIn';
    if (signedIn) void handoff.onSignedIn();
    // A hand-off that leaves the page at once (its blocking message) runs no guard for the page it leaves: the guards
    // run if it stays after all.
    const runGuards = () => void router.invalidate();
    if (signedIn) handoff.whenStaying(runGuards);
    else runGuards();
    if (signedIn) announceSignIn();
  });
  const check = (pathname: string) => {
    if (!isPublicPath(pathname)) void validateSession();
  };
  router.subscribe('onResolved', ({ toLocation, pathChanged }) => {
    if (pathChanged) check(toLocation.pathname);
  });
  setInterval(() => check(router.state.location.pathname), SESSION_CHECK_INTERVAL_MS);

  bridge.onHostMessage((msg) => {
    switch (msg.type) {
      case 'canMakePayments':
        applyPaymentPermission(msg.allowed);
        break;
      case 'logout':
        void signOut({ tellHost: false }).then(() => router.navigate({ to: '/auth' }));
        break;
      case 'unityToken':
        void handoff.answerTokenRequest('unity', msg.requestId);
        break;
      case 'requestToken':
        void handoff.answerTokenRequest(msg.kind, msg.requestId);
        break;
      case 'locale':
        hostLanguage(msg.locale);
        break;
    }
  });
  // Vuplex may inject its object after the flow ran: tell it who is signed in, and hand the token over if it waits.
  bridge.onHostReady(() => {
    if (session.status !== 'signedIn') return;
    announceSignIn();
    handoff.onLateHost();
  });
  void bridge.start();
}
