import { describe, expect, it } from 'vitest';
import { AFFILIATE_IDS, isAffiliateId } from '../../../src/domain/affiliates';

describe('isAffiliateId', () => {
  it("accepts SPEC 2's four affiliates and nothing else", () => {
    for (const id of AFFILIATE_IDS) expect(isAffiliateId(id)).toBe(true);
    for (const other of ['', 'Builder_Brigade', 'builder_brigade ', '__proto__', 'toString', null, 1, {}])
      expect(isAffiliateId(other)).toBe(false);
  });
});
