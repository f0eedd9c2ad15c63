// `npm run dev`'s loop: an edit of a page component rebuilds the development bundle into the served folder and the
// open page reloads. The edit goes to a copy of src/ (never the real one), watched by the same startDevLoop().
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { freePort } from '../../harness/ports';
import { startDevLoop, type DevLoop } from '../../harness/live-reload';
import { startStaticServer, type StaticServer } from '../../harness/static-server';
import { expect, test } from './fixtures';

// The sign-in page's heading (what a signed-out visitor sees), replaced in the copy of its component.
const before = '<h1 tabIndex={-1}>{message(HEADINGS[snap.mode])}</h1>';
const after = 'Edited while the page was open';

test.describe('development loop', () => {
  const dir = join(process.cwd(), `dist/e2e-${process.env.E2E_RUN_ID}/dev-loop-${process.pid}`);
  let loop: DevLoop;
  let server: StaticServer;

  test.beforeAll(async () => {
    // Inside the project, so the copy resolves node_modules like src/ does.
    await cp(join(process.cwd(), 'src'), join(dir, 'src'), { recursive: true });
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    loop = await startDevLoop({
      outdir: join(dir, 'served'),
      entry: join(dir, 'src/main.tsx').slice(process.cwd().length + 1),
      portalOrigins: [origin],
      config: {
        useEmulator: true,
        authEmulatorUrl: process.env.AUTH_EMULATOR_URL!,
        backendUrl: process.env.BACKEND_URL!,
      },
    });
    server = await startStaticServer({ root: loop.outdir, port, config: loop.config });
  });

  test.afterAll(async () => {
    await server?.stop();
    await loop?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('an edit of a page component reloads the open page with the change', async ({ page }) => {
    // Its cost is its subject: a development build of its own (beforeAll), then esbuild's watch noticing the edit
    // and a second build, on the machine's real time (no page clock moves a file watcher).
    expect(loop.config.liveReloadUrl).toBe(loop.reload.url);
    // Every file of the build carries the reload client (esbuild's banner); the page opens one connection.
    const connections: string[] = [];
    page.on('request', (request) => request.url().startsWith(loop.reload.url) && connections.push(request.url()));
    await page.goto(new URL('/auth', server.url).href);
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome to / })).toBeVisible();
    // By then every file of the entry has run (a module script runs once all it imports has arrived).
    expect(connections).toHaveLength(1);
    // Gone after a reload, so seeing the new text with the marker gone proves a reload, not a hot patch.
    await page.evaluate(() => ((window as unknown as { devLoopMarker: boolean }).devLoopMarker = true));
    const builds = loop.builds();
    const component = join(dir, 'src/ui/pages/AuthPage.tsx');
    const source = await readFile(component, 'utf8');
    expect(source).toContain(before);
    await writeFile(component, source.replace(before, `<h1 tabIndex={-1}>${after}</h1>`));
    // esbuild's watch polls the files (a random subset per pass, recently changed ones more often), then builds the
    // whole development bundle: on 2 busy cores that took more than expect's 10 s once, so both steps get 30 s.
    await expect.poll(() => loop.builds(), { timeout: 30_000 }).toBeGreaterThan(builds);
    await expect(page.getByRole('heading', { level: 1, name: after })).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { devLoopMarker?: boolean }).devLoopMarker)).toBeUndefined();
  });
});
