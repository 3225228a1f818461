import { afterEach, describe, expect, it } from 'vitest';
import { rememberPage, signInPath } from '../../lib/return-to';
import { returnTarget, sameSitePath } from './return-target';

describe('sameSitePath', () => {
  it('accepts a path on this site, with its query and hash', () => {
    expect(sameSitePath('/cart')).toBe('/cart');
    expect(sameSitePath('/upload?edit=12#photos')).toBe('/upload?edit=12#photos');
    expect(sameSitePath('/cars/1990-nissan-skyline')).toBe('/cars/1990-nissan-skyline');
  });

  it.each([
    ['another host, protocol-relative', '//evil.com'],
    ['another host, protocol-relative with a path', '//evil.com/cart'],
    ['an absolute address', 'https://evil.com/cart'],
    ['an absolute address on http', 'http://evil.com'],
    ['a backslash browsers read as a slash', '/\\evil.com'],
    ['backslashes only', '\\\\evil.com'],
    ['a tab the URL parser drops', '/\t/evil.com'],
    ['a newline the URL parser drops', '/\n/evil.com'],
    ['a dot segment that normalises to another host', '/..//evil.com'],
    ['a script', 'javascript:alert(1)'],
    ['a script with a leading space', ' javascript:alert(1)'],
    ['a data address', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'cart'],
    ['nothing', ''],
    ['the sign-in page itself', '/auth?next=/cart'],
  ])('refuses %s', (_, raw) => {
    expect(sameSitePath(raw)).toBeNull();
  });

  it('refuses a missing value', () => {
    expect(sameSitePath(null)).toBeNull();
    expect(sameSitePath(undefined)).toBeNull();
  });
});

describe('signInPath and returnTarget', () => {
  afterEach(() => sessionStorage.clear());

  it('names the page to come back to in the sign-in address, and reads it back', () => {
    expect(signInPath('/cart')).toBe('/auth?next=%2Fcart');
    expect(returnTarget('?next=%2Fcart')).toBe('/cart');
    expect(signInPath('/upload?edit=3')).toBe('/auth?next=%2Fupload%3Fedit%3D3');
    expect(returnTarget('?next=%2Fupload%3Fedit%3D3')).toBe('/upload?edit=3');
    expect(signInPath('/')).toBe('/auth');
  });

  it('goes home for a return target on another site', () => {
    expect(returnTarget('?next=%2F%2Fevil.com')).toBe('/');
    expect(returnTarget('?next=https%3A%2F%2Fevil.com')).toBe('/');
    expect(returnTarget('')).toBe('/');
  });

  it('falls back to the page the visitor was on when the address names none', () => {
    rememberPage('/upload');
    expect(returnTarget('')).toBe('/upload');
    expect(returnTarget('?next=%2Fcart')).toBe('/cart');
    sessionStorage.setItem('curbside:last-page', '//evil.com');
    expect(returnTarget('')).toBe('/');
  });
});
