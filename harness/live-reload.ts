// `npm run dev`: an esbuild watch that rebuilds the development portal into the served folder, and a small event
// stream (the same `change` event as esbuild's own live reload) that tells the open pages to reload.
// The Hosting emulator serves the files; it cannot hold an event stream, hence this separate server.
import { createServer, type ServerResponse } from 'node:http';
import { buildPortal, type BuildConfig } from '../build.mjs';
import { closeServer, listen } from './ports';

const RELOAD_PATH = '/esbuild';

interface ReloadServer {
  url: string;
  /** Sends `change` to every open page. */
  notify(): void;
  stop(): Promise<void>;
}

/** Serves the event stream at RELOAD_PATH to pages of `allowOrigins` (CORS: the portal is another origin). */
async function startReloadServer({
  port,
  allowOrigins,
}: {
  port: number;
  allowOrigins: string[];
}): Promise<ReloadServer> {
  const clients = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const origin = req.headers.origin;
    const cors =
      origin && allowOrigins.includes(origin) ? { 'access-control-allow-origin': origin, vary: 'Origin' } : {};
    if (req.method !== 'GET' || new URL(req.url ?? '/', 'http://x').pathname !== RELOAD_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...cors }).end('Not found');
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      ...cors,
    });
    res.write(': connected\n\n');
    clients.add(res);
    req.on('close', () => clients.delete(res));
  });
  const actual = await listen(server, port, '127.0.0.1');
  return {
    url: `http://127.0.0.1:${actual}${RELOAD_PATH}`,
    notify: () => {
      for (const res of clients) res.write('event: change\ndata: {}\n\n');
    },
    stop: async () => {
      for (const res of clients) res.end();
      clients.clear();
      await closeServer(server);
    },
  };
}

export interface DevLoop {
  outdir: string;
  config: BuildConfig;
  reload: ReloadServer;
  /** How many builds have finished (the first one included). */
  builds(): number;
  stop(): Promise<void>;
}

/**
 * Builds the development portal into `outdir` and keeps rebuilding it on every change under src/ (or under the folder
 * of `entry`); each good rebuild makes the open pages reload. Resolves after the first build.
 */
export async function startDevLoop({
  outdir,
  config,
  portalOrigins,
  reloadPort = 0,
  entry,
}: {
  outdir?: string;
  config: Partial<BuildConfig>;
  portalOrigins: string[];
  reloadPort?: number;
  entry?: string;
}): Promise<DevLoop> {
  const reload = await startReloadServer({ port: reloadPort, allowOrigins: portalOrigins });
  let builds = 0;
  try {
    const built = await buildPortal({
      flavour: 'development',
      outdir,
      config: { ...config, liveReloadUrl: reload.url },
      watch: true,
      quiet: false,
      ...(entry ? { entry } : {}),
      onRebuild: () => {
        builds += 1;
        reload.notify();
      },
    });
    return {
      outdir: built.outdir,
      config: built.config,
      reload,
      builds: () => builds,
      stop: async () => {
        await built.ctx?.dispose();
        await reload.stop();
      },
    };
  } catch (error) {
    await reload.stop();
    throw error;
  }
}
