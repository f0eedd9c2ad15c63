// One Auth emulator and one reference backend for the integration tests, on free ports.
import type { TestProject } from 'vitest/node';
import { portalConfig } from '../../build.mjs';
import { startBackend } from '../../harness/stack-backend';
import { startAuthEmulator } from '../../harness/emulator';
import { freePort } from '../../harness/ports';

declare module 'vitest' {
  export interface ProvidedContext {
    backendUrl: string;
    emulatorUrl: string;
    harnessSecret: string;
  }
}

export default async function setup(project: TestProject) {
  const emulator = await startAuthEmulator({ port: await freePort() });
  // As the staging stack runs it: the manual activation (payment bypass) is allowed.
  const backend = await startBackend({
    port: 0,
    emulatorUrl: emulator.url,
    planIds: [portalConfig('staging').paypal.planIds],
    allowPaymentBypass: true,
    // The helpers of tests/integration/support.ts name a payment's player plainly as PayPal's custom_id.
    acceptPlainCustomId: true,
  });
  project.provide('backendUrl', backend.url);
  project.provide('harnessSecret', backend.harnessSecret);
  project.provide('emulatorUrl', emulator.url);
  return async () => {
    await backend.stop();
    await emulator.stop();
  };
}
