// The portal's side of the host bridge: the settings bridge/ gets from the build config, and the error report.
import { bridge, configureBridge } from '@home-design/portal-bridge';
import { config } from '../config/config';
import { allowsDesktopOrigin, desktopPolicy } from '../domain/desktop-target';
import { pageErrorRoute, pageErrorText } from '../domain/page-error';

/** Called once by main.tsx before anything uses the bridge: bridge/ reads no config of its own. */
export function configurePortalBridge(): void {
  configureBridge({
    hostNames: { webkitHandlerName: config.webkitHandlerName, androidBridgeName: config.androidBridgeName },
    allowsDesktopOrigin: allowsDesktopOrigin(desktopPolicy(config)),
  });
}

// An error screen re-renders (and StrictMode re-runs effects): one error object is reported once.
const reported = new WeakSet<object>();

/** Tells a host that the error screen shows for `route` (bridge v3 `pageError`); false without a host or when already told. */
export function reportPageError(routeFullPath: string | undefined, error: unknown): boolean {
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return false;
    if (!bridge.sendPageError(pageErrorRoute(routeFullPath), pageErrorText(error))) return false;
    reported.add(error);
    return true;
  }
  return bridge.sendPageError(pageErrorRoute(routeFullPath), pageErrorText(error));
}
