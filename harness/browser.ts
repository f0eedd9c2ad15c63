// Debian's Chromium with the flags this offline machine needs; shared by the e2e config, the CLI and the bench.
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function chromiumLaunchOptions() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not at ${CHROMIUM_PATH}: run "node tests/scripts/ensure-chromium.mjs" (installs Debian's chromium package as root).`,
    );
  }
  return { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true };
}
