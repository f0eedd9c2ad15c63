// @vitest-environment jsdom
// The sign-in screen's views as a chunk (src/ui/auth/views-chunk.ts): loaded once, in idle time for a visitor who is
// signed out, before the e-mail form opens; a chunk that does not arrive leaves the choice with why. The hand-off's
// questions wait for the connection, or reload once, then show the error screen.
import { act, renderHook, waitFor } from '@testing-library/react';
import { Component, createElement, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../src/auth/firebase', async () => (await import('../../support/fake-auth')).fakeAuth);
vi.mock('@home-design/portal-bridge', async () => (await import('../../support/fake-bridge')).fakeBridgeModule());
vi.mock('../../../../src/chunks/auth-views', () => ({
  AuthOverlay: () => null,
  CheckEmail: () => null,
  DesktopNotListening: () => null,
  EmailForm: () => null,
  LinkPrompt: () => null,
  ResetForm: () => null,
}));

const {
  chunkLoads: chunk,
  fakeChunkLoading,
  resetChunkLoads,
} = await vi.hoisted(() => import('../../support/fake-chunk-loading'));
vi.mock('../../../../src/state/chunk-loading', () => fakeChunkLoading);

const signedIn = vi.hoisted(() => ({ value: false }));
vi.mock('../../../../src/state/session', async (original) => ({
  ...(await original<typeof import('../../../../src/state/session')>()),
  authResolved: () => Promise.resolve(),
  isSignedIn: () => signedIn.value,
}));

/** Fresh modules each time: the loaded chunk is module state; the store and the errors are those it sees. */
async function fresh() {
  vi.resetModules();
  return {
    ...(await import('../../../../src/ui/auth/views-chunk')),
    screen: (await import('../../../../src/state/sign-in')).signInScreen,
    ...(await import('../../../../src/domain/chunk-failure')),
  };
}

beforeEach(() => {
  resetChunkLoads();
  signedIn.value = false;
});

describe('Continue with Email', () => {
  it('opens the form once its code is here, and loads it only once', async () => {
    const { openEmailForm, screen } = await fresh();
    await openEmailForm();
    expect(screen.mode).toBe('signIn');
    screen.mode = 'choice';
    await openEmailForm();
    expect(screen.mode).toBe('signIn');
    expect(chunk.loads).toBe(1);
    // /auth's own views: a later missing file may reload the tab once more.
    expect(chunk.arrivals).toBe(1);
  });

  it('offline, the choice stays with the network message; the next click loads it', async () => {
    const { openEmailForm, screen, ChunkOfflineError } = await fresh();
    chunk.fail = new ChunkOfflineError('offline');
    await openEmailForm();
    expect([screen.mode, screen.error]).toEqual([
      'choice',
      'Network error. Please check your connection and try again',
    ]);
    chunk.fail = null;
    await openEmailForm();
    expect([screen.mode, screen.error]).toEqual(['signIn', null]);
    expect(chunk.loads).toBe(2);
  });

  it("gone after a release: one reload into the new one; when that was done already, the error screen's words", async () => {
    const { openEmailForm, screen, ChunkMissingError } = await fresh();
    chunk.fail = new ChunkMissingError('gone');
    chunk.reloads = [true];
    await openEmailForm();
    expect([screen.mode, screen.error]).toEqual(['choice', null]);
    await openEmailForm();
    expect([screen.mode, screen.error]).toEqual([
      'choice',
      'This page stopped working because of an unexpected error. Nothing was changed by it.',
    ]);
  });
});

describe('in idle time', () => {
  it('loads the forms for a visitor who is signed out, not for one who is signed in, nor once the choice is gone', async () => {
    vi.useFakeTimers();
    try {
      let { prefetchAuthViews } = await fresh();
      prefetchAuthViews();
      await vi.runAllTimersAsync();
      expect(chunk.loads).toBe(1);

      ({ prefetchAuthViews } = await fresh());
      chunk.loads = 0;
      signedIn.value = true;
      prefetchAuthViews();
      await vi.runAllTimersAsync();
      expect(chunk.loads).toBe(0);

      signedIn.value = false;
      const stop = prefetchAuthViews();
      stop();
      await vi.runAllTimersAsync();
      expect(chunk.loads).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the hand-off's questions", () => {
  it('load when one shows, and not before', async () => {
    const { useHandoffViews } = await fresh();
    const { result, rerender } = renderHook(({ wanted }) => useHandoffViews(wanted), {
      initialProps: { wanted: false },
    });
    await act(() => Promise.resolve());
    expect([result.current, chunk.loads]).toEqual([null, 0]);
    rerender({ wanted: true });
    await waitFor(() => expect(result.current?.DesktopNotListening).toBeTypeOf('function'));
    expect(chunk.loads).toBe(1);
  });

  it('offline, wait for the connection and then load by themselves', async () => {
    const { useHandoffViews, ChunkOfflineError } = await fresh();
    const { watchConnectivity } = await import('../../../../src/state/connectivity');
    const stop = watchConnectivity();
    try {
      chunk.fail = new ChunkOfflineError('offline');
      const { result } = renderHook(() => useHandoffViews(true));
      await waitFor(() => expect(chunk.loads).toBe(1));
      expect(result.current).toBeNull();
      chunk.fail = null;
      window.dispatchEvent(new Event('online'));
      await waitFor(() => expect(result.current?.LinkPrompt).toBeTypeOf('function'));
      expect(chunk.loads).toBe(2);
    } finally {
      stop();
    }
  });

  it('gone after a release: one reload; when that was done already, the error screen (thrown to the route)', async () => {
    const { useHandoffViews, ChunkMissingError } = await fresh();
    chunk.fail = new ChunkMissingError('gone');
    chunk.reloads = [true];
    const first = renderHook(() => useHandoffViews(true));
    await waitFor(() => expect(chunk.reloads).toEqual([]));
    expect(first.result.current).toBeNull();
    first.unmount();

    const thrown: unknown[] = [];
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      renderHook(() => useHandoffViews(true), {
        wrapper: ({ children }) => createElement(Catch, { onError: (e) => thrown.push(e) }, children),
      });
      await waitFor(() => expect(thrown).toHaveLength(1));
      expect(thrown[0]).toBeInstanceOf(ChunkMissingError);
    } finally {
      quiet.mockRestore();
    }
  });
});

/** An error boundary that reports what it caught, as the route's error screen would show it. */
class Catch extends Component<{ onError: (error: unknown) => void; children?: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
