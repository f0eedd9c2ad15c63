// @vitest-environment jsdom
// My Account's sessions list, sign out everywhere and the data download, over a stubbed identity service and API:
// the device labels, the recent sign-in they ask for, one run at a time, and a failure that changes nothing.
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/auth/firebase', async () => (await import('../support/fake-auth')).fakeAuth);
vi.mock('@home-design/portal-bridge', async () => (await import('../support/fake-bridge')).fakeBridgeModule());
vi.mock('../../../src/auth/reauth', () => ({
  signInTime: vi.fn(async (): Promise<number | null> => null),
  reauthenticateWithPassword: vi.fn(async (_password: string) => undefined),
  reauthenticateWithProvider: vi.fn(async (_provider: string) => undefined),
}));
vi.mock('../../../src/api/account-data', () => ({
  fetchSessions: vi.fn(async () => []),
  signOutEverywhere: vi.fn(async () => undefined),
  fetchExport: vi.fn(async () => ({ file: {}, generatedAt: '' })),
}));
vi.mock('../../../src/state/required-player', () => ({
  requirePlayer: vi.fn(async () => ({ cloud: null, unity: { playerId: 'P1', accessToken: 'ut1.x.y' } })),
}));

import * as api from '../../../src/api/account-data';
import { ApiError } from '../../../src/api/client';
import * as reauth from '../../../src/auth/reauth';
import { applyTranslation } from '../../../src/messages/catalogue';
import de from '../../../src/messages/locales/de.json';
import {
  accountData,
  closeDialog,
  confirmDownload,
  loadSessions,
  confirmSignOutEverywhere,
  openSignOutEverywhere,
  requestDownload,
  sessionRows,
} from '../../../src/state/account-sessions';
import { session } from '../../../src/state/session';
import { fakeAuth as auth } from '../support/fake-auth';
import { fakeBridge as bridge } from '../support/fake-bridge';

const NOW = Date.parse('2026-11-28T10:00:00Z');
const recent = Math.floor(NOW / 1000) - 60;
const old = Math.floor(NOW / 1000) - 10 * 60;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';

const user = (...providerIds: string[]) => ({
  uid: 'u1',
  displayName: null,
  email: 'a@example.com',
  photoURL: null,
  providerIds,
  creationTime: null,
});
const signInAt = (seconds: number) => vi.mocked(reauth.signInTime).mockResolvedValue(seconds);

beforeEach(() => {
  vi.clearAllMocks();
  applyTranslation(null);
  // A fresh store, as a sign-out leaves it (the reset is the module's own, hooked to the sign-out).
  Object.assign(accountData, {
    dialog: null,
    revoke: { status: 'idle', error: null },
    download: { status: 'idle', error: null },
  });
  localStorage.clear();
  session.status = 'signedIn';
  session.user = user('password');
  session.revoked = false;
  auth.signOutUser.mockResolvedValue(undefined);
  signInAt(recent);
});

describe('the device labels', () => {
  const deviceLabel = (userAgent: string) =>
    sessionRows([{ id: 'x', kind: 'browser', userAgent, signedInAt: '', lastActiveAt: '', current: false }])[0]!.device;

  it('say the browser on the system, or what is known of them', () => {
    expect(deviceLabel(IPHONE)).toBe('Safari on iPhone');
    expect(deviceLabel(WINDOWS)).toBe('Chrome on Windows');
    expect(deviceLabel('UnityPlayer/2022.3.40f1 (UnityWebRequest/1.0) Windows')).toBe('Windows');
    expect(deviceLabel('')).toBe('Unknown device');
  });

  it("follow the page's language", () => {
    applyTranslation('de', de);
    expect(deviceLabel(IPHONE)).toBe('Safari auf iPhone');
    expect(deviceLabel('')).toBe('Unbekanntes Gerät');
  });

  it('list this device first, then the most recently active, with the kind of client', () => {
    const row = (id: string, lastActiveAt: string, current = false, kind = 'browser' as const) => ({
      id,
      kind,
      userAgent: WINDOWS,
      signedInAt: '2026-11-27T10:00:00.000Z',
      lastActiveAt,
      current,
    });
    const rows = sessionRows([
      row('a', '2026-11-28T08:00:00.000Z'),
      row('b', '2026-11-28T07:00:00.000Z', true),
      { ...row('c', '2026-11-28T09:00:00.000Z'), kind: 'desktop' },
    ]);
    expect(rows.map((r) => [r.id, r.kind, r.current])).toEqual([
      ['b', 'Browser', true],
      ['c', 'Desktop app', false],
      ['a', 'Browser', false],
    ]);
    expect(rows[0]!.signedIn).toMatch(/^Signed in Nov 27, 2026$/);
  });
});

describe('the list', () => {
  it("tells the backend when this page runs inside an app's webview (the bridge found a host), and only then", async () => {
    await loadSessions();
    expect(api.fetchSessions).toHaveBeenLastCalledWith(expect.anything(), false);
    bridge.isEmbedded.mockReturnValue(true);
    try {
      await loadSessions();
      expect(api.fetchSessions).toHaveBeenLastCalledWith(expect.anything(), true);
    } finally {
      bridge.isEmbedded.mockReturnValue(false);
    }
  });
});

