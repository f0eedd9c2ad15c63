// @vitest-environment jsdom
// SPEC 2, 5, 8: the affiliate survey shows once per session, needs a choice, posts it, and closes silently on failure.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adaUser } from '../support/fake-auth';

vi.mock('../../../src/auth/firebase', async () => (await import('../support/fake-auth')).fakeAuth);

import { config } from '../../../src/config/config';
import { message } from '../../../src/messages/catalogue';
import {
  affiliate,
  dismissAffiliateSurvey,
  openAffiliateSurvey,
  resetAffiliate,
  whenAffiliateClosed,
} from '../../../src/state/affiliate';
import { AFFILIATE_IDS, AFFILIATE_LABELS, selectAffiliate, submitAffiliate } from '../../../src/state/affiliate-survey';
import { resetPlayer } from '../../../src/state/player';
import { session, signOut, onSignedOut } from '../../../src/state/session';
import { SESSION_KEYS, sessionStore } from '../../../src/state/storage';
import { keepUnity } from '../support/unity';

// A sign-out resets this store as startPortal registers it (sign-out-resets.ts).
onSignedOut(resetAffiliate);

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  // The storage wrapper also keeps values in memory (for webviews without storage): forget them as a new session would.
  sessionStore.remove(SESSION_KEYS.hasShownAffiliateModal);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockResolvedValue(new Response(JSON.stringify({ success: true }), { status: 200 }));
  session.user = adaUser();
  keepUnity('u1', { playerId: 'P1', accessToken: 'unity-token' });
});
afterEach(() => {
  resetAffiliate();
  resetPlayer();
  session.user = null;
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const shownFlag = () => sessionStorage.getItem('hasShownAffiliateModal');

describe('affiliate survey', () => {
  it('offers the four options of SPEC 2 with readable labels', () => {
    expect(AFFILIATE_IDS).toEqual(['builder_brigade', 'monster_house_plans', 'barndominium_company', 'other']);
    // Labels are catalogue texts, so they follow the language; the ids stay as SPEC names them.
    expect(AFFILIATE_IDS.map((id) => message(AFFILIATE_LABELS[id]))).toEqual([
      'Builder Brigade',
      'Monster House Plans',
      'Barndominium Company',
      'Other',
    ]);
  });

  it('opens once per session: dismissal sets the session flag', async () => {
    expect(openAffiliateSurvey()).toBe(true);
    expect(affiliate.open).toBe(true);
    expect(shownFlag()).toBeNull();
    const closed = whenAffiliateClosed();
    dismissAffiliateSurvey();
    await closed;
    expect(affiliate.open).toBe(false);
    expect(shownFlag()).toBe('true');
    expect(openAffiliateSurvey()).toBe(false);
    expect(affiliate.open).toBe(false);
  });

  it('whenAffiliateClosed resolves at once when it is not open', async () => {
    await expect(whenAffiliateClosed()).resolves.toBeUndefined();
  });

  it('asks "Please select an option" when nothing is chosen, and sends nothing', async () => {
    openAffiliateSurvey();
    await submitAffiliate();
    expect(affiliate.error).toBe('Please select an option');
    expect(affiliate.open).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    selectAffiliate('other');
    expect(affiliate.error).toBeNull();
  });

  it('posts the choice to /affiliate/track and closes', async () => {
    openAffiliateSurvey();
    const closed = whenAffiliateClosed();
    selectAffiliate('monster_house_plans');
    await submitAffiliate();
    await closed;
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`${config.backendUrl.replace(/\/$/, '')}/affiliate/track`);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ playerId: 'P1', affiliateId: 'monster_house_plans' });
    expect((init?.headers as Record<string, string>)['X-Unity-Token']).toBe('unity-token');
    expect(affiliate.open).toBe(false);
    expect(shownFlag()).toBe('true');
  });

  it('is pending while the choice is sent, and a second submit meanwhile sends nothing', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    openAffiliateSurvey();
    selectAffiliate('other');
    const first = submitAffiliate();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    expect(affiliate.status).toBe('pending');
    await submitAffiliate();
    expect(fetchMock).toHaveBeenCalledOnce();
    answer(new Response(JSON.stringify({ success: true }), { status: 200 }));
    await first;
    expect(affiliate).toMatchObject({ open: false, status: 'succeeded' });
  });

  it('closes silently when the call fails', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ error: 'Unknown affiliate' }), { status: 400 }));
    openAffiliateSurvey();
    selectAffiliate('builder_brigade');
    await submitAffiliate();
    expect(affiliate).toMatchObject({ open: false, status: 'failed', error: null });
    expect(shownFlag()).toBe('true');
  });

  it('closes silently when the network is down', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    openAffiliateSurvey();
    selectAffiliate('other');
    await expect(submitAffiliate()).resolves.toBeUndefined();
    expect(affiliate.open).toBe(false);
  });

  it('releases the hand-off on sign-out without marking the survey as shown', async () => {
    openAffiliateSurvey();
    const closed = whenAffiliateClosed();
    await signOut();
    await closed;
    expect(affiliate.open).toBe(false);
    expect(shownFlag()).toBeNull();
  });
});
