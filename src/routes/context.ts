// What the guards and loaders use of the stores, handed to the router as its context (createRootRouteWithContext):
// routes import no store, so a test gives a guard or a loader a plain object instead of module mocks.
import { config } from '../config/config';
import { desktopPolicy, type DesktopPolicy } from '../domain/desktop-target';
import type { Platform } from '../domain/platform';
import type { DevHandoffPlan, SharedLink } from '../domain/shared-link';
import { loadDesigns } from '../state/designs';
import { captureLaunchParams, handoffDue } from '../state/handoff';
import { applyPaymentPermission } from '../state/payments-permission';
import { loadPlayer } from '../state/player';
import { callDesktopOnReturn } from '../state/return-to-app';
import { authResolved, isSignedIn } from '../state/session';
import { currentPlatform, startDevHandoff } from '../state/shared-link';
import { enterSignInScreen, leaveSignInScreen, runLogoutAction } from '../state/sign-in';
import { loadSubscription } from '../state/subscription';
import { arrive, type ArrivalQuery } from '../state/subscription-page';

export interface PortalContext {
  /** The standalone build serves the shared-link pages only (SPEC 2). */
  standalone: boolean;
  /** Which desktop targets may receive a token. */
  desktopPolicy: DesktopPolicy;

  // Session
  authResolved(): Promise<void>;
  isSignedIn(): boolean;

  // Hand-off to the desktop app
  handoffDue(): boolean;
  captureLaunchParams(href: string): void;
  callDesktopOnReturn(): Promise<void>;

  // The shared-link pages
  currentPlatform(): Platform;
  /** Dev mode on the desktop: stores the listener's address and path for /return-to-app, when it is allowed. */
  startDevHandoff(link: SharedLink): DevHandoffPlan;

  // The sign-in screen
  enterSignInScreen(): void;
  leaveSignInScreen(): void;
  runLogoutAction(): Promise<'loggedOut' | 'failed'>;

  /** SPEC 4: canMakePayments=false disables payments for later visits, true re-enables them. */
  applyPaymentPermission(canMakePayments: boolean | undefined): void;

  // Data loads: each settles into its store (status, error), which the pages show.
  loadPlayer(options?: { force?: boolean }): Promise<unknown>;
  loadSubscription(options?: { force?: boolean }): Promise<unknown>;
  loadDesigns(options?: { force?: boolean }): Promise<unknown>;
  /** /subscription opened with its query; resolves true when the query should go (SPEC 2). */
  arriveAtSubscription(query: ArrivalQuery): Promise<boolean>;
}

/** The context of the running portal: the stores themselves. */
export const portalContext: PortalContext = {
  standalone: config.standalone,
  desktopPolicy: desktopPolicy(config),
  authResolved,
  isSignedIn,
  handoffDue,
  captureLaunchParams,
  callDesktopOnReturn,
  currentPlatform,
  startDevHandoff: (link) => startDevHandoff(link),
  enterSignInScreen,
  leaveSignInScreen,
  runLogoutAction,
  applyPaymentPermission,
  loadPlayer,
  loadSubscription,
  loadDesigns,
  arriveAtSubscription: arrive,
};
