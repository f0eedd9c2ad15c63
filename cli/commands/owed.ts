// portal-harness owed: what the running backend's books say is stuck, for an operator (docs/harness.md "What is stuck").
import { Command } from 'commander';
import { harnessClient, HarnessRouteError } from '../../harness/client';
import { configuredPort, loopbackUrl } from '../../harness/ports';
import { CliError } from '../errors';
import { harnessSecretFor } from './seed';

export function owedCommand(): Command {
  return new Command('owed')
    .description(
      'list what the running backend owes or is owed: refunds and cancels PayPal has not done, credits players owe',
    )
    .action(async () => {
      const backendPort = configuredPort('backend');
      const client = harnessClient(loopbackUrl(backendPort), harnessSecretFor(backendPort));
      const owed = await client.owed().catch((error: unknown) => {
        throw error instanceof HarnessRouteError ? new CliError(`backend refused: ${error.detail}`) : error;
      });
      // One JSON object per line: easy to read, and to pipe.
      for (const line of owed) console.log(JSON.stringify(line));
      if (owed.length === 0) console.error('nothing owed');
    });
}
