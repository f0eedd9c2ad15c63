// Wires the stores to the router once at start: auth changes re-run the guards, session checks on navigation and every 5 minutes.
import type { AnyRouter } from '@tanstack/react-router';
import { subscribeKey } from 'valtio/utils';
import { config } from '../config/config';
import { SESSION_CHECK_INTERVAL_MS } from '../domain/constants';
import { isPublicPath } from '../domain/public-paths';
import { session, startSession, validateSession } from './session';

export function startPortal(router: AnyRouter): void {
  if (config.standalone) return;
  startSession();
  subscribeKey(session, 'status', () => void router.invalidate());
  const check = (pathname: string) => {
    if (!isPublicPath(pathname)) void validateSession();
  };
  router.subscribe('onResolved', ({ toLocation, pathChanged }) => {
    if (pathChanged) check(toLocation.pathname);
  });
  setInterval(() => check(router.state.location.pathname), SESSION_CHECK_INTERVAL_MS);
}
