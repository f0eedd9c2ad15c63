// "Continue in your browser" (docs/architecture.md "Sign-in inside webviews"), in one place for the sign-in screen and
// account linking: Google and Apple popups cannot work in a host webview or an in-app browser, so the page offers the
// system browser, asks the host to open this address there, or shows the address to open by hand.
import { bridge } from '@home-design/portal-bridge';

/** What happened when the user asked to continue in the system browser: the host opens it, or the address shows. */
export type BrowserOutcome = 'requested' | 'manual' | null;

/** A screen's offer of the system browser: whether it shows, and what the last press led to. */
export function browserOffer() {
  return {
    /** Popups cannot work here: offer the system browser (inside a host webview, or after a popup failure). */
    offerBrowser: false,
    browserOutcome: null as BrowserOutcome,
  };
}

/** Asks the host app to open `url` in the system browser; without a host the page shows the address instead. */
export function openInSystemBrowser(url: string): Exclude<BrowserOutcome, null> {
  return bridge.requestOpenInBrowser(url) ? 'requested' : 'manual';
}

/**
 * Offers the system browser inside a host webview: at once when a host is there, and when a late one (Vuplex injects
 * its object after load) shows up while `live()` says the screen that asked is still the one shown.
 */
export function offerBrowserInHosts(offer: { offerBrowser: boolean }, live: () => boolean): void {
  if (bridge.isEmbedded()) offer.offerBrowser = true;
  void bridge.whenHostReady().then((host) => {
    if (host !== null && live()) offer.offerBrowser = true;
  });
}
