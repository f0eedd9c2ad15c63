import { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { portalConfig } from '../../build.mjs';
import { parseFaults } from '../../harness/faults';
import { HARNESS_SECRET_ENV, removeSecretFile, writeSecretFile } from '../../harness/backend/secret';
import { normalOrigin } from '../../harness/backend/server';
import { startBackend } from '../../harness/stack-backend';
import { parseIdentityKeys } from '../../harness/backend/tokens';
import { configuredPort, DEFAULT_PORTS, loopbackUrl, PORT_VARIABLES, stackPort } from '../../harness/ports';
import { CliError, EXIT, portOption } from '../errors';
import { stopOnSignals } from '../shutdown';

interface BackendCommandOptions {
  port?: string;
  data?: string;
  fault?: string;
  /** Unset: the emulator at AUTH_EMULATOR_PORT (read when the command runs, so a bad variable fails this command only). */
  emulator?: string | false;
  identityKeys?: string;
  allowOrigin: string[];
  allowPaymentBypass?: boolean;
  hostName: string[];
  paypalMerchantId?: string;
  paypalWebhookId?: string;
  paypalWebhookUrl?: string;
  reconcileEvery?: string;
}

const collect = (value: string, previous: string[]) => [...previous, value];

/** The key file's text, checked now so a bad file is a usage error and not a 401 on every call later. */
function identityKeys(file: string | undefined): string | undefined {
  if (!file) return undefined;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliError(`--identity-keys: cannot read ${file}: ${(error as Error).message}`, EXIT.usage);
  }
  try {
    parseIdentityKeys(text);
  } catch (error) {
    throw new CliError(`--identity-keys ${file}: ${(error as Error).message}`, EXIT.usage);
  }
  return text;
}

export function backendCommand(): Command {
  return new Command('backend')
    .description('run the reference backend alone (API of SPEC section 7 and the PayPal SDK stand-in)')
    .option('--port <n>', `port (default ${PORT_VARIABLES.backend} or ${DEFAULT_PORTS.backend})`)
    .option('--data <file>', 'keep data in this file across restarts')
    .option('--fault <spec>', 'inject failures, e.g. cloud-save=500x2, designs=drop, latency=300 (comma-separated)')
    .option(
      '--emulator <url>',
      `Auth emulator address: its unsigned tokens are accepted and accounts deleted there (default http://127.0.0.1:${PORT_VARIABLES.auth})`,
    )
    .option('--no-emulator', 'no emulator mode: only RS256 identity tokens signed by --identity-keys are accepted')
    .option(
      '--identity-keys <file>',
      'public keys of RS256 identity tokens: PEM, a JWK set, or a {kid: PEM} map (default BACKEND_IDENTITY_KEYS)',
      process.env.BACKEND_IDENTITY_KEYS,
    )
    .option(
      '--allow-origin <origin>',
      `an origin whose pages may call the API (repeatable; default the portal at ${PORT_VARIABLES.portal})`,
      collect,
      [],
    )
    .option(
      '--host-name <name>',
      'a further name the backend answers to, with its port (repeatable; always 127.0.0.1, localhost, [::1]); other Host headers get 421',
      collect,
      [],
    )
    .option(
      '--allow-payment-bypass',
      "accept POST /subscription/direct {provider: 'MANUAL'} (the staging build's manual activation)",
    )
    .option(
      '--paypal-merchant-id <id>',
      "this backend's PayPal merchant id: a credits order must pay it (default PAYPAL_MERCHANT_ID, else the stand-in's merchant of the portal's client id)",
      process.env.PAYPAL_MERCHANT_ID,
    )
    .option(
      '--paypal-webhook-id <id>',
      "the webhook id deliveries are verified against (default PAYPAL_WEBHOOK_ID, else the stand-in's own webhook)",
      process.env.PAYPAL_WEBHOOK_ID,
    )
    .option(
      '--paypal-webhook-url <url>',
      "where the PayPal stand-in POSTs its webhooks (default this backend's /webhooks/paypal; none: no webhooks)",
    )
    .option(
      '--reconcile-every <seconds>',
      'run the reconciliation sweep every this many seconds, 0 for never (default BACKEND_RECONCILE_SECONDS or 60)',
      process.env.BACKEND_RECONCILE_SECONDS ?? '60',
    )
    .action(async (opts: BackendCommandOptions) => {
      try {
        parseFaults(opts.fault);
      } catch (error) {
        throw new CliError((error as Error).message, EXIT.usage);
      }
      const portalPort = configuredPort('portal');
      let origins: string[];
      try {
        origins = (
          opts.allowOrigin.length > 0 ? opts.allowOrigin : [loopbackUrl(portalPort), `http://localhost:${portalPort}`]
        ).map(normalOrigin);
      } catch (error) {
        throw new CliError(`--allow-origin: ${(error as Error).message}`, EXIT.usage);
      }
      const bad = opts.hostName.find((name) => !/^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/i.test(name));
      if (bad !== undefined)
        throw new CliError(`--host-name: "${bad}" is not a host name (no scheme or port)`, EXIT.usage);
      const keys = identityKeys(opts.identityKeys);
      if (opts.emulator === false && !keys)
        throw new CliError(
          '--no-emulator needs --identity-keys: otherwise no identity token can be accepted',
          EXIT.usage,
        );
      const reconcileEvery = Number(opts.reconcileEvery);
      if (!Number.isInteger(reconcileEvery) || reconcileEvery < 0)
        throw new CliError(`--reconcile-every: "${opts.reconcileEvery}" is not a whole number of seconds`, EXIT.usage);
      const webhookUrl = opts.paypalWebhookUrl;
      if (webhookUrl !== undefined && webhookUrl !== 'none') {
        try {
          normalOrigin(webhookUrl);
        } catch {
          throw new CliError(`--paypal-webhook-url: "${webhookUrl}" is not an http(s) URL`, EXIT.usage);
        }
      }
      const port = await stackPort('backend', opts.port === undefined ? undefined : portOption(opts.port, '--port'));
      const backend = await startBackend({
        port,
        dataFile: opts.data,
        faults: opts.fault,
        emulatorUrl: opts.emulator === false ? undefined : (opts.emulator ?? loopbackUrl(configuredPort('auth'))),
        identityKeys: keys,
        allowedOrigins: origins,
        allowPaymentBypass: opts.allowPaymentBypass ?? false,
        hostNames: opts.hostName,
        planIds: [portalConfig('staging').paypal.planIds, portalConfig('production').paypal.planIds],
        paypalClientId: portalConfig('staging').paypal.clientId,
        ...(opts.paypalMerchantId ? { merchantId: opts.paypalMerchantId } : {}),
        ...(opts.paypalWebhookId ? { webhookId: opts.paypalWebhookId } : {}),
        ...(webhookUrl !== undefined ? { webhookUrl: webhookUrl === 'none' ? null : webhookUrl } : {}),
        reconcileIntervalMs: reconcileEvery * 1000,
      });
      const secretFile = writeSecretFile(backend.port, backend.harnessSecret);
      stopOnSignals(async () => {
        removeSecretFile(backend.port, backend.harnessSecret);
        await backend.stop();
      });
      process.stderr.write(
        `Test routes (/__harness/*) need the secret in ${secretFile} (or ${HARNESS_SECRET_ENV}) as header x-harness-secret\n`,
      );
      process.stdout.write(`Backend ready at ${backend.url}\n`);
    });
}
