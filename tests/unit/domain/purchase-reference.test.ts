import { describe, expect, it } from 'vitest';
import { REFERENCE_MARGIN_MS } from '../../../src/domain/constants';
import { referenceUsable } from '../../../src/domain/purchase-reference';

describe('referenceUsable', () => {
  const expiresAt = '2026-06-01T12:30:00.000Z';
  const expiry = Date.parse(expiresAt);

  it('is used while more than a minute is left, never within the last minute or after', () => {
    expect(REFERENCE_MARGIN_MS).toBe(60_000);
    expect(referenceUsable({ reference: 'R', expiresAt }, expiry - 30 * 60_000)).toBe(true);
    expect(referenceUsable({ reference: 'R', expiresAt }, expiry - 60_001)).toBe(true);
    expect(referenceUsable({ reference: 'R', expiresAt }, expiry - 60_000)).toBe(false);
    expect(referenceUsable({ reference: 'R', expiresAt }, expiry)).toBe(false);
    expect(referenceUsable({ reference: 'R', expiresAt }, expiry + 3_600_000)).toBe(false);
  });
});
