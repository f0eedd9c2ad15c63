// The entities of SPEC 3 as the portal uses them, after decoding.
import type { Subscription } from './plans';

export interface UnityAuth {
  playerId: string;
  accessToken: string;
}

export interface CloudSaveEntry {
  key: string;
  value: unknown;
  namespace: string | null;
  permission: string | null;
}

export interface CloudSave {
  entries: CloudSaveEntry[];
  /** Full name with its '#' suffix, as the server keeps it; null when the server sent none. */
  username: string | null;
  credits: number;
  /** accountType missing or 0: first-time setup is needed. */
  needsSetup: boolean;
  accountType: number | null;
  /** subscriptionData entry, normalised; undefined when the entry is absent, null when it says "no subscription". */
  subscription: Subscription | null | undefined;
}

export interface Design {
  key: string;
  uid: string;
  /** null when the server sent none: the UI shows its own "Untitled design". */
  name: string | null;
  modelName: string;
  /** ISO date, or null when the server sent none readable. */
  lastModified: string | null;
}

export interface PurchaseResult {
  success: boolean;
  newBalance: number | null;
  creditsAdded: number | null;
  error: string | null;
}

export interface DirectActivation {
  success: boolean;
  expiresAt: string | null;
}
