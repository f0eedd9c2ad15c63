import { describe, expect, it } from 'vitest';
import { pageTitleKey } from '../../../src/domain/page-title';
import { message } from '../../../src/messages/catalogue';

describe('pageTitleKey', () => {
  it.each([
    ['/', 'pageTitleAccount', 'My Account · Dream Book'],
    ['/credits', 'pageTitleCredits', 'Credits · Dream Book'],
    ['/auth/redirect/x', 'pageTitleSignIn', 'Sign in · Dream Book'],
    ['/share-design', 'pageTitleSharedDesign', 'Shared design · Dream Book'],
  ] as const)('names %s', (path, key, title) => {
    expect(pageTitleKey(path)).toBe(key);
    expect(message('pageTitle', { page: message(key) }, 'Dream Book')).toBe(title);
  });

  it('gives no key for any other path (the title is then the product alone)', () => {
    expect(pageTitleKey('/nowhere')).toBeNull();
  });
});
