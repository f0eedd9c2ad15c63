// @vitest-environment jsdom
// The "Sign-in & security" section rendered over its store: what each kind of account sees, labels and roles,
// focus on errors, the unlink confirmation by keyboard, the verification cooldown and the webview offer.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../src/auth/firebase', async () => (await import('../../support/fake-auth')).fakeAuth);
vi.mock('../../../../src/auth/security', async () => (await import('../../support/fake-auth')).fakeAuth);
vi.mock('@home-design/portal-bridge', async () => (await import('../../support/fake-bridge')).fakeBridgeModule());
// "Where you're signed in": the backend's list of this account's sessions, this browser's marked.
vi.mock('../../../../src/state/required-player', () => ({
  requirePlayer: async () => ({ cloud: null, unity: { playerId: 'P1', accessToken: 'ut1.x.y' } }),
}));
vi.mock('../../../../src/api/account-data', () => ({
  fetchSessions: async () => [
    {
      id: 's1',
      kind: 'browser',
      userAgent:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0 Safari/537.36',
      signedInAt: '2026-11-28T09:00:00.000Z',
      lastActiveAt: '2026-11-28T10:00:00.000Z',
      current: true,
    },
    {
      id: 's2',
      kind: 'desktop',
      userAgent: 'UnityPlayer/2022.3.40f1 (UnityWebRequest/1.0) Windows',
      signedInAt: '2026-11-27T09:00:00.000Z',
      lastActiveAt: '2026-11-27T10:00:00.000Z',
      current: false,
    },
  ],
  signOutEverywhere: async () => undefined,
  fetchExport: async () => ({ file: {}, generatedAt: '2026-11-28T10:00:00.000Z' }),
}));
const reauth = vi.hoisted(() => ({ signedInAt: () => Math.floor(Date.now() / 1000) }));
vi.mock('../../../../src/auth/reauth', () => ({
  signInTime: async () => reauth.signedInAt(),
  reauthenticateWithPassword: async () => undefined,
  reauthenticateWithProvider: async () => undefined,
}));

import { accountSecurity, resetAccountSecurity } from '../../../../src/state/account-security';
import { session } from '../../../../src/state/session';
import { SignInSecurity } from '../../../../src/ui/account/SignInSecurity';
import { fakeBridge as bridge } from '../../support/fake-bridge';
import { fakeAuth as auth } from '../../support/fake-auth';

const userWith = (...providerIds: string[]) => ({
  uid: 'u1',
  displayName: null,
  email: 'a@example.com',
  photoURL: null,
  providerIds,
  creationTime: null,
});
const fail = (code: string) => Object.assign(new Error(code), { code });

