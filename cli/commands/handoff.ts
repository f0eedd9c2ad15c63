import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { chromium } from 'playwright';
import { isLocaleTag } from '../../bridge/protocol';
import { CHROMIUM_PATH, chromiumLaunchOptions } from '../../harness/browser';
import { desktopReportLine } from '../../harness/client';
import { startDesktopListener } from '../../harness/desktop';
import { projectRoot } from '../../harness/paths';
import { configuredPort, DEFAULT_PORTS, loopbackUrl, PORT_VARIABLES } from '../../harness/ports';
import { CliError, EXIT, portOption } from '../errors';

interface HandoffOptions {
  email: string;
  password: string;
  unityToken?: boolean;
  dev?: boolean;
  /** The desktop app's language: `lang=<tag>` in the launch URL, as the app passes it. */
  lang?: string;
  portalUrl: string;
  desktopPort: number;
  timeoutMs?: number;
  log?: (line: string) => void;
}

/** `--lang`: a BCP 47 tag of the shape the portal reads (`lang`, the bridge's `locale`), else a usage error. */
function langOption(value: string): string {
  if (!isLocaleTag(value)) throw new InvalidArgumentError('not a BCP 47 language tag such as de-DE or pt-BR.');
  return value;
}

/**
 * Chromium where `npm test` gets it: tests/scripts/ensure-chromium.mjs installs Debian's package when it is missing, so
 * the README's quick start works on a fresh machine. Its output goes to stderr: stdout carries only the token.
 */
function ensureChromium(log: (line: string) => void): void {
  if (existsSync(CHROMIUM_PATH)) return;
  log(`Chromium is missing at ${CHROMIUM_PATH}: installing it, as npm test does`);
  try {
    execFileSync(process.execPath, [join(projectRoot(), 'tests/scripts/ensure-chromium.mjs')], {
      stdio: ['ignore', 2, 2],
    });
  } catch {
    throw new CliError(`Chromium is missing at ${CHROMIUM_PATH} and was not installed (see above)`);
  }
}

/** Plays the desktop app: listener up, portal opened at /auth?redirect=..., e-mail sign-in, the token the listener got. */
async function handoff(opts: HandoffOptions) {
  const log = opts.log ?? (() => {});
  ensureChromium(log);
  const listener = await startDesktopListener({ port: opts.desktopPort }).catch((error: NodeJS.ErrnoException) => {
    throw new CliError(
      error.code === 'EADDRINUSE'
        ? `port ${opts.desktopPort} is in use: run the stack with --no-desktop, or pass --port`
        : error.message,
      EXIT.unavailable,
    );
  });
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const page = await browser.newPage();
    const query = new URLSearchParams({ redirect: listener.url });
    if (opts.unityToken) query.set('unityToken', 'true');
    if (opts.dev) query.set('dev', 'true');
    if (opts.lang !== undefined) query.set('lang', opts.lang);
    const url = new URL(`/auth?${query.toString()}`, opts.portalUrl).href;
    log(`opening ${url}`);
    await page.goto(url).catch(() => {
      throw new CliError(`cannot open the portal at ${opts.portalUrl}: is "npm start" running?`, EXIT.unavailable);
    });
    // Found by structure and autocomplete tokens, not by their texts: the page speaks the language of --lang, or else
    // the browser's. The e-mail choice is the last of the sign-in choices (ui/auth/ProviderChoice.tsx).
    const emailChoice = page.locator('.auth-providers > button').last();
    await emailChoice.waitFor();
    if (opts.lang !== undefined) log(`the portal shows language "${await page.locator('html').getAttribute('lang')}"`);
    await emailChoice.click();
    await page.locator('input[autocomplete="username"]').fill(opts.email);
    await page.locator('input[autocomplete="current-password"]').fill(opts.password);
    log('signing in');
    await page.locator('form.auth-form button[type="submit"]').click();
    // An account under 30 seconds old is a new user: the welcome survey comes first; the desktop app's user would
    // answer or dismiss it, this player dismisses it.
    const survey = page.getByRole('dialog').filter({ has: page.locator('form.affiliate-form') });
    const login = listener.next('login', opts.timeoutMs ?? 30_000);
    const dismissed = survey
      .waitFor({ state: 'visible', timeout: opts.timeoutMs ?? 30_000 })
      .then(async () => {
        log('dismissing the welcome survey');
        await page.keyboard.press('Escape');
      })
      .catch(() => undefined);
    const event = await login;
    void dismissed;
    if (event.kind !== 'login') throw new CliError('unexpected request');
    // dev=true counts in development builds only (docs/security.md "Security"): elsewhere the portal hands off
    // directly. Where the call came from is read in the page itself: page.url() follows the portal's in-page move to
    // /return-to-app a moment after the listener may already have heard that page's call.
    const from = opts.dev ? await page.evaluate<string>('location.pathname').catch(() => null) : null;
    log(from === '/return-to-app' ? 'token received through /return-to-app' : 'token received');
    return event;
  } finally {
    await browser.close();
    await listener.stop();
  }
}

export function handoffCommand(): Command {
  return new Command('handoff')
    .description('play the desktop app: sign in by e-mail through the portal and print the token the listener received')
    .requiredOption('--email <email>', 'e-mail of a seeded account')
    .requiredOption('--password <password>', 'its password')
    .option('--unity-token', 'ask for the Unity access token instead of the identity token')
    .option('--dev', 'go through /return-to-app (dev mode; development builds only: stack --env development)')
    .option(
      '--lang <tag>',
      "the app's language: lang=<tag> in the launch URL, a BCP 47 tag such as de-DE (the portal shows the nearest it has)",
      langOption,
    )
    .option('--port <n>', `listener port (default ${PORT_VARIABLES.desktop} or ${DEFAULT_PORTS.desktop})`)
    .option('--portal <url>', `portal address (default http://127.0.0.1:${PORT_VARIABLES.portal}/)`)
    .option('--json', 'print the listener event as JSON')
    .action(
      async (opts: {
        email: string;
        password: string;
        unityToken?: boolean;
        dev?: boolean;
        lang?: string;
        port?: string;
        portal?: string;
        json?: boolean;
      }) => {
        const event = await handoff({
          email: opts.email,
          password: opts.password,
          unityToken: opts.unityToken,
          dev: opts.dev,
          lang: opts.lang,
          portalUrl: opts.portal ?? `${loopbackUrl(configuredPort('portal'))}/`,
          desktopPort: opts.port === undefined ? configuredPort('desktop') : portOption(opts.port, '--port'),
          log: (line) => process.stderr.write(`${line}\n`),
        });
        process.stdout.write(`${opts.json ? desktopReportLine(event) : event.kind === 'login' ? event.token : ''}\n`);
      },
    );
}
