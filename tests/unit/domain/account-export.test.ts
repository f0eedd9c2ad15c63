import { describe, expect, it } from 'vitest';
import { exportFileName } from '../../../src/domain/account-export';

describe('exportFileName', () => {
  it('is {product}-account-YYYY-MM-DD.json, the product in lower case with dashes, the date in UTC', () => {
    expect(exportFileName('Dream Book', new Date('2026-11-28T23:59:59Z'))).toBe('dream-book-account-2026-11-28.json');
    expect(exportFileName('Häuser & Co.', new Date('2026-01-02T00:00:00Z'))).toBe('hauser-co-account-2026-01-02.json');
  });

  it('never carries a quote, a slash or a path out of the name', () => {
    const name = exportFileName('../"evil"/name', new Date('2026-11-28T00:00:00Z'));
    expect(name).toBe('evil-name-account-2026-11-28.json');
    expect(exportFileName('***', new Date('2026-11-28T00:00:00Z'))).toBe('account-account-2026-11-28.json');
  });
});
