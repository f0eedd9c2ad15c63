// The reference backend's data and its persistence: players, their cloud save, subscriptions, designs, and its books
// of PayPal payments (never PayPal's own records: those are the stand-in's, harness/paypal/). The rules that read and
// change a subscription are subscriptions.ts. Persisted atomically.
import { randomInt } from 'node:crypto';
import type { RefusalReason } from '../../src/domain/payment-refusals';
import { id, readJsonFile, table, writeJsonFile } from '../records';
import type { PaidPlan } from '../../src/config/types';
import type { ClientKind } from '../../src/domain/user-agent';

/** The subscription record as the server sends it (SPEC 3). */
export interface SubscriptionRecord {
  subscriptionType: 0 | 1 | 2 | 3;
  isCancelled: boolean;
  status: 'NONE' | 'ACTIVE' | 'CANCELLED' | 'PAUSED';
  expiresAt: string | null;
  subscriptionId: string | null;
  subscriptionSource: string;
  pauseUntil: string | null;
}

interface DesignRecord {
  UID: string;
  Name: string;
  ModelName: string;
  LastModified: string;
}

export interface Player {
  playerId: string;
  uid: string;
  email: string | null;
  /** Full name with its #suffix; set by Unity on creation. */
  username: string;
  /** False until first-time setup (accountType missing). */
  setUp: boolean;
  accountType: number;
  provider: string;
  credits: number;
  subscription: SubscriptionRecord | null;
  cancelReason?: string;
  pauseReason?: string;
  designs: Record<string, DesignRecord>;
  affiliateId?: string;
  createdAt: string;
  /** When PayPal last said a payment of the player's plan failed (it retries; the plan stays as it is). */
  paymentFailedAt?: string;
  /**
   * Credits of a refunded, reversed or disputed capture that could not be taken back (the player had spent them):
   * what the player owes, kept for a person to settle. Never negative credits instead.
   */
  owedCredits?: number;
}

export interface PurchaseResult {
  success: boolean;
  newBalance: number;
  creditsAdded: number;
}

/** The backend's own: a PayPal payment it holds for a player (what GET /payments/{playerId} lists). */
export interface PaymentEntry {
  /** PayPal's id of the money movement: the capture id or the sale id. */
  id: string;
  kind: 'credits' | 'subscription';
  playerId: string;
  orderId?: string;
  subscriptionId?: string;
  /** PayPal's create_time of the capture or sale. */
  createdAt: string;
  credits?: number;
  plan?: PaidPlan;
  amount: { value: string; currency: 'USD' };
  /**
   * credited: credits added; granted: paid a plan the player had; refunding: refused, refund not confirmed yet (owed);
   * refunded: PayPal confirmed the refund; reversed: PayPal took the money back (a reversal, a denial, a dispute).
   */
  state: 'credited' | 'granted' | 'refunding' | 'refunded' | 'reversed';
  /** Credits taken back from the player when the money went back (never more than the player had). */
  takenBack?: number;
}

/** A payment the backend refused: whose (if anyone's), why, in which words, and PayPal's refund of it. */
interface Refusal {
  playerId: string | null;
  customId: string | null;
  reason: RefusalReason;
  error: string;
  refundId: string | null;
  at: string;
}

/** The backend's own: a credits order it refused and refunds (or refunded), so every later call answers the same. */
export interface RefusedOrder extends Refusal {
  orderId: string;
  captureId: string;
}

/** The backend's own: a PayPal subscription it refused and undoes (cancels, and refunds what it had not granted). */
export interface UndoneSubscription extends Refusal {
  subscriptionId: string;
}

/**
 * A PayPal call the backend owes: a refund or a cancel that failed. Kept until PayPal confirms it (done, or PayPal shows
 * it done), never dropped: a failure PayPal may get over (no answer, 5xx, 408, 429) is tried by every sweep; one PayPal
 * refused (any other 4xx: 403, 404, 422 REFUND_TIME_LIMIT_EXCEEDED, ...) is `refused` and tried again with backoff
 * (`nextAt`), and stays listed for an operator (GET /__harness/owed).
 */
interface PendingUndo {
  kind: 'refund' | 'cancel';
  /** The capture or sale to refund, or the subscription to cancel. */
  targetId: string;
  note: string;
  attempts: number;
  lastError?: string;
  since: string;
  /** PayPal's HTTP status when it refused (a 4xx): stuck until a person or PayPal settles it. */
  refused?: number;
  /** Not tried again before this time (ISO): the backoff of a refused undo. */
  nextAt?: string;
}

