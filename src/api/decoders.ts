// The code that reads backend JSON (with page-decoders.ts, the signed-in pages' answers): unknown in, domain types out,
// or a DecodeError naming what was wrong. Built from the readers of src/domain/json.ts.
import type { CloudSave, CloudSaveEntry, UnityAuth } from '../domain/entities';
import { finiteNumber, isoDate, isRecord, optString, type JsonRecord } from '../domain/json';
import { planOfType } from '../domain/plan-types';
import type { Subscription, SubscriptionStatus } from '../domain/plans';

/** An answer came but cannot be read: not JSON (client.ts), or not the shape a decoder expects. */
export class DecodeError extends Error {
  constructor(
    readonly what: string,
    detail: string,
  ) {
    super(`${what}: ${detail}`);
    this.name = 'DecodeError';
  }
}

/** `v` as an object, or a DecodeError naming `what`. */
export function record(v: unknown, what: string): JsonRecord {
  if (!isRecord(v)) throw new DecodeError(what, 'expected an object');
  return v;
}

/**
 * The server's subscription record (or the cloud-save subscriptionData entry) in its normalised form;
 * null when it describes no paid subscription (type 0, status NONE or expired).
 */
export function decodeSubscription(json: unknown): Subscription | null {
  const r = record(json, 'subscription');
  const type = finiteNumber(r.subscriptionType);
  const plan = type === null ? undefined : planOfType(type);
  if (!plan) throw new DecodeError('subscription', 'subscriptionType must be 0 to 3');
  if (plan === 'FREE') return null;
  const rawStatus = typeof r.status === 'string' ? r.status.toUpperCase() : '';
  if (rawStatus === 'NONE' || rawStatus === 'EXPIRED' || rawStatus === 'FREE') return null;
  const cancelled =
    r.isCancelled === true || r.isCancelled === 'true' || rawStatus === 'CANCELLED' || rawStatus === 'CANCELED';
  const status: SubscriptionStatus = cancelled ? 'CANCELLED' : rawStatus === 'PAUSED' ? 'PAUSED' : 'ACTIVE';
  return {
    plan,
    status,
    expiresAt: isoDate(r.expiresAt),
    subscriptionSource: optString(r.subscriptionSource) ?? 'unknown',
    subscriptionId: optString(r.subscriptionId),
    pauseUntil: isoDate(r.pauseUntil),
  };
}

function decodeEntry(v: unknown, index: number): CloudSaveEntry {
  const e = record(v, `cloud save entry ${index}`);
  if (typeof e.key !== 'string') throw new DecodeError('cloud save', `entry ${index} has no key`);
  return { key: e.key, value: e.value, namespace: optString(e.namespace), permission: optString(e.permission) };
}

/** credits is a number, or an object holding a credits number (SPEC 3). */
function decodeCredits(v: unknown): number {
  const direct = finiteNumber(v);
  if (direct !== null) return Math.max(0, direct);
  if (isRecord(v)) {
    const inner = finiteNumber(v.credits);
    if (inner !== null) return Math.max(0, inner);
  }
  return 0;
}

export function decodeCloudSave(json: unknown): CloudSave {
  const r = record(json, 'cloud save');
  if (!Array.isArray(r.results)) throw new DecodeError('cloud save', 'results must be a list');
  const entries = r.results.map(decodeEntry);
  const find = (key: string) => entries.find((e) => e.key === key);
  const accountType = finiteNumber(find('accountType')?.value);
  const subEntry = find('subscriptionData');
  let subscription: Subscription | null | undefined;
  if (subEntry) {
    try {
      subscription = decodeSubscription(
        typeof subEntry.value === 'string' ? (JSON.parse(subEntry.value) as unknown) : subEntry.value,
      );
    } catch {
      // A broken subscriptionData entry is ignored: the subscription endpoint answers instead.
      subscription = undefined;
    }
  }
  return {
    entries,
    username: optString(r.username),
    credits: decodeCredits(find('credits')?.value),
    accountType,
    needsSetup: accountType === null || accountType === 0,
    subscription,
  };
}

/** Throws DecodeError('unity') when playerId or accessToken is missing (SPEC 8 text unityResponseMissing). */
export function decodeUnityAuth(json: unknown): UnityAuth {
  const r = isRecord(json) ? json : {};
  const playerId = optString(r.playerId);
  const accessToken = optString(r.accessToken);
  if (!playerId || !accessToken) throw new DecodeError('unity', 'missing player ID or access token');
  return { playerId, accessToken };
}

/** Stored unityAuthData: the same shape, or null when missing or unreadable. */
export function decodeStoredUnityAuth(json: unknown): (UnityAuth & { uid: string | null }) | null {
  if (!isRecord(json)) return null;
  try {
    return { ...decodeUnityAuth(json), uid: optString(json.uid) };
  } catch {
    return null;
  }
}
