// What the hand-off does to the page outside the stores: the address bar, navigation, and how this document was
// reached. One object, so a test drives every branch with plain functions; startup.ts puts the router's in.
export interface HandoffHooks {
  /** Replaces the current URL without navigating (drops used parameters). */
  replaceUrl(href: string): void;
  /** Goes to a path of the portal, or to /return-to-app. */
  navigate(to: string): void;
  /** The page's address now: the launch parameters are read from it, and it changes while signing in. */
  href(): string;
  /** How this document was reached (navigation timing): a reload or Back/Forward is no new launch. */
  navigationType(): string | undefined;
}

const pageHooks: HandoffHooks = {
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

export let hooks: HandoffHooks = pageHooks;

/** Replaces some effects (the rest stay the page's own): the router's history at start-up, fakes in tests. */
export function setHandoffHooks(next: Partial<HandoffHooks>): void {
  hooks = { ...pageHooks, ...next };
}

/** The path of the page's address now. */
export function currentPath(): string {
  return new URL(hooks.href()).pathname;
}
