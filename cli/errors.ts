// One error printer and the exit codes every command uses.
export const EXIT = { ok: 0, failure: 1, usage: 2, unavailable: 3 } as const;

export class CliError extends Error {
  constructor(
    message: string,
    readonly code: number = EXIT.failure,
  ) {
    super(message);
  }
}

export function fail(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`portal-harness: ${message}\n`);
  process.exit(error instanceof CliError ? error.code : EXIT.failure);
}

export function intOption(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new CliError(`${name} must be a whole number, got "${value}"`, EXIT.usage);
  return n;
}
