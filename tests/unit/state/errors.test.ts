// @vitest-environment jsdom
// SPEC 8's catch-all "An error occurred. Please try again later." for failures that no more specific text covers:
// resuming without a subscription id, and unexpected (non-API) errors in the subscription and account actions.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adaUser } from '../support/fake-auth';

vi.mock('../../../src/auth/firebase', async () => (await import('../support/fake-auth')).fakeAuth);
vi.mock('../../../src/api/payments', async () => (await import('../support/fake-api')).fakeApi.payments);

// The API layer fails with a programming error (not an ApiError) where a test says so; otherwise the real call runs.
const broken = vi.hoisted(() => ({ calls: new Set<string>() }));
const bug = () => new TypeError("Cannot read properties of undefined (reading 'status')");
vi.mock('../../../src/api/subscription', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/api/subscription')>();
  const maybe =
    <A extends unknown[], R>(name: string, fn: (...args: A) => Promise<R>) =>
    (...args: A) =>
      broken.calls.has(name) ? Promise.reject(bug()) : fn(...args);
  return {
    ...real,
    fetchSubscription: maybe('fetchSubscription', real.fetchSubscription),
    cancelSubscription: maybe('cancelSubscription', real.cancelSubscription),
    pauseSubscription: maybe('pauseSubscription', real.pauseSubscription),
    resumeSubscription: maybe('resumeSubscription', real.resumeSubscription),
  };
});
vi.mock('../../../src/api/account', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/api/account')>();
  return {
    ...real,
    deleteUser: (...args: Parameters<typeof real.deleteUser>) =>
      broken.calls.has('deleteUser') ? Promise.reject(bug()) : real.deleteUser(...args),
  };
});
vi.mock('../../../src/api/cloud-save', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/api/cloud-save')>();
  return {
    ...real,
    updateUsername: (...args: Parameters<typeof real.updateUsername>) =>
      broken.calls.has('updateUsername') ? Promise.reject(bug()) : real.updateUsername(...args),
  };
});

import { accountErrors } from '../../../src/auth/account-errors';
import { ApiError } from '../../../src/api/client';
import type { Subscription } from '../../../src/domain/plans';
import { failureText, PortalError } from '../../../src/state/errors';
import { PURCHASE } from '../../../src/state/payment-errors';
import { message } from '../../../src/messages/catalogue';
import {
  account,
  confirmDeletion,
  requestDeletion,
  resetAccountOnSignOut,
  startUsernameEdit,
  submitUsername,
} from '../../../src/state/account';
import { player, resetPlayer } from '../../../src/state/player';
import { session } from '../../../src/state/session';
import { loadSubscription, resetSubscription, subscription } from '../../../src/state/subscription';
import {
  confirmCancel,
  confirmPause,
  resetSubscriptionPage,
  resumeSubscription,
} from '../../../src/state/subscription-page';
import { clearToasts, toasts } from '../../../src/state/toasts';
import { keepUnity } from '../support/unity';

const GENERIC = 'An error occurred. Please try again later.';
const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const errorToasts = () => toasts.items.filter((t) => t.kind === 'error').map((t) => t.text);
const paused: Subscription = {
  plan: 'MONTHLY',
  status: 'PAUSED',
  expiresAt: '2030-01-01T00:00:00.000Z',
  subscriptionSource: 'paypal',
  subscriptionId: null,
  pauseUntil: null,
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  session.user = adaUser();
  session.status = 'signedIn';
  keepUnity('u1', { playerId: 'P1', accessToken: 'unity-token' });
  player.cloud = {
    entries: [],
    username: 'Ada#1234',
    credits: 0,
    needsSetup: false,
    accountType: 1,
    subscription: undefined,
  };
  player.status = 'ready';
});
afterEach(() => {
  broken.calls.clear();
  fetchMock.mockReset();
  resetSubscriptionPage();
  resetSubscription();
  resetAccountOnSignOut();
  resetPlayer();
  clearToasts();
  vi.unstubAllGlobals();
});

