// @vitest-environment jsdom
// SPEC 4, 5, 7: username editing and the account deletion flow.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/auth/firebase', async () => (await import('../support/fake-auth')).fakeAuth);

import { config } from '../../../src/config/config';
import {
  account,
  cancelDeletion,
  cancelUsernameEdit,
  confirmDeletion,
  requestDeletion,
  resetAccountOnSignOut,
  startUsernameEdit,
  submitUsername,
} from '../../../src/state/account';
import { player, resetPlayer } from '../../../src/state/player';
import { session } from '../../../src/state/session';
import { clearToasts, toasts } from '../../../src/state/toasts';
import { fakeAuth as auth, adaUser } from '../support/fake-auth';
import { keepUnity } from '../support/unity';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  player.cloud = {
    entries: [],
    username: 'Ada#1234',
    credits: 0,
    needsSetup: false,
    accountType: 1,
    subscription: undefined,
  };
  player.status = 'ready';
  session.user = adaUser();
  keepUnity('u1', { playerId: 'P1', accessToken: 'unity-token' });
  session.status = 'signedIn';
});
afterEach(async () => {
  // A deletion's redirect runs out first: a sign-out's reset leaves a redirect under way to finish.
  if (vi.isFakeTimers()) await vi.runAllTimersAsync();
  vi.useRealTimers();
  await new Promise((resolve) => setTimeout(resolve, 0));
  resetAccountOnSignOut();
  resetPlayer();
  clearToasts();
  fetchMock.mockReset();
  auth.idToken.mockImplementation(async () => 'id-token');
  auth.signOutUser.mockClear();
  vi.unstubAllGlobals();
});

const request = (i = 0) => {
  const [url, init] = fetchMock.mock.calls[i]!;
  return { url: String(url), method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : undefined };
};

describe('username editing', () => {
  it('saves the new name with PUT cloud-save username, keeps the # suffix, and leaves edit mode', async () => {
    fetchMock.mockResolvedValue(json({ username: 'Grace#1234' }));
    startUsernameEdit();
    expect(account.username.editing).toBe(true);
    await submitUsername('  Grace ');
    expect(request()).toEqual({
      url: `${config.backendUrl.replace(/\/$/, '')}/cloud-save/P1/username`,
      method: 'PUT',
      body: { username: 'Grace' },
    });
    expect(player.cloud?.username).toBe('Grace#1234');
    expect(account.username.editing).toBe(false);
    expect(toasts.items.map((t) => t.text)).toEqual(['Username updated.']);
  });

  it('does nothing with an empty name', async () => {
    startUsernameEdit();
    await submitUsername('   ');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(account.username.editing).toBe(true);
    expect(player.cloud?.username).toBe('Ada#1234');
  });

  it('refuses a # (it marks the suffix) without calling the server', async () => {
    startUsernameEdit();
    await submitUsername('Ada#9');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(account.username.error).toBe('A username cannot contain the # character.');
  });

  it('refuses more than 32 characters and control characters without calling the server', async () => {
    startUsernameEdit();
    await submitUsername('x'.repeat(33));
    expect(account.username.error).toBe('Usernames can have at most 32 characters.');
    await submitUsername('Ada\u202Egnp');
    expect(account.username.error).toBe('Usernames cannot contain control characters.');
    await submitUsername('Ada\u0000');
    expect(account.username.error).toBe('Usernames cannot contain control characters.');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(account.username.editing).toBe(true);
    expect(player.cloud?.username).toBe('Ada#1234');
  });

  it('stays in edit mode with the server error when saving fails', async () => {
    fetchMock.mockResolvedValue(json({ error: 'username is already taken' }, 400));
    startUsernameEdit();
    await submitUsername('Grace');
    expect(account.username.editing).toBe(true);
    expect(account.username.error).toBe('Failed to update username: username is already taken');
    expect(player.cloud?.username).toBe('Ada#1234');
  });

  it('Cancel leaves edit mode without saving', () => {
    startUsernameEdit();
    cancelUsernameEdit();
    expect(account.username.editing).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('account deletion', () => {
  it('goes idle -> "Are you sure?" -> idle on cancel', () => {
    expect(account.deletion).toEqual({ status: 'idle', error: null, confirming: false });
    requestDeletion();
    expect(account.deletion.confirming).toBe(true);
    cancelDeletion();
    expect(account.deletion).toEqual({ status: 'idle', error: null, confirming: false });
  });

  it('deletes, shows success, then after 2 seconds signs out and goes to /auth?action=logout', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValue(json({ success: true }));
    const navigate = vi.fn();
    requestDeletion();
    await confirmDeletion({ navigate });
    expect(request()).toMatchObject({ url: `${config.backendUrl.replace(/\/$/, '')}/users/P1`, method: 'DELETE' });
    expect(account.deletion).toMatchObject({ status: 'succeeded', error: null });
    await vi.advanceTimersByTimeAsync(1999);
    expect(auth.signOutUser).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(auth.signOutUser).toHaveBeenCalledOnce();
    expect(navigate).toHaveBeenCalledWith('/auth?action=logout');
  });

  it('still goes to the logout page when signing out fails', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValue(json({ success: true }));
    auth.signOutUser.mockRejectedValueOnce(new Error('offline'));
    const navigate = vi.fn();
    requestDeletion();
    await confirmDeletion({ navigate });
    await vi.advanceTimersByTimeAsync(2000);
    expect(navigate).toHaveBeenCalledWith('/auth?action=logout');
  });

  it('without a player id: "Authentication data is missing. Please try logging in again."', async () => {
    player.unity = null;
    requestDeletion();
    await confirmDeletion({ navigate: vi.fn() });
    expect(account.deletion.error).toBe('Authentication data is missing. Please try logging in again.');
    expect(account.deletion.confirming).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('without an identity token: "Firebase authentication is required. Please log in again."', async () => {
    auth.idToken.mockImplementation(async () => null);
    requestDeletion();
    await confirmDeletion({ navigate: vi.fn() });
    expect(account.deletion.error).toBe('Firebase authentication is required. Please log in again.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the error field of a JSON server error and stays on the confirmation', async () => {
    fetchMock.mockResolvedValue(json({ error: 'Deletion is locked while a payment is pending' }, 409));
    const navigate = vi.fn();
    requestDeletion();
    await confirmDeletion({ navigate });
    expect(account.deletion).toMatchObject({ status: 'failed', confirming: true });
    expect(account.deletion.error).toBe('Deletion is locked while a payment is pending');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shows the network message when the backend cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    requestDeletion();
    await confirmDeletion({ navigate: vi.fn() });
    expect(account.deletion.error).toBe('Network error. Please check your connection and try again');
  });

  it('uses the stored Unity auth data of this user when the player is not loaded', async () => {
    player.unity = null;
    localStorage.setItem('unityAuthData', JSON.stringify({ playerId: 'P9', accessToken: 'stored-token', uid: 'u1' }));
    fetchMock.mockResolvedValue(json({ success: true }));
    requestDeletion();
    await confirmDeletion({ navigate: vi.fn(), delayMs: 0 });
    expect(request().url).toMatch(/\/users\/P9$/);
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>)['X-Unity-Token']).toBe('stored-token');
  });

  it('ignores stored Unity auth data of another user', async () => {
    player.unity = null;
    localStorage.setItem(
      'unityAuthData',
      JSON.stringify({ playerId: 'P9', accessToken: 'stored-token', uid: 'someone-else' }),
    );
    requestDeletion();
    await confirmDeletion({ navigate: vi.fn() });
    expect(account.deletion.error).toBe('Authentication data is missing. Please try logging in again.');
  });
});
