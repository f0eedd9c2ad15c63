import { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { portalConfig } from '../../build.mjs';
import { parseFaults } from '../../harness/backend/faults';
import { HARNESS_SECRET_ENV, removeSecretFile, writeSecretFile } from '../../harness/backend/secret';
import { normalOrigin, startBackend } from '../../harness/backend/server';
import { parseIdentityKeys } from '../../harness/backend/tokens';
import { choosePort } from '../../harness/ports';
import { CliError, EXIT, portOption } from '../errors';
import { stopOnSignals } from '../shutdown';

export interface BackendCommandOptions {
  port?: string;
  data?: string;
  fault?: string;
  emulator: string | false;
  identityKeys?: string;
  allowOrigin: string[];
  allowPaymentBypass?: boolean;
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
    .option('--port <n>', 'port (default BACKEND_PORT or 8787)')
    .option('--data <file>', 'keep data in this file across restarts')
    .option('--fault <spec>', 'inject failures, e.g. cloud-save=500x2, designs=drop, latency=300 (comma-separated)')
    .option('--emulator <url>', 'Auth emulator address: its unsigned tokens are accepted and accounts deleted there', `http://127.0.0.1:${process.env.AUTH_EMULATOR_PORT ?? 9099}`)
    .option('--no-emulator', 'no emulator mode: only RS256 identity tokens signed by --identity-keys are accepted')
    .option('--identity-keys <file>', 'public keys of RS256 identity tokens: PEM, a JWK set, or a {kid: PEM} map (default BACKEND_IDENTITY_KEYS)', process.env.BACKEND_IDENTITY_KEYS)
    .option('--allow-origin <origin>', 'an origin whose pages may call the API (repeatable; default the portal at PORTAL_PORT)', collect, [])
    .option('--allow-payment-bypass', "accept POST /subscription/direct {provider: 'MANUAL'} (the staging build's manual activation)")
    .action(async (opts: BackendCommandOptions) => {
      try {
        parseFaults(opts.fault);
      } catch (error) {
        throw new CliError((error as Error).message, EXIT.usage);
      }
      const portalPort = process.env.PORTAL_PORT ?? '5173';
      let origins: string[];
      try {
        origins = (opts.allowOrigin.length > 0 ? opts.allowOrigin : [`http://127.0.0.1:${portalPort}`, `http://localhost:${portalPort}`]).map(normalOrigin);
      } catch (error) {
        throw new CliError(`--allow-origin: ${(error as Error).message}`, EXIT.usage);
      }
      const keys = identityKeys(opts.identityKeys);
      if (opts.emulator === false && !keys) throw new CliError('--no-emulator needs --identity-keys: otherwise no identity token can be accepted', EXIT.usage);
      const port = await choosePort(opts.port === undefined ? undefined : portOption(opts.port, '--port'), 'BACKEND_PORT', 8787);
      const backend = await startBackend({
        port,
        dataFile: opts.data,
        faults: opts.fault,
        emulatorUrl: opts.emulator === false ? undefined : opts.emulator,
        identityKeys: keys,
        allowedOrigins: origins,
        allowPaymentBypass: opts.allowPaymentBypass ?? false,
        planIds: [portalConfig('staging').paypal.planIds, portalConfig('production').paypal.planIds],
      });
      const secretFile = writeSecretFile(backend.port, backend.harnessSecret);
      stopOnSignals(async () => {
        removeSecretFile(backend.port, backend.harnessSecret);
        await backend.stop();
      });
      process.stderr.write(`Test routes (/__harness/*) need the secret in ${secretFile} (or ${HARNESS_SECRET_ENV}) as header x-harness-secret\n`);
      process.stdout.write(`Backend ready at ${backend.url}\n`);
    });
}
