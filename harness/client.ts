// Typed calls to the reference backend's test routes (/__harness/*) and the desktop listener's report lines: the one
// place they are written, for the CLI, the e2e fixtures, the integration tests and the bench.
import type { LogEntry } from './backend/http';
import { HARNESS_SECRET_HEADER } from './backend/secret';
import type { OwedView, SweepResult } from './backend/payments';
import type { SeedRequest, SeedResult } from './backend/seed';
import type { DesktopEvent } from './desktop';

export type { LogEntry };

/** One webhook event the PayPal stand-in made, and what became of it (GET /__harness/paypal/webhooks). */
interface WebhookDeliveryReport {
  id: string;
  eventType: string;
  resourceId: unknown;
  /** The player the event's `custom_id` names (a purchase reference is read back to its player), or null. */
  customId: string | null;
  state: 'pending' | 'delivered' | 'dropped' | 'gave-up';
  /** Each attempt's HTTP status; 0 when nothing answered. */
  statuses: number[];
}
export type { SeedOptions, SeedPlan } from './backend/seed';
export type { DesktopEvent };

/** A desktop guest player (not linked to an account) and its Unity token, for `?link=`. */
export interface GuestPlayer {
  playerId: string;
  accessToken: string;
}

/** A test route answered with an error status; `message` carries the backend's own `error` text. */
export class HarnessRouteError extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
    readonly detail: string,
  ) {
    super(`${path} answered ${status}: ${detail}`);
  }
}

export interface HarnessClient {
  readonly backendUrl: string;
  /** Creates or updates the player of an emulator account (uid and e-mail) as asked. */
  seed(request: SeedRequest): Promise<SeedResult>;
  /** Replaces the faults (e.g. "designs=500x1"); with `uid`, for that user's requests only. */
  faults(spec: string, uid?: string): Promise<void>;
  /** The backend's request log, oldest first; with `uid`, that user's requests only. */
  log(uid?: string): Promise<LogEntry[]>;
  guest(): Promise<GuestPlayer>;
  /** Empties the store, the log and every fault. */
  reset(): Promise<void>;
  /** Makes the next `count` PayPal SDK loads fail, for every browser; resolves with the count now set. */
  failPayPalLoads(count: number): Promise<number>;
  /** The reconciliation sweep, now; `graceMs: 0` takes even what the portal and the webhooks may still bring. */
  reconcile(graceMs?: number): Promise<SweepResult>;
  /** Every webhook event the PayPal stand-in made, oldest first, with each delivery attempt's status. */
  webhooks(): Promise<WebhookDeliveryReport[]>;
  /** PayPal bills a subscription's next cycle (`failed`: the payment fails); resolves with its status at PayPal. */
  renewSubscription(subscriptionId: string, failed?: boolean): Promise<string>;
  /** What is stuck, for an operator: refunds and cancels PayPal has not done yet, credits players owe. */
  owed(): Promise<OwedView[]>;
}

/** A client of the backend at `backendUrl` whose test routes take `secret` (Stack.backend.harnessSecret or its file). */
export function harnessClient(backendUrl: string, secret: string, fetchImpl: typeof fetch = fetch): HarnessClient {
  const base = backendUrl.replace(/\/$/, '');
  async function call<T>(path: string, body?: object): Promise<T> {
    const headers: Record<string, string> = { [HARNESS_SECRET_HEADER]: secret };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetchImpl(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new HarnessRouteError(path, res.status, `not JSON: ${text.slice(0, 200)}`);
    }
    if (!res.ok) {
      const error = json && typeof json === 'object' && 'error' in json ? String(json.error) : text.slice(0, 200);
      throw new HarnessRouteError(path, res.status, error);
    }
    return json as T;
  }
  return {
    backendUrl: base,
    seed: (request) => call<SeedResult>('/__harness/seed', request),
    faults: async (spec, uid) => {
      await call('/__harness/faults', uid === undefined ? { spec } : { spec, uid });
    },
    log: (uid) =>
      call<LogEntry[]>(uid === undefined ? '/__harness/log' : `/__harness/log?uid=${encodeURIComponent(uid)}`),
    guest: () => call<GuestPlayer>('/__harness/guest', {}),
    reset: async () => {
      await call('/__harness/reset', {});
    },
    failPayPalLoads: async (count) =>
      (await call<{ failLoads: number }>('/__harness/paypal', { failLoads: count })).failLoads,
    reconcile: (graceMs) => call<SweepResult>('/__harness/reconcile', graceMs === undefined ? {} : { graceMs }),
    webhooks: () => call<WebhookDeliveryReport[]>('/__harness/paypal/webhooks'),
    owed: async () => (await call<{ owed: OwedView[] }>('/__harness/owed')).owed,
    renewSubscription: async (subscriptionId, failed = false) =>
      (
        await call<{ subscription: { status: string } }>('/__harness/paypal', {
          renew: subscriptionId,
          failed,
        })
      ).subscription.status,
  };
}

/** One line of `portal-harness desktop --json` (CONTRACT.md): the event as JSON, no newline. */
export function desktopReportLine(event: DesktopEvent): string {
  return JSON.stringify(event);
}

/** The events in the output of `portal-harness desktop --json`, one per line; throws on a line of another shape. */
export function parseDesktopReport(output: string): DesktopEvent[] {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const value: unknown = JSON.parse(line);
      const event = value as Partial<Record<'kind' | 'token' | 'path', unknown>> & { claims?: unknown };
      if (event?.kind === 'path' && typeof event.path === 'string') return { kind: 'path', path: event.path };
      if (
        event?.kind === 'login' &&
        typeof event.token === 'string' &&
        typeof event.claims === 'object' &&
        !Array.isArray(event.claims)
      ) {
        return { kind: 'login', token: event.token, claims: event.claims as Record<string, unknown> | null };
      }
      throw new Error(`not a desktop listener report: ${line}`);
    });
}
