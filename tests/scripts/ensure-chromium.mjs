// Installs Debian's Chromium when /usr/bin/chromium is missing (Playwright's own browser download cannot work offline).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

if (process.getuid?.() !== 0) {
  console.error(
    `Chromium is missing at ${path}. Install it as root: apt-get update && apt-get install -y chromium fonts-liberation`,
  );
  process.exit(1);
}
console.log("Chromium is missing: installing Debian's chromium package...");
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-liberation'], {
  stdio: 'inherit',
  env,
});
if (!existsSync(path)) {
  console.error(`apt-get finished but ${path} is still missing`);
  process.exit(1);
}
