// A stand-in backend at the API boundary (src/api/*) for unit tests of the stores: the stores above it run for real
// (the player's Unity exchange and cloud save load, the subscription store), and the test sets or reads what the
// backend answered. One player, P1, with an account set up and no subscription until the test gives one. Use it as
// the API modules' mocks:
//   vi.mock('../../../src/api/unity', async () => (await import('../support/fake-api')).fakeApi.unity);
//   vi.mock('../../../src/api/cloud-save', async () => (await import('../support/fake-api')).fakeApi.cloudSave);
//   vi.mock('../../../src/api/subscription', async () => (await import('../support/fake-api')).fakeApi.subscription);
//   vi.mock('../../../src/api/payments', async () => (await import('../support/fake-api')).fakeApi.payments);
// with src/auth/firebase faked by fake-auth.ts (its idToken answers), then call resetFakeApi() before each test. With
// vi.resetModules(), import it once with vi.hoisted and hand `fakeApi` to the mocks, as fake-auth.ts says.
import { vi } from 'vitest';
import type { CloudSave, DirectActivation, UnityAuth } from '../../../src/domain/entities';
import type { RecordedPayment } from '../../../src/domain/payments';
import type { Subscription } from '../../../src/domain/plans';
import type { PurchaseReference } from '../../../src/domain/purchase-reference';

export const PLAYER: UnityAuth = { playerId: 'P1', accessToken: 'unity-token-P1' };

/** The player's cloud save: set up, 5 credits, `subscription` as the test says (undefined: no such entry). */
export function cloudSave(subscription?: Subscription | null): CloudSave {
  return { entries: [], username: 'Ada#1234', credits: 5, needsSetup: false, accountType: 1, subscription };
}

function answers() {
  return {
    unity: {
      exchangeForUnity: vi.fn(async (_ctx: { idToken: string }): Promise<UnityAuth> => PLAYER),
      linkUnity: vi.fn(async (): Promise<UnityAuth> => PLAYER),
    },
    cloudSave: {
      fetchCloudSave: vi.fn(async (): Promise<CloudSave> => cloudSave()),
      fetchCloudSaveRaw: vi.fn(async (): Promise<unknown> => ({})),
      setupCloudSave: vi.fn(async () => {}),
      updateUsername: vi.fn(async () => {}),
    },
    subscription: {
      fetchSubscription: vi.fn(async (): Promise<Subscription | null> => null),
      fetchSubscriptionRaw: vi.fn(async (): Promise<unknown> => ({})),
      cancelSubscription: vi.fn(async () => {}),
      activateSubscription: vi.fn(async () => {}),
      activateDirect: vi.fn(async (): Promise<DirectActivation> => ({ success: true, expiresAt: null })),
      pauseSubscription: vi.fn(async () => {}),
      resumeSubscription: vi.fn(async () => {}),
    },
    // GET /payments/{playerId}: the player has paid for nothing until the test says otherwise.
    payments: {
      fetchPayments: vi.fn(async (): Promise<RecordedPayment[]> => []),
      /** The backend's purchase reference, as a readable stand-in: `REF-<player>-<product>`, for 30 minutes from now. */
      fetchPurchaseReference: vi.fn(
        async (_ctx: unknown, playerId: string, product: string): Promise<PurchaseReference> => ({
          reference: `REF-${playerId}-${product}`,
          expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
        }),
      ),
    },
  };
}

export const fakeApi = answers();

/** Every call back to its default answer, its calls forgotten. */
export function resetFakeApi(): void {
  const fresh = answers();
  for (const group of ['unity', 'cloudSave', 'subscription', 'payments'] as const) {
    for (const [name, fake] of Object.entries(fakeApi[group])) {
      const implementation = (fresh[group] as Record<string, typeof fake>)[name]!.getMockImplementation();
      fake.mockReset();
      fake.mockImplementation(implementation as never);
    }
  }
}
