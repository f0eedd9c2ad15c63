// Drives tests/hosts/webkit-host/host.py from node: spawns it (under xvfb-run when there is no display), reads its
// JSON lines, sends its commands. The host is a real WebKitGTK web view with a native script message handler.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const HOST_SCRIPT = fileURLToPath(new URL('./webkit-host/host.py', import.meta.url));
/** Debian's python3, which python3-gi belongs to (a pyenv or venv python3 earlier on PATH has no `gi`). */
const HOST_PYTHON = process.env.HOST_PYTHON ?? '/usr/bin/python3';

/** One line of the host's stdout. */
export type HostEvent =
  | { event: 'started'; webkit: string; handler: string }
  | { event: 'load'; uri: string }
  | {
      event: 'message';
      /** The web view's URI when the message arrived (the origin the host checks). */
      source: string;
      /** Whether the JavaScriptCore value the handler got is a string. */
      string: boolean;
      /** The string, or the value's JSON. */
      body: unknown;
      /** Why the host did not act on it, when it did not. */
      refused?: string;
    }
  | { event: 'signIn'; kind: string; token: string; state: string | null; requestId: string | null }
  | { event: 'signOut' }
  | { event: 'openUrl'; url: string }
  | { event: 'crashed'; reason: number }
  /** The page opened a window (with `popups`): its first URL. */
  | { event: 'popup'; uri: string }
  | { event: 'popupClosed' }
  | { event: 'done'; id: string; cmd: string; value: unknown; error?: string };

export interface PageMessage {
  v: number;
  type: string;
  [field: string]: unknown;
}

export interface HostOptions {
  url: string;
  /** The origin the host trusts (default: the launch URL's). */
  origin?: string;
  handler?: string;
  /** The app's language (`de-DE`), sent as `locale` after each `ready` as the Swift sample does; none: not sent. */
  locale?: string;
  /** Registers the handler only on register(): a host object that appears after the page loaded. */
  lateHandler?: boolean;
  /** An HTTP proxy for everything but loopback (tests/engines/offline-internet.ts); its certificate is accepted. */
  proxy?: string;
  /** Opens the windows the page opens (window.open), within Safari's popup blocking. */
  popups?: boolean;
}

const WAIT_MS = 60_000;

export class WebKitHost {
  /** Every line so far, oldest first. */
  readonly events: HostEvent[] = [];
  readonly stderr: string[] = [];
  private readonly waiters = new Set<() => void>();
  private readonly child: ChildProcess;
  private nextId = 0;
  private exited = false;

