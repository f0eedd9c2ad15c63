import { Command } from 'commander';
import { desktopReportLine } from '../../harness/client';
import { startDesktopListener, type DesktopEvent } from '../../harness/desktop';
import { DEFAULT_PORTS, PORT_VARIABLES, stackPort } from '../../harness/ports';
import { CliError, EXIT, intOption, portOption } from '../errors';
import { stopOnSignals } from '../shutdown';

function describe(event: DesktopEvent): string {
  if (event.kind === 'path') return `GET ${event.path}`;
  const who = event.claims ? ` (${String(event.claims.email ?? event.claims.sub ?? 'JWT')})` : '';
  return `login token ${event.token.slice(0, 24)}...${who}`;
}

export function desktopCommand(): Command {
  return new Command('desktop')
    .description('run the fake desktop listener alone: answers every GET with 200 and reports it')
    .option('--port <n>', `port (default ${PORT_VARIABLES.desktop} or ${DEFAULT_PORTS.desktop})`)
    .option('--json', 'print one JSON object per request')
    .option('--once', 'exit 0 after the first /login request (1 when --timeout passes first)')
    .option('--timeout <seconds>', 'with --once: how long to wait', '120')
    .action(async (opts: { port?: string; json?: boolean; once?: boolean; timeout: string }) => {
      const timeoutSeconds = intOption(opts.timeout, '--timeout');
      const port = await stackPort('desktop', opts.port === undefined ? undefined : portOption(opts.port, '--port'));
      const listener = await startDesktopListener({ port }).catch((error: NodeJS.ErrnoException) => {
        throw new CliError(
          error.code === 'EADDRINUSE'
            ? `port ${port} is in use (is a stack with its desktop listener running?)`
            : error.message,
          EXIT.unavailable,
        );
      });
      if (!opts.json) process.stderr.write(`Desktop listener on ${listener.url}\n`);
      listener.emitter.on('event', (event: DesktopEvent) => {
        process.stdout.write(`${opts.json ? desktopReportLine(event) : describe(event)}\n`);
        if (opts.once && event.kind === 'login') void listener.stop().then(() => process.exit(EXIT.ok));
      });
      if (opts.once) {
        setTimeout(() => {
          process.stderr.write(`no /login request within ${timeoutSeconds} s\n`);
          void listener.stop().then(() => process.exit(EXIT.failure));
        }, timeoutSeconds * 1000).unref();
      }
      stopOnSignals(listener.stop);
    });
}
