import { describe, expect, it } from 'vitest';
import { cancelReasons, isCancelReason, isPauseReason, pauseReasons } from '../../../src/domain/subscription-reasons';
import { message } from '../../../src/messages/catalogue';

describe('the reasons of SPEC 5', () => {
  it('lists the cancellation reasons in order, with the labels of SPEC 5', () => {
    expect(cancelReasons.map((r) => r.value)).toEqual([
      'too_expensive',
      'not_using_enough',
      'missing_features',
      'poor_experience',
      'other',
    ]);
    expect(cancelReasons.map((r) => message(r.labelKey))).toEqual([
      'It is too expensive',
      'I am not using it enough',
      'It is missing features I need',
      'I had a poor experience',
      'Other',
    ]);
  });

  it('lists the pause reasons in order, with the labels of SPEC 5', () => {
    expect(pauseReasons.map((r) => r.value)).toEqual([
      'temporarily_not_using',
      'financial_reasons',
      'trying_other_services',
      'missing_features',
      'other',
    ]);
    expect(pauseReasons.map((r) => message(r.labelKey))).toEqual([
      'I am temporarily not using it',
      'Financial reasons',
      'I am trying other services',
      'It is missing features I need',
      'Other',
    ]);
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
