import { describe, expect, it } from 'vitest';
import { chunkFailure } from '../../../src/domain/chunk-failure';
import { nextPages } from '../../../src/domain/next-pages';

describe('chunkFailure', () => {
  it('waits for the connection when the site does not answer, whatever was reloaded', () => {
    expect(chunkFailure({ reachable: false, reloadedFor: null, page: '/credits' })).toBe('offline');
    expect(chunkFailure({ reachable: false, reloadedFor: '/credits', page: '/credits' })).toBe('offline');
  });

  it('reloads once into the new release, and never twice for the same page', () => {
    expect(chunkFailure({ reachable: true, reloadedFor: null, page: '/credits' })).toBe('reload');
    expect(chunkFailure({ reachable: true, reloadedFor: '/credits', page: '/credits' })).toBe('failed');
    // Another page after that reload is its own case: it may reload once too.
    expect(chunkFailure({ reachable: true, reloadedFor: '/credits', page: '/my-designs' })).toBe('reload');
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
