// src/state/browser-offer.ts: "Continue in your browser", shared by the sign-in screen and account linking.
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('@home-design/portal-bridge', async () => (await import('../support/fake-bridge')).fakeBridgeModule());

import { browserOffer, openInSystemBrowser, offerBrowserInHosts } from '../../../src/state/browser-offer';
import { fakeBridge as bridge, resetFakeBridge } from '../support/fake-bridge';

afterEach(() => resetFakeBridge());

describe('continue in the browser', () => {
  it('starts with no offer and nothing asked', () => {
    expect(browserOffer()).toEqual({ offerBrowser: false, browserOutcome: null });
  });

  it('asks the host to open the address, else shows it to open by hand', () => {
    bridge.requestOpenInBrowser.mockReturnValueOnce(true);
    expect(openInSystemBrowser('https://portal.example/auth?redirect=x')).toBe('requested');
    expect(bridge.requestOpenInBrowser).toHaveBeenCalledWith('https://portal.example/auth?redirect=x');
    expect(openInSystemBrowser('https://portal.example/auth')).toBe('manual');
  });

  it('offers the browser at once inside a host, and when a late host arrives while the screen is live', async () => {
    const inHost = browserOffer();
    bridge.isEmbedded.mockReturnValueOnce(true);
    offerBrowserInHosts(inHost, () => true);
    expect(inHost.offerBrowser).toBe(true);

    let arrive!: (host: string | null) => void;
    bridge.whenHostReady.mockReturnValue(new Promise((resolve) => (arrive = resolve)));
    const late = browserOffer();
    const gone = browserOffer();
    offerBrowserInHosts(late, () => true);
    offerBrowserInHosts(gone, () => false);
    expect(late.offerBrowser).toBe(false);
    arrive('vuplex');
    await vi.waitFor(() => expect(late.offerBrowser).toBe(true));
    expect(gone.offerBrowser).toBe(false);
  });

  it('offers nothing in a plain browser', async () => {
    const plain = browserOffer();
    offerBrowserInHosts(plain, () => true);
    await Promise.resolve();
    await Promise.resolve();
    expect(plain.offerBrowser).toBe(false);
  });
});