/** Something about a payment the backend could not settle by itself, kept for a person to read. */
/** A session as the backend keeps it (sessions.ts): one user's sign-in (auth_time) seen from one kind of client. */
interface SessionRecord {
  id: string;
  /** The sign-in's `auth_time`, in seconds. */
  authTime: number;
  kind: ClientKind;
  /** The User-Agent it last called with (at most USER_AGENT_MAX characters). */
  userAgent: string;
  lastActiveAt: string;
}

interface PaymentIssue {
  at: string;
  what: string;
  id: string;
}

export interface Data {
  players: Record<string, Player>;
  byUid: Record<string, string>;
  /** The backend's own: each PayPal order it recorded, for whom and with what result (a retry answers the same). */
  recordedOrders: Record<string, { playerId: string; result: PurchaseResult }>;
  /** The backend's own: each PayPal subscription it granted, and to which player (never granted twice). */
  usedSubscriptions: Record<string, string>;
  /** The backend's own: every PayPal payment it holds for a player, by PayPal's id of the money. */
  payments: Record<string, PaymentEntry>;
  /** The backend's own: credits orders refused and refunded, by order id. */
  refusedOrders: Record<string, RefusedOrder>;
  /** The backend's own: subscriptions refused and undone at PayPal, by subscription id. */
  undoneSubscriptions: Record<string, UndoneSubscription>;
  /** The backend's own: refunds and cancels it still owes PayPal, by `kind:targetId`. */
  pendingUndo: Record<string, PendingUndo>;
  /** The backend's own: webhook events processed (by event id) and transmissions seen (by transmission id, when). */
  webhookEvents: Record<string, { type: string; at: string }>;
  webhookTransmissions: Record<string, number>;
  /** The backend's own: what it kept and logged (an event for no known player, a refund PayPal refused). */
  paymentIssues: PaymentIssue[];
  /** The backend's own: the sessions it has seen, by uid, and each user's last sign-out everywhere (ms), by uid. */
  sessions: Record<string, SessionRecord[]>;
  revokedAt: Record<string, number>;
  /** The backend's own: the key it signs purchase references with (purchase-reference.ts), made on first use. */
  referenceKey?: string;
  /**
   * The backend's own: up to when (ms) the sweep has read Transaction Search without a failure. The next sweep reads on
   * from there, however long ago, so a reversal dated while PayPal's search was down is still found.
   */
  searchedUntil?: number;
}

export const SAMPLE_MODELS = [
  'Modern_Villa',
  'Cozy_Cottage',
  'Lake_House',
  'Urban_Loft',
  'Farmhouse',
  'Barndominium',
] as const;

const empty = (): Data => ({
  players: table(),
  byUid: table(),
  recordedOrders: table(),
  usedSubscriptions: table(),
  payments: table(),
  refusedOrders: table(),
  undoneSubscriptions: table(),
  pendingUndo: table(),
  webhookEvents: table(),
  webhookTransmissions: table(),
  paymentIssues: [],
  sessions: table(),
  revokedAt: table(),
});

/** What the backend reads of a data file of an earlier release, PayPal's records among it. */
interface OlderData {
  paypalOrders?: Record<
    string,
    {
      id: string;
      status: string;
      amount: string;
      captureId?: string;
      createTime?: string;
      purchase?: Data['recordedOrders'][string];
    }
  >;
  paypalSubscriptions?: Record<string, { id: string; usedBy?: unknown }>;
}

export class Store {
  data: Data;

  constructor(private readonly file?: string) {
    this.data = file ? Store.load(file) : empty();
  }

  private static load(file: string): Data {
    const parsed = readJsonFile(file, 'backend data') as Partial<Data> | null;
    if (!parsed) return empty();
    const players = table(parsed.players);
    for (const player of Object.values(players)) player.designs = table(player.designs);
    const data: Data = {
      players,
      byUid: table(parsed.byUid),
      recordedOrders: table(parsed.recordedOrders),
      usedSubscriptions: table(parsed.usedSubscriptions),
      payments: table(parsed.payments),
      refusedOrders: table(parsed.refusedOrders),
      undoneSubscriptions: table(parsed.undoneSubscriptions),
      pendingUndo: table(parsed.pendingUndo),
      webhookEvents: table(parsed.webhookEvents),
      webhookTransmissions: table(parsed.webhookTransmissions),
      paymentIssues: Array.isArray(parsed.paymentIssues) ? parsed.paymentIssues : [],
      sessions: table(parsed.sessions),
      revokedAt: table(parsed.revokedAt),
      ...(typeof parsed.referenceKey === 'string' ? { referenceKey: parsed.referenceKey } : {}),
      ...(typeof parsed.searchedUntil === 'number' ? { searchedUntil: parsed.searchedUntil } : {}),
    };
    Store.adoptOlderRecords(data, parsed as OlderData);
    return data;
  }

