// The per-stack secret of the reference backend's /__harness/* routes, and how other processes find it.
// The stack (or `portal-harness backend`) writes it to a 0600 file in a 0700 folder of this user, keyed by the
// backend port; the CLI reads it from there. PORTAL_HARNESS_SECRET overrides the file (the project's tests set it).
import { randomBytes } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

export const HARNESS_SECRET_HEADER = 'x-harness-secret';
export const HARNESS_SECRET_ENV = 'PORTAL_HARNESS_SECRET';

export function newHarnessSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The folder of this user's secrets: `<tmpdir>/portal-harness-<uid>`, or PORTAL_HARNESS_SECRET_DIR. */
function secretDir(): string {
  return process.env.PORTAL_HARNESS_SECRET_DIR ?? join(tmpdir(), `portal-harness-${userInfo().uid}`);
}

export function secretFile(port: number): string {
  return join(secretDir(), `backend-${port}.secret`);
}

/** The folder must be a real directory of this user that nobody else can read or write (a shared /tmp). */
function checkPrivate(path: string, kind: 'dir' | 'file'): void {
  const info = lstatSync(path);
  const uid = process.getuid?.();
  if (kind === 'dir' ? !info.isDirectory() : !info.isFile())
    throw new Error(`${path} is not a ${kind === 'dir' ? 'directory' : 'regular file'}`);
  if (uid !== undefined && info.uid !== uid) throw new Error(`${path} belongs to another user`);
  if (process.platform !== 'win32' && (info.mode & 0o077) !== 0)
    throw new Error(`${path} is readable by other users (mode ${(info.mode & 0o777).toString(8)})`);
}

/** Writes the secret of the backend on `port` (mode 0600) and returns the file's path. */
export function writeSecretFile(port: number, secret: string): string {
  const dir = secretDir();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  checkPrivate(dir, 'dir');
  const file = secretFile(port);
  rmSync(file, { force: true });
  // 'wx': never follows a link someone planted; the file is new and ours.
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return file;
}

export function removeSecretFile(port: number, secret: string): void {
  try {
    if (readFileSync(secretFile(port), 'utf8').trim() === secret) rmSync(secretFile(port), { force: true });
  } catch {
    /* already gone */
  }
}

/** The secret for the backend on `port`: PORTAL_HARNESS_SECRET, else its file; null when neither exists. */
export function readHarnessSecret(port: number): string | null {
  const fromEnv = process.env[HARNESS_SECRET_ENV];
  if (fromEnv) return fromEnv;
  const file = secretFile(port);
  try {
    checkPrivate(secretDir(), 'dir');
    checkPrivate(file, 'file');
    return readFileSync(file, 'utf8').trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
