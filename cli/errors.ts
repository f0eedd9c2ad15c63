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
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n))
    throw new CliError(`${name} must be a whole number, got "${value}"`, EXIT.usage);
  return n;
}

/** A port given on the command line: 0 (any free port) to 65535; the error names the option, not a variable. */
export function portOption(value: string, name: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535)
    throw new CliError(`${name}: "${value}" is not a port (0-65535; 0 picks a free one)`, EXIT.usage);
  return n;
}
