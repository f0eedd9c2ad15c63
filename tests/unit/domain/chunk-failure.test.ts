import { describe, expect, it } from 'vitest';
import { chunkFailure } from '../../../src/domain/chunk-failure';
import { nextPages } from '../../../src/domain/next-pages';

describe('chunkFailure', () => {
  it('reloads once into the new release, and never twice for the same page', () => {
    expect(chunkFailure('/credits', null)).toBe('reload');
    expect(chunkFailure('/credits', '/credits')).toBe('failed');
  });

  it('counts another page, or the same path with another query, as a page of its own', () => {
    expect(chunkFailure('/my-designs', '/credits')).toBe('reload');
    expect(chunkFailure('/subscription?success=true', '/subscription')).toBe('reload');
  });
});

describe('nextPages', () => {
  it('fetches the signed-in pages ahead, My Account first', () => {
    expect(nextPages({ desktopTarget: false, sharedLinkPage: false })).toEqual([
      'account',
      'credits',
      'subscription',
      'myDesigns',
    ]);
  });

  it('fetches nothing in a tab that leaves for the desktop app, or on a shared-link page', () => {
    expect(nextPages({ desktopTarget: true, sharedLinkPage: false })).toEqual([]);
    expect(nextPages({ desktopTarget: false, sharedLinkPage: true })).toEqual([]);
  });
});
