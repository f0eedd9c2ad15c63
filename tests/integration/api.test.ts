// Every call of SPEC 7 through the real client against the running reference backend.
import { inject, describe, expect, it } from 'vitest';
import { startBackend } from '../../harness/stack-backend';
import { purchaseCredits, deleteUser } from '../../src/api/account';
import { trackAffiliate } from '../../src/api/affiliate';
import { ApiError } from '../../src/api/client';
import { DecodeError } from '../../src/api/decoders';
import { fetchCloudSave, setupCloudSave, updateUsername } from '../../src/api/cloud-save';
import { fetchDesigns } from '../../src/api/designs';
import {
  activateDirect,
  activateSubscription,
  cancelSubscription,
  fetchSubscription,
  pauseSubscription,
  resumeSubscription,
} from '../../src/api/subscription';
import { exchangeForUnity, linkUnity } from '../../src/api/unity';
import { loadCloudSave } from '../../src/state/cloud-save-loader';
import {
  admin,
  approvedPayPalSubscription,
  backendUrl,
  capturedOrder,
  context,
  faults,
  harness,
  newUser,
} from './support';

const MONTHLY_PLAN_ID = 'P-TEST-MONTHLY';

describe('auth/unity and auth/unity-link', () => {
  it('gives the same player to the same account every time', async () => {
    const user = await newUser();
    const again = await exchangeForUnity(user.ctx);
    expect(again.playerId).toBe(user.playerId);
    expect(again.accessToken).toMatch(/^ut1\./);
  });

  it('refuses an identity token that is not from the emulator project', async () => {
    const error = await exchangeForUnity(context('eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.')).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', status: 401 });
  });

  it('links the desktop guest player named by the link token to the account', async () => {
    const guest = await harness().guest();
    const user = await newUser();
    const { idToken } = await admin().createUser(`link-${Date.now()}@example.com`, 'secret-pass-1');
    const fresh = context(idToken);
    const linked = await linkUnity(fresh, guest.accessToken);
    expect(linked.playerId).toBe(guest.playerId);
    // Another account's Unity token is refused with 400 and its player is never handed over (docs/security.md
    // "Security").
    const refused = await linkUnity(context(fresh.idToken), user.ctx.unityToken!).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      status: 400,
      serverText: "Only a guest player's Unity token can be linked to an account",
    });
    expect((await exchangeForUnity(context(fresh.idToken))).playerId).toBe(guest.playerId);
    expect((await exchangeForUnity(user.ctx)).playerId).toBe(user.playerId);
  });
});

