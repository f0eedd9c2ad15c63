// What the guards and loaders use of the stores, handed to the router as its context (createRootRouteWithContext).
// The type is the object's own, grouped by concern: a new dependency is one line here. Guards and loaders import only
// the type, so a test gives them a plain object instead of module mocks.
import { config } from '../config/config';
import { desktopPolicy } from '../domain/desktop-target';
import type { SharedLink } from '../domain/shared-link';
import { loadChunk, pageArrived } from '../state/chunk-loading';
import { whenIdle } from '../state/when-idle';
import type { PageStyle } from '../state/page-styles';
import { callDesktopOnReturn, captureLaunchParams, handoff, handoffDue } from '../state/handoff';
import { applyPaymentPermission } from '../state/payments-permission';
import { loadPlayer } from '../state/player';
import { authResolved, isSignedIn } from '../state/session';
import type { ArrivalQuery } from '../state/subscription-page';
import { enterSignInScreen, leaveSignInScreen, runLogoutAction } from '../state/sign-in';

/**
 * The signed-in pages' stores are in the signed-in layout's chunk, not in the entry (docs/architecture.md "What the
 * entry holds"): a loader's call starts that chunk beside the page's own, so the data load starts as the navigation
 * does, not after it.
 */
const signedIn = () => import('../chunks/app-layout');
/** The shared-link pages' store (platform detection, dev mode's opening in the desktop app) is in their chunk, the same way. */
const sharedLinkPages = () => import('../chunks/shared-link');

/** The context of the running portal: the stores themselves. */
export const portalContext = {
  /** The standalone build serves the shared-link pages only (SPEC 2). */
  standalone: config.standalone,
  /** Which desktop targets may receive a token. */
  desktopPolicy: desktopPolicy(config),
  session: { authResolved, isSignedIn },
  /** The hand-off to the desktop app: whether one is due for this sign-in, the launch, /return-to-app's calls. */
  handoff: {
    handoffDue,
    captureLaunchParams,
    callDesktopOnReturn,
    /** Whether this tab was launched to hand a token to the desktop app (it fetches no page ahead, prefetch.ts). */
    hasDesktopTarget: () => handoff.launch.target !== null,
  },
  signIn: { enterSignInScreen, leaveSignInScreen, runLogoutAction },
  /** The shared-link pages; dev mode on the desktop stores the listener's address for /return-to-app when allowed. */
  sharedLink: {
    currentPlatform: async () => (await sharedLinkPages()).currentPlatform(),
    startDevOpen: async (link: SharedLink) => (await sharedLinkPages()).startDevOpen(link),
  },
  /** SPEC 4: canMakePayments=false disables payments for later visits, true re-enables them. */
  payments: { applyPaymentPermission },
  /** Data loads: each settles into its store (status, error), which the pages show; /subscription's arrival query. */
  loads: {
    loadPlayer,
    loadSubscription: async (options?: { force?: boolean }) => (await signedIn()).loadSubscription(options),
    loadDesigns: async () => (await signedIn()).loadDesigns(),
    loadPayments: async () => (await signedIn()).loadPayments(),
    arriveAtSubscription: async (arrival: ArrivalQuery) => (await signedIn()).arrive(arrival),
  },
};

export type PortalContext = typeof portalContext;

/** How a route's chunk loads and says it rendered (src/routes/page-chunk.ts), and waits for idle time (prefetch.ts). */
export { loadChunk, pageArrived, whenIdle, type PageStyle };