it('the catalogue holds the text of SPEC 8', () => {
  expect(message('genericError')).toBe(GENERIC);
});

describe('subscription actions', () => {
  it('resuming a subscription that has no subscription id says "An error occurred..." and calls nothing', async () => {
    subscription.current = paused;
    await resumeSubscription();
    expect(errorToasts()).toEqual([GENERIC]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an unexpected error while resuming, pausing or cancelling gets the catch-all, not a raw message', async () => {
    subscription.current = { ...paused, subscriptionId: 'I-1' };
    broken.calls.add('resumeSubscription').add('pauseSubscription').add('cancelSubscription');
    for (const act of [() => resumeSubscription(), () => confirmPause('other'), () => confirmCancel('other')]) {
      clearToasts(); // the same text twice would replace its toast
      await act();
      expect(errorToasts()).toEqual([GENERIC]);
    }
  });

  it('backend failures keep their specific texts', async () => {
    subscription.current = { ...paused, subscriptionId: 'I-1' };
    fetchMock.mockImplementation(async () => json({ error: 'PayPal said no' }, 422));
    await resumeSubscription();
    await confirmPause('other');
    await confirmCancel('other');
    expect(errorToasts()).toEqual([
      message('resumeFailed'),
      message('pauseFailed'),
      'Failed to cancel subscription: PayPal said no',
    ]);
  });

  it('an unexpected error while reading the subscription shows the catch-all on the page', async () => {
    broken.calls.add('fetchSubscription');
    await expect(loadSubscription()).resolves.toBeNull();
    expect(subscription.status).toBe('error');
    expect(subscription.error).toBe(GENERIC);
  });

  it('an API failure while reading keeps "Failed to fetch subscription data: {status}"', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('/cloud-save/')
        ? json({ username: 'Ada#1234', results: [{ key: 'accountType', value: 1 }] })
        : json({ error: 'down' }, 503),
    );
    await expect(loadSubscription({ force: true })).resolves.toBeNull();
    expect(subscription.error).toBe('Failed to fetch subscription data: 503');
  });
});

describe('account actions', () => {
  it('an unexpected error while saving the username gets the catch-all and stays in edit mode', async () => {
    broken.calls.add('updateUsername');
    startUsernameEdit();
    await submitUsername('Grace');
    expect(account.username.editing).toBe(true);
    expect(account.username.error).toBe(GENERIC);
  });

  it('an unexpected error while deleting the account gets the catch-all and keeps the confirmation open', async () => {
    broken.calls.add('deleteUser');
    requestDeletion();
    await confirmDeletion({ navigate: () => {} });
    expect(account.deletion).toMatchObject({ status: 'failed', confirming: true });
    expect(account.deletion.error).toBe(GENERIC);
  });
});

describe('failureText: every failure text the user reads, from the catalogue', () => {
  const firebase = (code: string) => Object.assign(new Error(code), { code });

  it("words an identity-service failure by its group's table, filling {provider}", () => {
    const linked = firebase('auth/provider-already-linked');
    expect(failureText(linked, { auth: accountErrors.link, params: { provider: 'Google' } })).toBe(
      'Google is already linked to your account.',
    );
    expect(failureText(firebase('auth/network-request-failed'), { auth: accountErrors.verify })).toBe(
      'Network error. Please check your connection and try again',
    );
  });

  it('words a purchase failure: the server\'s or the portal\'s reason after "Error:", else support', () => {
    expect(failureText(new ApiError('http', 500, 'Injected failure'), PURCHASE)).toBe('Error: Injected failure');
    expect(failureText(new ApiError('network', null, 'Failed to fetch'), PURCHASE)).toBe(
      'Failed to complete purchase. Please contact support.',
    );
    expect(failureText(new PortalError('No player'), PURCHASE)).toBe('Error: No player');
  });

  it("keeps a PortalError's own text and gives anything else the catch-all", () => {
    expect(failureText(new PortalError('Unity authentication failed'))).toBe('Unity authentication failed');
    expect(failureText(bug())).toBe(GENERIC);
  });
});
