import { describe, expect, it } from 'vitest';
import { readRedirectTarget } from '../../../src/domain/redirect-target';

describe('readRedirectTarget', () => {
  it.each([
    ['the query parameter', 'http://portal.test/auth?redirect=http%3A%2F%2F127.0.0.1%3A5662', 'http://127.0.0.1:5662'],
    [
      'an unencoded query value',
      'http://portal.test/auth?redirect=http://127.0.0.1:5662&unityToken=true',
      'http://127.0.0.1:5662',
    ],
    [
      'the text after "redirect=" in the hash',
      'http://portal.test/auth#redirect=http%3A%2F%2F127.0.0.1%3A5662',
      'http://127.0.0.1:5662',
    ],
    [
      'a path segment after "redirect"',
      'http://portal.test/auth/redirect/http%3A%2F%2F127.0.0.1%3A5662',
      'http://127.0.0.1:5662',
    ],
    [
      'a path segment with the slashes left in',
      'http://portal.test/auth/redirect/http://127.0.0.1:5662',
      'http://127.0.0.1:5662',
    ],
    ['the hash alone', 'http://portal.test/auth#http://127.0.0.1:5662', 'http://127.0.0.1:5662'],
    ['an in-app path', 'http://portal.test/auth?redirect=%2Fcredits', '/credits'],
  ])('reads %s', (_what, href, expected) => {
    expect(readRedirectTarget(href)).toBe(expected);
  });

  it.each([
    ['no target at all', 'http://portal.test/auth?x=1'],
    ['an empty query value', 'http://portal.test/auth?redirect='],
    ['a hash that is no URL', 'http://portal.test/auth#section'],
    ['"redirect" as the last path segment', 'http://portal.test/auth/redirect'],
    ['a malformed URL', 'not a url'],
  ])('finds nothing in %s', (_what, href) => {
    expect(readRedirectTarget(href)).toBeNull();
  });

  it('does not fail on malformed percent-encoding', () => {
    expect(readRedirectTarget('http://portal.test/auth#redirect=%E0%A4%A')).toBe('%E0%A4%A');
  });
});