async function renderSection() {
  const router = createRouter({
    routeTree: createRootRoute({ component: SignInSecurity }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
  return screen.findByRole('region', { name: 'Sign-in & security' });
}

beforeEach(() => {
  vi.clearAllMocks();
  bridge.isEmbedded.mockReturnValue(false);
  auth.currentSecurity.mockReturnValue({ email: 'a@example.com', emailVerified: false });
  resetAccountSecurity();
  session.status = 'signedIn';
  session.user = userWith('password');
});

describe('an e-mail account', () => {
  it('changes its password with two labelled fields, and sees Google and Apple not linked', async () => {
    const section = await renderSection();
    const form = within(section).getByRole('region', { name: 'Change password' });
    const current = within(form).getByLabelText('Current password');
    const next = within(form).getByLabelText('New password');
    expect(current.getAttribute('autocomplete')).toBe('current-password');
    expect(next.getAttribute('autocomplete')).toBe('new-password');
    expect(next.getAttribute('minlength')).toBe('6');
    expect(next.getAttribute('aria-describedby')).toBe(within(form).getByText('At least 6 characters').id);
    const methods = within(section).getByRole('region', { name: 'Linked sign-in methods' });
    expect(
      within(methods)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['GoogleNot linkedLink Google', 'AppleNot linkedLink Apple']);
    expect(within(section).getByText('Not verified')).toBeTruthy();
  });

  it('a wrong current password: the alert is tied to the field, focus goes there, and what was typed stays', async () => {
    auth.changePassword.mockRejectedValue(fail('auth/wrong-password'));
    const section = await renderSection();
    await userEvent.type(within(section).getByLabelText('Current password'), 'bad-pass');
    await userEvent.type(within(section).getByLabelText('New password'), 'new-pass-1{Enter}');
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toBe('Incorrect email or password');
    const current = within(section).getByLabelText('Current password');
    expect(document.activeElement).toBe(current);
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(current.getAttribute('aria-describedby')).toBe(alert.id);
    expect((within(section).getByLabelText('New password') as HTMLInputElement).value).toBe('new-pass-1');
    // The same mistake again still brings focus back to the field.
    await userEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(auth.changePassword).toHaveBeenCalledTimes(2);
    expect(document.activeElement).toBe(current);
  });

  it('a success empties both fields', async () => {
    auth.changePassword.mockResolvedValue(userWith('password'));
    const section = await renderSection();
    await userEvent.type(within(section).getByLabelText('Current password'), 'old-pass');
    await userEvent.type(within(section).getByLabelText('New password'), 'new-pass-1');
    await userEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(auth.changePassword).toHaveBeenCalledWith('old-pass', 'new-pass-1');
    expect((within(section).getByLabelText('Current password') as HTMLInputElement).value).toBe('');
    expect((within(section).getByLabelText('New password') as HTMLInputElement).value).toBe('');
  });
});

describe('a Google-only account', () => {
  beforeEach(() => {
    session.user = userWith('google.com');
  });

  it('gets "Add a password" without a current password, and cannot unlink its only method', async () => {
    const section = await renderSection();
    expect(within(section).getByRole('heading', { name: 'Add a password' })).toBeTruthy();
    expect(within(section).queryByLabelText('Current password')).toBeNull();
    expect(
      within(section).getByText(
        'You sign in with Google. Add a password to also sign in with your email address, a@example.com.',
      ),
    ).toBeTruthy();
    const google = within(section).getAllByRole('listitem')[0]!;
    expect(google.textContent).toContain('Linked');
    expect(google.textContent).toContain('This is your only sign-in method, so it cannot be unlinked.');
    expect(within(section).queryByRole('button', { name: 'Unlink Google' })).toBeNull();
    expect(within(section).getByRole('button', { name: 'Link Apple' })).toBeTruthy();
  });
});

describe('popup machinery (popup-warmth.ts)', () => {
  it('is not loaded by the page itself (a protected page), only when a pointer reaches a Link button', async () => {
    const section = await renderSection();
    expect(auth.warmPopups).not.toHaveBeenCalled();
    await userEvent.pointer({
      keys: '[MouseLeft>]',
      target: within(section).getByRole('button', { name: 'Link Apple' }),
    });
    expect(auth.warmPopups).toHaveBeenCalledWith('now');
  });

  it('is loaded when the focus reaches a Link button', async () => {
    const section = await renderSection();
    within(section).getByRole('button', { name: 'Link Google' }).focus();
    expect(auth.warmPopups).toHaveBeenCalledWith('now');
  });
});

describe('unlink', () => {
  it('asks in an alert dialog; Escape closes it and focus goes back to Unlink', async () => {
    session.user = userWith('password', 'google.com');
    const section = await renderSection();
    const unlink = within(section).getByRole('button', { name: 'Unlink Google' });
    await userEvent.click(unlink);
    const dialog = screen.getByRole('alertdialog', { name: 'Unlink Google?' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      within(dialog).getByText('You will no longer be able to sign in with Google. You can still sign in with Email.'),
    ).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(unlink);
    expect(auth.unlinkProvider).not.toHaveBeenCalled();
  });

  it('Unlink in the dialog unlinks, and the row then offers Link again', async () => {
    session.user = userWith('password', 'google.com');
    auth.unlinkProvider.mockResolvedValue(userWith('password'));
    const section = await renderSection();
    await userEvent.click(within(section).getByRole('button', { name: 'Unlink Google' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Unlink' }));
    expect(auth.unlinkProvider).toHaveBeenCalledWith('google.com');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(within(section).getByRole('button', { name: 'Link Google' })).toBeTruthy();
  });
});

describe('e-mail verification', () => {
  it('sends, then counts down on the button, which refuses meanwhile', async () => {
    auth.sendVerificationEmail.mockResolvedValue(undefined);
    const section = await renderSection();
    const part = within(section).getByRole('region', { name: 'Email verification' });
    await userEvent.click(within(part).getByRole('button', { name: 'Send verification e-mail' }));
    expect(within(part).getByRole('status').textContent).toBe(
      'Verification email sent to a@example.com. Follow the link in it, then come back here.',
    );
    const again = within(part).getByRole('button', { name: /^Send again in \d+ s$/ });
    expect(again.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(again);
    expect(auth.sendVerificationEmail).toHaveBeenCalledTimes(1);
  });

  it('a verified address shows the badge and no send button', async () => {
    auth.currentSecurity.mockReturnValue({ email: 'a@example.com', emailVerified: true });
    const section = await renderSection();
    expect(within(section).getByText('Verified')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: /Send/ })).toBeNull();
  });

  it('the badge flips when a re-read finds the address verified', async () => {
    const section = await renderSection();
    auth.reloadUser.mockResolvedValue(userWith('password'));
    auth.currentSecurity.mockReturnValue({ email: 'a@example.com', emailVerified: true });
    await userEvent.click(within(section).getByRole('button', { name: 'Check again' }));
    const part = within(section).getByRole('region', { name: 'Email verification' });
    expect(within(part).getByText('Verified')).toBeTruthy();
    expect(within(part).getByRole('status').textContent).toBe('Your email address is verified.');
  });

  it('a failed send and a failed re-read each show their reason, the later one replacing the earlier', async () => {
    const section = await renderSection();
    const part = within(section).getByRole('region', { name: 'Email verification' });
    auth.sendVerificationEmail.mockRejectedValue(Object.assign(new Error('x'), { code: 'auth/internal-error' }));
    await userEvent.click(within(part).getByRole('button', { name: 'Send verification e-mail' }));
    expect(within(part).getByRole('alert').textContent).toBe(
      'Failed to send the verification email. Please try again later',
    );
    auth.reloadUser.mockRejectedValue(Object.assign(new Error('x'), { code: 'auth/network-request-failed' }));
    await userEvent.click(within(part).getByRole('button', { name: 'Check again' }));
    expect(
      within(part)
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual(['Network error. Please check your connection and try again']);
  });
});

describe('inside a host webview', () => {
  it("offers the system browser for linking from the start, with this page's address", async () => {
    bridge.isEmbedded.mockReturnValue(true);
    bridge.requestOpenInBrowser.mockReturnValue(true);
    const section = await renderSection();
    expect(
      within(section).getByText(
        'Linking Google or Apple may not work inside this app window. Continue in your web browser to link them there.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(section).getByRole('button', { name: 'Continue in your browser' }));
    expect(bridge.requestOpenInBrowser).toHaveBeenCalledWith(new URL('/', document.baseURI).href);
    expect(accountSecurity.link.browserOutcome).toBe('requested');
    expect(within(section).getByText(/Your web browser should open now/)).toBeTruthy();
  });
});

it('nothing renders when signed out', async () => {
  session.user = null;
  const router = createRouter({
    routeTree: createRootRoute({ component: SignInSecurity }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
  expect(screen.queryByRole('region', { name: 'Sign-in & security' })).toBeNull();
});

describe("where you're signed in", () => {
  it('lists each session with its device and kind, this one marked; Sign out everywhere asks first, by keyboard', async () => {
    const section = await renderSection();
    const part = within(section).getByRole('region', { name: "Where you're signed in" });
    const list = await within(part).findByRole('list', { name: "Where you're signed in" });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Chrome on WindowsBrowserThis device/),
      expect.stringMatching(/^WindowsDesktop app(?!This device)/),
    ]);
    const user = userEvent.setup();
    within(part).getByRole('button', { name: 'Sign out everywhere' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBe(document.activeElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("after an old sign-in, a Google account's confirmation says Google's window opens, and readies it on focus", async () => {
    session.user = userWith('google.com');
    reauth.signedInAt = () => Math.floor(Date.now() / 1000) - 600;
    try {
      const section = await renderSection();
      const part = within(section).getByRole('region', { name: "Where you're signed in" });
      const user = userEvent.setup();
      await user.click(within(part).getByRole('button', { name: 'Sign out everywhere' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' });
      expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
      expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(
        'For your security, confirm with Google in the window that opens.',
      );
      expect(within(dialog).queryByLabelText('Current password')).toBeNull();
      auth.warmPopups.mockClear();
      within(dialog).getByRole('button', { name: 'Sign out everywhere' }).focus();
      expect(auth.warmPopups).toHaveBeenCalledWith('now');
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('alertdialog')).toBeNull();
    } finally {
      reauth.signedInAt = () => Math.floor(Date.now() / 1000);
    }
  });
});
