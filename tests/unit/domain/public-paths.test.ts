// src/domain/public-paths.ts: which pages are public (SPEC 6), which run without session checks, and which say noindex.
import { describe, expect, it } from 'vitest';
import { isNoSessionPath, isPublicPath, robotsFor } from '../../../src/domain/public-paths';

describe('public paths', () => {
  it('are the sign-in, shared-link and return pages, with their sub-paths, and nothing that only starts alike', () => {
    for (const path of ['/auth', '/sign-in', '/create-account', '/external-link', '/share-design/x', '/return-to-app'])
      expect(isPublicPath(path), path).toBe(true);
    for (const path of ['/', '/credits', '/subscription', '/my-designs', '/authx', '/auth-other'])
      expect(isPublicPath(path), path).toBe(false);
  });

  it('run without session checks only on the shared-link pages', () => {
    expect(isNoSessionPath('/external-link')).toBe(true);
    expect(isNoSessionPath('/share-design/abc')).toBe(true);
    expect(isNoSessionPath('/auth')).toBe(false);
  });
});

describe('robotsFor', () => {
  it('keeps every signed-in page out of search results, and leaves the public pages indexable', () => {
    for (const path of ['/', '/credits', '/subscription', '/my-designs', '/dev-data'])
      expect(robotsFor(path), path).toBe('noindex');
    for (const path of ['/auth', '/external-link', '/share-design/abc']) expect(robotsFor(path), path).toBeNull();
  });
});
