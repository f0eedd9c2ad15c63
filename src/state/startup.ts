// Wires the stores to the router once at start: launch parameters, auth changes (guards and the app auth flow),
// session checks on navigation and every 5 minutes, and messages from a host webview.
import type { AnyRouter } from '@tanstack/react-router';
import { subscribeKey } from 'valtio/utils';
import { onHostMessage, sendToken, sendTokenUnavailable, startBridge } from '../../bridge';
import { config } from '../config/config';
import { SESSION_CHECK_INTERVAL_MS } from '../domain/constants';
import { pageTitle } from '../domain/page-title';
import { isNoSessionPath, isPublicPath } from '../domain/public-paths';
import { captureLaunchParams, runAppAuthFlow, setHandoffHooks } from './handoff';
import { applyPaymentPermission } from './payments-permission';
import { player } from './player';
import { session, signOut, startSession, validateSession } from './session';
import { LOCAL_KEYS, localStore } from './storage';

export function startPortal(router: AnyRouter): void {
  const title = () => (document.title = pageTitle(router.state.location.pathname, config.productName));
  router.subscribe('onResolved', title);
  if (config.standalone) return;
  localStore.remove(LOCAL_KEYS.isRedirecting);
  setHandoffHooks({
    replaceUrl: (href) => router.history.replace(href),
    navigate: (to) => void router.navigate({ to }),
  });
  captureLaunchParams(window.location.href);
  // The shared-link pages run with no session checks: Firebase starts only when a guard first asks who is signed in.
  if (!isNoSessionPath(window.location.pathname)) startSession();
  subscribeKey(session, 'status', (status) => {
    void router.invalidate();
    if (status === 'signedIn') void runAppAuthFlow();
  });
  const check = (pathname: string) => {
    if (!isPublicPath(pathname)) void validateSession();
  };
  router.subscribe('onResolved', ({ toLocation, pathChanged }) => {
    if (pathChanged) check(toLocation.pathname);
  });
  setInterval(() => check(router.state.location.pathname), SESSION_CHECK_INTERVAL_MS);

  onHostMessage((msg) => {
    switch (msg.type) {
      case 'canMakePayments':
        applyPaymentPermission(msg.allowed);
        break;
      case 'logout':
        void signOut({ tellHost: false }).then(() => router.navigate({ to: '/auth' }));
        break;
      case 'unityToken':
        if (player.unity) sendToken(player.unity.accessToken, 'unity', undefined, msg.requestId);
        else sendTokenUnavailable(session.user ? 'failed' : 'signedOut', msg.requestId);
        break;
    }
  });
  void startBridge();
}
