// Installs Debian's Firefox ESR, WebKitGTK's WebDriver (with its MiniBrowser), Xvfb and openssl when missing (as root), for
// `npm run test:engines`, and WebKitGTK's GObject bindings with python3-gi for the real WKWebView-style host of
// tests/hosts (tests/hosts/run.mjs). Playwright's own Firefox and WebKit downloads cannot work offline.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
/** tests/hosts/webkit-host/host.py runs on Debian's python3 (a pyenv or venv python3 on PATH has no python3-gi). */
export const HOST_PYTHON = process.env.HOST_PYTHON ?? '/usr/bin/python3';
const needed = [
  [FIREFOX, 'firefox-esr'],
  [WEBKIT_DRIVER, 'webkit2gtk-driver'],
  [MINIBROWSER, 'webkit2gtk-driver'],
  ['/usr/bin/xvfb-run', 'xvfb'],
  ['/usr/bin/xauth', 'xauth'],
  // The offline proxy makes its TLS certificate with openssl (tests/engines/offline-internet.ts).
  ['/usr/bin/openssl', 'openssl'],
  ['/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf', 'fonts-liberation'],
  // The real host (tests/hosts/webkit-host): Python GObject and the WebKit2 4.1 typelib (GTK 3 and JavaScriptCore come with it).
  [HOST_PYTHON, 'python3'],
  ['/usr/lib/python3/dist-packages/gi/__init__.py', 'python3-gi'],
  ['/usr/lib/x86_64-linux-gnu/girepository-1.0/WebKit2-4.1.typelib', 'gir1.2-webkit2-4.1'],
];

const missing = needed.filter(([path]) => !existsSync(path));
if (missing.length > 0) {
  const packages = [...new Set(missing.map(([, pkg]) => pkg))];
  if (process.getuid?.() !== 0) {
    console.error(
      `Missing ${missing.map(([p]) => p).join(', ')}. Install them as root: apt-get update && apt-get install -y ${packages.join(' ')}`,
    );
    process.exit(1);
  }
  console.log(`Installing Debian's ${packages.join(', ')}...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
  const still = needed.filter(([path]) => !existsSync(path));
  if (still.length > 0) {
    console.error(`apt-get finished but ${still.map(([p]) => p).join(', ')} still missing`);
    process.exit(1);
  }
}
