// The codes the backend names its payment refusals with (the JSON `code` beside `error`), so the portal and the
// reference backend share one spelling (docs/harness.md "Payments the server reconciles"), and which of the portal's
// texts words each. Pure constants and one pure mapping only.

/**
 * 403: the order or subscription belongs to another player (PayPal's `custom_id`). Never a final refusal for the
 * portal: the payment is held for its owner.
 */
export const PAYMENT_OWNER_MISMATCH = 'PAYMENT_OWNER_MISMATCH';

/**
 * A credits order the backend will not credit, refunded in full at PayPal before the answer (400, with `success: false`,
 * `reason` and `refundId`): its amount is no pack's price, or it paid another merchant than this one.
 */
export const PAYMENT_REFUNDED = 'PAYMENT_REFUNDED';

/**
 * A PayPal subscription the backend will not grant, undone at PayPal before the answer (409, with `reason`,
 * `subscriptionId` and `refundId`): cancelled there, so it never bills again, and its payments refunded unless they
 * paid for a plan the player had.
 */
export const SUBSCRIPTION_UNDONE = 'SUBSCRIPTION_UNDONE';

/** Why a payment was refused and undone: the `reason` beside PAYMENT_REFUNDED or SUBSCRIPTION_UNDONE. */
export const REFUSAL_REASONS = {
  /** Credits: the captured amount is no credit pack's price (SPEC 9). */
  amount: 'AMOUNT',
  /** Credits: the order paid another merchant (its payee), not the one this backend sells for. */
  payee: 'PAYEE',
  /** Subscription: the player already has an ACTIVE plan (SPEC 4). */
  activePlan: 'ACTIVE_PLAN',
  /** Subscription: the player has a PAUSED plan (SPEC 4). */
  pausedPlan: 'PAUSED_PLAN',
  /** Subscription: this id was granted before and is not the player's running plan. */
  alreadyUsed: 'ALREADY_USED',
  /** Subscription: PayPal shows it ended (cancelled or expired) before the backend granted it. */
  endedAtPayPal: 'ENDED_AT_PAYPAL',
  /** Subscription: its PayPal plan is none of the portal's plans. */
  unknownPlan: 'UNKNOWN_PLAN',
  /**
   * Subscription: not at the plan's price: the buyer's browser overrode the plan (PayPal's `plan_overridden`), asked
   * for a quantity other than 1, or PayPal billed another amount or currency than the plan's.
   */
  price: 'PRICE',
  /** Subscription: PayPal completed no payment for it (nor will before the player's paid time ends). */
  unpaid: 'UNPAID',
  /** Either: PayPal's `custom_id` names no player (none, unknown, or an account since deleted). */
  noPlayer: 'NO_PLAYER',
} as const;

export type RefusalReason = (typeof REFUSAL_REASONS)[keyof typeof REFUSAL_REASONS];

/**
 * Beside PAYMENT_REFUNDED and SUBSCRIPTION_UNDONE, `refund` says what became of the money: `refunded` (PayPal confirmed
 * the refund), `pending` (PayPal refused or failed it for now: the backend owes it and tries again, docs/harness.md
 * "Payments the server reconciles"), `none` (nothing was refunded: the payments paid for a plan the player had, or
 * nothing was paid).
 */
export type RefundState = 'refunded' | 'pending' | 'none';

/** The catalogue keys of SUBSCRIPTION_UNDONE's cause (one per `reason`) and of what became of the money. */
export type UndoneCauseKey =
  | 'subscriptionUndoneActivePlan'
  | 'subscriptionUndonePausedPlan'
  | 'subscriptionUndoneEnded'
  | 'subscriptionUndoneUsedBefore'
  | 'subscriptionUndonePrice'
  | 'subscriptionUndoneUnpaid'
  | 'subscriptionUndone';
export type UndoneRefundKey = 'undoneRefunded' | 'undoneRefundPending' | 'undoneNotRefunded' | 'undoneNothingCharged';

const CAUSES: Partial<Record<string, UndoneCauseKey>> = {
  ACTIVE_PLAN: 'subscriptionUndoneActivePlan',
  PAUSED_PLAN: 'subscriptionUndonePausedPlan',
  ENDED_AT_PAYPAL: 'subscriptionUndoneEnded',
  ALREADY_USED: 'subscriptionUndoneUsedBefore',
  PRICE: 'subscriptionUndonePrice',
  UNPAID: 'subscriptionUndoneUnpaid',
};

/**
 * What the portal says of a SUBSCRIPTION_UNDONE answer: its cause (`reason`; any other: the general text), then whether
 * the payment was refunded (`refund`). Without `refund` (an older backend), the refund is not claimed either way.
 */
export function undoneWords(
  reason: string | null,
  refund: string | null,
): { cause: UndoneCauseKey; money: UndoneRefundKey | null } {
  const cause = (reason !== null && Object.hasOwn(CAUSES, reason) && CAUSES[reason]) || 'subscriptionUndone';
  const money: UndoneRefundKey | null =
    refund === 'refunded'
      ? 'undoneRefunded'
      : refund === 'pending'
        ? 'undoneRefundPending'
        : refund === 'none'
          ? reason === 'ALREADY_USED'
            ? 'undoneNotRefunded'
            : 'undoneNothingCharged'
          : null;
  return { cause, money };
}

/**
 * How GET /payments/{playerId} says where a payment stands (the portal adds 'waiting' for what only it holds):
 * `refund_pending` until PayPal confirms a refund the backend owes; `reversed` when PayPal took the money back (a
 * reversal, a denied capture, a dispute) and the credits with it.
 */
export type PaymentStatus = 'credited' | 'active' | 'ended' | 'refunded' | 'refund_pending' | 'reversed';
