// GET /account/export in process: the file's name and shape (the JSON Schema in the repository), the recent sign-in
// it asks for, and, over seeded players, that no export holds anything of another player or any secret.
import Ajv from 'ajv';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Player } from '../../../harness/backend/store';
import { id } from '../../../harness/records';
import { call, inProcessBackend, type InProcess } from '../support/backend-in-process';
import { b64, emulatorClaims } from '../support/emulator-token';

const schema = JSON.parse(
  readFileSync(new URL('../../../harness/backend/account-export.schema.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;
const ajv = new Ajv({ allErrors: true, strict: true });
ajv.addFormat(
  'date-time',
  (s: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(s) && !Number.isNaN(Date.parse(s)),
);
const validate = ajv.compile(schema);

function token(uid: string, authTimeMs = Date.now()): string {
  const claims = { ...emulatorClaims(uid), auth_time: Math.floor(authTimeMs / 1000) };
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
}

async function signIn(world: InProcess, uid: string, authTimeMs?: number) {
  const idToken = token(uid, authTimeMs);
  const res = await call(world.core, 'POST', '/auth/unity', { idToken }, { authorization: `Bearer ${idToken}` });
  const headers = {
    authorization: `Bearer ${idToken}`,
    'x-unity-token': String(res.json.accessToken),
    'user-agent': 'Test',
  };
  return { playerId: String(res.json.playerId), headers, idToken, unityToken: String(res.json.accessToken) };
}

async function exportOf(world: InProcess, headers: Record<string, string>) {
  const outcome = await world.core.dispatch({ method: 'GET', path: '/account/export', headers });
  if ('drop' in outcome) throw new Error('dropped');
  return outcome.reply;
}

/** A field that would hold a credential. */
const SECRET_FIELD = /passwordHash|salt|accessToken|refreshToken|idToken|secret/i;

/** Every field name in `value`, at any depth. */
const fieldNames = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(fieldNames)
    : value !== null && typeof value === 'object'
      ? Object.entries(value).flatMap(([name, inner]) => [name, ...fieldNames(inner)])
      : [];

const realTime = () => {
  const clock = { now: Date.now() };
  return { world: inProcessBackend({ clock: () => clock.now }), clock };
};

describe('GET /account/export', () => {
  it('answers one attachment named {product}-account-YYYY-MM-DD.json, in the shape of the schema', async () => {
    const { world, clock } = realTime();
    const alice = await signIn(world, 'alice');
    const player = world.core.store.data.players[alice.playerId]!;
    world.core.store.addDesigns(player, 2);
    player.credits = 30;
    player.affiliateId = 'other';
    const reply = await exportOf(world, alice.headers);
    expect(reply.status ?? 200).toBe(200);
    const day = new Date(clock.now).toISOString().slice(0, 10);
    expect(reply.headers?.['content-disposition']).toBe(`attachment; filename="dream-book-account-${day}.json"`);
    const file = reply.json as Record<string, unknown>;
    expect(validate(file), JSON.stringify(validate.errors)).toBe(true);
    expect(file).toMatchObject({
      format: 'account-export',
      version: 2,
      identity: { uid: 'alice', email: 'alice@example.com', emailVerified: false, providers: ['email'] },
      profile: { playerId: alice.playerId },
      credits: 30,
      owedCredits: 0,
      subscription: null,
      paymentFailedAt: null,
      affiliate: { answer: 'other' },
    });
    expect(file.designs).toHaveLength(2);
    expect((file.sessions as unknown[]).length).toBe(1);
  });

  it('holds what the backend holds: an ended plan with its dates, owed credits, a failed payment, every status', async () => {
    const { world, clock } = realTime();
    const alice = await signIn(world, 'alice');
    const player = world.core.store.data.players[alice.playerId]!;
    const day = 86_400_000;
    const expiresAt = new Date(clock.now - 3 * day).toISOString();
    player.subscription = {
      subscriptionType: 3,
      isCancelled: true,
      status: 'CANCELLED',
      expiresAt,
      subscriptionId: 'I-ENDEDENDED1',
      subscriptionSource: 'paypal',
      pauseUntil: null,
    };
    player.cancelReason = 'too_expensive';
    player.owedCredits = 12;
    player.paymentFailedAt = new Date(clock.now - 10 * day).toISOString();
    const states = ['credited', 'refunding', 'refunded', 'reversed'] as const;
    for (const [i, state] of states.entries())
      world.core.store.data.payments[`CAP${i}`] = {
        id: `CAP${i}`,
        kind: 'credits',
        playerId: player.playerId,
        orderId: `ORD${i}`,
        createdAt: new Date(clock.now - i * day).toISOString(),
        credits: 30,
        amount: { value: '14.99', currency: 'USD' },
        state,
      };
    const file = (await exportOf(world, alice.headers)).json as Record<string, unknown>;
    expect(validate(file), JSON.stringify(validate.errors)).toBe(true);
    expect(file).toMatchObject({
      owedCredits: 12,
      paymentFailedAt: player.paymentFailedAt,
      subscription: {
        subscriptionType: 3,
        status: 'CANCELLED',
        isCancelled: true,
        ended: true,
        expiresAt,
        subscriptionId: 'I-ENDEDENDED1',
        cancelReason: 'too_expensive',
      },
    });
    expect((file.payments as Array<{ status: string }>).map((p) => p.status)).toEqual([
      'credited',
      'refund_pending',
      'refunded',
      'reversed',
    ]);
    // The same plan before its end: on record, not ended.
    player.subscription = { ...player.subscription, expiresAt: new Date(clock.now + day).toISOString() };
    const running = (await exportOf(world, alice.headers)).json as { subscription: { ended: boolean } };
    expect(running.subscription.ended).toBe(false);
  });

  it('needs a sign-in of the last five minutes (403 RECENT_SIGN_IN_REQUIRED), and its owner (403)', async () => {
    const { world } = realTime();
    const old = await signIn(world, 'alice', Date.now() - 10 * 60_000);
    const refused = await exportOf(world, old.headers);
    expect(refused.status).toBe(403);
    expect((refused.json as Record<string, unknown>).code).toBe('RECENT_SIGN_IN_REQUIRED');
    const bob = await signIn(world, 'bob');
    const mixed = await exportOf(world, { ...bob.headers, 'x-unity-token': old.unityToken });
    expect(mixed.status).toBe(403);
  });

  it('the schema refuses a file with a field it does not list (a password hash, a token)', () => {
    const base = {
      format: 'account-export',
      version: 2,
      generatedAt: '2026-11-28T10:00:00.000Z',
      identity: { uid: 'u', email: null, emailVerified: false, providers: [], createdAt: null, lastSignInAt: null },
      profile: {
        playerId: 'P',
        username: 'A#1',
        accountType: 1,
        signInProvider: 'password',
        createdAt: '2026-11-28T10:00:00.000Z',
      },
      credits: 0,
      owedCredits: 0,
      subscription: null,
      paymentFailedAt: null,
      payments: [],
      designs: [],
      affiliate: { answer: null },
      sessions: [],
    };
    expect(validate(base)).toBe(true);
    expect(validate({ ...base, identity: { ...base.identity, passwordHash: 'x' } })).toBe(false);
    expect(validate({ ...base, profile: { ...base.profile, accessToken: 'ut1.x.y' } })).toBe(false);
    const { owedCredits: _owed, ...withoutOwed } = base;
    expect(validate(withoutOwed)).toBe(false);
    expect(validate({ ...base, version: 1 })).toBe(false);
  });

  it('over seeded players, no export holds anything of another player, nor any token or secret', async () => {
    const { world } = realTime();
    const word = fc.stringMatching(/^[a-z]{3,8}$/);
    const seed = fc.record({
      credits: fc.integer({ min: 0, max: 500 }),
      designs: fc.integer({ min: 0, max: 4 }),
      affiliate: fc.option(fc.constantFrom('builder_brigade', 'other'), { nil: undefined }),
      name: word,
      payments: fc.array(
        fc.constantFrom('credited', 'refunding', 'refunded', 'reversed') as fc.Arbitrary<
          'credited' | 'refunding' | 'refunded' | 'reversed'
        >,
        { maxLength: 3 },
      ),
      owed: fc.option(fc.integer({ min: 1, max: 60 }), { nil: undefined }),
      failedDaysAgo: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
      plan: fc.option(
        fc.record({
          status: fc.constantFrom('ACTIVE', 'CANCELLED', 'PAUSED', 'NONE') as fc.Arbitrary<
            'ACTIVE' | 'CANCELLED' | 'PAUSED' | 'NONE'
          >,
          endInDays: fc.integer({ min: -90, max: 400 }),
        }),
        { nil: undefined },
      ),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(seed, { minLength: 2, maxLength: 5 }), async (seeds) => {
        world.core.reset();
        const players: Array<{ uid: string; signed: Awaited<ReturnType<typeof signIn>>; player: Player }> = [];
        for (const [i, s] of seeds.entries()) {
          const uid = `uid-${i}-${id('', 4)}`;
          const signed = await signIn(world, uid);
          const player = world.core.store.data.players[signed.playerId]!;
          player.username = `${s.name}${id('', 3)}#${1000 + i}`;
          player.credits = s.credits;
          player.affiliateId = s.affiliate;
          world.core.store.addDesigns(player, s.designs);
          player.owedCredits = s.owed;
          if (s.failedDaysAgo !== undefined)
            player.paymentFailedAt = new Date(Date.now() - s.failedDaysAgo * 86_400_000).toISOString();
          if (s.plan)
            player.subscription = {
              subscriptionType: 1,
              isCancelled: s.plan.status === 'CANCELLED',
              status: s.plan.status,
              expiresAt: new Date(Date.now() + s.plan.endInDays * 86_400_000).toISOString(),
              subscriptionId: id('I-', 12),
              subscriptionSource: 'paypal',
              pauseUntil: null,
            };
          for (const state of s.payments) {
            const paymentId = id('CAP', 6);
            world.core.store.data.payments[paymentId] = {
              id: paymentId,
              kind: 'credits',
              playerId: player.playerId,
              orderId: id('ORD', 6),
              createdAt: new Date().toISOString(),
              credits: 15,
              amount: { value: '9.99', currency: 'USD' },
              state,
            };
          }
          players.push({ uid, signed, player });
        }
        const marks = (p: (typeof players)[number]): string[] => [
          p.uid,
          p.player.playerId,
          p.player.username,
          `${p.uid}@example.com`,
          ...(p.player.subscription ? [p.player.subscription.subscriptionId!] : []),
          ...Object.values(p.player.designs).map((d) => d.UID),
          ...Object.keys(p.player.designs),
          ...Object.values(world.core.store.data.payments)
            .filter((x) => x.playerId === p.player.playerId)
            .flatMap((x) => [x.id, x.orderId!]),
        ];
        for (const me of players) {
          const reply = await exportOf(world, me.signed.headers);
          const text = JSON.stringify(reply.json);
          expect(validate(reply.json), JSON.stringify(validate.errors)).toBe(true);
          // What the backend holds of the player, as it holds it.
          const file = reply.json as Record<string, unknown>;
          expect(file.owedCredits).toBe(me.player.owedCredits ?? 0);
          expect(file.paymentFailedAt).toBe(me.player.paymentFailedAt ?? null);
          const sub = me.player.subscription;
          expect(file.subscription).toEqual(
            sub ? expect.objectContaining({ status: sub.status, expiresAt: sub.expiresAt }) : null,
          );
          for (const mark of marks(me)) expect(text).toContain(mark);
          for (const other of players.filter((p) => p !== me))
            for (const mark of marks(other)) expect(text).not.toContain(mark);
          for (const secret of [me.signed.idToken, me.signed.unityToken, world.core.harnessSecret])
            expect(text).not.toContain(secret);
          // No field of that kind at all. Its names, not the whole text: a player may well be called "salty".
          expect(fieldNames(reply.json).filter((name) => SECRET_FIELD.test(name))).toEqual([]);
        }
      }),
      { numRuns: 25 },
    );
  });
});
