// Debian's Chromium with the flags this offline machine needs; shared by the e2e config, the CLI and the bench.
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The features Playwright 1.65 turns off in Chromium (its chromiumSwitches.ts). Chromium reads only the last
 * `--disable-features` of a command line, so ours (below) must name them again or they come back on.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium 156 draws its address bar's dropdown as WebUI pages (chrome://omnibox-popup.top-chrome/ and its AI mode
 * page) and loads them in a renderer of their own for every window, so for every new context's first page, even
 * headless where no address bar is ever seen. Loading them took 3 s of CPU beside a throttled page load on the
 * 2-core machine (a trace of /credits, 2026-11-29), and about 0.7 s for each of 5 blank contexts: CPU taken from
 * the page under test in every e2e test and every bench load, the floor's and the portal's alike.
 */
export const NO_WEBUI_OMNIBOX = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...NO_WEBUI_OMNIBOX].join(',')}`,
];

export function chromiumLaunchOptions() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not at ${CHROMIUM_PATH}: run "node tests/scripts/ensure-chromium.mjs" (installs Debian's chromium package as root).`,
    );
  }
  return { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true };
}
