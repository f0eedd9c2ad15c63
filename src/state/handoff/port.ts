// What the hand-off does to the page outside the stores: the address bar, navigation, and how this document was
// reached. One port, injected once: startPortal connects the router's history, a test its fakes. Until then, the
// page's own.
interface HandoffPort {
  /** Replaces the current URL without navigating (drops used parameters). */
  replaceUrl(href: string): void;
  /** Goes to a path of the portal, or to /return-to-app. */
  navigate(to: string): void;
  /** The page's address now: the launch parameters are read from it, and it changes while signing in. */
  href(): string;
  /** How this document was reached (navigation timing): a reload or Back/Forward is no new launch. */
  navigationType(): string | undefined;
}

const pagePort: HandoffPort = {
  replaceUrl: (href) => window.history.replaceState(window.history.state, '', href),
  navigate: (to) => window.location.assign(to),
  href: () => window.location.href,
  navigationType() {
    try {
      const [entry] = window.performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return entry?.type;
    } catch {
      return undefined;
    }
  },
};

// Outside a store: the port is wiring (the page's, or a test's), set once before the flow runs.
let connected: HandoffPort = pagePort;

/** Connects the hand-off to the page: what `port` leaves out stays the page's own. */
export function connectHandoff(port: Partial<HandoffPort>): void {
  connected = { ...pagePort, ...port };
}

/** The connected port (for this folder's modules). */
export function page(): HandoffPort {
  return connected;
}

/** The path of the page's address now. */
export function currentPath(): string {
  return new URL(connected.href()).pathname;
}
