import { Command } from 'commander';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../../harness/browser';
import { desktopReportLine } from '../../harness/client';
import { startDesktopListener } from '../../harness/desktop';
import { configuredPort, DEFAULT_PORTS, loopbackUrl, PORT_VARIABLES } from '../../harness/ports';
import { CliError, EXIT, portOption } from '../errors';

export interface HandoffOptions {
  email: string;
  password: string;
  unityToken?: boolean;
  dev?: boolean;
  portalUrl: string;
  desktopPort: number;
  timeoutMs?: number;
  log?: (line: string) => void;
}

/** Plays the desktop app: listener up, portal opened at /auth?redirect=..., e-mail sign-in, the token the listener got. */
export async function handoff(opts: HandoffOptions) {
  const log = opts.log ?? (() => {});
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
    const url = new URL(`/auth?${query.toString()}`, opts.portalUrl).href;
    log(`opening ${url}`);
    await page.goto(url).catch(() => {
      throw new CliError(`cannot open the portal at ${opts.portalUrl}: is "npm start" running?`, EXIT.unavailable);
    });
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    await page.getByLabel('Email').fill(opts.email);
    await page.getByLabel('Password', { exact: true }).fill(opts.password);
    log('signing in');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    // An account under 30 seconds old is a new user: the welcome survey comes first; the desktop app's user would
    // answer or dismiss it, this player dismisses it.
    const survey = page.getByRole('dialog', { name: 'Welcome to dream book!' });
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
    // dev=true counts in development builds only (README "Security"): elsewhere the portal hands off directly.
    log(
      opts.dev && new URL(page.url()).pathname === '/return-to-app'
        ? 'token received through /return-to-app'
        : 'token received',
    );
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
    .option('--port <n>', `listener port (default ${PORT_VARIABLES.desktop} or ${DEFAULT_PORTS.desktop})`)
    .option('--portal <url>', `portal address (default http://127.0.0.1:${PORT_VARIABLES.portal}/)`)
    .option('--json', 'print the listener event as JSON')
    .action(
      async (opts: {
        email: string;
        password: string;
        unityToken?: boolean;
        dev?: boolean;
        port?: string;
        portal?: string;
        json?: boolean;
      }) => {
        const event = await handoff({
          email: opts.email,
          password: opts.password,
          unityToken: opts.unityToken,
          dev: opts.dev,
          portalUrl: opts.portal ?? `${loopbackUrl(configuredPort('portal'))}/`,
          desktopPort: opts.port === undefined ? configuredPort('desktop') : portOption(opts.port, '--port'),
          log: (line) => process.stderr.write(`${line}\n`),
        });
        process.stdout.write(`${opts.json ? desktopReportLine(event) : event.kind === 'login' ? event.token : ''}\n`);
      },
    );
}
