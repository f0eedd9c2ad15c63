import { describe, expect, it } from 'vitest';
import {
  canCancel,
  canPause,
  canResume,
  choosablePlan,
  manualSubscriptionId,
  planFeatures,
  planTexts,
  renewalStart,
  plansForDisplay,
  proFeatures,
  startBlock,
  statusSummary,
} from '../../../src/domain/plan-offers';
import { planOfType, typeOfPlan } from '../../../src/domain/plan-types';
import { billingMonths, currentPlanId, planById, type Subscription } from '../../../src/domain/plans';
import { message } from '../../../src/messages/catalogue';
import { formatDate } from '../../../src/messages/format';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const sub = (over: Partial<Subscription> = {}): Subscription => ({
  plan: 'MONTHLY',
  status: 'ACTIVE',
  expiresAt: '2026-04-10T12:00:00.000Z',
  subscriptionSource: 'paypal',
  subscriptionId: 'I-123',
  pauseUntil: null,
  ...over,
});

describe('the plan catalogue (SPEC 3, 9)', () => {
  it('lists Free, Monthly, Semi-Annual and Annual with their names, prices and periods', () => {
    // The page shows the catalogue in its order, the current plan first: Free for someone without a plan.
    expect(
      plansForDisplay('FREE').map((p) => [
        p.id,
        message(planTexts(p.id).titleKey),
        message(planTexts(p.id).nameKey),
        p.price,
        message(planTexts(p.id).periodKey),
        p.savings ?? null,
      ]),
    ).toEqual([
      ['FREE', 'Free', 'Free', '0.00', 'per month', null],
      ['MONTHLY', 'Monthly', 'Pro Plan - Monthly', '5.99', 'per month', null],
      ['SIX_MONTH', 'Semi-Annual', 'Pro Plan - Semi-Annual', '29.99', 'per 6 months', '33%'],
      ['ANNUAL', 'Annual', 'Pro Plan - Annual', '49.99', 'per year', '50%'],
    ]);
  });

  it('maps the server subscriptionType numbers 0 to 3, both ways', () => {
    expect([0, 1, 2, 3].map((t) => planOfType(t))).toEqual(['FREE', 'MONTHLY', 'SIX_MONTH', 'ANNUAL']);
    for (const t of [4, -1, 1.5, NaN]) expect(planOfType(t), String(t)).toBeUndefined();
    expect((['FREE', 'MONTHLY', 'SIX_MONTH', 'ANNUAL'] as const).map(typeOfPlan)).toEqual([0, 1, 2, 3]);
  });

  it('gives Pro its 24 palettes and 10 Dream Render AI credits each month', () => {
    expect(proFeatures.map((f) => message(f))).toEqual([
      '24 expert color palettes',
      '10 Dream Render AI credits each month',
    ]);
    for (const id of ['MONTHLY', 'SIX_MONTH', 'ANNUAL'] as const) expect(planFeatures(id)).toBe(proFeatures);
    expect(planFeatures('FREE').map((f) => message(f))).toEqual([
      'Design and save your homes in 3D',
      'Standard color palettes',
    ]);
  });

  it('bills every 1, 6 or 12 months, as its period says', () => {
    expect([billingMonths('MONTHLY'), billingMonths('SIX_MONTH'), billingMonths('ANNUAL')]).toEqual([1, 6, 12]);
  });

  it('refuses an unknown plan id', () => {
    expect(() => planById('WEEKLY' as never)).toThrow(/unknown plan/);
  });
});

describe('the current plan and display order', () => {
  it('is Free without a subscription', () => {
    expect(currentPlanId(null, NOW)).toBe('FREE');
  });

  it('is the paid plan while active or paused', () => {
    expect(currentPlanId(sub({ plan: 'ANNUAL' }), NOW)).toBe('ANNUAL');
    expect(currentPlanId(sub({ status: 'PAUSED' }), NOW)).toBe('MONTHLY');
  });

  it('keeps a cancelled plan until it expires, then falls back to Free', () => {
    const cancelled = sub({ status: 'CANCELLED', expiresAt: '2026-03-11T00:00:00Z' });
    expect(currentPlanId(cancelled, NOW)).toBe('MONTHLY');
    expect(currentPlanId(cancelled, Date.parse('2026-03-11T00:00:00Z'))).toBe('FREE');
  });

  it('lists the current plan first, the rest in catalogue order', () => {
    expect(plansForDisplay('FREE').map((p) => p.id)).toEqual(['FREE', 'MONTHLY', 'SIX_MONTH', 'ANNUAL']);
    expect(plansForDisplay('SIX_MONTH').map((p) => p.id)).toEqual(['SIX_MONTH', 'FREE', 'MONTHLY', 'ANNUAL']);
    expect(plansForDisplay('ANNUAL').map((p) => p.id)).toEqual(['ANNUAL', 'FREE', 'MONTHLY', 'SIX_MONTH']);
  });
});

describe('which cards can be chosen', () => {
  const card = (id: 'FREE' | 'MONTHLY' | 'ANNUAL') => planById(id);

  it('never offers Free', () => {
    expect(choosablePlan(card('FREE'), null, NOW)).toBeNull();
  });

  it('offers every paid plan to a free user', () => {
    expect(choosablePlan(card('MONTHLY'), null, NOW)).toBe('MONTHLY');
    expect(choosablePlan(card('ANNUAL'), null, NOW)).toBe('ANNUAL');
  });

  it('does not offer the running plan again, but offers the others (the start rule then explains)', () => {
    expect(choosablePlan(card('MONTHLY'), sub(), NOW)).toBeNull();
    expect(choosablePlan(card('ANNUAL'), sub(), NOW)).toBe('ANNUAL');
  });

  it('lets a cancelled plan be renewed', () => {
    expect(choosablePlan(card('MONTHLY'), sub({ status: 'CANCELLED' }), NOW)).toBe('MONTHLY');
  });
});

