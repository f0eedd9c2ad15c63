import { describe, expect, it } from 'vitest';
import { cancelReasons, isCancelReason, isPauseReason, pauseReasons } from '../../../src/domain/subscription-reasons';

describe('the reasons of SPEC 5', () => {
  it('lists the cancellation reasons in order, each with a readable label', () => {
    expect(cancelReasons.map((r) => r.value)).toEqual(['too_expensive', 'not_using_enough', 'missing_features', 'poor_experience', 'other']);
    for (const r of cancelReasons) expect(r.label).not.toMatch(/_/);
  });

  it('lists the pause reasons in order, each with a readable label', () => {
    expect(pauseReasons.map((r) => r.value)).toEqual(['temporarily_not_using', 'financial_reasons', 'trying_other_services', 'missing_features', 'other']);
    for (const r of pauseReasons) expect(r.label).not.toMatch(/_/);
  });

  it('recognises only its own values', () => {
    expect(isCancelReason('too_expensive')).toBe(true);
    expect(isCancelReason('financial_reasons')).toBe(false);
    expect(isCancelReason(null)).toBe(false);
    expect(isPauseReason('financial_reasons')).toBe(true);
    expect(isPauseReason('too_expensive')).toBe(false);
    expect(isPauseReason('')).toBe(false);
  });
});
