// Whether the portal can reach its backend (docs/reliability.md "Reliability"): the browser's online state, and whether
// the last call got no answer. Loads that failed for want of a network run again by themselves when the connection
// comes back.
import { proxy } from 'valtio';
import { ApiError, observeCalls } from '../api/client';

export const connectivity = proxy({
  /** navigator.onLine, kept up to date by the online and offline events. */
  online: true,
  /** The last backend call got no answer (the network is gone), and no call has been answered since. */
  unreachable: false,
});

const retries = new Set<() => void>();

/** A failure for want of a network: no answer came (not a timeout, not an HTTP status). Looks through `cause`. */
export function isNetworkFailure(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    if (current instanceof ApiError) return current.kind === 'network';
    current = current.cause;
  }
  return false;
}

/** Runs `retry` once, when the connection comes back (the online event, or the next call that gets an answer). */
export function retryWhenOnline(retry: () => void): void {
  retries.add(retry);
}

function connectionBack(): void {
  connectivity.unreachable = false;
  const due = [...retries];
  retries.clear();
  for (const retry of due) retry();
}

const callObserver = {
  answered: () => {
    if (connectivity.unreachable) connectionBack();
  },
  unreachable: () => {
    connectivity.unreachable = true;
  },
};

/** Follows the API client's calls: one without an answer shows the banner, the next answered one ends it. */
export function observeBackendCalls(): void {
  observeCalls(callObserver);
}

/** Follows the browser's online and offline events; returns the cleanup. */
export function watchConnectivity(target: Window = window): () => void {
  connectivity.online = target.navigator.onLine !== false;
  const online = () => {
    connectivity.online = true;
    connectionBack();
  };
  const offline = () => {
    connectivity.online = false;
  };
  target.addEventListener('online', online);
  target.addEventListener('offline', offline);
  return () => {
    target.removeEventListener('online', online);
    target.removeEventListener('offline', offline);
  };
}
