import { describe, expect, it } from 'vitest';
import { PAGE_ERROR_TEXT_CHARS } from '../../../src/domain/constants';
import { pageErrorRoute, pageErrorText } from '../../../src/domain/page-error';

describe('pageErrorText', () => {
  it('says the error class and its message on one line', () => {
    expect(pageErrorText(new TypeError("Cannot read properties of undefined (reading 'packs')"))).toBe(
      "TypeError: Cannot read properties of undefined (reading 'packs')",
    );
    expect(pageErrorText(new Error('line one\n   line two'))).toBe('Error: line one line two');
  });

  it('never carries a token, an e-mail address or a URL query', () => {
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJlbWFpbCI6ImFAZXhhbXBsZS5jb20ifQ.c2lnbmF0dXJlLXRleHQ';
    const text = pageErrorText(
      new Error(
        `user a.b@example.com, token ${jwt}, call http://127.0.0.1:5662/login?${jwt}&state=s#f, unity ${'x'.repeat(40)}`,
      ),
    );
    expect(text).toBe('Error: user [email], token [token], call http://127.0.0.1:5662/login unity [token]');
    expect(text).not.toMatch(/example\.com|eyJ|state=/);
  });

  it('names what was thrown when it is not an Error, without its content', () => {
    expect(pageErrorText({ secret: 'tok' })).toBe('Error');
    expect(pageErrorText(undefined)).toBe('Error');
    expect(pageErrorText('plain words')).toBe('Error: plain words');
  });

  it('stays short', () => {
    const text = pageErrorText(new Error('word '.repeat(200)));
    expect(text.length).toBe(PAGE_ERROR_TEXT_CHARS);
    expect(text.endsWith('…')).toBe(true);
  });
});

describe('pageErrorRoute', () => {
  it('is the route pattern without a trailing slash, query or fragment', () => {
    expect(pageErrorRoute('/credits/')).toBe('/credits');
    expect(pageErrorRoute('/auth/$')).toBe('/auth/$');
    expect(pageErrorRoute('/')).toBe('/');
    expect(pageErrorRoute(undefined)).toBe('/');
    expect(pageErrorRoute('/x?token=1')).toBe('/x');
  });
});
