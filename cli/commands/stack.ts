import { Command, Option } from 'commander';
import { startStack } from '../../harness/stack';
import { CliError, EXIT } from '../errors';
import { stopOnSignals } from '../shutdown';

export function stackCommand(): Command {
  return new Command('stack')
    .description('build the portal and run the whole local stack (portal, backend, Auth emulator, desktop listener)')
    .addOption(
      new Option('--env <flavour>', 'portal build flavour').choices(['staging', 'development']).default('staging'),
    )
    .option('--data <file>', 'keep the backend data in this file across restarts (default: in memory)')
    .option('--no-desktop', 'do not start the fake desktop listener')
    .option('--standalone', 'serve the public pages alone (standalone mode)')
    .option(
      '--watch',
      'rebuild on every change under src/ and reload the open pages (npm run dev; development flavour)',
    )
    .action(
      async (opts: {
        env: 'staging' | 'development';
        data?: string;
        desktop: boolean;
        standalone?: boolean;
        watch?: boolean;
      }) => {
        if (opts.watch && opts.env !== 'development') {
          throw new CliError(
            '--watch serves the development build: add --env development (npm run dev does)',
            EXIT.usage,
          );
        }
        const stack = await startStack({
          flavour: opts.env,
          watch: opts.watch ?? false,
          dataFile: opts.data,
          desktop: opts.desktop,
          standalone: opts.standalone,
          onProgress: (line) => process.stderr.write(`${line}\n`),
        });
        stopOnSignals(stack.stop);
        process.stderr.write(`Auth emulator on ${stack.emulator.url} (project demo-portal)\n`);
        process.stderr.write(`Backend test routes' secret in ${stack.secretFile} (portal-harness seed reads it)\n`);
        if (stack.devLoop)
          process.stderr.write(`Edits under src/ rebuild ${stack.portalDir} and reload the open pages\n`);
        process.stdout.write(`Portal ready at ${stack.portalUrl}\n`);
      },
    );
}
