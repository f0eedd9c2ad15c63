// The shared-link pages: the visitor's platform, the attempt to open the mobile app, and dev mode's opening of the link
// in the desktop app (through /return-to-app's call, which the desktop hand-off's module makes).
import { config } from '../config/config';
import { APP_OPEN_WAIT_MS } from '../domain/constants';
import { desktopPolicy } from '../domain/desktop-target';
import { detectPlatform, type Platform, type PlatformHints } from '../domain/platform';
import { planDevOpen, type DevOpenPlan, type SharedLink } from '../domain/shared-link';
import { parkPathForReturnToApp } from './handoff';
import { createStore } from './resource';

type AppOpenStatus =
  /** Nothing tried yet. */
  | 'idle'
  /** The deep link was just followed; waiting to see whether the app takes over. */
  | 'opening'
  /** The page was hidden after the attempt: the app (or the system's "Open in app?" sheet) came up. */
  | 'left'
  /** Still on screen after the wait: the app is probably not installed, or the browser blocked the link. */
  | 'notOpened';

const appOpenStore = createStore(() => ({ status: 'idle' as AppOpenStatus, attempts: 0 }));
export const appOpen = appOpenStore.state;

function readHints(): PlatformHints {
  if (typeof navigator === 'undefined') return { userAgent: '' };
  const data: unknown = Reflect.get(navigator, 'userAgentData');
  let userAgentData: PlatformHints['userAgentData'] = null;
  if (data && typeof data === 'object') {
    const platform: unknown = Reflect.get(data, 'platform');
    const mobile: unknown = Reflect.get(data, 'mobile');
    userAgentData = {
      platform: typeof platform === 'string' ? platform : undefined,
      mobile: typeof mobile === 'boolean' ? mobile : undefined,
    };
  }
  return { userAgent: navigator.userAgent ?? '', userAgentData, maxTouchPoints: navigator.maxTouchPoints ?? 0 };
}

/** The platform of this browser. */
export function currentPlatform(): Platform {
  return detectPlatform(readHints());
}

// Outside the store: the listener's remover, a function, not state.
let stopWatching: (() => void) | null = null;

function watchForLeaving(): void {
  stopWatching?.();
  const onHidden = () => {
    if (document.visibilityState === 'hidden' && appOpen.status === 'opening') appOpen.status = 'left';
  };
  const onPageHide = () => {
    if (appOpen.status === 'opening') appOpen.status = 'left';
  };
  const timer = setTimeout(() => {
    if (appOpen.status === 'opening') appOpen.status = 'notOpened';
  }, APP_OPEN_WAIT_MS);
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', onPageHide);
  stopWatching = () => {
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', onPageHide);
    stopWatching = null;
  };
}

/**
 * Follows the app's deep link. `url` must come from deepLinkUrl() (the configured scheme, never the query).
 * `launch` is the navigation itself, replaceable in unit tests where jsdom cannot navigate.
 */
export function openInApp(url: string, launch: (url: string) => void = (u) => window.location.assign(u)): void {
  appOpen.status = 'opening';
  appOpen.attempts += 1;
  watchForLeaving();
  launch(url);
}

/** Forgets the attempt (when the page unmounts). */
export function resetAppOpen(): void {
  stopWatching?.();
  appOpenStore.reset();
}

/**
 * Dev mode on the desktop: stores the desktop listener's address and the path /return-to-app will call.
 * Stores nothing when the address is not an allowed desktop target.
 */
export function startDevOpen(link: SharedLink, pageHostname: string = window.location.hostname): DevOpenPlan {
  const plan = planDevOpen(
    { devLocalIp: config.devLocalIp, pageHostname, desktopPort: config.desktopPort, policy: desktopPolicy(config) },
    link,
  );
  if (plan.ok) parkPathForReturnToApp(plan.open.redirectUrl, plan.open.redirectPath);
  return plan;
}
