// A stand-in for the bridge instance of @home-design/portal-bridge in unit tests: a page with no host webview and no
// desktop listener, every method a vi.fn. The rest of the package (protocol, constants) stays real. Use it as the
// module's mock:
//   vi.mock('@home-design/portal-bridge', async () => (await import('../support/fake-bridge')).fakeBridgeModule());
// then import `fakeBridge` from this file to drive it (both are the same instance); `resetFakeBridge()` in afterEach.
// With vi.resetModules(), import it once with vi.hoisted and hand `fakeBridgeModule()` to the mock (see fake-auth.ts).
import { vi } from 'vitest';
import type { DesktopProbe } from '@home-design/portal-bridge';

/** What a page without a host sees: no host, nothing sent, nothing listening that it could ask. */
function noHost() {
  return {
    isEmbedded: vi.fn(() => false),
    detectHost: vi.fn((): string | null => null),
    whenHostReady: vi.fn(async (): Promise<string | null> => null),
    start: vi.fn(async (): Promise<string | null> => null),
    onHostMessage: vi.fn(),
    onHostReady: vi.fn(),
    requestOpenInBrowser: vi.fn((_url: string) => false),
    sendToken: vi.fn((..._args: unknown[]) => false),
    sendTokenUnavailable: vi.fn(),
    sendSignedIn: vi.fn(),
    sendLogout: vi.fn(() => false),
    navigateToDesktop: vi.fn(),
    callDesktop: vi.fn(async () => {}),
    probeDesktop: vi.fn(async (_target: string, _options?: { timeoutMs?: number }): Promise<DesktopProbe> => 'unknown'),
  };
}

export const fakeBridge = noHost();

/** Every method back to its no-host behaviour, its calls forgotten. */
export function resetFakeBridge(): void {
  const fresh = noHost();
  for (const [name, fake] of Object.entries(fakeBridge)) {
    fake.mockReset();
    fake.mockImplementation(fresh[name as keyof typeof fresh].getMockImplementation() as never);
  }
}

/** The module as the mock hands it out: the real package with `bridge` replaced by the fake. */
export async function fakeBridgeModule() {
  const actual = await vi.importActual<typeof import('@home-design/portal-bridge')>('@home-design/portal-bridge');
  return { ...actual, bridge: fakeBridge };
}
