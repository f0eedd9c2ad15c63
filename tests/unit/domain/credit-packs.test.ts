import { describe, expect, it } from 'vitest';
import {
  creditPacks,
  packByAmount,
  packById,
  packByPrice,
  pricePerCredit,
  renderCosts,
  usdAmount,
} from '../../../src/domain/credit-packs';
import { message, plural } from '../../../src/messages/catalogue';

describe('the credit packs of SPEC 9', () => {
  it('are 15 for $9.99, 30 for $14.99 and 60 for $24.99', () => {
    expect(creditPacks.map((p) => [p.amount, p.price])).toEqual([
      [15, '9.99'],
      [30, '14.99'],
      [60, '24.99'],
    ]);
  });

  it('cost $0.67, $0.50 and $0.42 per credit', () => {
    expect(creditPacks.map((p) => p.pricePerCredit)).toEqual(['0.67', '0.50', '0.42']);
  });

  it('save 33% and 40% on the bigger packs; the 60 pack is the best value', () => {
    expect(creditPacks.map((p) => p.savings ?? null)).toEqual([null, '33%', '40%']);
    expect(creditPacks.filter((p) => p.bestValue).map((p) => p.amount)).toEqual([60]);
  });

  it('list their renders and that credits never expire, worded by the catalogue', () => {
    expect(creditPacks.map((p) => p.features.map((f) => message(f.key, f.params)))).toEqual([
      ['15 Standard renders or 5 HD renders', 'Credits never expire'],
      ['30 Standard renders or 10 HD renders', 'Credits never expire'],
      ['60 Standard renders or 20 HD renders', 'Credits never expire'],
    ]);
  });

  it('buy as many Standard renders as credits, a third as many HD renders', () => {
    for (const p of creditPacks) {
      const renders = p.features.find((f) => f.key === 'packRenders')?.params;
      expect(renders).toEqual({ standard: p.amount / renderCosts.standard, hd: p.amount / renderCosts.hd });
    }
  });

  it('are described in credits', () => {
    expect(plural(30, 'packDescription')).toBe('30 Dream Render credits');
  });

  it('are found by id and by amount', () => {
    expect(packById('credits-30')?.amount).toBe(30);
    expect(packByAmount(60)?.id).toBe('credits-60');
    expect(packById('nope')).toBeUndefined();
    expect(packByAmount(7)).toBeUndefined();
  });
});

describe('pricePerCredit', () => {
  it('rounds half up from the cents', () => {
    expect(pricePerCredit('1.00', 8)).toBe('0.13'); // 12.5 cents
    expect(pricePerCredit('1.00', 3)).toBe('0.33');
    expect(pricePerCredit('10.00', 10)).toBe('1.00');
  });

  it('is not fooled by binary floating point', () => {
    // 0.29 * 100 is 28.999999999999996 in floating point.
    expect(pricePerCredit('0.29', 1)).toBe('0.29');
  });
});

describe('usdAmount', () => {
  it('always has two decimals', () => {
    expect(usdAmount('9.99')).toBe('9.99');
    expect(usdAmount('10')).toBe('10.00');
    expect(usdAmount('14.5')).toBe('14.50');
  });

  it('refuses what is not a positive price', () => {
    expect(() => usdAmount('abc')).toThrow();
    expect(() => usdAmount('0')).toThrow();
    expect(() => usdAmount('-1')).toThrow();
  });
});

describe('render costs', () => {
  it('are 1 credit for Standard and 3 for HD', () => {
    expect(renderCosts).toEqual({ standard: 1, hd: 3 });
  });
});

describe('packByPrice', () => {
  it('finds the pack a PayPal amount pays for, and none for any other amount', () => {
    expect(packByPrice('9.99')?.amount).toBe(15);
    expect(packByPrice('14.99')?.amount).toBe(30);
    expect(packByPrice('24.99')?.amount).toBe(60);
    expect(packByPrice('0.01')).toBeUndefined();
    expect(packByPrice('24.990')).toBeUndefined();
  });
});
