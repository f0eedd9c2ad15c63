// Assembles the portal-harness program; each command lives in its own file.
import { Command } from 'commander';
import { backendCommand } from './commands/backend';
import { desktopCommand } from './commands/desktop';
import { handoffCommand } from './commands/handoff';
import { seedCommand } from './commands/seed';
import { stackCommand } from './commands/stack';
import { EXIT, fail } from './errors';

export function program(): Command {
  return new Command('portal-harness')
    .description('Local stack and test harness of the account portal (see README.md).')
    .showHelpAfterError()
    .exitOverride((err) => process.exit(err.exitCode === 0 ? EXIT.ok : EXIT.usage))
    .addCommand(stackCommand())
    .addCommand(desktopCommand())
    .addCommand(backendCommand())
    .addCommand(seedCommand())
    .addCommand(handoffCommand())
    .addHelpText('after', '\nExit codes: 0 ok, 1 failure, 2 usage error, 3 a needed service is not reachable.');
}

export async function main(argv: string[]): Promise<void> {
  try {
    await program().parseAsync(argv);
  } catch (error) {
    fail(error);
  }
}
