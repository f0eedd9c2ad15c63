import { Command, Option } from 'commander';
import { HARNESS_SECRET_ENV, readHarnessSecret, secretFile } from '../../harness/backend/secret';
import { SEED_PLANS } from '../../harness/backend/seed';
import { harnessClient, HarnessRouteError, type SeedOptions, type SeedPlan } from '../../harness/client';
import { EmulatorAdmin } from '../../harness/emulator';
import { configuredPort, loopbackUrl } from '../../harness/ports';
import { CliError, EXIT, intOption } from '../errors';

/** The account to create and what its player gets (the options `seed` takes). */
interface SeedAccount extends Pick<SeedOptions, 'name' | 'credits' | 'plan' | 'designs'> {
  email: string;
  password: string;
}

/** The running backend's test-route secret (written by `stack` or `backend`), or a usage-style error saying where it looked. */
export function harnessSecretFor(backendPort: number): string {
  let secret: string | null;
  try {
    secret = readHarnessSecret(backendPort);
  } catch (error) {
    throw new CliError(`cannot use the harness secret: ${(error as Error).message}`);
  }
  if (!secret) {
    throw new CliError(
      `no harness secret for the backend on port ${backendPort} (looked in ${secretFile(backendPort)} and ${HARNESS_SECRET_ENV}): is "npm start" running on that port?`,
      EXIT.unavailable,
    );
  }
  return secret;
}

/** Creates the account in the emulator (or reuses it) and its player in the backend. */
async function seed(opts: SeedAccount, emulatorUrl: string, backendUrl: string, secret: string) {
  const admin = new EmulatorAdmin(emulatorUrl);
  let uid: string;
  try {
    uid = (await admin.createUser(opts.email, opts.password, opts.name)).uid;
  } catch (error) {
    if (!String(error).includes('EMAIL_EXISTS')) throw error;
    uid = (await admin.signIn(opts.email, opts.password)).uid;
  }
  const seeded = await harnessClient(backendUrl, secret)
    .seed({ uid, email: opts.email, name: opts.name, credits: opts.credits, plan: opts.plan, designs: opts.designs })
    .catch((error: unknown) => {
      throw error instanceof HarnessRouteError ? new CliError(`backend refused the seed: ${error.detail}`) : error;
    });
  return { uid, email: opts.email, ...seeded };
}

export function seedCommand(): Command {
  return new Command('seed')
    .description('create an account in the running Auth emulator and its player in the running backend')
    .requiredOption('--email <email>', 'e-mail address')
    .requiredOption('--password <password>', 'password (6 characters or more)')
    .option('--name <name>', 'display name and username')
    .option('--credits <n>', 'credit balance')
    .addOption(new Option('--plan <plan>', 'subscription').choices(SEED_PLANS).default('free'))
    .option('--designs <n>', 'number of saved sample designs')
    .action(
      async (opts: {
        email: string;
        password: string;
        name?: string;
        credits?: string;
        plan: SeedPlan;
        designs?: string;
      }) => {
        if (opts.password.length < 6) throw new CliError('--password needs at least 6 characters', EXIT.usage);
        const emulatorUrl = loopbackUrl(configuredPort('auth'));
        const backendPort = configuredPort('backend');
        const backendUrl = loopbackUrl(backendPort);
        const secret = harnessSecretFor(backendPort);
        const result = await seed(
          {
            email: opts.email,
            password: opts.password,
            name: opts.name,
            plan: opts.plan,
            credits: opts.credits === undefined ? undefined : intOption(opts.credits, '--credits'),
            designs: opts.designs === undefined ? undefined : intOption(opts.designs, '--designs'),
          },
          emulatorUrl,
          backendUrl,
          secret,
        ).catch((error: unknown) => {
          if (error instanceof CliError) throw error;
          throw new CliError(
            `cannot reach the stack (emulator ${emulatorUrl}, backend ${backendUrl}): is "npm start" running? ${String(error)}`,
            EXIT.unavailable,
          );
        });
        process.stdout.write(`${JSON.stringify(result)}\n`);
      },
    );
}