  private constructor(options: HostOptions) {
    const args = [HOST_SCRIPT, '--url', options.url];
    if (options.origin) args.push('--origin', options.origin);
    if (options.handler) args.push('--handler', options.handler);
    if (options.locale) args.push('--locale', options.locale);
    if (options.lateHandler) args.push('--late-handler');
    if (options.proxy) args.push('--proxy', options.proxy);
    if (options.popups) args.push('--popups');
    const [command, argv] = process.env.DISPLAY
      ? [HOST_PYTHON, args]
      : ['xvfb-run', ['-a', '-s', '-screen 0 1280x900x24', HOST_PYTHON, ...args]];
    // Its own process group, so that stop() ends xvfb-run, Xvfb and the host together, and nothing else.
    this.child = spawn(command, argv, { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    createInterface({ input: this.child.stdout! }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      this.events.push(JSON.parse(line) as HostEvent);
      for (const wake of [...this.waiters]) wake();
    });
    createInterface({ input: this.child.stderr! }).on('line', (line) => this.stderr.push(line));
    this.child.on('exit', () => {
      this.exited = true;
      for (const wake of [...this.waiters]) wake();
    });
  }

  static async start(options: HostOptions): Promise<WebKitHost> {
    const host = new WebKitHost(options);
    await host.waitFor('the host to start', (events) => events.find((e) => e.event === 'started'));
    return host;
  }

  /** The messages the handler received, in order. */
  messages(): Array<Extract<HostEvent, { event: 'message' }>> {
    return this.events.filter((e): e is Extract<HostEvent, { event: 'message' }> => e.event === 'message');
  }

  /** The messages the handler received and accepted, parsed. */
  pageMessages(): PageMessage[] {
    return this.messages()
      .filter((m) => m.refused === undefined)
      .map((m) => JSON.parse(m.body as string) as PageMessage);
  }

  /** Resolves with what `found` returns once it is not undefined; fails when the host exits or after 60 s. */
  waitFor<T>(what: string, found: (events: HostEvent[]) => T | undefined, timeoutMs = WAIT_MS): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const value = found(this.events);
        if (value !== undefined) finish(() => resolve(value));
        else if (this.exited)
          finish(() =>
            reject(new Error(`the host exited while waiting for ${what}: ${this.stderr.slice(-5).join(' | ')}`)),
          );
      };
      const timer = setTimeout(
        () =>
          finish(() =>
            reject(
              new Error(
                `no ${what} within ${timeoutMs / 1000} s; last lines: ${JSON.stringify(this.events.slice(-4))}`,
              ),
            ),
          ),
        timeoutMs,
      );
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        settle();
      };
      this.waiters.add(check);
      check();
    });
  }

  /** Waits for the n-th (1-based) accepted page message of `type` after the first `from` events. */
  waitForMessage(type: string, from = 0): Promise<PageMessage> {
    return this.waitFor(`a "${type}" message`, (events) => {
      for (const e of events.slice(from)) {
        if (e.event !== 'message' || e.refused !== undefined) continue;
        const msg = JSON.parse(e.body as string) as PageMessage;
        if (msg.type === type) return msg;
      }
      return undefined;
    });
  }

  /** Sends one command and resolves with its `done` line (rejects on an error). */
  async command(cmd: string, fields: Record<string, unknown> = {}): Promise<unknown> {
    const id = String(++this.nextId);
    this.child.stdin!.write(`${JSON.stringify({ id, cmd, ...fields })}\n`);
    const done = await this.waitFor(`the answer to ${cmd}`, (events) =>
      events.find((e) => e.event === 'done' && e.id === id),
    );
    if (done.event === 'done' && done.error !== undefined) throw new Error(`${cmd}: ${done.error}`);
    return (done as { value: unknown }).value;
  }

  /** The Swift sample's requestToken; resolves with what window.__portalBridgeReceive returned. */
  requestToken(kind: string, requestId: string): Promise<unknown> {
    return this.command('requestToken', { kind, requestId });
  }

  /** The app switched to `locale`: the Swift sample's sendLocale with it; resolves with what the page's function returned. */
  sendLocale(locale: string): Promise<unknown> {
    return this.command('locale', { locale });
  }

  /** The Swift sample's signOutThePortal. */
  signOutThePortal(): Promise<unknown> {
    return this.command('logout');
  }

  /** Runs `script` in the host's test world (an isolated world: the page's DOM, not its scripts) and returns its value. */
  evaluate<T>(script: string): Promise<T> {
    return this.command('eval', { script }) as Promise<T>;
  }

  /** Runs `script` in the page's own world, where the portal's scripts live. */
  evaluateInPage<T>(script: string): Promise<T> {
    return this.command('eval', { script, world: null }) as Promise<T>;
  }

  /** Runs `script` in the newest popup (the test world, or the page's own with `world: null`). */
  evaluateInPopup<T>(script: string, world?: null): Promise<T> {
    return this.command('eval', { script, view: 'popup', ...(world === null ? { world: null } : {}) }) as Promise<T>;
  }

  /** A person's pointer click at x, y (CSS pixels) of the web view: a user gesture, unlike a script's click(). */
  async click(x: number, y: number): Promise<void> {
    await this.command('click', { x: Math.round(x), y: Math.round(y) });
  }

  /** Polls `script` in the test world until it returns something other than null/undefined/false. */
  async until<T>(what: string, script: string, timeoutMs = WAIT_MS): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await this.evaluate<T | null | false>(script).catch(() => null);
      if (value !== null && value !== false && value !== undefined) return value;
      if (Date.now() > deadline) {
        const shown = await this.evaluate<string>(
          `location.href + ' ' + (document.body?.innerText ?? '').replace(/\\s+/g, ' ').slice(0, 300)`,
        ).catch(String);
        throw new Error(`${what}: not within ${timeoutMs / 1000} s; the page: ${shown}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.stdin!.end();
    const timer = setTimeout(() => {
      try {
        process.kill(-this.child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
    }, 5_000);
    await gone;
    clearTimeout(timer);
  }
}
