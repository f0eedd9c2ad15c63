// Issue 51 through the real client against the running backend and the real Auth emulator: where the account is
// signed in, sign out everywhere (the emulator's validSince, then 401 SESSION_REVOKED), and the export checked
// against its JSON Schema.
import Ajv from 'ajv';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { purchaseCredits } from '../../src/api/account';
import { fetchExport, fetchSessions, signOutEverywhere } from '../../src/api/account-data';
import { ApiError } from '../../src/api/client';
import { fetchCloudSave } from '../../src/api/cloud-save';
import { exchangeForUnity } from '../../src/api/unity';
import { admin, backendUrl, capturedOrder, context, faults, harness, newUser } from './support';

const schema = JSON.parse(
  readFileSync(new URL('../../harness/backend/account-export.schema.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;
const ajv = new Ajv({ allErrors: true, strict: true });
ajv.addFormat(
  'date-time',
  (s: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(s) && !Number.isNaN(Date.parse(s)),
);
const validate = ajv.compile(schema);

describe('GET /account/sessions', () => {
  it("lists the caller's session, marked as the current one, and nothing of another account", async () => {
    const alice = await newUser();
    const bob = await newUser();
    await fetchCloudSave(bob.ctx, bob.playerId);
    const sessions = await fetchSessions(alice.ctx);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ kind: 'browser', current: true });
    // Bob's Unity token beside Alice's identity: refused as /payments refuses it.
    const mixed = await fetchSessions({ ...alice.ctx, unityToken: bob.ctx.unityToken }).catch((e: unknown) => e);
    expect(mixed).toMatchObject({ kind: 'http', status: 403 });
  });
});

describe('POST /account/sign-out-everywhere', () => {
  it('sets validSince at the Auth emulator and refuses the earlier tokens with 401 SESSION_REVOKED', async () => {
    const user = await newUser();
    await signOutEverywhere(user.ctx);
    const account = await admin().lookup(user.uid);
    expect(Number(account?.validSince)).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 5);
    const refused = await fetchCloudSave(user.ctx, user.playerId).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 401, code: 'SESSION_REVOKED' });
    // A new sign-in works again, with a new Unity token (the old one stays refused).
    const { idToken } = await admin().signIn(user.email, user.password);
    const unity = await exchangeForUnity(context(idToken));
    await expect(fetchCloudSave(context(idToken, unity.accessToken), user.playerId)).resolves.toBeTruthy();
    const oldUnity = await fetchCloudSave(context(idToken, user.ctx.unityToken), user.playerId).catch(
      (e: unknown) => e,
    );
    expect(oldUnity).toMatchObject({ status: 401, code: 'SESSION_REVOKED' });
  });
});

describe('GET /account/export', () => {
  it('answers an attachment that parses and matches the JSON Schema, with the identity from the emulator', async () => {
    const user = await newUser();
    const other = await newUser();
    // Something in each part the schema describes: a design and a plan (seeded), a payment (recorded as the portal does).
    await harness().seed({ uid: user.uid, email: user.email, designs: 1, plan: 'monthly' });
    // The portal's path alone: PayPal's webhook, which may come first and credit the order itself, is dropped.
    await faults(user.uid, 'paypal-webhook=drop');
    const orderId = await capturedOrder('14.99', user.playerId);
    await expect(purchaseCredits(user.ctx, 30, orderId)).resolves.toMatchObject({ creditsAdded: 30 });
    const res = await fetch(`${backendUrl()}/account/export`, {
      headers: { authorization: `Bearer ${user.ctx.idToken}`, 'x-unity-token': user.ctx.unityToken! },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="dream-book-account-\d{4}-\d\d-\d\d\.json"$/,
    );
    const file = (await res.json()) as Record<string, unknown>;
    expect(validate(file), JSON.stringify(validate.errors)).toBe(true);
    expect(file.identity).toMatchObject({
      uid: user.uid,
      email: user.email,
      emailVerified: false,
      providers: ['password'],
    });
    expect(file).toMatchObject({
      credits: 30,
      owedCredits: 0,
      subscription: { subscriptionType: 1, status: 'ACTIVE', ended: false },
      payments: [{ kind: 'credits', orderId, credits: 30, status: 'credited' }],
    });
    expect(file.designs).toHaveLength(1);
    const text = JSON.stringify(file);
    for (const mark of [other.uid, other.email, other.playerId]) expect(text).not.toContain(mark);
    expect(text).not.toMatch(/passwordHash|salt|fakeSalt/);
    // The client's call: the same file, decoded.
    const exported = await fetchExport(user.ctx);
    expect(exported.file.profile).toMatchObject({ playerId: user.playerId });
  });
});