describe('the subscription rules of SPEC 4 and 5', () => {
  it('blocks a new subscription while one is active or paused', () => {
    expect(startBlock(null)).toBeNull();
    expect(startBlock(sub())).toBe('alreadyActive');
    expect(startBlock(sub({ status: 'PAUSED' }))).toBe('alreadyPaused');
    expect(startBlock(sub({ status: 'CANCELLED' }))).toBeNull();
  });

  it('offers cancel for active and paused plans, never for Apple ones', () => {
    expect(canCancel(sub())).toBe(true);
    expect(canCancel(sub({ status: 'PAUSED' }))).toBe(true);
    expect(canCancel(sub({ status: 'CANCELLED' }))).toBe(false);
    expect(canCancel(sub({ subscriptionSource: 'apple' }))).toBe(false);
    expect(canCancel(null)).toBe(false);
  });

  it('offers pause when active or paused (SPEC 4: PAUSED -> PAUSED), resume when paused, renew when cancelled', () => {
    expect([canPause(sub()), canPause(sub({ status: 'PAUSED' })), canPause(sub({ status: 'CANCELLED' }))]).toEqual([
      true,
      true,
      false,
    ]);
    expect([canResume(sub()), canResume(sub({ status: 'PAUSED' }))]).toEqual([false, true]);
    // Renewing is choosing the cancelled plan's own card again.
    const ownCard = (current: Subscription) => choosablePlan(planById(current.plan), current, NOW);
    expect([ownCard(sub()), ownCard(sub({ status: 'CANCELLED' }))]).toEqual([null, 'MONTHLY']);
  });

  it("offers each of SPEC 4's transitions exactly from the states it leaves", () => {
    // SPEC 4: none or cancelled -> ACTIVE by a purchase, CANCELLED -> ACTIVE by renewing, ACTIVE or PAUSED ->
    // CANCELLED by cancel and -> PAUSED by pause, PAUSED -> ACTIVE by resume. The backend moves the state; the portal
    // offers the step, and renewing is choosing the cancelled plan's own card again (choosablePlan).
    const offered = (current: Subscription | null) => ({
      purchase: startBlock(current) === null,
      renew: current !== null && choosablePlan(planById(current.plan), current, NOW) !== null,
      cancel: canCancel(current),
      pause: canPause(current),
      resume: canResume(current),
    });
    expect(offered(null)).toEqual({ purchase: true, renew: false, cancel: false, pause: false, resume: false });
    expect(offered(sub())).toEqual({ purchase: false, renew: false, cancel: true, pause: true, resume: false });
    expect(offered(sub({ status: 'PAUSED' }))).toEqual({
      purchase: false,
      renew: false,
      cancel: true,
      pause: true,
      resume: true,
    });
    expect(offered(sub({ status: 'CANCELLED' }))).toEqual({
      purchase: true,
      renew: true,
      cancel: false,
      pause: false,
      resume: false,
    });
  });
});

describe('the subscription card texts', () => {
  // The domain names the texts by key; the card fills in the date through the catalogue.
  const text = (current: Subscription) => {
    const { labelKey, detail } = statusSummary(current);
    return {
      label: message(labelKey),
      detail: detail && message(detail.key, { date: formatDate(detail.date, 'long', 'UTC') ?? detail.date }),
    };
  };
  it('says when the period ends, when a pause ends and until when a cancelled plan lasts', () => {
    expect(text(sub())).toEqual({ label: 'Active', detail: 'Current period ends on April 10, 2026' });
    expect(text(sub({ status: 'PAUSED', pauseUntil: '2026-04-01T00:00:00Z' }))).toEqual({
      label: 'Paused',
      detail: 'Paused until April 1, 2026',
    });
    expect(text(sub({ status: 'CANCELLED' }))).toEqual({
      label: 'Cancelled',
      detail: 'Premium features until April 10, 2026',
    });
    expect(statusSummary(sub({ expiresAt: null })).detail).toBeNull();
  });
});

describe('manual subscription ids (the fallback path)', () => {
  it('are MANUAL- plus the time and a random suffix', () => {
    expect(manualSubscriptionId(NOW, () => 0)).toBe(`MANUAL-${NOW}-000000`);
    expect(manualSubscriptionId(NOW, () => 0.999999999)).toMatch(new RegExp(`^MANUAL-${NOW}-[0-9A-Z]{6}$`));
  });

  it('differ between attempts', () => {
    expect(manualSubscriptionId(NOW)).not.toBe(manualSubscriptionId(NOW));
  });
});

describe('renewalStart', () => {
  it("is a cancelled plan's paid end, so a renewal loses none of it; null otherwise", () => {
    expect(renewalStart(sub({ status: 'CANCELLED', expiresAt: '2026-09-01T00:00:00Z' }), NOW)).toBe(
      '2026-09-01T00:00:00.000Z',
    );
    expect(renewalStart(sub({ status: 'CANCELLED', expiresAt: '2026-03-10T12:00:30Z' }), NOW)).toBeNull();
    expect(renewalStart(sub({ status: 'ACTIVE', expiresAt: '2026-09-01T00:00:00Z' }), NOW)).toBeNull();
    expect(renewalStart(null, NOW)).toBeNull();
  });
});
