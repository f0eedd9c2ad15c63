// The reference backend's data: players, their cloud save, subscriptions, designs, PayPal records. Persisted atomically.
import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { PaidPlan } from '../../src/config/types';
import type { RefusalReason } from '../../src/domain/payment-refusals';
import { billingMonths, planById } from '../../src/domain/plans';
import { DEFAULT_MERCHANTS } from './paypal-events';
import type { SessionRecord } from './sessions';

/** A paid plan (SPEC 3); its subscriptionType and period come from the portal's catalogue, src/domain/plans.ts. */
export type PlanKey = PaidPlan;

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

export interface DesignRecord {
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

/** PayPal's side (the stand-in's REST API, harness/backend/paypal.ts): a subscription as PayPal keeps it. */
export interface PayPalSubscription {
  id: string;
  planId: string;
  status: 'APPROVAL_PENDING' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';
  /** The merchant's `custom_id` (the portal sends the player id). */
  customId?: string;
  /** When the status last changed (ISO), and the reason given with a cancel, suspend or activate. */
  statusUpdateTime?: string;
  statusChangeNote?: string;
  createTime?: string;
  /** The merchant whose plan it is (the client id's), who may read, suspend, activate and cancel it. */
  merchantId?: string;
  /** Who suspended it: the merchant, or PayPal after too many failed payments (then the merchant cannot activate it). */
  suspendedBy?: 'merchant' | 'payment-failure';
  /** Failed payments in a row (PayPal's billing_info.failed_payments_count). */
  failedPayments?: number;
  /** What the buyer's browser may set at create or revise (PayPal's request body): the quantity, "1" when unset. */
  quantity?: string;
  /** Set when the create or revise body carried `plan` (an inline override): PayPal's `plan_overridden`. */
  planOverridden?: boolean;
  /** The price per cycle an override set (plan.billing_cycles[].pricing_scheme.fixed_price); else the plan's. */
  price?: { value: string; currency: string };
  /** PayPal's `start_time`: the first cycle is billed then (now when unset). */
  startTime?: string;
  /** A revision (POST .../revise) waiting for the buyer's consent, applied at the next approve. */
  revision?: { planId: string; quantity?: string; price?: { value: string; currency: string } };
}

/** PayPal's side: an order as PayPal keeps it. */
export interface PayPalOrder {
  id: string;
  amount: string;
  currency: string;
  description: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  /** The merchant's `custom_id` of the (first) purchase unit (the portal sends the player id). */
  customId?: string;
  /** Set when the buyer's approval was played with a card that capture will decline. */
  declined?: boolean;
  payerId?: string;
  captureId?: string;
  createTime?: string;
  /** The merchant whose client id created the order (the API caller). */
  creatorMerchantId?: string;
  /** Who is paid (purchase_units[0].payee): the creator's merchant unless the order named another. */
  payee?: { merchantId: string; email: string };
}

/**
 * PayPal's side: money PayPal moved to a merchant, a capture of an order or a payment (sale) of a subscription cycle.
 * Both are refunded with POST /v2/payments/captures/{id}/refund, as PayPal asks for subscription payments too.
 */
export interface PayPalTransaction {
  id: string;
  kind: 'capture' | 'sale';
  orderId?: string;
  subscriptionId?: string;
  amount: string;
  currency: string;
  /** REVERSED: taken back by PayPal (a chargeback); DECLINED: denied after it was reported (PAYMENT.CAPTURE.DENIED). */
  status: 'COMPLETED' | 'REFUNDED' | 'REVERSED' | 'DECLINED';
  customId?: string;
  payee: { merchantId: string; email: string };
  /** The merchant whose API call made it (may read and refund it beside the payee). */
  creatorMerchantId: string;
  createTime: string;
  updateTime: string;
  refundId?: string;
  /** A dispute the buyer opened on it (Disputes v1), and how it ended. */
  dispute?: { id: string; status: 'OPEN' | 'RESOLVED'; outcome?: string; createTime: string; updateTime: string };
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
  plan?: PlanKey;
  amount: { value: string; currency: 'USD' };
  /**
   * credited: credits added; granted: paid a plan the player had; refunding: refused, refund not confirmed yet (owed);
   * refunded: PayPal confirmed the refund; reversed: PayPal took the money back (a reversal, a denial, a dispute).
   */
  state: 'credited' | 'granted' | 'refunding' | 'refunded' | 'reversed';
  /** Credits taken back from the player when the money went back (never more than the player had). */
  takenBack?: number;
}

/** The backend's own: a credits order it refused and refunds (or refunded), so every later call answers the same. */
export interface RefusedOrder {
  orderId: string;
  captureId: string;
  playerId: string | null;
  customId: string | null;
  reason: RefusalReason;
  error: string;
  refundId: string | null;
  at: string;
}

/** The backend's own: a PayPal subscription it refused and undoes (cancels, and refunds what it had not granted). */
export interface UndoneSubscription {
  subscriptionId: string;
  playerId: string | null;
  customId: string | null;
  reason: RefusalReason;
  error: string;
  refundId: string | null;
  at: string;
}

/**
 * A PayPal call the backend owes: a refund or a cancel that failed. Kept until PayPal confirms it (done, or PayPal shows
 * it done), never dropped: a failure PayPal may get over is tried by every sweep; one PayPal refused (403, 404) is
 * `refused` and tried again with backoff (`nextAt`), and stays listed for an operator (GET /__harness/owed).
 */
export interface PendingUndo {
  kind: 'refund' | 'cancel';
  /** The capture or sale to refund, or the subscription to cancel. */
  targetId: string;
  note: string;
  attempts: number;
  lastError?: string;
  since: string;
  /** PayPal's HTTP status when it refused (403, 404): stuck until a person or PayPal settles it. */
  refused?: number;
  /** Not tried again before this time (ISO): the backoff of a refused undo. */
  nextAt?: string;
}

/** Something about a payment the backend could not settle by itself, kept for a person to read. */
/** The COMPLETED capture of `order`, paid to `payee`, as PayPal keeps it (its captures' one shape). */
export function completedCapture(
  order: PayPalOrder,
  id: string,
  payee: { merchantId: string; email: string },
  at: string,
): PayPalTransaction {
  return {
    id,
    kind: 'capture',
    orderId: order.id,
    amount: order.amount,
    currency: order.currency,
    status: 'COMPLETED',
    ...(order.customId ? { customId: order.customId } : {}),
    payee: { merchantId: payee.merchantId, email: payee.email },
    creatorMerchantId: order.creatorMerchantId ?? payee.merchantId,
    createTime: at,
    updateTime: at,
  };
}

export interface PaymentIssue {
  at: string;
  what: string;
  id: string;
}

export interface Data {
  players: Record<string, Player>;
  byUid: Record<string, string>;
  /** PayPal's records (the stand-in's); the backend reads them only through PayPal's REST API. */
  paypalSubscriptions: Record<string, PayPalSubscription>;
  paypalOrders: Record<string, PayPalOrder>;
  /** The backend's own: each PayPal order it recorded, for whom and with what result (a retry answers the same). */
  recordedOrders: Record<string, { playerId: string; result: PurchaseResult }>;
  /** The backend's own: each PayPal subscription it granted, and to which player (never granted twice). */
  usedSubscriptions: Record<string, string>;
  /** PayPal's records: captures and subscription payments, by id. */
  paypalTransactions: Record<string, PayPalTransaction>;
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
}

export const SAMPLE_MODELS = [
  'Modern_Villa',
  'Cozy_Cottage',
  'Lake_House',
  'Urban_Loft',
  'Farmhouse',
  'Barndominium',
] as const;

/**
 * A record without a prototype: ids come from callers (a uid "__proto__" or "constructor" is just a key here, never
 * Object.prototype's), and JSON keeps working for persistence.
 */
export function table<T>(from: Record<string, T> = {}): Record<string, T> {
  const out = Object.create(null) as Record<string, T>;
  for (const [key, value] of Object.entries(from)) out[key] = value;
  return out;
}

const empty = (): Data => ({
  players: table(),
  byUid: table(),
  paypalSubscriptions: table(),
  paypalOrders: table(),
  recordedOrders: table(),
  usedSubscriptions: table(),
  paypalTransactions: table(),
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

export function id(prefix: string, bytes = 8): string {
  return `${prefix}${randomBytes(bytes).toString('hex').toUpperCase()}`;
}

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function alphanumeric(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

/** An id in the format of PayPal's Orders v2 ids: 17 digits and upper-case letters (e.g. 5O190127TN364715T). */
export function paypalOrderId(): string {
  return alphanumeric(17);
}

/** An id in the format of PayPal's Subscriptions v1 ids: "I-" and 12 digits and upper-case letters (I-BW452GLLEP1G). */
export function paypalSubscriptionId(): string {
  return `I-${alphanumeric(12)}`;
}

export function addMonths(from: Date, months: number): Date {
  const d = new Date(from);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

export class Store {
  data: Data;

  constructor(private readonly file?: string) {
    this.data = file ? Store.load(file) : empty();
  }

  private static load(file: string): Data {
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Data>;
      const players = table(parsed.players);
      for (const player of Object.values(players)) player.designs = table(player.designs);
      const data: Data = {
        players,
        byUid: table(parsed.byUid),
        paypalSubscriptions: table(parsed.paypalSubscriptions),
        paypalOrders: table(parsed.paypalOrders),
        recordedOrders: table(parsed.recordedOrders),
        usedSubscriptions: table(parsed.usedSubscriptions),
        paypalTransactions: table(parsed.paypalTransactions),
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
      };
      Store.adoptOlderRecords(data);
      return data;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return empty();
      throw new Error(`cannot read backend data from ${file}: ${(error as Error).message}`);
    }
  }

  /** A data file of an earlier release kept the backend's records on PayPal's (order.purchase, usedBy): move them. */
  private static adoptOlderRecords(data: Data): void {
    for (const order of Object.values(data.paypalOrders) as Array<PayPalOrder & { purchase?: unknown }>) {
      const purchase = order.purchase as Data['recordedOrders'][string] | undefined;
      if (purchase && !data.recordedOrders[order.id]) data.recordedOrders[order.id] = purchase;
      delete order.purchase;
    }
    for (const sub of Object.values(data.paypalSubscriptions) as Array<PayPalSubscription & { usedBy?: unknown }>) {
      if (typeof sub.usedBy === 'string' && !data.usedSubscriptions[sub.id])
        data.usedSubscriptions[sub.id] = sub.usedBy;
      delete sub.usedBy;
    }
    // Before merchants and captures of their own: an order paid the portal's merchant, its capture lived on the order.
    const portal = DEFAULT_MERCHANTS['test-client-id']!;
    const at = new Date().toISOString();
    for (const order of Object.values(data.paypalOrders)) {
      order.payee ??= { ...portal };
      const captureId = order.captureId;
      if (order.status !== 'COMPLETED' || !captureId || data.paypalTransactions[captureId]) continue;
      data.paypalTransactions[captureId] = completedCapture(order, captureId, order.payee, order.createTime ?? at);
      const recorded = data.recordedOrders[order.id];
      if (recorded && !data.payments[captureId])
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
  }

  /** Writes to a temporary file, then renames it over the old one: a kill never leaves a half-written file. */
  save(): void {
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.data, null, 1));
    renameSync(tmp, this.file);
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

export function subscriptionRecord(
  plan: PlanKey,
  subscriptionId: string,
  source: string,
  now = new Date(),
): SubscriptionRecord {
  return {
    subscriptionType: planById(plan).type,
    isCancelled: false,
    status: 'ACTIVE',
    expiresAt: addMonths(now, billingMonths(plan)).toISOString(),
    subscriptionId,
    subscriptionSource: source,
    pauseUntil: null,
  };
}

export const NO_SUBSCRIPTION: SubscriptionRecord = {
  subscriptionType: 0,
  isCancelled: false,
  status: 'NONE',
  expiresAt: null,
  subscriptionId: null,
  subscriptionSource: 'unknown',
  pauseUntil: null,
};

/** A cancelled subscription past its end is no subscription at all. */
export function effectiveSubscription(player: Player, now = Date.now()): SubscriptionRecord {
  const sub = player.subscription;
  if (!sub) return NO_SUBSCRIPTION;
  if (sub.status === 'CANCELLED' && sub.expiresAt && Date.parse(sub.expiresAt) <= now) return NO_SUBSCRIPTION;
  return sub;
}
