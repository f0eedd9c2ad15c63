import { describe, expect, it } from 'vitest';
import { undoneWords } from '../../../src/domain/payment-refusals';

describe('undoneWords', () => {
  it('names one text per cause of SUBSCRIPTION_UNDONE, the general one for any other', () => {
    expect(undoneWords('ACTIVE_PLAN', 'refunded').cause).toBe('subscriptionUndoneActivePlan');
    expect(undoneWords('PAUSED_PLAN', 'refunded').cause).toBe('subscriptionUndonePausedPlan');
    expect(undoneWords('ENDED_AT_PAYPAL', 'refunded').cause).toBe('subscriptionUndoneEnded');
    expect(undoneWords('ALREADY_USED', 'none').cause).toBe('subscriptionUndoneUsedBefore');
    expect(undoneWords('PRICE', 'refunded').cause).toBe('subscriptionUndonePrice');
    expect(undoneWords('UNPAID', 'none').cause).toBe('subscriptionUndoneUnpaid');
    expect(undoneWords('NO_PLAYER', 'refunded').cause).toBe('subscriptionUndone');
    expect(undoneWords(null, null).cause).toBe('subscriptionUndone');
    expect(undoneWords('toString', null).cause).toBe('subscriptionUndone');
  });

  it('says what became of the money: refunded, pending, paid for a plan, nothing taken; nothing when not told', () => {
    expect(undoneWords('ACTIVE_PLAN', 'refunded').money).toBe('undoneRefunded');
    expect(undoneWords('ACTIVE_PLAN', 'pending').money).toBe('undoneRefundPending');
    expect(undoneWords('ALREADY_USED', 'none').money).toBe('undoneNotRefunded');
    expect(undoneWords('UNPAID', 'none').money).toBe('undoneNothingCharged');
    expect(undoneWords('ACTIVE_PLAN', null).money).toBeNull();
  });
});
