import { Command } from 'commander';
import { portalConfig } from '../../build.mjs';
import { startBackend } from '../../harness/backend/server';
import { choosePort } from '../../harness/ports';
import { parseFaults } from '../../harness/backend/faults';
import { CliError, EXIT, intOption } from '../errors';
import { stopOnSignals } from '../shutdown';

export function backendCommand(): Command {
  return new Command('backend')
    .description('run the reference backend alone (API of SPEC section 7 and the PayPal SDK stand-in)')
    .option('--port <n>', 'port (default BACKEND_PORT or 8787)')
    .option('--data <file>', 'keep data in this file across restarts')
    .option('--fault <spec>', 'inject failures, e.g. cloud-save=500x2, designs=drop, latency=300 (comma-separated)')
    .option('--emulator <url>', 'Auth emulator address, used to delete accounts (default from AUTH_EMULATOR_PORT)')
    .action(async (opts: { port?: string; data?: string; fault?: string; emulator?: string }) => {
      try {
        parseFaults(opts.fault);
      } catch (error) {
        throw new CliError((error as Error).message, EXIT.usage);
      }
      const port = await choosePort(opts.port === undefined ? undefined : intOption(opts.port, '--port'), 'BACKEND_PORT', 8787);
      const backend = await startBackend({
        port,
        dataFile: opts.data,
        faults: opts.fault,
        emulatorUrl: opts.emulator ?? `http://127.0.0.1:${process.env.AUTH_EMULATOR_PORT ?? 9099}`,
        planIds: [portalConfig('staging').paypal.planIds, portalConfig('production').paypal.planIds],
      });
      stopOnSignals(backend.stop);
      process.stdout.write(`Backend ready at ${backend.url}\n`);
    });
}