describe('cloud save', () => {
  it('starts empty with a username, then holds the setup', async () => {
    const user = await newUser();
    const before = await fetchCloudSave(user.ctx, user.playerId);
    expect(before.entries).toEqual([]);
    expect(before.username).toMatch(/^Player#\d{4}$/);
    await setupCloudSave(user.ctx, user.playerId, 'Ada', 'password');
    const after = await fetchCloudSave(user.ctx, user.playerId);
    expect(after.needsSetup).toBe(false);
    expect(after.username).toMatch(/^Ada#\d{4}$/);
    expect(after.credits).toBe(0);
  });

  it('changes the username and keeps the # suffix', async () => {
    const user = await newUser();
    await setupCloudSave(user.ctx, user.playerId, 'Ada', 'password');
    const suffix = (await fetchCloudSave(user.ctx, user.playerId)).username!.split('#')[1];
    await updateUsername(user.ctx, user.playerId, 'Grace');
    expect((await fetchCloudSave(user.ctx, user.playerId)).username).toBe(`Grace#${suffix}`);
  });

  it('PUT username sends the name only and the backend keeps the suffix: "New" on "Old#1234" gives "New#1234"', async () => {
    const user = await newUser();
    await harness().seed({ uid: user.uid, email: user.email, username: 'Old#1234' });
    expect((await fetchCloudSave(user.ctx, user.playerId)).username).toBe('Old#1234');
    await updateUsername(user.ctx, user.playerId, 'New');
    expect((await fetchCloudSave(user.ctx, user.playerId)).username).toBe('New#1234');
    // The client never sends a suffix: whatever follows a '#' stays behind.
    await updateUsername(user.ctx, user.playerId, 'Newer#9999');
    expect((await fetchCloudSave(user.ctx, user.playerId)).username).toBe('Newer#1234');
  });

  it('refuses a username over 32 characters or with a bidi override with 400 and keeps the old one', async () => {
    const user = await newUser();
    await harness().seed({ uid: user.uid, email: user.email, username: 'Old#1234' });
    await expect(updateUsername(user.ctx, user.playerId, 'x'.repeat(33))).rejects.toMatchObject({
      status: 400,
      serverText: 'username is too long (at most 32 characters)',
    });
    await expect(updateUsername(user.ctx, user.playerId, 'Ada\u202Egnp')).rejects.toMatchObject({
      status: 400,
      serverText: 'username may not contain control characters',
    });
    expect((await fetchCloudSave(user.ctx, user.playerId)).username).toBe('Old#1234');
  });

  it("refuses another account's player with 403", async () => {
    const a = await newUser();
    const b = await newUser();
    await expect(fetchCloudSave(a.ctx, b.playerId)).rejects.toMatchObject({ status: 403 });
  });

  it('recovers from two injected 500s and fails on the third (SPEC 8 retry limit 2)', async () => {
    const user = await newUser();
    await setupCloudSave(user.ctx, user.playerId, 'Ada', 'password');
    const deps = () => ({
      fetch: () => fetchCloudSave(user.ctx, user.playerId),
      recover: async () => {
        user.ctx.unityToken = (await exchangeForUnity(user.ctx)).accessToken;
      },
      setup: async () => {},
      hasUser: () => true,
    });
    await faults(user.uid, 'cloud-save=500x2');
    await expect(loadCloudSave(deps())).resolves.toMatchObject({ needsSetup: false });
    await faults(user.uid, 'cloud-save=500x3');
    await expect(loadCloudSave(deps())).rejects.toMatchObject({ reason: 'fetch', cause: { status: 500 } });
  });

  it('reports a malformed answer as a decode error', async () => {
    const user = await newUser();
    await faults(user.uid, 'cloud-save=malformedx1');
    await expect(fetchCloudSave(user.ctx, user.playerId)).rejects.toBeInstanceOf(DecodeError);
  });

  it('reports a dropped connection as a network error', async () => {
    const user = await newUser();
    await faults(user.uid, 'cloud-save=dropx1');
    await expect(fetchCloudSave(user.ctx, user.playerId)).rejects.toMatchObject({ kind: 'network' });
  });

  it('answers 401 to a missing or forged Unity token', async () => {
    const user = await newUser();
    await expect(fetchCloudSave({ ...user.ctx, unityToken: 'ut1.forged.sig' }, user.playerId)).rejects.toMatchObject({
      status: 401,
    });
  });
});

describe('subscriptions', () => {
  it('goes through purchase, the active block, pause, resume and cancel', async () => {
    const user = await newUser();
    await expect(fetchSubscription(user.ctx, user.playerId)).resolves.toBeNull();
    const paypalId = await approvedPayPalSubscription(MONTHLY_PLAN_ID, user.playerId);
    await activateSubscription(user.ctx, user.playerId, paypalId, 'MONTHLY');
    const active = await fetchSubscription(user.ctx, user.playerId);
    expect(active).toMatchObject({
      plan: 'MONTHLY',
      status: 'ACTIVE',
      subscriptionId: paypalId,
      subscriptionSource: 'paypal',
    });

    const second = await approvedPayPalSubscription('P-TEST-ANNUAL', user.playerId);
    const blocked = await activateSubscription(user.ctx, user.playerId, second, 'ANNUAL').catch((e: unknown) => e);
    expect(blocked).toBeInstanceOf(ApiError);
    expect((blocked as ApiError).serverText).toBe(
      'You already have an active subscription. Please cancel it before starting a new subscription.',
    );

    await pauseSubscription(user.ctx, user.playerId, 'financial_reasons');
    expect(await fetchSubscription(user.ctx, user.playerId)).toMatchObject({ status: 'PAUSED' });
    // SPEC 4: PAUSED -> PAUSED (pausing again, which the portal offers too).
    await pauseSubscription(user.ctx, user.playerId, 'other');
    expect(await fetchSubscription(user.ctx, user.playerId)).toMatchObject({ status: 'PAUSED' });
    await expect(activateDirect(user.ctx, user.playerId, 'ANNUAL', 'MANUAL-1')).rejects.toMatchObject({
      serverText: 'You have a paused subscription. Please resume or cancel it before starting a new subscription.',
    });
    await resumeSubscription(user.ctx, user.playerId, paypalId);
    expect(await fetchSubscription(user.ctx, user.playerId)).toMatchObject({ status: 'ACTIVE' });

    await expect(cancelSubscription(user.ctx, user.playerId, paypalId, 'no_such_reason')).rejects.toMatchObject({
      status: 400,
    });
    await cancelSubscription(user.ctx, user.playerId, paypalId, 'too_expensive');
    const cancelled = await fetchSubscription(user.ctx, user.playerId);
    expect(cancelled).toMatchObject({ status: 'CANCELLED', expiresAt: active!.expiresAt });

    // A cancelled plan can be renewed; here through the fallback path.
    const renewed = await activateDirect(user.ctx, user.playerId, 'ANNUAL', 'MANUAL-2');
    expect(renewed.success).toBe(true);
    expect(await fetchSubscription(user.ctx, user.playerId)).toMatchObject({
      plan: 'ANNUAL',
      status: 'ACTIVE',
      subscriptionSource: 'manual',
    });
  });

  it('a backend started without the payment bypass refuses the manual activation with 403', async () => {
    const strict = await startBackend({ port: 0, emulatorUrl: inject('emulatorUrl') });
    try {
      const { idToken } = await admin().createUser(`strict-${Date.now()}@example.com`, 'secret-pass-1');
      const ctx = { ...context(idToken), baseUrl: strict.url };
      const unity = await exchangeForUnity(ctx);
      const error = await activateDirect(
        { ...ctx, unityToken: unity.accessToken },
        unity.playerId,
        'ANNUAL',
        'MANUAL-1',
      ).catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 403, serverText: 'Manual activation is not enabled on this server' });
      expect(strict.store.data.players[unity.playerId]!.subscription).toBeNull();
    } finally {
      await strict.stop();
    }
  });

  it('refuses a subscription PayPal never approved', async () => {
    const user = await newUser();
    await expect(activateSubscription(user.ctx, user.playerId, 'I-NOT-REAL', 'MONTHLY')).rejects.toMatchObject({
      status: 400,
    });
  });
});

