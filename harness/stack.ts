// The whole local stack of CONTRACT.md: portal (served by the Firebase Hosting emulator with the firebase.json rules of
// a real deploy), reference backend, Auth emulator (the same emulator process), desktop listener.
import { join, resolve } from 'node:path';
import { buildPortal, portalConfig, type BuildConfig } from '../build.mjs';
import type { PortalConfig } from '../src/config/types';
import { removeSecretFile, writeSecretFile } from './backend/secret';
import { startBackend, type Backend } from './stack-backend';
import { startDesktopListener, type DesktopListener } from './desktop';
import { EmulatorAdmin, PROJECT_ID, startAuthEmulator, type AuthEmulator } from './emulator';
import { startDevLoop, type DevLoop } from './live-reload';
import { projectRoot } from './paths';
import { assertPortFree, loopbackUrl, PORT_VARIABLES, stackPort } from './ports';

export interface StackOptions {
  flavour?: 'staging' | 'development';
  dataFile?: string;
  desktop?: boolean;
  standalone?: boolean;
  faults?: string;
  /** Public keys of RS256 identity tokens for the backend (PEM or JWK text); emulator tokens are accepted anyway. */
  identityKeys?: string;
  /** More origins whose pages may call the backend (the stack's portal is always allowed). */
  allowedOrigins?: string[];
  /** Explicit ports; 0 picks a free one; unset uses the contract's variable or default. */
  ports?: { portal?: number; backend?: number; auth?: number; desktop?: number };
  /** Further loopback ports the portal may hand tokens to (PORTAL_DESKTOP_PORTS), e.g. one listener per test worker. */
  desktopPorts?: number[];
  /** Where to build the portal (default dist/portal-<flavour>, as build.mjs). */
  outdir?: string;
  /** `npm run dev`: rebuild on every change under src/ and reload the open pages (development flavour only). */
  watch?: boolean;
  /** The live-reload event stream's port (LIVE_RELOAD_PORT, else a free one); only with `watch`. */
  reloadPort?: number;
  onProgress?: (line: string) => void;
}

export interface Stack {
  portalUrl: string;
  config: BuildConfig;
  /** The served folder (the deployable folder of the flavour). */
  portalDir: string;
  /** The rebuild-and-reload loop of `watch`, else null. */
  devLoop: DevLoop | null;
  backend: Backend;
  emulator: AuthEmulator;
  admin: EmulatorAdmin;
  desktop: DesktopListener | null;
  /** Where the backend's /__harness/* secret is written for the CLI (mode 0600). */
  secretFile: string;
  stop(): Promise<void>;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const progress = options.onProgress ?? (() => {});
  const flavour = options.flavour ?? 'staging';
  if (options.watch && flavour !== 'development')
    throw new Error('the rebuild-and-reload loop serves the development flavour only (--env development)');
  const ports = {
    portal: await stackPort('portal', options.ports?.portal),
    backend: await stackPort('backend', options.ports?.backend),
    auth: await stackPort('auth', options.ports?.auth),
    desktop: await stackPort('desktop', options.ports?.desktop),
  };
  const backendUrl = loopbackUrl(ports.backend);
  const overrides: Partial<PortalConfig> = {
    useEmulator: true,
    authEmulatorUrl: loopbackUrl(ports.auth),
    backendUrl,
    desktopPort: ports.desktop,
    ...(options.desktopPorts ? { desktopPorts: options.desktopPorts } : {}),
    standalone: options.standalone ?? false,
  };
  const base = portalConfig(flavour, overrides);
  overrides.paypal = { ...base.paypal, sdkBaseUrl: `${backendUrl}/paypal/sdk/js` };
  const outdir = resolve(
    options.outdir ??
      join(projectRoot(), 'dist', overrides.standalone ? `portal-${flavour}-standalone` : `portal-${flavour}`),
  );
  const portalOrigins = [loopbackUrl(ports.portal), `http://localhost:${ports.portal}`];
  // The Hosting emulator would quietly move to the next free port; the stack must answer on PORTAL_PORT or say why not.
  await assertPortFree(ports.portal, PORT_VARIABLES.portal);
  await assertPortFree(ports.backend, PORT_VARIABLES.backend);
  await assertPortFree(ports.auth, PORT_VARIABLES.auth);
  if (options.desktop !== false) await assertPortFree(ports.desktop, PORT_VARIABLES.desktop);

  const started: Array<{ stop(): Promise<void> }> = [];
  const stopAll = async () => {
    for (const part of started.reverse()) await part.stop().catch(() => undefined);
    started.length = 0;
  };
  try {
    let devLoop: DevLoop | null = null;
    let config: BuildConfig;
    if (options.watch) {
      // The watch builds first: the page's CSP and reload client name the event stream's port.
      const reloadPort = await stackPort('liveReload', options.reloadPort);
      devLoop = await startDevLoop({ outdir, config: overrides, portalOrigins, reloadPort });
      started.push(devLoop);
      config = devLoop.config;
      progress(`watching src/ -> ${outdir} (page reloads through ${devLoop.reload.url})`);
    } else {
      config = portalConfig(flavour, overrides);
    }
    progress(
      `starting the Auth and Hosting emulators on :${ports.auth} and :${ports.portal}${options.watch ? '' : ` and building the ${flavour} portal`}`,
    );
    // The emulator only records the folder's path, so it can start while the bundle is built into that folder.
    const [emulator] = await Promise.all([
      startAuthEmulator({
        port: ports.auth,
        projectId: PROJECT_ID,
        hosting: { port: ports.portal, root: outdir, config },
      }).then((e) => (started.push(e), e)),
      options.watch ? null : buildPortal({ flavour, outdir, config: overrides, quiet: true }),
    ]);
    const backend = await startBackend({
      port: ports.backend,
      dataFile: options.dataFile,
      faults: options.faults,
      emulatorUrl: emulator.url,
      identityKeys: options.identityKeys,
      planIds: [portalConfig('staging').paypal.planIds, portalConfig('production').paypal.planIds],
      // The stand-in's webhooks go to this backend's POST /webhooks/paypal (the default), and a sweep reads PayPal
      // every minute for what no webhook brought (docs/harness.md "Payments the server reconciles").
      paypalClientId: config.paypal.clientId,
      reconcileIntervalMs: 60_000,
      // The portal as the browser reaches it (either loopback name), plus any extra origin the caller serves.
      allowedOrigins: [...portalOrigins, ...(options.allowedOrigins ?? [])],
      // Both stack flavours are non-production builds whose manual activation (SPEC 1 payment bypass) must work.
      allowPaymentBypass: true,
    });
    started.push(backend);
    const secretFile = writeSecretFile(backend.port, backend.harnessSecret);
    started.push({ stop: async () => removeSecretFile(backend.port, backend.harnessSecret) });
    progress(`reference backend on ${backend.url}`);
    let desktop: DesktopListener | null = null;
    if (options.desktop !== false) {
      desktop = await startDesktopListener({ port: ports.desktop });
      started.push(desktop);
      progress(`desktop listener on ${desktop.url}`);
    }
    return {
      portalUrl: emulator.hostingUrl!,
      config,
      portalDir: outdir,
      devLoop,
      backend,
      emulator,
      admin: new EmulatorAdmin(emulator.url, PROJECT_ID),
      desktop,
      secretFile,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
