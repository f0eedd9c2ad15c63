// The development data explorer (development builds only): what the portal holds and what the backend answers, tokens masked.
import { fetchCloudSaveRaw } from '../api/cloud-save';
import { fetchDesignsRaw } from '../api/designs';
import { fetchSubscriptionRaw } from '../api/subscription';
import type { DevMessageCode } from '../messages/dev-catalogue';
import { designs } from './designs';
import { apiContext } from './api-context';
import { player } from './player';
import { requirePlayer } from './required-player';
import { createStore, idle as idleRecord, type ActionRecord } from './resource';
import { session } from './session';
import { LOCAL_KEYS, readJson } from './storage';
import { subscription } from './subscription';

/** The tabs of SPEC 2, each with its developer label (messages/dev-messages.json). */
export const DEV_TABS = [
  { id: 'user', label: 'devTabUser' },
  { id: 'subscription', label: 'devTabSubscription' },
  { id: 'unity', label: 'devTabUnity' },
  { id: 'cloudSave', label: 'devTabCloudSave' },
  { id: 'designs', label: 'devTabDesigns' },
] as const satisfies ReadonlyArray<{ id: string; label: DevMessageCode }>;

export type DevTab = (typeof DEV_TABS)[number]['id'];

/** The fetch's record, with its answer. */
interface BackendAnswer extends ActionRecord {
  /** The raw answer with secrets masked. */
  data: unknown;
  /** When it was fetched, ISO. */
  at: string | null;
}

const idle = (): BackendAnswer => ({ ...idleRecord(), data: null, at: null });

const store = createStore(() => ({
  tab: 'user' as DevTab,
  answers: { user: idle(), subscription: idle(), unity: idle(), cloudSave: idle(), designs: idle() } as Record<
    DevTab,
    BackendAnswer
  >,
}));

export const devData = store.state;

const VISIBLE = 6;
const SECRET_KEYS =
  /^(access_?token|id_?token|refresh_?token|auth_?token|token|unity_?token|authorization|password|secret|api_?key)$/i;
const JWT = /^[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}$/;

/** A token with everything but its last 6 characters hidden, and its length, e.g. "••••••••abc123 (1043 chars)". */
function maskToken(token: string): string {
  if (token.length <= VISIBLE) return '•'.repeat(token.length);
  return `${'•'.repeat(8)}${token.slice(-VISIBLE)} (${token.length} chars)`;
}

/** A deep copy of `value` with every secret-looking field and every JWT-shaped string masked. */
function maskSecrets(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return SECRET_KEYS.test(key) || JWT.test(value) ? maskToken(value) : value;
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskSecrets(v, k)]));
  }
  return value;
}

/** The claims of a JWT (its middle part), or null when it is not one. Not verified: for reading only. */
function jwtClaims(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const bytes = Uint8Array.from(json, (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The stores the explorer shows (snapshots while rendering, so a change re-renders the page). */
export interface PortalSources {
  session: { status: string; user: unknown };
  player: { status: string; error: string | null; unity: unknown; cloud: unknown };
  subscription: { status: string; error: string | null; fetchedAt: number; current: unknown };
  designs: { status: string; error: string | null; items: readonly unknown[] };
}

/** What the portal holds for `tab`, masked; `sources` defaults to the stores themselves. */
export function portalView(tab: DevTab, sources: PortalSources = { session, player, subscription, designs }): unknown {
  switch (tab) {
    case 'user':
      return maskSecrets({ status: sources.session.status, user: sources.session.user });
    case 'subscription': {
      const sub = sources.subscription;
      return maskSecrets({
        status: sub.status,
        error: sub.error,
        fetchedAt: sub.fetchedAt ? new Date(sub.fetchedAt).toISOString() : null,
        current: sub.current,
      });
    }
    case 'unity':
      return maskSecrets({ inMemory: sources.player.unity, storedUnityAuthData: readJson(LOCAL_KEYS.unityAuthData) });
    case 'cloudSave':
      return maskSecrets({ status: sources.player.status, error: sources.player.error, cloud: sources.player.cloud });
    case 'designs':
      return maskSecrets({
        status: sources.designs.status,
        error: sources.designs.error,
        count: sources.designs.items.length,
        items: sources.designs.items,
      });
  }
}

async function answerFor(tab: DevTab): Promise<unknown> {
  if (tab === 'user' || tab === 'unity') {
    // No backend read for these: the identity token's claims, and the Unity exchange is not repeated
    // (it would replace the session's Unity token).
    const ctx = await apiContext();
    if (tab === 'unity')
      return {
        note: 'POST /auth/unity is not called again here: it would replace the Unity token in use.',
        unityToken: ctx.unityToken,
      };
    return { idToken: ctx.idToken, claims: jwtClaims(ctx.idToken) };
  }
  // A failed player load throws with its text (requirePlayer), as before it resolved to a status.
  const playerId = (await requirePlayer()).unity.playerId;
  const ctx = await apiContext();
  if (tab === 'subscription') return fetchSubscriptionRaw(ctx, playerId);
  if (tab === 'designs') return fetchDesignsRaw(ctx, playerId);
  const raw = await fetchCloudSaveRaw(ctx, playerId);
  // SPEC 7: the explorer also reads the subscription out of the cloud save answer.
  const results =
    raw && typeof raw === 'object' && 'results' in raw && Array.isArray(raw.results) ? (raw.results as unknown[]) : [];
  const entry = results.find((r) => r && typeof r === 'object' && 'key' in r && r.key === 'subscriptionData');
  return {
    response: raw,
    subscriptionData: entry && typeof entry === 'object' && 'value' in entry ? entry.value : null,
  };
}

/** Asks the backend (or the identity service) for `tab`'s raw answer and keeps it masked. */
export async function fetchDevAnswer(tab: DevTab, now: () => Date = () => new Date()): Promise<void> {
  const answer = devData.answers[tab];
  const done = await store.act(answer, {
    call: () => answerFor(tab),
    succeeded: (data) => void (answer.data = maskSecrets(data)),
    // The developer reads the technical reason as it is: no catalogue text for a development tool.
    failed: (error) => (error instanceof Error ? error.message : String(error)),
  });
  if (done || answer.status === 'failed') answer.at = now().toISOString();
}

export function selectDevTab(tab: DevTab): void {
  devData.tab = tab;
}

export function resetDevData(): void {
  store.reset();
}
