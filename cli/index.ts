// Assembles the portal-harness program; each command lives in its own file.
import { Command, CommanderError } from 'commander';
import { version } from '../package.json';
import { backendCommand } from './commands/backend';
import { desktopCommand } from './commands/desktop';
import { handoffCommand } from './commands/handoff';
import { owedCommand } from './commands/owed';
import { seedCommand } from './commands/seed';
import { stackCommand } from './commands/stack';
import { CliError, EXIT, fail } from './errors';

/** Help and --version exit 0; every other parse error is a usage error (2), as CONTRACT.md fixes. */
function exitOnParseError(err: CommanderError): never {
  process.exit(err.exitCode === 0 ? EXIT.ok : EXIT.usage);
}

const helpHint = (command: Command) => {
  const path = command.parent ? `portal-harness ${command.name()}` : 'portal-harness';
  return `(run "${path} --help" for usage)`;
};

export function program(): Command {
  const root = new Command('portal-harness')
    .description('Local stack and test harness of the account portal (see README.md).')
    .version(version, '-V, --version', 'print the version')
    .exitOverride(exitOnParseError)
    .addCommand(stackCommand())
    .addCommand(desktopCommand())
    .addCommand(backendCommand())
    .addCommand(seedCommand())
    .addCommand(handoffCommand())
    .addCommand(owedCommand())
    .addHelpText('after', '\nExit codes: 0 ok, 1 failure, 2 usage error, 3 a needed service is not reachable.');
  root.showHelpAfterError(helpHint(root));
  // addCommand() does not pass the root's settings down (only .command() does): copy them, then give each its own hint.
  for (const command of root.commands) command.copyInheritedSettings(root).showHelpAfterError(helpHint(command));
  return root;
}

export async function main(argv: string[]): Promise<void> {
  const root = program();
  let running: Command = root;
  root.hook('preAction', (_root, action) => {
    running = action;
  });
  try {
    await root.parseAsync(argv);
  } catch (error) {
    // A usage error found by a command's action reads like commander's own: message, the command's hint, exit 2.
    if (error instanceof CliError && error.code === EXIT.usage)
      running.error(`error: ${error.message}`, { exitCode: EXIT.usage, code: 'portal-harness.usage' });
    fail(error);
  }
}
