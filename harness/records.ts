// How both sides of the local backend keep their records (the merchant backend's store, PayPal's stand-in's): tables
// without a prototype, random ids, and a JSON file written atomically. Neither side owns it.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * A record without a prototype: ids come from callers (a uid "__proto__" or "constructor" is just a key here, never
 * Object.prototype's), and JSON keeps working for persistence.
 */
export function table<T>(from: Record<string, T> = {}): Record<string, T> {
  const out = Object.create(null) as Record<string, T>;
  for (const [key, value] of Object.entries(from)) out[key] = value;
  return out;
}

export function id(prefix: string, bytes = 8): string {
  return `${prefix}${randomBytes(bytes).toString('hex').toUpperCase()}`;
}

/** The JSON object in `file`, or null when there is no such file; anything else unreadable throws, naming `what`. */
export function readJsonFile(file: string, what: string): Record<string, unknown> | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`cannot read ${what} from ${file}: ${(error as Error).message}`);
  }
}

/** Writes to a temporary file, then renames it over the old one: a kill never leaves a half-written file. */
export function writeJsonFile(file: string, value: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(value, null, 1));
  renameSync(tmp, file);
}
