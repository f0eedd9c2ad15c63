// Starts one local stack on free ports for the whole run, plus development and standalone builds served beside it.
import type { FullConfig } from '@playwright/test';
import { freePort } from '../../harness/ports';
import { rm } from 'node:fs/promises';
import { buildPortal } from '../../build.mjs';
import { startStack } from '../../harness/stack';
import { startStaticServer } from '../../harness/static-server';

export default async function globalSetup(config_: FullConfig) {
  // One folder per run: runs side by side must not overwrite each other's bundles (built for their own ports).
  const dir = `dist/e2e-${process.env.E2E_RUN_ID ?? process.pid}`;
  // The portal hands tokens to its desktop ports only: one per worker, so tests in parallel keep their own listener.
  const desktopPorts: number[] = [];
  while (desktopPorts.length < Math.max(1, config_.workers)) {
    const port = await freePort();
    if (!desktopPorts.includes(port)) desktopPorts.push(port);
  }
  // The pseudo-locales en-XA and ar-XB are in every build of the suite (docs/languages.md "Languages").
  process.env.PORTAL_PSEUDO_LOCALES = 'true';
  const stack = await startStack({
    ports: { portal: 0, backend: 0, auth: 0, desktop: 0 },
    desktopPorts,
    desktop: false,
    outdir: `${dir}/staging`,
  });
  const { config } = stack;
  const overrides = {
    useEmulator: true,
    authEmulatorUrl: config.authEmulatorUrl,
    backendUrl: config.backendUrl,
    paypal: config.paypal,
    desktopPort: config.desktopPort,
    desktopPorts,
  };
  process.env.E2E_DESKTOP_PORTS = desktopPorts.join(',');
  const [dev, standalone] = await Promise.all([
    buildPortal({ flavour: 'development', outdir: `${dir}/development`, config: overrides, quiet: true }),
    buildPortal({
      flavour: 'staging',
      outdir: `${dir}/standalone`,
      config: { ...overrides, standalone: true },
      quiet: true,
    }),
  ]);
  const devServer = await startStaticServer({ root: dev.outdir, port: 0, config: dev.config });
  const standaloneServer = await startStaticServer({ root: standalone.outdir, port: 0, config: standalone.config });
  process.env.PORTAL_URL = stack.portalUrl;
  process.env.PORTAL_DEV_URL = devServer.url;
  process.env.PORTAL_STANDALONE_URL = standaloneServer.url;
  process.env.BACKEND_URL = stack.backend.url;
  // The development and standalone builds call the same backend from their own origins.
  stack.backend.allowOrigin(new URL(devServer.url).origin);
  stack.backend.allowOrigin(new URL(standaloneServer.url).origin);
  process.env.PORTAL_HARNESS_SECRET = stack.backend.harnessSecret;
  process.env.AUTH_EMULATOR_URL = stack.emulator.url;
  return async () => {
    await devServer.stop();
    await standaloneServer.stop();
    await stack.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