describe('the recent sign-in', () => {
  it.each([
    [['google.com', 'password'], 'password'],
    [['apple.com', 'google.com'], 'google.com'],
    [['apple.com'], 'apple.com'],
  ])('is asked of %j with %s (the password when there is one, else Google, else Apple)', async (ids, how) => {
    signInAt(old);
    session.user = user(...ids);
    await openSignOutEverywhere(NOW);
    expect(accountData.dialog?.reauth).toBe(how);
  });

  it('is not asked for within five minutes of the sign-in, and is after', async () => {
    await openSignOutEverywhere(NOW);
    expect(accountData.dialog).toEqual({ action: 'revoke', reauth: null });
    closeDialog();
    signInAt(old);
    session.user = user('google.com');
    await openSignOutEverywhere(NOW);
    expect(accountData.dialog).toEqual({ action: 'revoke', reauth: 'google.com' });
  });
});

describe('sign out everywhere', () => {
  it('revokes at the backend, then signs this browser out as Sign Out does and says why on /auth', async () => {
    localStorage.setItem('unityAuthData', '{}');
    await openSignOutEverywhere(NOW);
    await expect(confirmSignOutEverywhere()).resolves.toBe(true);
    expect(api.signOutEverywhere).toHaveBeenCalledTimes(1);
    expect(auth.signOutUser).toHaveBeenCalledTimes(1);
    expect(bridge.sendLogout).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('unityAuthData')).toBeNull();
    expect(session.status).toBe('signedOut');
    expect(session.revoked).toBe(true);
  });

  it('a second click while it runs does nothing more', async () => {
    let finish!: () => void;
    vi.mocked(api.signOutEverywhere).mockImplementationOnce(() => new Promise<void>((r) => (finish = r)));
    await openSignOutEverywhere(NOW);
    const first = confirmSignOutEverywhere();
    await expect(confirmSignOutEverywhere()).resolves.toBe(false);
    closeDialog();
    expect(accountData.dialog).not.toBeNull();
    finish();
    await first;
    expect(api.signOutEverywhere).toHaveBeenCalledTimes(1);
  });

  it('when the backend fails, nothing changes and the dialog says so', async () => {
    vi.mocked(api.signOutEverywhere).mockRejectedValueOnce(new ApiError('http', 502, 'identity service down'));
    await openSignOutEverywhere(NOW);
    await expect(confirmSignOutEverywhere()).resolves.toBe(false);
    expect(accountData.revoke.error).toBe('Could not sign out everywhere. Nothing has changed. Please try again.');
    expect(accountData.dialog?.action).toBe('revoke');
    expect(auth.signOutUser).not.toHaveBeenCalled();
    expect(session.status).toBe('signedIn');
  });

  it('after an old sign-in, asks for the password first: none, or a wrong one, calls nothing at the backend', async () => {
    signInAt(old);
    await openSignOutEverywhere(NOW);
    expect(accountData.dialog?.reauth).toBe('password');
    await confirmSignOutEverywhere('');
    expect(accountData.revoke.error).toBe('Please enter your current password');
    vi.mocked(reauth.reauthenticateWithPassword).mockRejectedValueOnce(
      Object.assign(new Error('wrong'), { code: 'auth/wrong-password' }),
    );
    await confirmSignOutEverywhere('nope');
    expect(accountData.revoke.error).toBe('Incorrect email or password');
    expect(api.signOutEverywhere).not.toHaveBeenCalled();
    await expect(confirmSignOutEverywhere('right-password')).resolves.toBe(true);
    expect(reauth.reauthenticateWithPassword).toHaveBeenLastCalledWith('right-password');
    expect(api.signOutEverywhere).toHaveBeenCalledTimes(1);
  });

  it('when the backend finds the sign-in too old after all, the dialog asks for a new one', async () => {
    vi.mocked(api.signOutEverywhere).mockRejectedValueOnce(
      new ApiError('http', 403, 'Sign in again', 'RECENT_SIGN_IN_REQUIRED'),
    );
    await openSignOutEverywhere(NOW);
    await confirmSignOutEverywhere();
    expect(accountData.dialog).toEqual({ action: 'revoke', reauth: 'password' });
    expect(accountData.revoke.error).toBe('For your security, enter your password to continue.');
  });
});

describe('download your data', () => {
  const file = { format: 'account-export', version: 2, generatedAt: '2026-11-28T09:59:00.000Z', credits: 30 };

  it('after a recent sign-in, saves the export at once as {product}-account-YYYY-MM-DD.json', async () => {
    vi.mocked(api.fetchExport).mockResolvedValueOnce({ file, generatedAt: file.generatedAt });
    const save = vi.fn();
    await expect(requestDownload(save, NOW)).resolves.toBe(true);
    expect(save).toHaveBeenCalledTimes(1);
    const [name, text] = save.mock.calls[0]!;
    expect(name).toBe('dream-book-account-2026-11-28.json');
    expect(JSON.parse(text as string)).toEqual(file);
  });

  it('after an old sign-in, asks for Google first, then saves', async () => {
    vi.mocked(api.fetchExport).mockResolvedValueOnce({ file, generatedAt: file.generatedAt });
    signInAt(old);
    session.user = user('google.com');
    const save = vi.fn();
    await expect(requestDownload(save, NOW)).resolves.toBe(false);
    expect(accountData.dialog).toEqual({ action: 'download', reauth: 'google.com' });
    expect(api.fetchExport).not.toHaveBeenCalled();
    await expect(confirmDownload(save)).resolves.toBe(true);
    expect(reauth.reauthenticateWithProvider).toHaveBeenCalledWith('google.com');
    expect(save).toHaveBeenCalledTimes(1);
    expect(accountData.dialog).toBeNull();
  });

  it('a failure saves nothing and says so', async () => {
    vi.mocked(api.fetchExport).mockRejectedValueOnce(new ApiError('network', null, 'offline'));
    const save = vi.fn();
    await requestDownload(save, NOW);
    expect(save).not.toHaveBeenCalled();
    expect(accountData.download.error).toBe('Could not prepare your data. Please try again.');
  });
});
