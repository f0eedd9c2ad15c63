// The typed client of the backend's test routes against a backend in process, and the desktop listener's report lines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type Backend } from '../../../harness/stack-backend';
import {
  desktopReportLine,
  harnessClient,
  HarnessRouteError,
  parseDesktopReport,
  type HarnessClient,
} from '../../../harness/client';
import { startDesktopListener } from '../../../harness/desktop';

let backend: Backend;
let client: HarnessClient;
beforeAll(async () => {
  backend = await startBackend({ port: 0 });
  client = harnessClient(`${backend.url}/`, backend.harnessSecret);
});
afterAll(async () => {
  await backend.stop();
});

describe('harnessClient', () => {
  it("lists what is owed: nothing on a fresh backend, then a player's spent credits of a reversed capture", async () => {
    expect(await client.owed()).toEqual([]);
    const seeded = await client.seed({ uid: 'u-owed', email: 'owed@example.com', credits: 0 });
    backend.store.data.players[seeded.playerId]!.owedCredits = 12;
    expect(await client.owed()).toEqual([
      { kind: 'credits', targetId: seeded.playerId, playerId: seeded.playerId, credits: 12 },
    ]);
    delete backend.store.data.players[seeded.playerId]!.owedCredits;
  });

  it('seeds a player and answers with its typed record', async () => {
    const seeded = await client.seed({
      uid: 'u-1',
      email: 'ada@example.com',
      username: 'Ada#1234',
      credits: 7,
      plan: 'annual',
      designs: 2,
    });
    expect(seeded).toEqual({
      playerId: expect.stringMatching(/^P/),
      username: 'Ada#1234',
      credits: 7,
      plan: 'annual',
      designs: 2,
    });
    expect(backend.store.data.players[seeded.playerId]?.uid).toBe('u-1');
  });

  it("sets one user's faults and reads that user's log", async () => {
    await client.faults('designs=500x1', 'u-2');
    // Faults and the log go by the bearer token's subject, read unverified: enough to tell two users apart.
    const bearer = (sub: string) => ({
      authorization: `Bearer e30.${Buffer.from(JSON.stringify({ sub })).toString('base64url')}.`,
    });
    expect((await fetch(`${backend.url}/designs/P1`, { headers: bearer('u-3') })).status).toBe(401);
    expect((await fetch(`${backend.url}/designs/P1`, { headers: bearer('u-2') })).status).toBe(500);
    expect((await client.log('u-2')).map((e) => [e.route, e.status])).toEqual([['designs', 500]]);
    expect((await client.log()).map((e) => e.uid)).toEqual(['u-3', 'u-2']);
  });

  it('creates a guest, sets PayPal load failures and resets', async () => {
    const guest = await client.guest();
    expect(backend.unityTokens.verify(guest.accessToken).playerId).toBe(guest.playerId);
    await expect(client.failPayPalLoads(2)).resolves.toBe(2);
    await client.reset();
    await expect(client.failPayPalLoads(0)).resolves.toBe(0);
    expect(backend.store.data.players[guest.playerId]).toBeUndefined();
  });

  it("rejects with the route, the status and the backend's own text", async () => {
    const error = await client
      .seed({ uid: 'u-3', email: 'x@example.com', plan: 'gold' as 'free' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HarnessRouteError);
    expect(error).toMatchObject({
      path: '/__harness/seed',
      status: 400,
      detail: 'plan must be free, monthly, six-month, annual',
    });
    await expect(harnessClient(backend.url, 'wrong').log()).rejects.toMatchObject({ status: 401 });
  });
});

describe('desktop report lines', () => {
  it('reads back what the listener reported, line by line', async () => {
    const listener = await startDesktopListener({ port: 0 });
    try {
      await fetch(`${listener.url}/open/design`);
      await fetch(`${listener.url}/login?a.eyJzdWIiOiJ1In0.c&state=s`);
      const output = listener.events.map((event) => `${desktopReportLine(event)}\n`).join('');
      expect(parseDesktopReport(output)).toEqual([
        { kind: 'path', path: '/open/design' },
        { kind: 'login', token: 'a.eyJzdWIiOiJ1In0.c', claims: { sub: 'u' } },
      ]);
    } finally {
      await listener.stop();
    }
  });

  it('refuses a line of another shape', () => {
    expect(() => parseDesktopReport('{"kind":"login","token":1}\n')).toThrow('not a desktop listener report');
    expect(() => parseDesktopReport('{"kind":"path"}')).toThrow('not a desktop listener report');
  });
});