describe('designs, credits, affiliate, deletion', () => {
  it('lists seeded designs', async () => {
    const user = await newUser();
    await harness().seed({ uid: user.uid, email: user.email, designs: 3 });
    const designs = await fetchDesigns(user.ctx, user.playerId);
    expect(designs).toHaveLength(3);
    expect(designs[0]!.modelName).toBe('Modern_Villa');
  });

  it('adds a pack once per order id, even when the call is repeated', async () => {
    const user = await newUser();
    // The portal's path alone: no webhook records it first.
    await faults(user.uid, 'paypal-webhook=drop');
    const orderId = await capturedOrder('14.99', user.playerId);
    await expect(purchaseCredits(user.ctx, 30, orderId)).resolves.toMatchObject({
      success: true,
      newBalance: 30,
      creditsAdded: 30,
    });
    await expect(purchaseCredits(user.ctx, 30, orderId)).resolves.toMatchObject({
      success: true,
      newBalance: 30,
      creditsAdded: 0,
    });
  });

  it("refuses another player's order with 403 PAYMENT_OWNER_MISMATCH and adds nothing", async () => {
    const payer = await newUser();
    const other = await newUser();
    await faults(payer.uid, 'paypal-webhook=drop');
    const orderId = await capturedOrder('14.99', payer.playerId);
    const error = await purchaseCredits(other.ctx, 30, orderId).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 403,
      code: 'PAYMENT_OWNER_MISMATCH',
      serverText: 'This PayPal order was paid for by another player',
    });
    await expect(purchaseCredits(payer.ctx, 30, orderId)).resolves.toMatchObject({ creditsAdded: 30 });
  });

  it('refuses an order whose amount is not the pack price', async () => {
    const user = await newUser();
    const orderId = await capturedOrder('0.01', user.playerId);
    const error = await purchaseCredits(user.ctx, 60, orderId).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, serverText: 'Order amount does not match the credit pack' });
  });

  it('tracks an affiliate and refuses an unknown one', async () => {
    const user = await newUser();
    await expect(trackAffiliate(user.ctx, user.playerId, 'builder_brigade')).resolves.toBeUndefined();
    await expect(trackAffiliate(user.ctx, user.playerId, 'someone')).rejects.toMatchObject({ status: 400 });
  });

  it('deletes the player and the identity account', async () => {
    const user = await newUser();
    await deleteUser(user.ctx, user.playerId);
    await expect(fetchCloudSave(user.ctx, user.playerId)).rejects.toMatchObject({ status: 404 });
    await expect(admin().signIn(user.email, user.password)).rejects.toThrow(/EMAIL_NOT_FOUND|INVALID/);
  });
});

