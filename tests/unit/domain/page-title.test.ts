import { describe, expect, it } from 'vitest';
import { pageTitle } from '../../../src/domain/page-title';

describe('pageTitle', () => {
  it.each([
    ['/', 'My Account · Dream Book'],
    ['/credits', 'Credits · Dream Book'],
    ['/auth/redirect/x', 'Sign in · Dream Book'],
    ['/share-design', 'Shared design · Dream Book'],
  ])('names %s', (path, title) => {
    expect(pageTitle(path, 'Dream Book')).toBe(title);
  });

  it('falls back to the product for any other path', () => {
    expect(pageTitle('/nowhere', 'Dream Book')).toBe('Dream Book');
  });
});
