// The stack's ports: their defaults and variables (one definition, in default-ports.mjs), and free loopback ports.
import type { Server } from 'node:http';
import { createServer } from 'node:net';
import { DEFAULT_PORTS, PORT_VARIABLES, type StackPart } from '../tools/build/default-ports.mjs';

export { DEFAULT_PORTS, PORT_VARIABLES, type StackPart };

/** http://127.0.0.1:`port`, where every part of the stack listens. */
export function loopbackUrl(port: number): string {
  return `http://127.0.0.1:${port}`;
}

/**
 * The ports this process has handed out. A port is free when picked but not held until its part listens, and the
 * kernel may offer a just-released port again: a stack picks five or more in a row (portal, backend, Auth, the
 * emulator's hub and logging), so two parts could get the same one. (`npm run bench` once stopped at start with
 * EADDRINUSE on a port it had picked; whether a sibling or another process took it, the log does not say.)
 */
const handedOut = new Set<number>();

/** A loopback port nothing listens on now, never one this process handed out before. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await probePort();
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

function probePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** `requested` when given (0 means any free port), else the variable's value, else the default. */
async function choosePort(requested: number | undefined, variable: string, fallback: number): Promise<number> {
  const fromEnv = process.env[variable];
  const port = requested ?? (fromEnv ? Number(fromEnv) : fallback);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    // Name where the bad value came from: the caller's option, else the variable.
    throw new Error(
      requested === undefined ? `${variable}: "${fromEnv}" is not a port (0-65535)` : `${port} is not a port (0-65535)`,
    );
  }
  return port === 0 ? freePort() : port;
}

/** The port of `part` to listen on: `requested` (0: any free port), else its variable, else the contract's default. */
export function stackPort(part: StackPart, requested?: number): Promise<number> {
  return choosePort(requested, PORT_VARIABLES[part], DEFAULT_PORTS[part]);
}

/** Where a running part of the stack listens: its variable, else the contract's default (for clients of the stack). */
export function configuredPort(part: StackPart): number {
  const variable = PORT_VARIABLES[part];
  const fromEnv = process.env[variable];
  if (!fromEnv) return DEFAULT_PORTS[part];
  const port = Number(fromEnv);
  if (!/^\d+$/.test(fromEnv) || port > 65535) throw new Error(`${variable}: "${fromEnv}" is not a port (0-65535)`);
  return port;
}

/** Resolves when GET `url` answers at all, or rejects after `timeoutMs`. */
export async function waitForHttp(url: string, timeoutMs: number, isAlive: () => boolean = () => true): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`the process behind ${url} exited before it answered`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.body?.cancel();
      return;
    } catch (error) {
      lastError = error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms: ${String(lastError)}`);
}

/** Closes an HTTP server now, open keep-alive connections included. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** Listens on `port` (0: any free one) and resolves with the port it got. */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/** Rejects with the variable to change when something already listens on `port` (0 is always free). */
export function assertPortFree(port: number, variable: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `port ${port} is already in use: set ${variable} to a free port`
            : `${variable} ${port}: ${error.message}`,
        ),
      ),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}