describe('payments the server reconciles (GET /payments/{playerId}, PayPal webhooks)', () => {
  /** GET /payments/{playerId} as the portal's client will call it: Bearer identity token and X-Unity-Token. */
  async function payments(user: { ctx: { idToken: string; unityToken: string | null }; playerId: string }) {
    const res = await fetch(`${backendUrl()}/payments/${user.playerId}`, {
      headers: { authorization: `Bearer ${user.ctx.idToken}`, 'x-unity-token': user.ctx.unityToken ?? '' },
    });
    return { status: res.status, json: (await res.json()) as unknown };
  }

  it("credits a captured order from PayPal's webhook alone; the portal's call after it adds nothing; GET /payments lists it", async () => {
    const user = await newUser();
    const orderId = await capturedOrder('14.99', user.playerId);
    // No purchase call: the stand-in's signed webhook reaches POST /webhooks/paypal over HTTP.
    const delivered = async () =>
      (await harness().webhooks()).filter((w) => w.customId === user.playerId).map((w) => [w.eventType, w.state]);
    await expect.poll(delivered, { timeout: 10_000 }).toEqual([['PAYMENT.CAPTURE.COMPLETED', 'delivered']]);
    await expect(purchaseCredits(user.ctx, 30, orderId)).resolves.toMatchObject({
      success: true,
      newBalance: 30,
      creditsAdded: 0,
    });
    const listed = await payments(user);
    expect(listed).toEqual({
      status: 200,
      json: {
        payments: [
          {
            id: expect.stringMatching(/^[0-9A-Z]{17}$/),
            kind: 'credits',
            orderId,
            createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
            credits: 30,
            amount: { value: '14.99', currency: 'USD' },
            status: 'credited',
          },
        ],
      },
    });
  });

  it('a second plan approved in another tab is cancelled at PayPal and refunded; GET /payments shows both', async () => {
    const user = await newUser();
    const first = await approvedPayPalSubscription(MONTHLY_PLAN_ID, user.playerId);
    await activateSubscription(user.ctx, user.playerId, first, 'MONTHLY');
    const second = await approvedPayPalSubscription('P-TEST-ANNUAL', user.playerId);
    const refused = await activateSubscription(user.ctx, user.playerId, second, 'ANNUAL').catch((e: unknown) => e);
    expect(refused).toMatchObject({
      status: 409,
      code: 'SUBSCRIPTION_UNDONE',
      detail: { reason: 'ACTIVE_PLAN', refund: 'refunded' },
    });
    await expect
      .poll(async () =>
        ((await payments(user)).json as { payments: Array<{ status: string }> }).payments.map((p) => p.status).sort(),
      )
      .toEqual(['active', 'refunded']);
    expect(await fetchSubscription(user.ctx, user.playerId)).toMatchObject({ subscriptionId: first, status: 'ACTIVE' });
  });

  it('an Annual plan overridden to one cent gets no plan: refused as PRICE, refunded, listed as refunded', async () => {
    const user = await newUser();
    const cent = { fixed_price: { value: '0.01', currency_code: 'USD' } };
    const id = await approvedPayPalSubscription('P-TEST-ANNUAL', user.playerId, {
      plan: { billing_cycles: [{ sequence: 1, pricing_scheme: cent }] },
    });
    const refused = await activateSubscription(user.ctx, user.playerId, id, 'ANNUAL').catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 409, detail: { reason: 'PRICE', refund: 'refunded' } });
    expect(await fetchSubscription(user.ctx, user.playerId)).toBeNull();
    expect(await payments(user)).toMatchObject({
      json: { payments: [{ amount: { value: '0.01' }, status: 'refunded' }] },
    });
  });

  it("answers another player's id with 403", async () => {
    const a = await newUser();
    const b = await newUser();
    expect((await payments({ ctx: a.ctx, playerId: b.playerId })).status).toBe(403);
  });
});