  /**
   * A data file of an earlier release held PayPal's records beside the backend's (PayPal's stand-in takes them, see
   * harness/paypal/store.ts), and kept some of the backend's on them (order.purchase, usedBy) or none at all (a
   * credited capture without its payment entry): the backend takes its own back, once, and drops PayPal's.
   */
  private static adoptOlderRecords(data: Data, older: OlderData): void {
    const at = new Date().toISOString();
    for (const order of Object.values(older.paypalOrders ?? {})) {
      if (order.purchase && !data.recordedOrders[order.id]) data.recordedOrders[order.id] = order.purchase;
      const recorded = data.recordedOrders[order.id];
      const captureId = order.captureId;
      if (order.status !== 'COMPLETED' || !captureId || !recorded || data.payments[captureId]) continue;
      data.payments[captureId] = {
        id: captureId,
        kind: 'credits',
        playerId: recorded.playerId,
        orderId: order.id,
        createdAt: order.createTime ?? at,
        credits: recorded.result.creditsAdded,
        amount: { value: order.amount, currency: 'USD' },
        state: 'credited',
      };
    }
    for (const sub of Object.values(older.paypalSubscriptions ?? {}))
      if (typeof sub.usedBy === 'string' && !data.usedSubscriptions[sub.id])
        data.usedSubscriptions[sub.id] = sub.usedBy;
  }

  /** Writes to a temporary file, then renames it over the old one: a kill never leaves a half-written file. */
  save(): void {
    if (this.file) writeJsonFile(this.file, this.data);
  }

  reset(): void {
    this.data = empty();
    this.save();
  }

  playerOfUid(uid: string): Player | undefined {
    const playerId = this.data.byUid[uid];
    return playerId ? this.data.players[playerId] : undefined;
  }

  /** A new player as Unity makes one: a generated name "Player#1234", no setup yet. */
  private addPlayer(uid: string, email: string | null): Player {
    const player: Player = {
      playerId: id('P', 10),
      uid,
      email,
      username: `Player#${randomInt(1000, 10000)}`,
      setUp: false,
      accountType: 0,
      provider: 'unknown',
      credits: 0,
      subscription: null,
      designs: table(),
      createdAt: new Date().toISOString(),
    };
    this.data.players[player.playerId] = player;
    if (uid) this.data.byUid[uid] = player.playerId;
    this.save();
    return player;
  }

  /** The player of a Firebase user, created on first sight. */
  ensurePlayer(uid: string, email: string | null): Player {
    return this.playerOfUid(uid) ?? this.addPlayer(uid, email);
  }

  /** Links a Firebase user to an existing (guest) player; an already linked user keeps its player. */
  linkPlayer(uid: string, playerId: string, email: string | null): Player | null {
    const existing = this.playerOfUid(uid);
    if (existing) return existing;
    const player = this.data.players[playerId];
    if (!player) return null;
    if (player.uid && player.uid !== uid && this.data.byUid[player.uid] === playerId) return null;
    player.uid = uid;
    player.email = email;
    this.data.byUid[uid] = playerId;
    this.save();
    return player;
  }

  /** A guest player of the desktop app, not yet linked to an account (for auth/unity-link). */
  createGuest(): Player {
    return this.addPlayer('', null);
  }

  addDesigns(player: Player, count: number, now = Date.now()): void {
    for (let i = 0; i < count; i++) {
      const model = SAMPLE_MODELS[i % SAMPLE_MODELS.length]!;
      const key = id('design_', 4).toLowerCase();
      player.designs[key] = {
        UID: id('', 8),
        Name: `${model.replace(/_/g, ' ')}${i >= SAMPLE_MODELS.length ? ` ${Math.floor(i / SAMPLE_MODELS.length) + 1}` : ''}`,
        ModelName: model,
        LastModified: new Date(now - i * 86_400_000 * 3).toISOString(),
      };
    }
    this.save();
  }

  deletePlayer(player: Player): void {
    delete this.data.players[player.playerId];
    if (this.data.byUid[player.uid] === player.playerId) delete this.data.byUid[player.uid];
    delete this.data.sessions[player.uid];
    this.save();
  }
}
