// The whole local stack of CONTRACT.md: portal, reference backend, Auth emulator, desktop listener.
import { buildPortal, contentSecurityPolicy, portalConfig } from '../build.mjs';
import type { PortalConfig } from '../src/config/types';
import { removeSecretFile, writeSecretFile } from './backend/secret';
import { startBackend, type Backend } from './backend/server';
import { startDesktopListener, type DesktopListener } from './desktop';
import { EmulatorAdmin, PROJECT_ID, startAuthEmulator, type AuthEmulator } from './emulator';
import { choosePort } from './ports';
import { startStaticServer, type StaticServer } from './static-server';

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
  /** Where to build the portal (default dist/stack-<flavour>). */
  outdir?: string;
  onProgress?: (line: string) => void;
}

export interface Stack {
  portalUrl: string;
  config: PortalConfig;
  portal: StaticServer;
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
  const ports = {
    portal: await choosePort(options.ports?.portal, 'PORTAL_PORT', 5173),
    backend: await choosePort(options.ports?.backend, 'BACKEND_PORT', 8787),
    auth: await choosePort(options.ports?.auth, 'AUTH_EMULATOR_PORT', 9099),
    desktop: await choosePort(options.ports?.desktop, 'DESKTOP_PORT', 5662),
  };
  const backendUrl = `http://127.0.0.1:${ports.backend}`;
  const overrides: Partial<PortalConfig> = {
    useEmulator: true,
    authEmulatorUrl: `http://127.0.0.1:${ports.auth}`,
    backendUrl,
    desktopPort: ports.desktop,
    ...(options.desktopPorts ? { desktopPorts: options.desktopPorts } : {}),
    standalone: options.standalone ?? false,
  };
  const base = portalConfig(flavour, overrides);
  overrides.paypal = { ...base.paypal, sdkBaseUrl: `${backendUrl}/paypal/sdk/js` };

  const started: Array<{ stop(): Promise<void> }> = [];
  const stopAll = async () => {
    for (const part of started.reverse()) await part.stop().catch(() => undefined);
    started.length = 0;
  };
  try {
    progress(`starting the Auth emulator on :${ports.auth} and building the ${flavour} portal`);
    const [emulator, built] = await Promise.all([
      startAuthEmulator({ port: ports.auth, projectId: PROJECT_ID }).then((e) => (started.push(e), e)),
      buildPortal({ flavour, outdir: options.outdir, config: overrides, quiet: true }),
    ]);
    const backend = await startBackend({
      port: ports.backend,
      dataFile: options.dataFile,
      faults: options.faults,
      emulatorUrl: emulator.url,
      identityKeys: options.identityKeys,
      planIds: [portalConfig('staging').paypal.planIds, portalConfig('production').paypal.planIds],
      // The portal as the browser reaches it (either loopback name), plus any extra origin the caller serves.
      allowedOrigins: [`http://127.0.0.1:${ports.portal}`, `http://localhost:${ports.portal}`, ...(options.allowedOrigins ?? [])],
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
    const portal = await startStaticServer({ root: built.outdir, port: ports.portal, csp: contentSecurityPolicy(built.config) });
    started.push(portal);
    return {
      portalUrl: portal.url,
      config: built.config,
      portal,
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
