import { Command, Option } from 'commander';
import { HARNESS_SECRET_ENV, HARNESS_SECRET_HEADER, readHarnessSecret, secretFile } from '../../harness/backend/secret';
import { EmulatorAdmin } from '../../harness/emulator';
import { CliError, EXIT, intOption } from '../errors';

export interface SeedOptions {
  email: string;
  password: string;
  name?: string;
  credits?: number;
  plan?: 'free' | 'monthly' | 'six-month' | 'annual';
  designs?: number;
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
export async function seed(opts: SeedOptions, emulatorUrl: string, backendUrl: string, secret: string) {
  const admin = new EmulatorAdmin(emulatorUrl);
  let uid: string;
  try {
    uid = (await admin.createUser(opts.email, opts.password, opts.name)).uid;
  } catch (error) {
    if (!String(error).includes('EMAIL_EXISTS')) throw error;
    uid = (await admin.signIn(opts.email, opts.password)).uid;
  }
  const res = await fetch(`${backendUrl}/__harness/seed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [HARNESS_SECRET_HEADER]: secret },
    body: JSON.stringify({ uid, email: opts.email, name: opts.name, credits: opts.credits, plan: opts.plan, designs: opts.designs }),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new CliError(`backend refused the seed: ${String(json.error)}`);
  return { uid, email: opts.email, ...json };
}

export function seedCommand(): Command {
  return new Command('seed')
    .description('create an account in the running Auth emulator and its player in the running backend')
    .requiredOption('--email <email>', 'e-mail address')
    .requiredOption('--password <password>', 'password (6 characters or more)')
    .option('--name <name>', 'display name and username')
    .option('--credits <n>', 'credit balance')
    .addOption(new Option('--plan <plan>', 'subscription').choices(['free', 'monthly', 'six-month', 'annual']).default('free'))
    .option('--designs <n>', 'number of saved sample designs')
    .action(async (opts: { email: string; password: string; name?: string; credits?: string; plan: SeedOptions['plan']; designs?: string }) => {
      if (opts.password.length < 6) throw new CliError('--password needs at least 6 characters', EXIT.usage);
      const emulatorUrl = `http://127.0.0.1:${process.env.AUTH_EMULATOR_PORT ?? 9099}`;
      const backendPort = Number(process.env.BACKEND_PORT ?? 8787);
      const backendUrl = `http://127.0.0.1:${backendPort}`;
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
        throw new CliError(`cannot reach the stack (emulator ${emulatorUrl}, backend ${backendUrl}): is "npm start" running? ${String(error)}`, EXIT.unavailable);
      });
      process.stdout.write(`${JSON.stringify(result)}\n`);
    });
}
